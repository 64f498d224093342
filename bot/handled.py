"""Which updates were handled already: one may come twice (Telegram's retry; after a crash, from
the inbox of ``bot.polling`` or from Telegram again, not told yet that it arrived), and the
second delivery must change nothing.

The ids live in the ``processed_updates`` table only: ``seen`` looks one up, ``mark`` stores it
(``INSERT … ON CONFLICT DO NOTHING``) once the handler has finished, and returns only after
that commit, so an update is never marked before its work is done and a mark is never lost.
A crash between the handler and its mark lets the next start (or, with a webhook, Telegram's
redelivery) run the update again, which every handler tolerates (its state changes are idempotent).
"""

from __future__ import annotations

from db.database import Database

KEPT = 100_000  #: ids older than the newest minus this are deleted (they never come back)
PRUNE_EVERY = 1000  #: pruned when an id is a multiple of this (keeps the table small)


class HandledUpdates:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def seen(self, update_id: int) -> bool:
        """True if the update was handled (by this process or an earlier one)."""
        async with self._db.read() as tx:
            found = await tx.value(
                "SELECT 1 FROM processed_updates WHERE update_id = ?", (update_id,)
            )
        return found is not None

    async def mark(self, update_id: int, now: str) -> None:
        """Record a handled update (a second mark of the same id changes nothing)."""
        async with self._db.transaction() as tx:
            await tx.execute(
                """INSERT INTO processed_updates (update_id, at) VALUES (?, ?)
                   ON CONFLICT (update_id) DO NOTHING""",
                (update_id, now),
            )
            if update_id % PRUNE_EVERY == 0:
                await tx.execute(
                    "DELETE FROM processed_updates WHERE update_id < ?", (update_id - KEPT,)
                )
