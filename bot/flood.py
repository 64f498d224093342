"""A throttle against floods: one person in one chat gets at most ``limit`` requests handled per
window (``FLOOD_LIMIT`` per ``FLOOD_SECONDS``, 20 a minute unless the club sets otherwise).

Why: every command in a group is answered in the group, and Telegram lets a bot post only about
20 messages a minute there. One member sending 500 ``/standings`` got 500 answers spread over 25
minutes, and everyone else's answers waited behind them. With the throttle, his 21st request in
the minute gets one "too many requests, wait N s" and the rest of the window is dropped; other
people are not affected (the count is per person and chat). Twenty a minute is the group's own
budget: an organiser setting up a tournament (the wizard, adding six players, norms, the draw,
/begin) needs about fifteen, a player a handful.

What counts: commands (texts starting with "/") in groups — ordinary chat there is no request —,
every message in a private chat, and every button press. A press over the limit is still
answered (a button must never spin) with the same words, as a toast: nothing is posted.

This is a protection, not a speed cache: the counts live in memory (a restart forgets them,
which only forgives), one small record per person and chat seen in the last window.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from aiogram import BaseMiddleware
from aiogram.types import CallbackQuery, Message, TelegramObject

from bot.clock import Clock
from bot.texts import Tr

#: Above this many records, those whose window has ended are forgotten.
KEPT = 10_000


class Verdict(enum.Enum):
    HANDLE = "handle"  #: within the limit
    WARN = "warn"  #: the first request over the limit in this window: say so once
    DROP = "drop"  #: over the limit, already told


@dataclass(slots=True)
class _Window:
    start: datetime
    count: int = 0
    warned: bool = False


class FloodGate:
    """Counts requests per (chat, person) in fixed windows; ``limit`` 0 turns it off."""

    def __init__(self, limit: int, window: timedelta) -> None:
        self.limit = limit
        self.window = window
        self._windows: dict[tuple[int, int], _Window] = {}

    def admit(self, chat_id: int, user_id: int, now: datetime) -> Verdict:
        if self.limit <= 0:
            return Verdict.HANDLE
        key = (chat_id, user_id)
        current = self._windows.get(key)
        if current is None or now - current.start >= self.window:
            if current is None and len(self._windows) >= KEPT:
                self._forget(now)
            current = self._windows[key] = _Window(now)
        current.count += 1
        if current.count <= self.limit:
            return Verdict.HANDLE
        if current.warned:
            return Verdict.DROP
        current.warned = True
        return Verdict.WARN

    def wait_seconds(self, chat_id: int, user_id: int, now: datetime) -> int:
        """Whole seconds until the person's window in the chat ends (at least 1)."""
        current = self._windows.get((chat_id, user_id))
        if current is None:
            return 1
        left = (current.start + self.window - now).total_seconds()
        return max(1, math.ceil(left))

    def _forget(self, now: datetime) -> None:
        ended = [k for k, w in self._windows.items() if now - w.start >= self.window]
        for key in ended:
            del self._windows[key]


def _origin(event: TelegramObject) -> tuple[int, int] | None:
    """(chat, person) of a request that counts, else ``None`` (see the module docstring)."""
    if isinstance(event, CallbackQuery):
        chat = event.message.chat.id if event.message is not None else event.from_user.id
        return chat, event.from_user.id
    if isinstance(event, Message) and event.from_user is not None:
        text = event.text or event.caption or ""
        if event.chat.type == "private" or text.startswith("/"):
            return event.chat.id, event.from_user.id
    return None


class FloodMiddleware(BaseMiddleware):
    """Applies a ``FloodGate`` to messages and button presses (an outer middleware of both,
    inside the context middleware, so the update is still marked handled and ``t`` is set)."""

    def __init__(self, gate: FloodGate, clock: Clock) -> None:
        self.gate = gate
        self.clock = clock

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        origin = _origin(event)
        if origin is None:
            return await handler(event, data)
        now = self.clock.now()
        verdict = self.gate.admit(*origin, now)
        if verdict is Verdict.HANDLE:
            return await handler(event, data)
        t: Tr = data["t"]
        text = t("flood.too_many", seconds=self.gate.wait_seconds(*origin, now))
        if isinstance(event, CallbackQuery):
            await event.answer(text)
        elif verdict is Verdict.WARN and isinstance(event, Message):
            await event.reply(text)
        return None
