"""Which updates were handled already: Telegram may deliver one twice (a retry, or again after a
crash before the offset was confirmed), and the second delivery must change nothing.

The ids live in the ``processed_updates`` table and, for this process, in memory: at the first
question the newest ``LOADED`` ids are read, and every id handled since is added as it is
marked, so a question about any id from the oldest loaded one on is answered from memory;
only an older id (a very late duplicate) is looked up in the table. Marks are written in
batches, one transaction for all that came in while the previous batch was being written: a
crash can lose the last few, and then Telegram's redelivery runs those updates again, which
every handler tolerates (its state changes are idempotent, see ``ContextMiddleware``).
"""

from __future__ import annotations

import asyncio
import logging

from db.database import Database

log = logging.getLogger(__name__)

LOADED = 10_000  #: ids read at the first question
KEPT = 100_000  #: ids older than the newest minus this are forgotten (memory and table)


class HandledUpdates:
    def __init__(self, db: Database) -> None:
        self._db = db
        self._ids: set[int] = set()
        #: every id at or above this is in ``_ids`` if it was handled; ``None``: not loaded yet
        self._floor: int | None = None
        self._loading = asyncio.Lock()
        self._pending: list[tuple[int, str]] = []
        self._writer: asyncio.Task[None] | None = None
        self._newest = 0

    async def seen(self, update_id: int) -> bool:
        """True if the update was handled (by this process or an earlier one)."""
        if self._floor is None:
            await self._load()
        assert self._floor is not None
        if update_id in self._ids:
            return True
        if update_id >= self._floor:
            return False
        async with self._db.read() as tx:
            found = await tx.value(
                "SELECT 1 FROM processed_updates WHERE update_id = ?", (update_id,)
            )
        return found is not None

    async def _load(self) -> None:
        async with self._loading:
            if self._floor is not None:
                return
            async with self._db.read() as tx:
                rows = await tx.all(
                    "SELECT update_id FROM processed_updates ORDER BY update_id DESC LIMIT ?",
                    (LOADED,),
                )
            ids = [int(r[0]) for r in rows]
            self._ids.update(ids)
            # Fewer than LOADED rows: that is the whole table, memory knows every id.
            self._floor = ids[-1] if len(ids) == LOADED else -(2**63)
            self._newest = max([self._newest, *ids])

    def mark(self, update_id: int, now: str) -> None:
        """Record a handled update; it is written with the next batch."""
        self._ids.add(update_id)
        self._pending.append((update_id, now))
        if update_id > self._newest:
            self._newest = update_id
            if update_id % 1000 == 0:
                self._forget_before(update_id - KEPT)
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write())

    def _forget_before(self, oldest: int) -> None:
        self._ids = {i for i in self._ids if i >= oldest}
        if self._floor is not None and self._floor < oldest:
            self._floor = oldest  # older ids are looked up in the table (also pruned)

    async def _write(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            oldest = self._newest - KEPT
            try:
                await self._db.write_many(
                    "INSERT OR IGNORE INTO processed_updates (update_id, at) VALUES (?, ?)",
                    batch,
                    then=("DELETE FROM processed_updates WHERE update_id < ?", (oldest,)),
                )
            except Exception:
                # Not fatal: an unmarked update only risks being handled again if redelivered.
                log.exception("could not record %d handled updates", len(batch))

    async def flush(self) -> None:
        """Write every pending mark (at shutdown)."""
        while self._writer is not None and not self._writer.done():
            await self._writer
        if self._pending:
            self._writer = None
            await self._write()
