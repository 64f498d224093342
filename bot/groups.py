"""The club's group chats as the bot keeps them: a group that became a supergroup moves all it
had (tournaments, settings) to its new id."""

from __future__ import annotations

from bot.clock import Clock
from db import chats
from db.database import Database


class Groups:
    def __init__(self, db: Database, clock: Clock) -> None:
        self._db = db
        self._clock = clock

    async def migrated(self, old: int, new: int) -> None:
        """Telegram moved the group ``old`` to the supergroup ``new``."""
        async with self._db.transaction() as tx:
            await chats.migrate(tx, old, new, self._clock.now().isoformat())
