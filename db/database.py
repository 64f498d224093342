"""One connection for the whole bot, its migrations and its transactions, on SQLite or PostgreSQL.

Every write happens inside ``Database.transaction()``: in its turn (``db.turns``: one
transaction at a time on the shared connection, a person's update before background work),
``BEGIN``, the block's statements each awaited, then an awaited ``COMMIT``; callbacks
registered with ``Tx.on_commit`` run only after that ``COMMIT`` has returned. Any exception in
the block (cancellation included) rolls that transaction back and is re-raised; the connection
stays usable for the next one. A task cancelled while its ``COMMIT`` is under way waits for that
``COMMIT`` (it cannot be called back) before the cancellation goes on. Reads use
``Database.read()``, in the same turns, so they never see another task's uncommitted writes.

Which database it is stays behind this module: ``Database.open`` takes a file's path (SQLite,
``db.sqlite``, the default) or a ``postgresql://`` address (``db.postgres``), and both run the
repositories' same plain SQL (``?`` placeholders, ``ON CONFLICT``, ``json_extract`` on a JSON
column) and the same numbered migrations (``migration_scripts``).
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable, Hashable, Iterable
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from db.driver import Driver, Params, Row, Schema
from db.turns import Turns

__all__ = ["Database", "NestedTransaction", "Params", "Row", "Schema", "Tx", "migration_scripts"]

log = logging.getLogger(__name__)

#: the address schemes that select PostgreSQL (``DATABASE_URL``)
POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_database_error(exc: BaseException) -> bool:
    """The database refused a statement or a commit (locked, disk I/O, a closed connection,
    a lost server): nothing of that transaction was stored."""
    if isinstance(exc, sqlite3.Error):  # aiosqlite raises sqlite3's own errors
        return True
    from db import postgres  # imported here: SQLite alone never loads asyncpg

    return postgres.is_error(exc)


def is_postgres(target: Path | str) -> bool:
    return str(target).startswith(POSTGRES_SCHEMES)


class Tx:
    """The statements of one transaction (or one read); obtained from ``Database``."""

    def __init__(self, driver: Driver, *, writing: bool = False) -> None:
        self._driver = driver
        self._writing = writing
        self._on_commit: list[Callable[[], None]] = []
        #: the tournaments this transaction changed (``touch``)
        self.touched: set[int] = set()
        #: the tournaments this transaction finished, each with the durable job stored with
        #: its finish (``db.tournaments.set_status``): ``Database.watch_finished`` hears of them
        self.finished: dict[int, int] = {}
        #: what one read in this transaction hands to a later one, keyed by its owner's choice
        #: (``bot.swiss.core.SwissCore.state``): dropped with the transaction
        self.handed: dict[Hashable, object] = {}

    def on_commit(self, fn: Callable[[], None]) -> None:
        """Call ``fn`` once this transaction's ``COMMIT`` has returned (never if it is rolled
        back); in a read, at once. For work that must not happen for a rolled-back change,
        such as scheduling a stored deadline."""
        if self._writing:
            self._on_commit.append(fn)
        else:
            fn()

    def touch(self, tournament_id: int) -> None:
        """This transaction changes what a tournament's page shows (its log, its players, its
        reports): the database's watchers hear of it once the ``COMMIT`` has returned."""
        self.touched.add(tournament_id)

    def committed(self) -> None:
        """Run the after-commit callbacks (``Database.transaction``, once ``COMMIT`` returned)."""
        for fn in self._on_commit:
            fn()

    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement; return the last inserted row id."""
        return (await self._driver.write(sql, params))[0]

    async def changes(self, sql: str, params: Params = ()) -> int:
        """Run one statement; return how many rows it changed (0 for an ``INSERT … ON
        CONFLICT DO NOTHING`` that found its row already there)."""
        return (await self._driver.write(sql, params))[1]

    async def insert(self, sql: str, params: Params = ()) -> int | None:
        """Run an ``INSERT … ON CONFLICT DO NOTHING``; the new row's id, ``None`` if the row
        was there already (how a repeated input becomes a no-op)."""
        rowid, changed = await self._driver.write(sql, params)
        return rowid if changed else None

    async def execute_many(self, sql: str, rows: Iterable[Params]) -> None:
        await self._driver.write_many(sql, rows)

    async def all(self, sql: str, params: Params = ()) -> list[Row]:
        return await self._driver.fetch(sql, params)

    async def one(self, sql: str, params: Params = ()) -> Row | None:
        rows = await self.all(sql, params)
        return rows[0] if rows else None

    async def value(self, sql: str, params: Params = ()) -> Any:
        row = await self.one(sql, params)
        return None if row is None else row[0]


def migration_scripts(dialect: str = "sqlite") -> list[tuple[int, str]]:
    """The numbered ``.sql`` files of ``db/migrations``, in order; for PostgreSQL, a file of
    the same number in ``db/migrations/postgresql`` stands in for one that cannot run there
    as written (``db.postgres`` translates the others)."""
    folder = resources.files("db").joinpath("migrations")
    scripts = _numbered(folder)
    if dialect != "sqlite":
        scripts.update(_numbered(folder.joinpath(dialect)))
    return sorted(scripts.items())


def _numbered(folder: Any) -> dict[int, str]:
    scripts = {}
    for entry in folder.iterdir():
        name = entry.name
        if name.endswith(".sql") and name[:4].isdigit():
            scripts[int(name[:4])] = entry.read_text(encoding="utf-8")
    return scripts


class NestedTransaction(RuntimeError):
    """A task asked for the database while it holds it (a read inside its own transaction)."""


class Database:
    """The bot's only connection to its database (``Driver``)."""

    def __init__(self, driver: Driver) -> None:
        self._driver = driver
        self._lock = Turns()
        #: the task holding the lock (``_held``)
        self._holder: asyncio.Task[object] | None = None
        #: called with each tournament a committed transaction touched (``Tx.touch``)
        self._watchers: list[Callable[[int], None]] = []
        #: called with each tournament a committed transaction finished, and its job
        self._finish_watchers: list[Callable[[int, int], None]] = []

    @property
    def dialect(self) -> str:
        """``sqlite`` or ``postgresql``: for reports and the tools, never for a query."""
        return self._driver.dialect

    def watch(self, watcher: Callable[[int], None]) -> None:
        """Call ``watcher(tournament_id)`` after each commit that touched that tournament.
        It runs on the committing task's path: it must only take note (``bot.live``)."""
        self._watchers.append(watcher)

    def watch_finished(self, watcher: Callable[[int, int], None]) -> None:
        """Call ``watcher(tournament_id, job_id)`` after each commit that finished that
        tournament, whatever its kind (``Tx.finished``): the one shared place after a finish
        (``bot.recap``). It runs on the committing task's path: it must only arm the job."""
        self._finish_watchers.append(watcher)

    @classmethod
    async def open(cls, target: Path | str, *, migrate: bool = True) -> Database:
        """The database at ``target``: an SQLite file's path (``:memory:`` for one in memory)
        or a ``postgresql://user@host:port/name`` address."""
        driver: Driver
        if is_postgres(target):
            from db.postgres import PostgresDriver

            driver = await PostgresDriver.connect(str(target))
        else:
            from db.sqlite import SqliteDriver

            driver = await SqliteDriver.connect(target)
        db = cls(driver)
        if migrate:
            try:
                await db.migrate()
            except BaseException:
                await driver.close()  # aiosqlite's thread is no daemon: it would hang the exit
                raise
        return db

    async def close(self) -> None:
        async with self._lock:
            await self._driver.close()

    async def compact(self) -> None:
        """Leave no trace of deleted rows in the files (SQLite's ``VACUUM`` and WAL checkpoint,
        PostgreSQL's ``VACUUM``)."""
        async with self._lock:
            await self._driver.compact()

    async def version(self) -> int:
        async with self._held():
            return await self._driver.version()

    async def tables(self) -> list[str]:
        """The club's tables, by name (``tools.to_postgres``)."""
        async with self._held():
            return await self._driver.tables()

    async def reset_ids(self) -> None:
        """After a copy with ids (``db.copy``): new rows get ids past the copied ones."""
        async with self._lock:
            await self._driver.reset_ids()

    async def describe(self) -> Schema:
        async with self._held():
            return await self._driver.describe()

    async def migrate(self, target: int | None = None) -> int:
        """Apply the pending migrations up to ``target`` in one transaction; return the version."""
        async with self._lock:
            scripts = migration_scripts(self._driver.dialect)
            before, after = await self._driver.migrate(scripts, target)
        if after != before:
            log.info("database migrated from version %s to %s", before, after)
        return after

    @asynccontextmanager
    async def _held(self) -> AsyncIterator[None]:
        """The lock, for this task; ``NestedTransaction`` when this task holds it already (the
        lock is not re-entrant: waiting for it would wait for ever)."""
        task = asyncio.current_task()
        if task is not None and task is self._holder:
            raise NestedTransaction("a transaction or read inside another: pass its tx instead")
        async with self._lock:
            self._holder = task
            try:
                yield
            finally:
                self._holder = None

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        """A write transaction: committed on normal exit, rolled back on any exception."""
        async with self._held():
            tx = Tx(self._driver, writing=True)
            try:
                await self._driver.begin()
                yield tx
                cancelled = await self._commit()
            except BaseException:
                await self._driver.rollback()
                raise
        tx.committed()
        for tournament_id in tx.touched:
            for watcher in self._watchers:
                watcher(tournament_id)
        for tournament_id, job in tx.finished.items():
            for finished in self._finish_watchers:
                finished(tournament_id, job)
        if cancelled is not None:
            raise cancelled

    async def _commit(self) -> asyncio.CancelledError | None:
        """``COMMIT``, awaited to its end even if the caller is cancelled meanwhile: once sent
        it cannot be called back, so its outcome (not the cancellation) says whether the
        transaction happened, and its after-commit callbacks run. Return the cancellation,
        to be raised after them."""
        commit = asyncio.ensure_future(self._driver.commit())
        try:
            await asyncio.shield(commit)
        except asyncio.CancelledError as cancelled:
            await asyncio.wait([commit])
            commit.result()  # the COMMIT's own error, if it failed
            return cancelled
        return None

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Tx]:
        """Reads with no writes, under the transactions' lock: they see committed rows only."""
        async with self._held():
            yield Tx(self._driver)
