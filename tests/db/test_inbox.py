"""The inbox of received updates (``db.inbox``): stored once, listed oldest first, deleted when
finished, still there after a restart."""

from __future__ import annotations

import json
from pathlib import Path

from db import inbox
from db.database import Database

NOW = "2026-11-30T18:00:00+00:00"


async def test_stored_once_listed_in_order_and_finished(database_at: Path | str) -> None:
    db = await Database.open(database_at)
    async with db.transaction() as tx:
        assert await inbox.store(tx, 12, '{"update_id": 12}', NOW)
        assert await inbox.store(tx, 3, '{"update_id": 3}', NOW)
        assert not await inbox.store(tx, 12, '{"update_id": 12, "again": true}', NOW)
    await db.close()
    db = await Database.open(database_at)  # a new process on the same file
    async with db.read() as tx:
        assert await inbox.pending(tx) == [(3, '{"update_id": 3}'), (12, '{"update_id": 12}')]
    async with db.transaction() as tx:
        await inbox.finish(tx, 3)
        await inbox.finish(tx, 3)  # finished twice: a no-op
    async with db.read() as tx:
        assert await inbox.pending(tx) == [(12, '{"update_id": 12}')]
    await db.close()


async def test_a_person_forgotten_keeps_his_updates_without_his_names(
    database_at: Path | str,
) -> None:
    kim = {"id": 44, "is_bot": False, "first_name": "Kim", "username": "kim_private_77"}
    press = {
        "update_id": 5,
        "callback_query": {
            "id": "q",
            "from": kim,
            "chat_instance": "c",
            "message": {"message_id": 1, "date": 0, "chat": {**kim, "type": "private"}},
        },
    }
    other = {"update_id": 6, "message": {"from": {"id": 45, "first_name": "Lee"}}}
    db = await Database.open(database_at)
    async with db.transaction() as tx:
        await inbox.store(tx, 5, json.dumps(press), NOW)
        await inbox.store(tx, 6, json.dumps(other), NOW)
        await inbox.forget_person(tx, 44)
    async with db.read() as tx:
        kept = dict(await inbox.pending(tx))
    await db.close()
    assert "Kim" not in kept[5] and "kim_private_77" not in kept[5]
    query = json.loads(kept[5])["callback_query"]
    assert query["from"] == {"id": 44, "is_bot": False, "first_name": "", "username": ""}
    assert json.loads(kept[6]) == other  # someone else's update is left as it was
