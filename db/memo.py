"""In-memory copies of committed rows, kept in ``Database.memo`` by the module that writes them.

Every write to a memoised table goes through its ``db`` module, which calls ``forget`` for the
rows it changes: dropped at once (the transaction's own later reads see its write) and again
on commit (a read that raced with it must not bring the old row back). A row read inside a
transaction is kept only once that transaction commits, so only committed rows are served.
"""

from __future__ import annotations

from typing import Generic, TypeVar

from db.database import Tx

K = TypeVar("K")
V = TypeVar("V")


class RowMemo(Generic[K, V]):
    """The committed rows of one table by key, at most ``size`` (the least recently kept go
    first); one per ``Database`` under the memo key ``name``."""

    def __init__(self, name: str, size: int) -> None:
        self.name = name
        self.size = size

    def _rows(self, tx: Tx) -> dict[K, V]:
        rows: dict[K, V] = tx.memo.setdefault(self.name, {})
        return rows

    def get(self, tx: Tx, key: K) -> V | None:
        return self._rows(tx).get(key)

    def keep(self, tx: Tx, key: K, value: V) -> None:
        """Remember a row read in ``tx``, once ``tx`` commits."""
        rows = self._rows(tx)

        def keep() -> None:
            rows.pop(key, None)
            rows[key] = value
            while len(rows) > self.size:
                del rows[next(iter(rows))]

        tx.on_commit(keep)

    def forget(self, tx: Tx, key: K | None = None) -> None:
        """Drop one row (``None``: all) now and again once ``tx`` commits."""
        rows = self._rows(tx)

        def forget() -> None:
            if key is None:
                rows.clear()
            else:
                rows.pop(key, None)

        forget()
        tx.on_commit(forget)


async def new_id(tx: Tx, table: str) -> int:
    """An id for a row of ``table`` that ``tx`` is about to insert, larger than every id before.

    Ids are handed out here rather than by SQLite so that a row queued to go with the commit
    (``Tx.later``) is known, id and all, at once. Every row of such a table is written by this
    process through its ``db`` module, so a counter in memory, started from the table's largest
    id, is enough; the id of a rolled-back row is simply never used."""
    key = f"{table}.next_id"
    next_id = tx.memo.get(key)
    if next_id is None:
        largest = await tx.value(f"SELECT coalesce(max(id), 0) FROM {table}")
        next_id = int(largest) + 1
    tx.memo[key] = int(next_id) + 1
    return int(next_id)
