"""The SQLite connection (aiosqlite), the default database: one file, WAL, foreign keys on.

Only aiosqlite's public API is used. The schema's version is SQLite's ``user_version``.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import cast

import aiosqlite

from db.driver import Columns, Params, Row, Schema


class SqliteDriver:
    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    @classmethod
    async def connect(cls, path: Path | str) -> SqliteDriver:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            conn.row_factory = aiosqlite.Row
            await conn.execute("PRAGMA journal_mode=WAL")
            await conn.execute("PRAGMA foreign_keys=ON")
            await conn.execute("PRAGMA busy_timeout=5000")
            await conn.execute("PRAGMA synchronous=NORMAL")
        except BaseException:
            await conn.close()  # its thread is no daemon: left open, the process would hang
            raise
        return cls(conn)

    async def write(self, sql: str, params: Params) -> tuple[int, int]:
        # Not closed: a statement that returns no rows is done once executed (sqlite3 resets
        # it), and closing it would cost another trip to the connection's thread.
        cursor = await self._conn.execute(sql, params)
        return cursor.lastrowid or 0, cursor.rowcount

    async def write_many(self, sql: str, rows: Iterable[Params]) -> None:
        await self._conn.executemany(sql, rows)

    async def fetch(self, sql: str, params: Params) -> list[Row]:
        rows = await self._conn.execute_fetchall(sql, params)
        return cast(list[Row], list(rows))

    async def begin(self) -> None:
        await self._conn.execute("BEGIN IMMEDIATE")

    async def commit(self) -> None:
        await self._conn.execute("COMMIT")

    async def rollback(self) -> None:
        """aiosqlite runs statements in order in its thread, so this ``ROLLBACK`` comes after
        every statement of the transaction, even one whose await was cancelled; if there is
        nothing left to roll back (``BEGIN`` or ``COMMIT`` failed and SQLite ended the
        transaction itself), its error says so and is not the caller's."""
        try:
            await self._conn.execute("ROLLBACK")
        except sqlite3.OperationalError:
            if self._conn.in_transaction:
                raise

    async def close(self) -> None:
        await self._conn.close()

    async def version(self) -> int:
        async with self._conn.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        return 0 if row is None else int(row[0])

    async def migrate(self, scripts: list[tuple[int, str]], target: int | None) -> tuple[int, int]:
        current = await self.version()
        pending = [
            (number, sql)
            for number, sql in scripts
            if number > current and (target is None or number <= target)
        ]
        if not pending:
            return current, current
        script = "".join(sql + "\n" for _, sql in pending)
        last = pending[-1][0]
        try:
            await self._conn.executescript(
                f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {last};\nCOMMIT;"
            )
        except BaseException:
            await self.rollback()
            raise
        return current, last

    async def compact(self) -> None:
        """``VACUUM`` rewrites the database from its live rows only (no freed pages, no stale
        bytes in a page), then the checkpoint copies that into the file and empties the WAL,
        which held old page images."""
        for sql in ("VACUUM", "PRAGMA wal_checkpoint(TRUNCATE)"):
            # closed at once: a cursor left open would make the next COMMIT fail
            async with self._conn.execute(sql) as cursor:
                await cursor.fetchall()

    async def tables(self) -> list[str]:
        rows = await self._conn.execute_fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table'"
            " AND name NOT LIKE 'sqlite%' ORDER BY name"
        )
        return [str(row[0]) for row in rows]

    async def reset_ids(self) -> None:
        """SQLite numbers a new row past the largest id there: nothing to do."""

    async def describe(self) -> Schema:
        tables: dict[str, Columns] = {}
        for table in await self.tables():
            rows = await self._conn.execute_fetchall(f"PRAGMA table_info({table})")
            tables[table] = {
                str(row[1]): (_declared(str(row[2])), bool(row[3]) or bool(row[5])) for row in rows
            }
        indexes = await self._conn.execute_fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
        )
        return Schema(tables, frozenset(str(row[0]) for row in indexes))


def _declared(kind: str) -> str:
    """A column's declared type as PostgreSQL's is named (``BIGINT`` is SQLite's ``INTEGER``:
    one storage class; PostgreSQL's migrations make every ``INTEGER`` a ``BIGINT``)."""
    kind = kind.upper()
    return "INTEGER" if kind == "BIGINT" else kind
