"""The inbox of received updates (``db.inbox``): stored once, listed oldest first, deleted when
finished, still there after a restart."""

from __future__ import annotations

from pathlib import Path

from db import inbox
from db.database import Database

NOW = "2026-11-30T18:00:00+00:00"


async def test_stored_once_listed_in_order_and_finished(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "club.db")
    async with db.transaction() as tx:
        assert await inbox.store(tx, 12, '{"update_id": 12}', NOW)
        assert await inbox.store(tx, 3, '{"update_id": 3}', NOW)
        assert not await inbox.store(tx, 12, '{"update_id": 12, "again": true}', NOW)
    await db.close()
    db = await Database.open(tmp_path / "club.db")  # a new process on the same file
    async with db.read() as tx:
        assert await inbox.pending(tx) == [(3, '{"update_id": 3}'), (12, '{"update_id": 12}')]
    async with db.transaction() as tx:
        await inbox.finish(tx, 3)
        await inbox.finish(tx, 3)  # finished twice: a no-op
    async with db.read() as tx:
        assert await inbox.pending(tx) == [(12, '{"update_id": 12}')]
    await db.close()
