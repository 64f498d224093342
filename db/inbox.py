"""The updates polling received and has not finished handling (``bot.polling``).

A row is written before Telegram is told the update arrived, and deleted once it was handled:
whatever a crash leaves here is handled again at the next start.
"""

from __future__ import annotations

from db.database import Tx


async def store(tx: Tx, update_id: int, update_json: str, now: str) -> bool:
    """Keep a received update; False if it is here already (fetched before, not finished)."""
    added = await tx.insert(
        """INSERT INTO inbox (update_id, update_json, received_at) VALUES (?, ?, ?)
           ON CONFLICT (update_id) DO NOTHING""",
        (update_id, update_json, now),
    )
    return added is not None


async def pending(tx: Tx) -> list[tuple[int, str]]:
    """The updates received and not finished, oldest first: (update id, its JSON)."""
    rows = await tx.all("SELECT update_id, update_json FROM inbox ORDER BY update_id")
    return [(int(row[0]), str(row[1])) for row in rows]


async def finish(tx: Tx, update_id: int) -> None:
    """Forget a handled update."""
    await tx.execute("DELETE FROM inbox WHERE update_id = ?", (update_id,))
