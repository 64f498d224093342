"""A player's rating changes, read for his chart (``bot.pictures.rating_chart``); written by
``db.players.set_rating``."""

from __future__ import annotations

from db.database import Tx


async def changes_of(tx: Tx, player_id: int) -> list[tuple[str, int, str]]:
    """(discipline, rating in cents after the change, when: ISO) of every change, oldest first."""
    rows = await tx.all(
        """SELECT discipline, after_cents, at FROM rating_history
           WHERE player_id = ? ORDER BY at, id""",
        (player_id,),
    )
    return [(row["discipline"], int(row["after_cents"]), str(row["at"])) for row in rows]
