"""What ``db.database`` asks of a database's driver (``db.sqlite``, ``db.postgres``), and what
the drivers hand back: rows, and the schema for comparing the two."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

Params = Sequence[Any] | dict[str, Any]

#: a table's columns: name → (type, NOT NULL) in SQLite's words (INTEGER, TEXT, REAL)
Columns = dict[str, tuple[str, bool]]


@dataclass(frozen=True)
class Schema:
    """What the migrations made, comparable across the two databases."""

    tables: dict[str, Columns]
    indexes: frozenset[str]


class Row(Protocol):
    """A result row: its values by position or by column name (``sqlite3.Row``,
    ``asyncpg.Record``)."""

    def __getitem__(self, key: Any, /) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...

    def __len__(self) -> int: ...


class Driver(Protocol):
    """What ``Database`` needs of a connection (``db.sqlite``, ``db.postgres``)."""

    #: the name of the migrations' per-database folder (``db/migrations/<dialect>``)
    dialect: str

    async def write(self, sql: str, params: Params) -> tuple[int, int]:
        """Run one statement; (last inserted row id, rows changed)."""

    async def write_many(self, sql: str, rows: Iterable[Params]) -> None: ...

    async def fetch(self, sql: str, params: Params) -> list[Row]: ...

    async def begin(self) -> None: ...

    async def commit(self) -> None: ...

    async def rollback(self) -> None:
        """End a failed transaction; nothing to roll back is no error."""

    async def close(self) -> None: ...

    async def version(self) -> int: ...

    async def migrate(self, scripts: list[tuple[int, str]], target: int | None) -> tuple[int, int]:
        """Apply the scripts numbered past the database's version (up to ``target``) in one
        transaction; (version before, version after)."""

    async def compact(self) -> None: ...

    async def tables(self) -> list[str]:
        """The club's tables (not the database's own bookkeeping)."""

    async def reset_ids(self) -> None:
        """After rows were copied in with their ids: the next new row gets a fresh one."""

    async def describe(self) -> Schema:
        """The club's tables, columns and named indexes (``Schema``)."""
