"""Time as an input: services ask a clock, tests move one by hand.

``Clock.now()`` is always timezone-aware UTC. Listeners are told when a test clock jumps, so the
deadline service can fire what became due without anyone sleeping.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta


class Clock:
    """The real clock."""

    def __init__(self) -> None:
        self._listeners: list[Callable[[], object]] = []

    def now(self) -> datetime:
        return datetime.now(UTC)

    def subscribe(self, listener: Callable[[], object]) -> None:
        """Call ``listener`` whenever time jumps (only test clocks jump)."""
        self._listeners.append(listener)

    def _jumped(self) -> None:
        for listener in list(self._listeners):
            listener()


class ManualClock(Clock):
    """A clock that stands still until moved: for tests and simulations."""

    def __init__(self, start: datetime) -> None:
        super().__init__()
        if start.tzinfo is None:
            raise ValueError("a clock needs an aware datetime")
        self._now = start.astimezone(UTC)

    def now(self) -> datetime:
        return self._now

    def advance(self, delta: timedelta) -> None:
        self._now += delta
        self._jumped()

    def set(self, when: datetime) -> None:
        self._now = when.astimezone(UTC)
        self._jumped()
