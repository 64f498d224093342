"""A player's penalties in every tournament (``sw_penalty`` events, ``rules.penalties``): what
a judge sees before giving a new one, and what the player sees in ``/profile``."""

from __future__ import annotations

import json
from dataclasses import dataclass

from db.database import Tx


@dataclass(frozen=True, slots=True)
class GivenPenalty:
    """One penalty as history shows it: where, when, what and why."""

    event_id: int
    tournament_id: int
    tournament: str
    kind: str
    reason: str
    at: str
    #: the tournament's group
    chat_id: int = 0


async def of_player(tx: Tx, player_id: int) -> list[GivenPenalty]:
    """Every penalty ``player_id`` was given, oldest first (the index of migration 0010)."""
    rows = await tx.all(
        "SELECT e.id, e.tournament_id, e.payload_json, e.at, t.name, t.chat_id FROM events e"
        " JOIN tournaments t ON t.id = e.tournament_id"
        " WHERE e.kind = 'sw_penalty' AND json_extract(e.payload_json, '$.player') = ?"
        " ORDER BY e.id",
        (player_id,),
    )
    out = []
    for row in rows:
        payload = json.loads(row["payload_json"])
        kind, reason = str(payload["kind"]), str(payload.get("reason") or "")
        tid, name, at = row["tournament_id"], row["name"], row["at"]
        out.append(GivenPenalty(row["id"], tid, name, kind, reason, at, int(row["chat_id"])))
    return out
