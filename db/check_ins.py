"""The check-in before round 1: who of a tournament's registered players said he is there."""

from __future__ import annotations

from db.database import Tx


async def add(tx: Tx, tournament_id: int, player_id: int, now: str) -> bool:
    """Record his check-in; False when he had checked in already."""
    changed = await tx.changes(
        """INSERT INTO check_ins (tournament_id, player_id, at) VALUES (?, ?, ?)
           ON CONFLICT (tournament_id, player_id) DO NOTHING""",
        (tournament_id, player_id, now),
    )
    return changed == 1


async def of(tx: Tx, tournament_id: int) -> set[int]:
    """The players of the tournament who checked in."""
    rows = await tx.all("SELECT player_id FROM check_ins WHERE tournament_id = ?", (tournament_id,))
    return {int(row["player_id"]) for row in rows}
