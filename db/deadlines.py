"""Deadlines: every timer of every tournament, kept so a restart neither loses nor repeats one."""

from __future__ import annotations

import json
from datetime import datetime

from db.database import Row, Tx
from db.models import Deadline


def _deadline(row: Row) -> Deadline:
    return Deadline(
        id=row["id"],
        kind=row["kind"],
        ref_id=row["ref_id"],
        due_at=row["due_at"],
        payload=json.loads(row["payload_json"]),
    )


async def add(
    tx: Tx, kind: str, ref_id: int, due_at: datetime, payload: dict[str, object] | None = None
) -> int:
    return await tx.execute(
        "INSERT INTO deadlines (kind, ref_id, due_at, payload_json) VALUES (?, ?, ?, ?)",
        (kind, ref_id, due_at.isoformat(), json.dumps(payload or {})),
    )


async def pending(tx: Tx) -> list[Deadline]:
    rows = await tx.all("SELECT * FROM deadlines WHERE status = 'pending' ORDER BY due_at, id")
    return [_deadline(row) for row in rows]


async def pending_for(tx: Tx, ref_id: int, kinds: tuple[str, ...]) -> list[Deadline]:
    marks = ",".join("?" * len(kinds))
    rows = await tx.all(
        f"SELECT * FROM deadlines WHERE status = 'pending' AND ref_id = ? AND kind IN ({marks})",
        (ref_id, *kinds),
    )
    return [_deadline(row) for row in rows]


async def get(tx: Tx, deadline_id: int) -> Deadline | None:
    row = await tx.one("SELECT * FROM deadlines WHERE id = ?", (deadline_id,))
    return None if row is None else _deadline(row)


async def claim(tx: Tx, deadline_id: int, now: str) -> bool:
    """Mark a pending deadline fired; False if it already fired or was cancelled."""
    changed = await tx.changes(
        "UPDATE deadlines SET status = 'fired', fired_at = ? WHERE id = ? AND status = 'pending'",
        (now, deadline_id),
    )
    return changed == 1


async def cancel(tx: Tx, deadline_id: int) -> None:
    await tx.execute(
        "UPDATE deadlines SET status = 'cancelled' WHERE id = ? AND status = 'pending'",
        (deadline_id,),
    )


async def cancel_for(tx: Tx, ref_id: int, kinds: tuple[str, ...]) -> list[int]:
    ids = [deadline.id for deadline in await pending_for(tx, ref_id, kinds)]
    for deadline_id in ids:
        await cancel(tx, deadline_id)
    return ids


async def drop(tx: Tx, deadline_id: int, now: str) -> bool:
    """Mark a pending reminder dropped (found overdue at start); False if no longer pending."""
    changed = await tx.changes(
        "UPDATE deadlines SET status = 'dropped', fired_at = ? WHERE id = ? AND status = 'pending'",
        (now, deadline_id),
    )
    return changed == 1
