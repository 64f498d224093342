"""Who is told when a tournament changes: the open web boards (``bot.web``).

The database calls ``Live.changed`` after each commit that touched a tournament (``Tx.touch``,
``Database.watch``). That is on the path of every press, so it only counts: one number per
tournament goes up and the waiting pages are woken; nothing is read or rendered here. A page
renders what it shows when it wakes (``bot.web.views``), once for all its readers.
"""

from __future__ import annotations

import asyncio
import contextlib


class Live:
    """A version number per tournament (up by one at each committed change), and waiting."""

    def __init__(self) -> None:
        self._versions: dict[int, int] = {}
        self._waking: dict[int, asyncio.Event] = {}

    def version(self, tournament_id: int) -> int:
        return self._versions.get(tournament_id, 0)

    def changed(self, tournament_id: int) -> None:
        """A committed change of the tournament: wake its readers (cheap, never blocks)."""
        self._versions[tournament_id] = self.version(tournament_id) + 1
        event = self._waking.pop(tournament_id, None)
        if event is not None:
            event.set()

    async def wait(self, tournament_id: int, seen: int, timeout: float) -> int:
        """The tournament's version once it is past ``seen`` (or after ``timeout`` seconds)."""
        if self.version(tournament_id) > seen:
            return self.version(tournament_id)
        event = self._waking.setdefault(tournament_id, asyncio.Event())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), timeout)
        return self.version(tournament_id)
