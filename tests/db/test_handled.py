"""Handled update ids: answered from memory, written in batches, known again after a restart."""

from __future__ import annotations

import asyncio
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


async def test_marks_are_batched_and_survive_a_restart(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "club.db")
    handled = HandledUpdates(db)
    assert not await handled.seen(7)
    for update_id in range(1, 51):
        handled.mark(update_id, NOW)
    assert await handled.seen(7)  # known at once, before it is written
    assert not await handled.seen(51)
    await handled.flush()
    assert await stored(db) == list(range(1, 51))
    again = HandledUpdates(db)  # a new process on the same file
    assert await again.seen(50) and await again.seen(1)
    assert not await again.seen(51)
    await db.close()


async def test_ids_older_than_the_loaded_ones_are_looked_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(handled_module, "LOADED", 5)
    db = await Database.open(tmp_path / "club.db")
    first = HandledUpdates(db)
    for update_id in (2, 4, 6, 8, 10, 12, 14):
        first.mark(update_id, NOW)
    await first.flush()
    later = HandledUpdates(db)
    assert await later.seen(14)  # in memory: one of the newest five
    assert await later.seen(4)  # below them: found in the table
    assert not await later.seen(3)
    assert not await later.seen(13)
    await db.close()


async def test_a_failed_write_is_logged_and_later_marks_still_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    db = await Database.open(tmp_path / "club.db")
    handled = HandledUpdates(db)
    real = db.write_many
    failures = iter([RuntimeError("disk full")])

    async def flaky(*args: object, **kwargs: object) -> None:
        error = next(failures, None)
        if error is not None:
            raise error
        await real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(db, "write_many", flaky)
    handled.mark(1, NOW)
    await handled.flush()
    assert "could not record 1 handled updates" in caplog.text
    handled.mark(2, NOW)
    await asyncio.sleep(0)
    await handled.flush()
    assert await stored(db) == [2]
    assert await handled.seen(1)  # still known to this process
    await db.close()


async def test_old_ids_are_pruned(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(handled_module, "KEPT", 1500)
    db = await Database.open(tmp_path / "club.db")
    handled = HandledUpdates(db)
    handled.mark(10, NOW)
    handled.mark(3000, NOW)  # a multiple of 1000: ids below 1500 are forgotten
    await handled.flush()
    assert await stored(db) == [3000]
    assert not await handled.seen(10)
    await db.close()
