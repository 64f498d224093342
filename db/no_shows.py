"""A group's choice for players flagged for no-shows (``bot.no_shows``): whether their own
entries wait for an organiser's approval (off without a row)."""

from __future__ import annotations

from db.database import Tx


async def approval(tx: Tx, chat_id: int) -> bool:
    """Whether the group's organisers approve a flagged player's entries."""
    row = await tx.one("SELECT approval FROM no_show_rules WHERE chat_id = ?", (chat_id,))
    return row is not None and bool(row["approval"])


async def set_approval(tx: Tx, chat_id: int, on: bool) -> None:
    await tx.execute(
        """INSERT INTO no_show_rules (chat_id, approval) VALUES (?, ?)
           ON CONFLICT (chat_id) DO UPDATE SET approval = excluded.approval""",
        (chat_id, int(on)),
    )
