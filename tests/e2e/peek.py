"""A test's look into the bot's database while the bot runs, on SQLite or PostgreSQL alike.

``Peek(where).execute(sql, params)`` reads like ``sqlite3``'s (``fetchone``, ``fetchall``,
iteration over tuples), synchronously, with the repositories' ``?`` placeholders: the tests
that checked the SQLite file with ``sqlite3`` run unchanged on PostgreSQL. A PostgreSQL peek
keeps one connection on a loop of its own thread (the test's loop waits while it reads, as it
did for ``sqlite3``).
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
from collections.abc import Coroutine, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

import asyncpg

from db.database import is_postgres
from db.postgres import statement

T = TypeVar("T")


class Rows:
    def __init__(self, rows: list[tuple[Any, ...]]) -> None:
        self._rows = rows

    def fetchone(self) -> Any:
        return self._rows[0] if self._rows else None

    def fetchall(self) -> list[tuple[Any, ...]]:
        return list(self._rows)

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        return iter(self._rows)


class Peek:
    """Reads (and, for a test's set-up, writes) on the database at ``where``."""

    def __init__(self, where: Path | str) -> None:
        self.where = where
        self._sqlite: sqlite3.Connection | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._conn: Any = None
        if not is_postgres(where):
            self._sqlite = sqlite3.connect(where, isolation_level=None)
            return
        self._loop = asyncio.new_event_loop()
        threading.Thread(target=self._loop.run_forever, daemon=True).start()
        self._conn = self._call(asyncpg.connect(str(where)))

    def _call(self, coro: Coroutine[Any, Any, T]) -> T:
        assert self._loop is not None
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(timeout=30)

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Rows:
        if self._sqlite is not None:
            return Rows([tuple(row) for row in self._sqlite.execute(sql, tuple(params))])
        text, _ = statement(sql)
        records = self._call(self._conn.fetch(text, *params))
        return Rows([tuple(record) for record in records])

    def close(self) -> None:
        if self._sqlite is not None:
            self._sqlite.close()
        elif self._loop is not None:
            with contextlib.suppress(Exception):
                self._call(self._conn.close())
            self._loop.call_soon_threadsafe(self._loop.stop)

    def __enter__(self) -> Peek:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def rows(where: Path | str, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
    """One query's rows (``Peek``)."""
    with Peek(where) as peek:
        return peek.execute(sql, params).fetchall()
