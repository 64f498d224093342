"""Start-up failures (issue 10, item 5): ``python -m bot`` exits at once, non-zero, with one line.

The bot runs as a program against the emulator, as in ``tests.e2e.crash_driver``. Each case
breaks one thing the start needs: the database (under a file, a read-only file, a folder the
bot's user cannot write, not a database at all) or Telegram (the token refused, ``getMe``,
``deleteWebhook`` or ``setWebhook`` failing). The process must be gone before ``BOUND``, a
generous bound that detects a hang (it hung for minutes: the aiosqlite thread kept it alive),
with status 1 and, on stderr, exactly one line that names what to fix (no traceback).

Permissions: the tests run as root, who may write a 0444 file or a 0555 folder anyway. There the
bot runs through ``setpriv`` without the capabilities that let root ignore file modes, so the
0444 and 0555 cases fail for it as for any other user.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import sqlite3
import sys
import time
from pathlib import Path

import pytest

from tests.e2e.crash_driver import ROOT
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.emulator_rates import Fault
from tests.e2e.harness import TOKEN

#: seconds from the start of the program to its exit before it counts as hung. A bound that only
#: catches a hang (it hung for minutes): importing aiogram alone took 4.5-11 s of wall time on a
#: machine busy with other work. How fast a failing start exits is ``benchmarks.startup``'s figure.
BOUND = 60.0
#: root without the capabilities to ignore file modes (see the module docstring)
UNPRIVILEGED = [
    "setpriv",
    "--bounding-set=-dac_override,-dac_read_search,-fowner,-linux_immutable",
]
SECRET = "a-webhook-secret-of-32-characters"


def folder_of(db_path: Path) -> Path:
    """A folder to run in (with no .env): the nearest one above the database's path."""
    return next(folder for folder in db_path.parents if folder.is_dir())


def env(emu: BotApiEmulator, db_path: Path, **extra: str) -> dict[str, str]:
    values = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(folder_of(db_path)),
        "PYTHONPATH": str(ROOT),
        "BOT_TOKEN": TOKEN,
        "DATABASE_PATH": str(db_path),
        "TELEGRAM_API_URL": emu.url,
        "LOG_LEVEL": "WARNING",
    }
    values.update(extra)
    return values


