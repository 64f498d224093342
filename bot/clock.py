"""Time as an input: services ask a clock, tests move one by hand (``tests.clock``).

``Clock.now()`` is always timezone-aware UTC. Listeners are told when a test clock jumps, so the
deadline service can fire what became due without anyone sleeping.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import UTC, datetime, tzinfo


class Clock:
    """The real clock."""

    def __init__(self) -> None:
        self._listeners: list[Callable[[], object]] = []

    def now(self) -> datetime:
        return datetime.now(UTC)

    def start(self) -> None:
        """Begin watching for jumps (only clocks driven from outside need it)."""

    def stop(self) -> None:
        """Stop watching."""

    def subscribe(self, listener: Callable[[], object]) -> None:
        """Call ``listener`` whenever time jumps (only test clocks jump)."""
        self._listeners.append(listener)

    def unsubscribe(self, listener: Callable[[], object]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def _jumped(self) -> None:
        for listener in list(self._listeners):
            listener()


class FileClock(Clock):
    """Time read from a file holding an ISO 8601 instant: a test in another process moves it.

    Set by the ``CLOCK_FILE`` setting, for simulations and crash tests that run the bot as a
    separate program. The file is polled; when its time changes, listeners are told (so due
    deadlines fire). An unreadable file keeps the last good time. A time without an offset
    ("2026-11-30 21:00") is the club's (``zone``, the ``TIMEZONE`` setting), as people write it.
    """

    def __init__(self, path: str, poll_seconds: float = 0.05, zone: tzinfo = UTC) -> None:
        super().__init__()
        self._path = path
        self._poll = poll_seconds
        self._zone = zone
        self._now = self._read() or datetime.now(UTC)
        self._task: asyncio.Task[None] | None = None

    def _read(self) -> datetime | None:
        try:
            with open(self._path, encoding="utf-8") as handle:
                value = datetime.fromisoformat(handle.read().strip())
        except (OSError, ValueError):
            return None
        return (value if value.tzinfo else value.replace(tzinfo=self._zone)).astimezone(UTC)

    def now(self) -> datetime:
        return self._now

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._watch())

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(self._poll)
            value = self._read()
            if value is not None and value != self._now:
                self._now = value
                self._jumped()

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None
