"""One aiosqlite connection for the whole bot, its migrations and its transactions.

Every write happens inside ``Database.transaction()``: in its turn (``db.turns``: one
transaction at a time on the shared connection, a person's update before background work),
``BEGIN IMMEDIATE``, the block's statements each awaited, then an awaited ``COMMIT``; callbacks
registered with ``Tx.on_commit`` run only after that ``COMMIT`` has returned. Any exception in
the block (cancellation included) rolls that transaction back and is re-raised; the connection
stays usable for the next one. A task cancelled while its ``COMMIT`` is under way waits for that
``COMMIT`` (it cannot be called back) before the cancellation goes on. Reads use
``Database.read()``, in the same turns, so they never see another task's uncommitted writes.

Only aiosqlite's public API is used, so the repositories' plain SQL could move to another
backend behind the same ``Tx`` methods.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable, Hashable, Iterable, Sequence
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

from db.turns import Turns

log = logging.getLogger(__name__)

Row = aiosqlite.Row
Params = Sequence[Any] | dict[str, Any]


class Tx:
    """The statements of one transaction (or one read); obtained from ``Database``."""

    def __init__(self, conn: aiosqlite.Connection, *, writing: bool = False) -> None:
        self._conn = conn
        self._writing = writing
        self._on_commit: list[Callable[[], None]] = []
        #: the tournaments this transaction changed (``touch``)
        self.touched: set[int] = set()
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

    async def _write(self, sql: str, params: Params) -> tuple[int, int]:
        """Run one statement; (last inserted row id, rows changed)."""
        # Not closed: a statement that returns no rows is done once executed (sqlite3 resets
        # it), and closing it would cost another trip to the connection's thread.
        cursor = await self._conn.execute(sql, params)
        return cursor.lastrowid or 0, cursor.rowcount

    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement; return the last inserted row id."""
        return (await self._write(sql, params))[0]

    async def changes(self, sql: str, params: Params = ()) -> int:
        """Run one statement; return how many rows it changed (0 for an ``INSERT … ON
        CONFLICT DO NOTHING`` that found its row already there)."""
        return (await self._write(sql, params))[1]

    async def insert(self, sql: str, params: Params = ()) -> int | None:
        """Run an ``INSERT … ON CONFLICT DO NOTHING``; the new row's id, ``None`` if the row
        was there already (how a repeated input becomes a no-op)."""
        rowid, changed = await self._write(sql, params)
        return rowid if changed else None

    async def execute_many(self, sql: str, rows: Iterable[Params]) -> None:
        await self._conn.executemany(sql, rows)

    async def all(self, sql: str, params: Params = ()) -> list[Row]:
        rows = await self._conn.execute_fetchall(sql, params)
        return list(rows)

    async def one(self, sql: str, params: Params = ()) -> Row | None:
        rows = await self.all(sql, params)
        return rows[0] if rows else None

    async def value(self, sql: str, params: Params = ()) -> Any:
        row = await self.one(sql, params)
        return None if row is None else row[0]


def migration_scripts() -> list[tuple[int, str]]:
    """The numbered ``.sql`` files of ``db/migrations``, in order."""
    folder = resources.files("db").joinpath("migrations")
    scripts = []
    for entry in folder.iterdir():
        name = entry.name
        if name.endswith(".sql") and name[:4].isdigit():
            scripts.append((int(name[:4]), entry.read_text(encoding="utf-8")))
    return sorted(scripts)


class NestedTransaction(RuntimeError):
    """A task asked for the database while it holds it (a read inside its own transaction)."""


class Database:
    """The bot's only connection to its SQLite file."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._lock = Turns()
        #: the task holding the lock (``_held``)
        self._holder: asyncio.Task[object] | None = None
        #: called with each tournament a committed transaction touched (``Tx.touch``)
        self._watchers: list[Callable[[int], None]] = []

    def watch(self, watcher: Callable[[int], None]) -> None:
        """Call ``watcher(tournament_id)`` after each commit that touched that tournament.
        It runs on the committing task's path: it must only take note (``bot.live``)."""
        self._watchers.append(watcher)

    @classmethod
    async def open(cls, path: Path | str, *, migrate: bool = True) -> Database:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            conn.row_factory = aiosqlite.Row
            await conn.execute("PRAGMA journal_mode=WAL")
            await conn.execute("PRAGMA foreign_keys=ON")
            await conn.execute("PRAGMA busy_timeout=5000")
            await conn.execute("PRAGMA synchronous=NORMAL")
            db = cls(conn)
            if migrate:
                await db.migrate()
        except BaseException:
            await conn.close()  # its thread is no daemon: left open, the process would hang
            raise
        return db

    async def close(self) -> None:
        async with self._lock:
            await self._conn.close()

    async def compact(self) -> None:
        """Leave no trace of deleted rows in the files: ``VACUUM`` rewrites the database from
        its live rows only (no freed pages, no stale bytes in a page), then the checkpoint
        copies that into the file and empties the WAL, which held old page images."""
        async with self._lock:
            for sql in ("VACUUM", "PRAGMA wal_checkpoint(TRUNCATE)"):
                # closed at once: a cursor left open would make the next COMMIT fail
                async with self._conn.execute(sql) as cursor:
                    await cursor.fetchall()

    async def version(self) -> int:
        async with self.read() as tx:
            return int(await tx.value("PRAGMA user_version"))

    async def migrate(self, target: int | None = None) -> int:
        """Apply the pending migrations up to ``target`` in one transaction; return the version."""
        async with self._lock:
            current = int(await Tx(self._conn).value("PRAGMA user_version"))
            pending = [
                (number, sql)
                for number, sql in migration_scripts()
                if number > current and (target is None or number <= target)
            ]
            if not pending:
                return current
            script = "".join(sql + "\n" for _, sql in pending)
            last = pending[-1][0]
            try:
                await self._conn.executescript(
                    f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {last};\nCOMMIT;"
                )
            except BaseException:
                await self._rollback()
                raise
            log.info("database migrated from version %s to %s", current, last)
            return last

    async def _rollback(self) -> None:
        """End a failed transaction. aiosqlite runs statements in order in its thread, so this
        ``ROLLBACK`` comes after every statement of the transaction, even one whose await was
        cancelled; if there is nothing left to roll back (``BEGIN`` or ``COMMIT`` failed and
        SQLite ended the transaction itself), its error says so and is not the caller's."""
        try:
            await self._conn.execute("ROLLBACK")
        except sqlite3.OperationalError:
            if self._conn.in_transaction:
                raise

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
            tx = Tx(self._conn, writing=True)
            try:
                await self._conn.execute("BEGIN IMMEDIATE")
                yield tx
                cancelled = await self._commit()
            except BaseException:
                await self._rollback()
                raise
        tx.committed()
        for tournament_id in tx.touched:
            for watcher in self._watchers:
                watcher(tournament_id)
        if cancelled is not None:
            raise cancelled

    async def _commit(self) -> asyncio.CancelledError | None:
        """``COMMIT``, awaited to its end even if the caller is cancelled meanwhile: once sent
        it cannot be called back, so its outcome (not the cancellation) says whether the
        transaction happened, and its after-commit callbacks run. Return the cancellation,
        to be raised after them."""
        commit = asyncio.ensure_future(self._conn.execute("COMMIT"))
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
            yield Tx(self._conn)
