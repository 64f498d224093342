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


async def of_tournament(tx: Tx, tournament_id: int) -> dict[int, tuple[str, int, int]]:
    """What the tournament changed: each player's (rating pool, rating before it, change),
    cents, from the rows its end wrote (a player it did not rate has none)."""
    rows = await tx.all(
        """SELECT player_id, discipline, delta_cents, after_cents FROM rating_history
           WHERE tournament_id = ? ORDER BY id""",
        (tournament_id,),
    )
    found: dict[int, tuple[str, int, int]] = {}
    for row in rows:
        player, delta = int(row["player_id"]), int(row["delta_cents"])
        first = found.get(player)
        before = int(row["after_cents"]) - delta if first is None else first[1]
        found[player] = (str(row["discipline"]), before, delta + (first[2] if first else 0))
    return found
