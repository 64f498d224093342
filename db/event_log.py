"""Reading a tournament's event log from a point on (for caches of the replayed state).

``db.tournaments.events`` reads the whole log; a cache that has replayed it up to event ``n``
reads from ``n`` on: the row of ``n`` itself proves the log it replayed is still there.
"""

from __future__ import annotations

import json

from db.database import Tx
from db.tournaments import Event


async def since(tx: Tx, tournament_id: int, first_id: int) -> list[Event]:
    """The tournament's events with ``id >= first_id``, in order."""
    rows = await tx.all(
        "SELECT * FROM events WHERE tournament_id = ? AND id >= ? ORDER BY id",
        (tournament_id, first_id),
    )
    return [
        Event(r["id"], r["kind"], json.loads(r["payload_json"]), r["actor_id"], r["at"])
        for r in rows
    ]
