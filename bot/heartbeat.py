"""When was the bot last alive? A moment stored every ``HEARTBEAT_SECONDS`` while it runs.

After downtime, a deadline applied late says "the bot was offline from … to …" (``bot.deadlines``):
"from" is the last heartbeat before the start, so it is off by a minute at most (exact after a
clean stop, which beats once more). Nothing else tells it: an idle bot leaves no other trace in
the database, so the last event or handled update could be hours before it went down.
The moment is the bot's clock (a test clock's too), the same clock the deadlines are due by.
"""

from __future__ import annotations

from datetime import datetime

from bot.clock import Clock
from db import heartbeat
from db.database import Database

HEARTBEAT_SECONDS = 60.0


class Heartbeat:
    def __init__(self, db: Database, clock: Clock) -> None:
        self._db = db
        self._clock = clock

    async def last(self) -> datetime | None:
        """The last moment stored (``None`` before the first start with a heartbeat)."""
        async with self._db.read() as tx:
            return await heartbeat.last(tx)

    async def beat(self) -> None:
        """Store "alive now"."""
        async with self._db.transaction() as tx:
            await heartbeat.beat(tx, self._clock.now())
