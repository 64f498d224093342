"""The audit log of organiser and judge actions."""

from __future__ import annotations

import json

from db.database import Tx


async def record(
    tx: Tx,
    tournament_id: int | None,
    actor_id: int,
    action: str,
    details: dict[str, object],
    now: str,
) -> None:
    await tx.execute(
        "INSERT INTO audit_log (tournament_id, actor_id, action, details_json, at)"
        " VALUES (?, ?, ?, ?, ?)",
        (tournament_id, actor_id, action, json.dumps(details, ensure_ascii=False), now),
    )


async def entries(tx: Tx, tournament_id: int) -> list[tuple[int, str, dict[str, object], str]]:
    rows = await tx.all(
        "SELECT actor_id, action, details_json, at FROM audit_log"
        " WHERE tournament_id = ? ORDER BY id",
        (tournament_id,),
    )
    return [(r["actor_id"], r["action"], json.loads(r["details_json"]), r["at"]) for r in rows]
