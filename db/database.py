"""One aiosqlite connection for the whole bot, its migrations and its transactions.

Every write happens inside ``Database.transaction()``: ``BEGIN IMMEDIATE`` under an asyncio lock,
committed when the block ends normally and rolled back on any exception, so a state change is
either wholly stored or not at all. Reads use ``Database.read()``, under the same lock, so they
never see another task's uncommitted writes on the shared connection.

A transaction's last trip to aiosqlite's thread (its queued writes and ``COMMIT``) is queued, not
awaited, before the lock goes to the next transaction: the thread runs its queue in order, so
the next transaction's statements come after that commit, and transactions follow each other
without waiting for the event loop in between. Transactions whose last trips queue up one after
the other while the thread is busy (a burst of button presses) are committed together, one
``BEGIN``/``COMMIT`` for the group (``_Group``). Its ``on_commit`` callbacks (the in-memory
caches) run at that moment; the caller goes on only once the commit is done. If that commit
fails (the disk refused it: the writes sent with it are ones that cannot fail otherwise), the
caches may now hold what the database does not: the thread rolls back and refuses every later
statement, and ``on_broken`` tells the bot, which restarts (crash-only: everything it holds in
memory is rebuilt from the database).
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

log = logging.getLogger(__name__)

Row = aiosqlite.Row
Params = Sequence[Any] | dict[str, Any]


Statement = tuple[str, Params, bool]  #: SQL, parameters, whether its rows are wanted


class DatabaseBroken(Exception):
    """A commit failed after later transactions had gone on: see the module docstring."""


class _Pipe:
    """What the event loop and aiosqlite's thread share: the error that broke the connection,
    how many trips the loop has queued, and the commit group still open to more transactions."""

    __slots__ = ("error", "group", "queued")

    def __init__(self) -> None:
        self.error: BaseException | None = None
        self.queued = 0
        self.group: _Group | None = None

    def check(self) -> None:
        if self.error is not None:
            raise DatabaseBroken(f"a commit failed earlier: {self.error!r}")


class _Group:
    """The last trips of transactions that follow each other with nothing queued in between,
    committed together: one ``BEGIN``/``COMMIT`` for all (the first one's ``BEGIN`` if it sent
    one already). A transaction joins while the thread has not started the group."""

    def __init__(self, seq: int) -> None:
        self.seq = seq  #: ``_Pipe.queued`` when it was queued: joinable while still equal
        self._lock = threading.Lock()
        self._started = False
        self._batches: list[list[Statement]] = []
        self._futures: list[asyncio.Future[list[Any]]] = []

    def join(self, batch: list[Statement], future: asyncio.Future[list[Any]]) -> bool:
        with self._lock:
            if self._started:
                return False
            self._batches.append(batch)
            self._futures.append(future)
            return True

    def take(self) -> list[list[Statement]]:
        """In the thread: close the group and take its statements."""
        with self._lock:
            self._started = True
            return list(self._batches)

    def settle(self, done: asyncio.Future[Any]) -> None:
        """Hand each transaction its results (or the group's error)."""
        for index, future in enumerate(self._futures):
            if future.done():
                continue
            if done.cancelled():
                future.cancel()
            elif done.exception() is not None:
                future.set_exception(done.exception())  # type: ignore[arg-type]
            else:
                future.set_result(done.result()[index])


def _statements(
    conn: sqlite3.Connection, batch: Sequence[Statement]
) -> list[tuple[int, int] | list[Row]]:
    """For each statement, its rows (if wanted) or (last inserted row id, rows changed)."""
    results: list[tuple[int, int] | list[Row]] = []
    for sql, params, fetch in batch:
        cursor = conn.execute(sql, params)
        try:
            results.append(cursor.fetchall() if fetch else (cursor.lastrowid or 0, cursor.rowcount))
        finally:
            cursor.close()
    return results


def _run(
    conn: sqlite3.Connection, pipe: _Pipe, begin: bool, batch: Sequence[Statement]
) -> list[tuple[int, int] | list[Row]]:
    """In aiosqlite's thread: ``BEGIN IMMEDIATE`` first if asked, then the statements."""
    pipe.check()
    if begin:
        conn.execute("BEGIN IMMEDIATE")
    return _statements(conn, batch)


def _run_group(
    conn: sqlite3.Connection, pipe: _Pipe, group: _Group
) -> list[list[tuple[int, int] | list[Row]]]:
    """In aiosqlite's thread: a commit group (not awaited under the lock). If it fails, roll
    back and break the connection, so nothing queued after it runs on what it promised."""
    batches = group.take()
    pipe.check()
    try:
        if not conn.in_transaction:
            conn.execute("BEGIN IMMEDIATE")
        results = [_statements(conn, batch) for batch in batches]
        conn.execute("COMMIT")
    except BaseException as exc:
        pipe.error = exc
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return results


def _enqueue(conn: aiosqlite.Connection, fn: Callable[[], Any]) -> asyncio.Future[Any]:
    """Queue ``fn`` on aiosqlite's thread at once and return its future, not awaited.

    What ``aiosqlite.Connection._execute`` does (0.22) before it awaits: the queue is taken at
    this very moment, so whatever is queued after runs after ``fn``."""
    future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
    conn._tx.put_nowait((future, fn))
    return future


class Later:
    """A write sent with its transaction's next statement or with its commit, whichever comes
    first (one hop for both): for writes whose outcome the code needs only after that, and that
    cannot fail but for the disk. ``rowid`` and ``changed`` are known once it has run (for one
    sent with the commit: when the transaction's ``async with`` block has ended)."""

    def __init__(self, sql: str, params: Params) -> None:
        self.sql = sql
        self.params = params
        self.ran = False
        self.rowid = 0  #: the row it inserted (when it ran)
        self.changed = 0  #: how many rows it changed (when it ran)

    def _done(self, rowid: int, changed: int) -> None:
        self.ran, self.rowid, self.changed = True, rowid, changed


class Tx:
    """The statements of one transaction (or one read); obtained from ``Database``.

    Each statement is one hop to aiosqlite's thread (statement, result and cursor together);
    a write transaction's ``BEGIN IMMEDIATE`` rides along with its first statement."""

    def __init__(
        self,
        conn: aiosqlite.Connection,
        *,
        writing: bool = False,
        memo: dict[str, Any] | None = None,
        lock: asyncio.Lock | None = None,
        pipe: _Pipe | None = None,
    ) -> None:
        self._conn = conn
        self._pipe = pipe or _Pipe()
        #: a lazy read's lock, taken at its first statement (``Database.read``)
        self._lock = lock
        self._locked = False
        #: the database's in-memory caches of what it holds (see ``Database.memo``)
        self.memo: dict[str, Any] = {} if memo is None else memo
        self._writing = writing
        self._begin = writing  #: ``BEGIN IMMEDIATE`` still to send (with the next statement)
        self._on_commit: list[Callable[[], None]] = []
        self._later: list[Later] = []
        #: what this transaction's ``db`` modules note for themselves until it ends (e.g. the
        #: events it appended); dropped with the transaction
        self.local: dict[str, Any] = {}

    @property
    def begun(self) -> bool:
        """A write transaction that has sent its ``BEGIN`` (so it must end)."""
        return self._writing and not self._begin

    def on_commit(self, fn: Callable[[], None]) -> None:
        """Call ``fn`` once this transaction is committed (never if it is rolled back); in a
        read, at once. For in-memory caches of what the database holds."""
        if self._writing:
            self._on_commit.append(fn)
        else:
            fn()

    def later(self, sql: str, params: Params = ()) -> Later:
        """Queue a write to go with the next statement or the commit (see ``Later``); an error
        in it surfaces there and rolls the transaction back."""
        if not self._writing:
            raise RuntimeError("Tx.later needs a write transaction")
        statement = Later(sql, params)
        self._later.append(statement)
        return statement

    def _unlock(self) -> None:
        if self._locked and self._lock is not None:
            self._lock.release()
            self._locked = False

    async def _send(self, batch: list[Statement]) -> list[Any]:
        if self._lock is not None and not self._locked:
            await self._lock.acquire()
            self._locked = True
        # aiosqlite's own queue (``_execute``) runs ``_run`` in the connection's thread: one
        # hop for the queued writes and this statement (begin, execute, read, close each).
        conn, begin = self._conn, self._begin
        queued, self._later = self._later, []
        self._begin = False
        sent = [(q.sql, q.params, False) for q in queued] + batch
        pipe = self._pipe
        pipe.queued += 1
        results: list[Any] = await conn._execute(  # type: ignore[no-untyped-call]
            lambda: _run(conn._conn, pipe, begin, sent)
        )
        for statement, (rowid, changed) in zip(queued, results, strict=False):
            statement._done(rowid, changed)
        return results[len(queued) :]

    async def _call(self, sql: str, params: Params, *, fetch: bool) -> Any:
        return (await self._send([(sql, params, fetch)]))[0]

    def _queue_commit(self) -> asyncio.Future[Any] | None:
        """Queue the queued writes and ``COMMIT``, not awaited (see the module docstring): in
        the commit group queued last if nothing was queued since, else in a new one; ``None``
        if nothing was sent or queued."""
        if not (self._later or self.begun):
            return None
        conn, pipe = self._conn, self._pipe
        queued, self._later = self._later, []
        self._begin = False
        batch: list[Statement] = [(q.sql, q.params, False) for q in queued]
        done: asyncio.Future[list[Any]] = asyncio.get_running_loop().create_future()
        group = pipe.group
        if group is None or group.seq != pipe.queued or not group.join(batch, done):
            pipe.queued += 1
            group = pipe.group = _Group(pipe.queued)
            group.join(batch, done)
            started = _enqueue(conn, lambda: _run_group(conn._conn, pipe, group))
            started.add_done_callback(group.settle)

        def ran(future: asyncio.Future[list[Any]]) -> None:
            if not future.cancelled() and future.exception() is None:
                for statement, (rowid, changed) in zip(queued, future.result(), strict=False):
                    statement._done(rowid, changed)

        done.add_done_callback(ran)
        return done

    async def _statement(self, sql: str, params: Params) -> tuple[int, int]:
        done: tuple[int, int] = await self._call(sql, params, fetch=False)
        return done

    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement; return the last inserted row id."""
        return (await self._statement(sql, params))[0]

    async def execute_many(self, sql: str, rows: Iterable[Params]) -> None:
        if self._begin or self._later:  # the BEGIN and queued writes go first
            await self.execute("SELECT 1")
        conn, pipe = self._conn, self._pipe
        pipe.queued += 1

        def run() -> None:
            pipe.check()
            conn._conn.executemany(sql, rows)

        await conn._execute(run)  # type: ignore[no-untyped-call]

    async def changes(self, sql: str, params: Params = ()) -> int:
        """Run one statement; return how many rows it changed."""
        return (await self._statement(sql, params))[1]

    async def one(self, sql: str, params: Params = ()) -> Row | None:
        rows: list[Row] = await self._call(sql, params, fetch=True)
        return rows[0] if rows else None

    async def all(self, sql: str, params: Params = ()) -> list[Row]:
        rows: list[Row] = await self._call(sql, params, fetch=True)
        return rows

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


class Database:
    """The bot's only connection to its SQLite file."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        self._pipe = _Pipe()
        self._told = False
        #: told once when a commit fails (see the module docstring); the bot restarts
        self.on_broken: Callable[[BaseException], None] | None = None
        #: in-memory caches of this connection's rows, by name, kept by the ``db`` modules
        #: that write those rows (filled on a read, updated on commit); a reopened database
        #: starts empty and reloads lazily
        self.memo: dict[str, Any] = {}

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
            current = int((await (await self._conn.execute("PRAGMA user_version")).fetchone())[0])  # type: ignore[index]
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
            except Exception:
                if self._conn.in_transaction:
                    await self._conn.execute("ROLLBACK")
                raise
            log.info("database migrated from version %s to %s", current, last)
            return last

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        """A write transaction: committed on normal exit, rolled back on an exception."""
        async with self._lock:
            self._pipe.check()
            tx = self._tx(writing=True)  # BEGIN IMMEDIATE comes with the first statement
            try:
                yield tx
                committing = tx._queue_commit()
            except BaseException:
                if tx.begun and self._conn.in_transaction:
                    await self._conn.execute("ROLLBACK")
                raise
            for fn in tx._on_commit:  # the commit is next in the thread's queue
                fn()
        if committing is not None:
            try:
                await committing
            except BaseException as exc:
                self._broke(exc)
                raise

    def _broke(self, exc: BaseException) -> None:
        if self._told:
            return
        self._told = True
        log.critical("a commit failed; the database is closed to further writes", exc_info=exc)
        if self.on_broken is not None:
            self.on_broken(exc)

    def _tx(self, *, writing: bool = False, lock: asyncio.Lock | None = None) -> Tx:
        return Tx(self._conn, writing=writing, memo=self.memo, lock=lock, pipe=self._pipe)

    async def write_many(
        self, sql: str, rows: Sequence[Params], *, then: tuple[str, Params] | None = None
    ) -> None:
        """One transaction in one hop to aiosqlite's thread: ``sql`` for every row, then the
        statement ``then``. For batches of writes nobody waits on (see ``bot.handled``)."""

        pipe = self._pipe

        def run(conn: sqlite3.Connection) -> None:
            pipe.check()
            conn.execute("BEGIN IMMEDIATE")
            try:
                conn.executemany(sql, rows)
                if then is not None:
                    conn.execute(*then)
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

        async with self._lock:
            pipe.queued += 1
            await self._conn._execute(lambda: run(self._conn._conn))  # type: ignore[no-untyped-call]

    @asynccontextmanager
    async def read(self, *, lazy: bool = False) -> AsyncIterator[Tx]:
        """Consistent reads with no writes.

        ``lazy``: the lock is taken only at the first statement, so reads served from the
        memory (``memo``) never wait for other transactions; what was served from memory may
        then be older than what the statements see."""
        if not lazy:
            async with self._lock:
                yield self._tx()
            return
        tx = self._tx(lock=self._lock)
        try:
            yield tx
        finally:
            tx._unlock()
