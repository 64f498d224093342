"""The test clock: it stands still until a test moves it (time is an input, tests never sleep)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.clock import Clock


class ManualClock(Clock):
    """A clock that stands still until moved: for tests and simulations (benchmarks)."""

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
