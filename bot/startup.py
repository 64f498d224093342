"""What must work before the bot takes its first update, each failure one line saying what to fix.

A bot that cannot start stops at once with a non-zero status (``StartupError``, turned into one
line by ``python -m bot``): the service manager's ``Restart=`` can then do its job and the operator
reads why, instead of a process that hangs with its port open, or a 30-line traceback. Checked
here: the database file (its folder can be made, it opens, it takes a write), and Telegram (the
token works, the webhook can be removed or set), each call bounded by ``TELEGRAM_TIMEOUT``. While
Telegram cannot be reached (network, timeout, 5xx) the start tries again with back-off for
``STARTUP_RETRY_SECONDS`` (a refused token stops at once).

The database and its folder are created readable by the bot's user only (``private_files``):
the file holds people's e-mails and phones.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
import stat
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import TypeVar

from aiogram import Bot
from aiogram.exceptions import (
    TelegramAPIError,
    TelegramNetworkError,
    TelegramRetryAfter,
    TelegramServerError,
    TelegramUnauthorizedError,
)

from db.database import Database, is_database_error, is_postgres

log = logging.getLogger(__name__)

T = TypeVar("T")

#: exit status of a start that failed (settings errors exit with 2)
EXIT_STARTUP = 1
#: seconds each Telegram call at the start may take: a dead network is told, not waited out
TELEGRAM_TIMEOUT = 15.0
#: the longest wait between two tries while Telegram cannot be reached at the start
RETRY_CAP = 30.0
#: what SQLite adds to the database's name for its other files
SIDE_FILES = ("-wal", "-shm")


class StartupError(Exception):
    """The bot cannot start; the message is one line for the operator."""


@contextlib.contextmanager
def private_files() -> Iterator[None]:
    """Files and folders created inside are the bot's user's alone (0600, 0700). SQLite gives
    its -wal and -shm files the mode of the database file, so those follow.

    The umask is the process's: only for the start, before anything else runs."""
    old = os.umask(0o077)
    try:
        yield
    finally:
        os.umask(old)


def _tighten(path: Path) -> None:
    """A database made by an older version may be readable by everyone: make it private."""
    for file in (path, *(path.with_name(path.name + side) for side in SIDE_FILES)):
        with contextlib.suppress(FileNotFoundError):
            mode = stat.S_IMODE(file.stat().st_mode)
            if mode & 0o077:
                try:
                    file.chmod(mode & 0o700)
                except OSError as exc:
                    log.warning("%s is readable by others and stays so: %s", file, exc)
                else:
                    log.warning("%s was readable by others: now %o", file, mode & 0o700)


def _sqlite_hint(exc: sqlite3.Error, path: Path) -> str:
    """What to do about an SQLite error at the start, by its code."""
    name = getattr(exc, "sqlite_errorname", "")
    folder = path.parent
    if name == "SQLITE_READONLY_DIRECTORY" or name == "SQLITE_CANTOPEN":
        return f"cannot create files in {folder}: let the bot's user write that folder"
    if name.startswith("SQLITE_READONLY"):
        return "the file is read-only: let the bot's user write it and its folder"
    if name == "SQLITE_NOTADB":
        return "this is not an SQLite database: point DATABASE_PATH at the bot's database"
    if name in ("SQLITE_BUSY", "SQLITE_LOCKED"):
        return "another program holds the database (is the bot already running?)"
    if name == "SQLITE_FULL":
        return "the disk is full"
    return f"cannot use it ({exc})"


def _probe(path: Path) -> None:
    """Open the file as the bot will (WAL) and write to it, rolled back: a read-only file opens
    and reads fine, and only fails at the first write, after the bot has started."""
    conn = sqlite3.connect(path, isolation_level=None, timeout=5)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.execute("CREATE TABLE startup_probe (x)")
        finally:
            conn.execute("ROLLBACK")
    finally:
        conn.close()


def check_database_path(path: Path) -> None:
    """Make the database's folder and check that the file can be opened and written."""
    where = f"DATABASE_PATH={path}"
    if path.is_dir():
        raise StartupError(f"{where} is a folder: name a file in it, e.g. {path / 'club.db'}")
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise StartupError(
            f"{where}: {folder} is a file, not a folder; choose another path"
        ) from None
    except NotADirectoryError:
        raise StartupError(f"{where}: a part of {folder} is a file; choose another path") from None
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise StartupError(f"{where}: cannot create the folder {folder} ({reason})") from None
    try:
        _probe(path)
    except sqlite3.Error as exc:
        raise StartupError(f"{where}: {_sqlite_hint(exc, path)}") from None


