"""The heartbeat: the last moment the bot is known to have been running (one row)."""

from __future__ import annotations

from datetime import datetime

from db.database import Tx


async def last(tx: Tx) -> datetime | None:
    value = await tx.value("SELECT alive_at FROM heartbeat WHERE id = 1")
    return None if value is None else datetime.fromisoformat(value)


async def beat(tx: Tx, at: datetime) -> None:
    await tx.execute(
        "INSERT INTO heartbeat (id, alive_at) VALUES (1, ?)"
        " ON CONFLICT (id) DO UPDATE SET alive_at = excluded.alive_at",
        (at.isoformat(),),
    )
