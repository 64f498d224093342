"""A tournament's event log, read from a point on; ``db.tournaments.append_event`` writes it."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from db.database import Tx


@dataclass(frozen=True, slots=True)
class Event:
    id: int
    kind: str
    payload: dict[str, Any]
    actor_id: int | None
    at: str


async def since(tx: Tx, tournament_id: int, first_id: int) -> list[Event]:
    """The tournament's events with ``id >= first_id``, in order (``0``: the whole log)."""
    rows = await tx.all(
        "SELECT * FROM events WHERE tournament_id = ? AND id >= ? ORDER BY id",
        (tournament_id, first_id),
    )
    return [
        Event(r["id"], r["kind"], json.loads(r["payload_json"]), r["actor_id"], r["at"])
        for r in rows
    ]


async def last_id(tx: Tx, tournament_id: int) -> int:
    """The id of the tournament's last event (``0``: none yet)."""
    row = await tx.one(
        "SELECT max(id) AS last FROM events WHERE tournament_id = ?", (tournament_id,)
    )
    return int(row["last"] or 0) if row is not None else 0


async def repaired(tx: Tx, tournament_id: int, number: int, gen: int) -> bool:
    """Whether round ``number``'s pairing of generation ``gen`` was replaced: a later
    ``sw_round`` of that round with a higher generation is in the log (Swiss ``/repair``)."""
    found = await tx.value(
        """SELECT 1 FROM events WHERE tournament_id = ? AND kind = 'sw_round'
             AND json_extract(payload_json, '$.round') = ?
             AND json_extract(payload_json, '$.gen') > ? LIMIT 1""",
        (tournament_id, number, gen),
    )
    return found is not None
