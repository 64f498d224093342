"""One aiosqlite connection for the whole bot, its migrations and its transactions.

Every write happens inside ``Database.transaction()``: ``BEGIN IMMEDIATE`` under an asyncio lock,
committed when the block ends normally and rolled back on any exception, so a state change is
either wholly stored or not at all. Reads use ``Database.read()``, under the same lock, so they
never see another task's uncommitted writes on the shared connection.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

log = logging.getLogger(__name__)

Row = aiosqlite.Row
Params = Sequence[Any] | dict[str, Any]


class Tx:
    """The statements of one transaction (or one read); obtained from ``Database``."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement; return the last inserted row id."""
        cursor = await self._conn.execute(sql, params)
        rowid = cursor.lastrowid or 0
        await cursor.close()
        return rowid

    async def execute_many(self, sql: str, rows: Iterable[Params]) -> None:
        await self._conn.executemany(sql, rows)

    async def changes(self, sql: str, params: Params = ()) -> int:
        """Run one statement; return how many rows it changed."""
        cursor = await self._conn.execute(sql, params)
        count = cursor.rowcount
        await cursor.close()
        return count

    async def one(self, sql: str, params: Params = ()) -> Row | None:
        async with self._conn.execute(sql, params) as cursor:
            row: Row | None = await cursor.fetchone()
            return row

    async def all(self, sql: str, params: Params = ()) -> list[Row]:
        async with self._conn.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

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

    @classmethod
    async def open(cls, path: Path | str, *, migrate: bool = True) -> Database:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        conn.row_factory = aiosqlite.Row
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA foreign_keys=ON")
        await conn.execute("PRAGMA busy_timeout=5000")
        await conn.execute("PRAGMA synchronous=NORMAL")
        db = cls(conn)
        if migrate:
            await db.migrate()
        return db

    async def close(self) -> None:
        async with self._lock:
            await self._conn.close()

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
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield Tx(self._conn)
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
            await self._conn.execute("COMMIT")

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Tx]:
        """Consistent reads with no writes."""
        async with self._lock:
            yield Tx(self._conn)
