"""The database's turns: one transaction at a time, a person's update before background work.

Every transaction waits for its turn on the one connection (``db.database``). A plain FIFO lock
served them in arrival order, so when a whole Swiss round was reported at once, each press's
answer waited behind the follow-ups of the presses before it (the opponent's confirmation
request, the board's edit: work that runs beside the updates, ``bot.background``).
``benchmarks.burst`` at 256 players measured press → answer p99 of 0.84–1.41 s that way. Here a
waiter marked as background (``in_background``) lets every waiter that is not go first, so the
presses are answered before their follow-ups run; a background waiter that has waited
``PATIENCE`` seconds goes next whatever waits, so a long flood of presses delays the follow-ups
but never starves them.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from types import TracebackType

#: whether the current task's transactions are background work (``in_background``)
_BACKGROUND: ContextVar[bool] = ContextVar("db_background", default=False)
#: the longest a background waiter lets others go first
PATIENCE = 2.0


@contextmanager
def in_background() -> Iterator[None]:
    """Inside it the current task's transactions are background work: a follow-up or a deadline
    firing (``bot.background``). A task's context is its own, so this marks no other."""
    token = _BACKGROUND.set(True)
    try:
        yield
    finally:
        _BACKGROUND.reset(token)


class Turns:
    """A lock like ``asyncio.Lock`` whose waiters are served foreground first (module docstring)."""

    def __init__(self, patience: float = PATIENCE) -> None:
        self._patience = patience
        self._held = False
        self._waiting: dict[bool, deque[tuple[float, asyncio.Future[None]]]] = {
            False: deque(),
            True: deque(),
        }

    def locked(self) -> bool:
        return self._held

    async def acquire(self) -> None:
        if not self._held and not any(self._waiting.values()):
            self._held = True
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        queue = self._waiting[_BACKGROUND.get()]
        entry = (time.monotonic(), turn)
        queue.append(entry)
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self.release()  # the turn came with the cancellation: pass it on
            else:
                queue.remove(entry)
            raise

    def release(self) -> None:
        while (turn := self._next()) is not None:
            if not turn.done():
                turn.set_result(None)  # the lock stays held: it passes to that waiter
                return
        self._held = False

    def _next(self) -> asyncio.Future[None] | None:
        foreground, background = self._waiting[False], self._waiting[True]
        overdue = background and time.monotonic() - background[0][0] >= self._patience
        queue = background if overdue or not foreground else foreground
        return queue.popleft()[1] if queue else None

    async def __aenter__(self) -> None:
        await self.acquire()

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.release()
