"""A tournament announced ahead: the check-in before round 1 (who of its registered players
said he is there) and the starts given with `/new` before the tournament exists."""

from __future__ import annotations

from db.database import Tx


async def check_in(tx: Tx, tournament_id: int, player_id: int, now: str) -> bool:
    """Record his check-in; False when he had checked in already."""
    changed = await tx.changes(
        """INSERT INTO check_ins (tournament_id, player_id, at) VALUES (?, ?, ?)
           ON CONFLICT (tournament_id, player_id) DO NOTHING""",
        (tournament_id, player_id, now),
    )
    return changed == 1


async def checked_in(tx: Tx, tournament_id: int) -> set[int]:
    """The players of the tournament who checked in."""
    rows = await tx.all("SELECT player_id FROM check_ins WHERE tournament_id = ?", (tournament_id,))
    return {int(row["player_id"]) for row in rows}


async def expect(tx: Tx, chat_id: int, user_id: int, starts_at: str, after_id: int) -> None:
    """What ``/new`` waits for: the next tournament the organiser creates there, with the
    start given (``""``: none)."""
    await tx.execute(
        """INSERT INTO ahead_new (chat_id, user_id, starts_at, after_id) VALUES (?, ?, ?, ?)
           ON CONFLICT (chat_id, user_id)
           DO UPDATE SET starts_at = excluded.starts_at, after_id = excluded.after_id""",
        (chat_id, user_id, starts_at, after_id),
    )


async def expected(tx: Tx) -> dict[tuple[int, int], tuple[str, int]]:
    """Every start given with ``/new`` still waiting: (chat, user) → (start, after id)."""
    rows = await tx.all("SELECT chat_id, user_id, starts_at, after_id FROM ahead_new")
    return {
        (int(r["chat_id"]), int(r["user_id"])): (str(r["starts_at"]), int(r["after_id"]))
        for r in rows
    }


async def forget(tx: Tx, chat_id: int, user_id: int) -> None:
    await tx.execute("DELETE FROM ahead_new WHERE chat_id = ? AND user_id = ?", (chat_id, user_id))
