"""Work that runs beside the updates rather than inside them: one set of tasks, drained at a stop.

Three kinds use it: the follow-ups of answered presses (below), the deadlines that fire now
(``bot.deadlines``), and the start's cosmetic or catching-up work (the menus, the backlog of
deadlines that came due while the bot was down).

A button press is answered at once; what follows it (the board's edit, the post that a round is
complete, the judges' notice) waits for Telegram's pacing, up to seconds in a busy group at
twenty messages a minute. Awaited inside the update, that wait held the person's turn and a
place among the updates being handled: in a realistic round (1 024 players, Telegram's limits)
presses waited up to 3.5 s for their answer. Here such work runs as a task of its own.

What must survive a crash is not started here but stored as a durable job (``bot.deadlines``,
e.g. the opponent's confirmation request); what runs here is recovered by the next change (a
board edit) or is a courtesy that a crash may cost (the one-line note on a settled prompt).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable

from db.turns import in_background

log = logging.getLogger(__name__)

#: how long a stop waits for follow-ups still running before cancelling them
GRACE_SECONDS = 10.0


class Background:
    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[None]] = set()

    def spawn(self, work: Awaitable[None]) -> None:
        """Run ``work`` beside the caller; its failure is logged, never raised."""
        task = asyncio.get_running_loop().create_task(self._run(work))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    @staticmethod
    async def _run(work: Awaitable[None]) -> None:
        try:
            with in_background():  # its transactions let the updates' go first (db.turns)
                await work
        except Exception:
            log.exception("work in the background failed")

    async def drain(self, timeout: float = GRACE_SECONDS) -> None:
        """At a stop: let the work finish for ``timeout``, then cancel the rest."""
        if not self._tasks:
            return
        _, late = await asyncio.wait(set(self._tasks), timeout=timeout)
        for task in late:
            task.cancel()
        await asyncio.gather(*late, return_exceptions=True)
