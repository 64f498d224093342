"""Button answers first: while presses wait for their answer, other sends wait their turn.

A pressed button spins on the presser's phone until the bot answers the callback query; a
confirmation request, a settled prompt or a board edit can come a moment later without anyone
noticing. In a burst (a whole round reporting at once) the bot therefore sends every pending
answer before the follow-up messages: a send or edit waits while any press is still
unanswered, for at most ``max_wait`` (so nothing starves under a steady stream of presses).
A handler's follow-up work after its own answer (preparing a confirmation request, the board)
waits the same way (``Sender.after_answers``), so it does not slow the answers either.

A press counts from the moment its handler starts (past the per-person lock, see
``ContextMiddleware``) until its ``answerCallbackQuery`` is delivered or its handler ends. What
a press's handler sends *before* its own answer never waits (it is part of that answer), so two
presses never wait on each other.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from contextvars import ContextVar

#: the callback query whose handler is running in this task (and tasks it started)
_current: ContextVar[str | None] = ContextVar("current_press", default=None)


class AnswersFirst:
    def __init__(self, max_wait: float = 1.0) -> None:
        self.max_wait = max_wait
        self._pending: set[str] = set()
        self._idle = asyncio.Event()
        self._idle.set()

    @property
    def pending(self) -> int:
        return len(self._pending)

    @contextlib.contextmanager
    def press(self, query_id: str) -> Iterator[None]:
        """While a press's handler runs: it counts until answered (or the handler ends)."""
        self._pending.add(query_id)
        self._idle.clear()
        token = _current.set(query_id)
        try:
            yield
        finally:
            _current.reset(token)
            self.answered(query_id)

    def answered(self, query_id: str) -> None:
        self._pending.discard(query_id)
        if not self._pending:
            self._idle.set()

    async def turn(self) -> None:
        """Wait (up to ``max_wait``) until no press is waiting for its answer; at once when
        called by a press's handler before its own answer."""
        if not self._pending or _current.get() in self._pending:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._idle.wait(), self.max_wait)
