"""Handled update ids: stored once the handler finished, known again after a restart."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import handled as handled_module
from bot.handled import HandledUpdates
from db.database import Database

NOW = "2026-11-30T18:00:00+00:00"


async def stored(db: Database) -> list[int]:
    async with db.read() as tx:
        rows = await tx.all("SELECT update_id FROM processed_updates ORDER BY update_id")
    return [int(r[0]) for r in rows]


async def test_marks_are_stored_at_once_and_survive_a_restart(database_at: Path | str) -> None:
    db = await Database.open(database_at)
    handled = HandledUpdates(db)
    assert not await handled.seen(7)
    for update_id in (1, 7, 50):
        await handled.mark(update_id, NOW)
    assert await stored(db) == [1, 7, 50]  # written when ``mark`` returns
    await handled.mark(7, NOW)  # marked twice: a no-op
    assert await stored(db) == [1, 7, 50]
    await db.close()
    reopened = await Database.open(database_at)  # a new process on the same file
    again = HandledUpdates(reopened)
    assert await again.seen(50) and await again.seen(1)
    assert not await again.seen(51)
    await reopened.close()


async def test_old_ids_are_pruned(database_at: Path | str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(handled_module, "KEPT", 1500)
    db = await Database.open(database_at)
    handled = HandledUpdates(db)
    await handled.mark(10, NOW)
    await handled.mark(3000, NOW)  # a multiple of 1000: ids below 1500 are deleted
    assert await stored(db) == [3000]
    assert not await handled.seen(10)
    await db.close()