async def open_database(path: Path | str) -> Database:
    """The bot's database, checked first (``check_database_path``), created private;
    ``:memory:`` (the service tests) lives in memory and needs no check; a PostgreSQL address
    (``DATABASE_URL``) is the server's to keep, and must answer."""
    if is_postgres(path):
        return await _open_server(str(path))
    path = Path(path)
    if str(path) == ":memory:":
        return await Database.open(path)
    with private_files():
        check_database_path(path)
        try:
            db = await Database.open(path)
        except (sqlite3.Error, OSError) as exc:
            raise StartupError(f"DATABASE_PATH={path}: cannot open it ({exc})") from None
    _tighten(path)
    return db


async def _open_server(url: str) -> Database:
    """The PostgreSQL database at ``url``, migrated; one line if it cannot be used."""
    try:
        return await Database.open(url)
    except (OSError, TimeoutError) as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise StartupError(
            f"DATABASE_URL: cannot reach the PostgreSQL server ({reason}): is it running, and "
            "are the host and port right?"
        ) from None
    except Exception as exc:
        if not is_database_error(exc):
            raise
        raise StartupError(f"DATABASE_URL: PostgreSQL refused ({exc})") from None


class _Unreachable(Exception):
    """Telegram could not be reached or failed on its side (a network error, a timeout, a 5xx):
    worth trying again. The message is the operator's line."""


async def _once(what: str, hint: str, call: Awaitable[T]) -> T:
    """``call`` within ``TELEGRAM_TIMEOUT``; a refusal becomes a ``StartupError`` naming it, a
    failure to reach Telegram an ``_Unreachable``."""
    try:
        async with asyncio.timeout(TELEGRAM_TIMEOUT):
            return await call
    except TelegramUnauthorizedError:
        raise StartupError(
            "Telegram refused BOT_TOKEN (revoked or mistyped): get the bot's token from "
            "@BotFather (/mybots → API Token) and put it in .env"
        ) from None
    except TelegramNetworkError as exc:
        raise _Unreachable(
            f"cannot reach Telegram for {what} ({exc.message}): check the network, or "
            f"TELEGRAM_API_URL"
        ) from None
    except TelegramServerError as exc:
        raise _Unreachable(f"Telegram failed {what} ({exc.message}): try again later") from None
    except TelegramRetryAfter as exc:
        raise _Unreachable(f"Telegram asked to wait {exc.retry_after} s before {what}") from None
    except TelegramAPIError as exc:
        raise StartupError(f"Telegram refused {what} ({exc.message}): {hint}") from None
    except TimeoutError:
        raise _Unreachable(
            f"Telegram did not answer {what} within {TELEGRAM_TIMEOUT:.0f} s: check the network, "
            f"or TELEGRAM_API_URL"
        ) from None


async def _telegram(what: str, hint: str, call: Callable[[], Awaitable[T]], patience: float) -> T:
    """``call()`` until it works; while Telegram cannot be reached, again after 1, 2, 4 … 30 s
    for ``patience`` seconds in all (a short outage must not stop a bot that systemd would only
    restart later), then the ``StartupError`` of the last try. A refusal stops at once."""
    loop = asyncio.get_running_loop()
    give_up = loop.time() + patience
    delay = 1.0
    while True:
        try:
            return await _once(what, hint, call())
        except _Unreachable as exc:
            left = give_up - loop.time()
            if left <= 0:
                tried = f" (tried for {patience:.0f} s)" if patience else ""
                raise StartupError(f"{exc}{tried}") from None
            log.info("%s; trying again in %.0f s", exc, min(delay, left))
            await asyncio.sleep(min(delay, left))
            delay = min(delay * 2, RETRY_CAP)


async def polling_ready(bot: Bot, patience: float) -> None:
    """The token works and no webhook stands in the way of ``getUpdates``."""
    await _telegram("getMe", "check BOT_TOKEN", bot.me, patience)
    await _telegram(
        "deleteWebhook",
        "try again later",
        lambda: bot.delete_webhook(
            drop_pending_updates=False, request_timeout=int(TELEGRAM_TIMEOUT)
        ),
        patience,
    )


async def webhook_ready(bot: Bot, patience: float) -> None:
    """The token works (before the port is opened)."""
    await _telegram("getMe", "check BOT_TOKEN", bot.me, patience)


async def set_webhook(bot: Bot, url: str, secret: str, patience: float) -> None:
    await _telegram(
        "setWebhook",
        "WEBHOOK_URL must be a public https URL with a valid certificate, on port 443, 80, 88 "
        "or 8443",
        lambda: bot.set_webhook(
            url,
            secret_token=secret,
            drop_pending_updates=False,
            request_timeout=int(TELEGRAM_TIMEOUT),
        ),
        patience,
    )