async def run_bot(
    emu: BotApiEmulator,
    db_path: Path,
    *args: str,
    unprivileged: bool = False,
    **extra: str,
) -> tuple[int, list[str], float]:
    """Run ``python -m bot`` until it exits (or ``BOUND`` is over: then kill it and fail);
    its status, its non-empty stderr lines, and how long it ran."""
    command = [sys.executable, "-m", "bot", *args]
    if unprivileged and os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("running as root without setpriv: root ignores file modes")
        command = UNPRIVILEGED + command
    began = time.monotonic()
    proc = await asyncio.create_subprocess_exec(
        *command,
        cwd=str(folder_of(db_path)),
        env=env(emu, db_path, **extra),
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        _, stderr = await asyncio.wait_for(proc.communicate(), BOUND)
    except TimeoutError:
        proc.kill()
        _, stderr = await proc.communicate()
        raise AssertionError(f"still running after {BOUND} s: {stderr.decode()[-2000:]}") from None
    lines = [line for line in stderr.decode().splitlines() if line.strip()]
    return proc.returncode or 0, lines, time.monotonic() - began


def assert_one_line(status: int, lines: list[str], *words: str) -> None:
    assert status == 1, (status, lines)
    assert len(lines) == 1, "\n".join(lines)
    assert lines[0].startswith("error: "), lines[0]
    for word in words:
        assert word in lines[0], (word, lines[0])


def make_database(path: Path) -> None:
    """A database as the bot leaves it (WAL mode, no side files once closed)."""
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("CREATE TABLE t (x)")
    conn.close()


async def test_database_path_under_a_regular_file(emu: BotApiEmulator, tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("not a folder")
    for path in (tmp_path / "plain" / "club.db", tmp_path / "plain" / "data" / "club.db"):
        status, lines, _ = await run_bot(emu, path)
        assert_one_line(status, lines, f"DATABASE_PATH={path}", "is a file")
    assert not emu.requests_for("getUpdates")


async def test_database_path_that_is_a_folder_or_not_a_database(
    emu: BotApiEmulator, tmp_path: Path
) -> None:
    status, lines, _ = await run_bot(emu, tmp_path)
    assert_one_line(status, lines, "is a folder")
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is no database, but some text file" * 100)
    status, lines, _ = await run_bot(emu, junk)
    assert_one_line(status, lines, "not an SQLite database")


async def test_read_only_database_file(emu: BotApiEmulator, tmp_path: Path) -> None:
    path = tmp_path / "club.db"
    make_database(path)
    path.chmod(0o444)
    status, lines, _ = await run_bot(emu, path, unprivileged=True)
    assert_one_line(status, lines, f"DATABASE_PATH={path}", "read-only")
    assert not emu.requests_for("getUpdates")


async def test_folder_the_bot_cannot_write(emu: BotApiEmulator, tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    existing = folder / "old.db"
    make_database(existing)
    folder.chmod(0o555)
    try:
        status, lines, _ = await run_bot(emu, folder / "club.db", unprivileged=True)
        assert_one_line(status, lines, str(folder), "write")
        status, lines, _ = await run_bot(emu, folder / "data" / "club.db", unprivileged=True)
        assert_one_line(status, lines, "cannot create the folder", "Permission denied")
        # An existing database there: its -wal file cannot be made
        status, lines, _ = await run_bot(emu, existing, unprivileged=True)
        assert_one_line(status, lines, str(folder), "write")
    finally:
        folder.chmod(0o755)
    assert not emu.requests_for("getUpdates")


async def test_token_refused_by_telegram(emu: BotApiEmulator, tmp_path: Path) -> None:
    wrong = TOKEN.split(":")[0] + ":wrong-token-abcdefghijklmnop"
    status, lines, _ = await run_bot(emu, tmp_path / "club.db", BOT_TOKEN=wrong)
    assert_one_line(status, lines, "BOT_TOKEN", "@BotFather")


@pytest.mark.parametrize("method", ["getMe", "deleteWebhook"])
async def test_telegram_failing_at_the_first_calls(
    emu: BotApiEmulator, tmp_path: Path, method: str
) -> None:
    """Tried again with back-off (1, 2 s …) for STARTUP_RETRY_SECONDS, then the one line."""
    emu.inject(method, Fault.server_error(502), times=100)
    status, lines, took = await run_bot(emu, tmp_path / "club.db", STARTUP_RETRY_SECONDS="3")
    assert_one_line(status, lines, method, "Bad Gateway", "tried for 3 s")
    assert 3 <= took < BOUND
    assert len(emu.requests_for(method)) == 3  # at once, after 1 s, after 2 s more
    assert not emu.requests_for("getUpdates")


async def test_the_placeholder_token_of_the_example(emu: BotApiEmulator, tmp_path: Path) -> None:
    """``cp .env.example .env`` and start: one line saying the token is still the example's."""
    placeholder = next(
        line.split("=", 1)[1]
        for line in (ROOT / ".env.example").read_text().splitlines()
        if line.startswith("BOT_TOKEN=")
    )
    status, lines, _ = await run_bot(emu, tmp_path / "club.db", BOT_TOKEN=placeholder)
    assert status == 2, (status, lines)
    assert lines == [
        "error: BOT_TOKEN is still the placeholder of .env.example: create a bot with "
        "@BotFather in Telegram (/newbot), then put the token it gives in .env as BOT_TOKEN=..."
    ]
    assert not emu.requests_for("getMe")


async def test_telegram_unreachable_at_the_start(emu: BotApiEmulator, tmp_path: Path) -> None:
    """No server at TELEGRAM_API_URL: tried for STARTUP_RETRY_SECONDS, then one line."""
    url = f"http://127.0.0.1:{free_port()}"
    status, lines, took = await run_bot(
        emu, tmp_path / "club.db", TELEGRAM_API_URL=url, STARTUP_RETRY_SECONDS="2"
    )
    assert_one_line(status, lines, "cannot reach Telegram for getMe", "tried for 2 s")
    assert "Traceback" not in lines[0] and took >= 2


async def test_telegram_briefly_unreachable_the_bot_waits_and_starts(
    emu: BotApiEmulator, tmp_path: Path
) -> None:
    """getMe fails twice (502): the bot tries again after 1 s and 2 s, then polls."""
    emu.inject("getMe", Fault.server_error(502), times=2)
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=str(tmp_path),
        env=env(emu, tmp_path / "club.db", STARTUP_RETRY_SECONDS="30"),
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        await emu.wait_for(lambda: emu.requests_for("getUpdates"), timeout=BOUND)
    finally:
        proc.terminate()
        _, stderr = await asyncio.wait_for(proc.communicate(), BOUND)
    assert len(emu.requests_for("getMe")) >= 3
    assert proc.returncode == 0 and "error" not in stderr.decode(), stderr.decode()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def test_webhook_mode_with_set_webhook_failing(emu: BotApiEmulator, tmp_path: Path) -> None:
    port = free_port()
    emu.inject(
        "setWebhook",
        Fault.server_error(400, "Bad Request: bad webhook: Failed to resolve host"),
        times=100,
    )
    status, lines, _ = await run_bot(
        emu,
        tmp_path / "club.db",
        "--webhook",
        WEBHOOK_URL="https://bot.invalid",
        WEBHOOK_SECRET=SECRET,
        WEBHOOK_PORT=str(port),
    )
    assert_one_line(status, lines, "setWebhook", "Failed to resolve host", "WEBHOOK_URL")
    with socket.socket() as probe:  # the port is closed again
        assert probe.connect_ex(("127.0.0.1", port)) != 0


async def test_webhook_port_taken(emu: BotApiEmulator, tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        status, lines, _ = await run_bot(
            emu,
            tmp_path / "club.db",
            "--webhook",
            WEBHOOK_URL="https://bot.example.org",
            WEBHOOK_SECRET=SECRET,
            WEBHOOK_PORT=str(taken.getsockname()[1]),
        )
    assert_one_line(status, lines, "WEBHOOK_PORT")
    assert not emu.requests_for("setWebhook")
