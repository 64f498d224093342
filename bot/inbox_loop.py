"""Webhook mode's handling: the updates every process's endpoint stored in the inbox, handled
by the leader alone (issue 28, ``bot.leader``).

In webhook mode each bot process, leader or standby, accepts Telegram's posts: the update is
written to the ``inbox`` table (``db.inbox``) and Telegram answered at once (``bot.webhook``).
Only the process holding the lease runs an :class:`InboxLoop`: it handles what the inbox holds,
oldest first, as ``bot.polling`` handles fetched updates (concurrently, at most ``limit`` at
once, each row deleted once handled, ``bot.handled`` skipping one handled already). It is woken
at once when its own endpoint stored an update, and looks at the inbox every ``every`` seconds
for those the other process stored. A standby that takes over starts with what is stored and
not yet handled, the killed leader's unfinished updates among them.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from aiogram import Bot, Dispatcher
from aiogram.types import Update

from bot.polling import Polling
from db import inbox
from db.database import Database

#: seconds between two looks at the inbox for updates another process stored
EVERY = 2.0


class InboxLoop(Polling):
    """``Polling`` whose updates come from the inbox instead of ``getUpdates``."""

    def __init__(
        self, dp: Dispatcher, bot: Bot, db: Database, *, every: float = EVERY, **kw: Any
    ) -> None:
        super().__init__(dp, bot, db, **kw)
        self.every = every
        self._woken = asyncio.Event()
        self._taken: set[int] = set()  #: update ids being handled here

    def wake(self) -> None:
        """An update was stored here: look at the inbox now."""
        self._woken.set()

    async def _poll_until_stopped(self, data: dict[str, Any]) -> None:
        while True:
            self._woken.clear()
            await self._take_stored(data)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._woken.wait(), self.every)

    async def _take_stored(self, data: dict[str, Any]) -> None:
        """Start every stored update not already being handled here."""
        async with self.db.read() as tx:
            stored = await inbox.pending(tx)
        for update_id, text in stored:
            if update_id in self._taken:
                continue
            await self._wait_for_room()
            try:
                update = Update.model_validate_json(text, context={"bot": self.bot})
            except ValueError:  # unreadable (never expected): it would fail at every look
                await self._forget(update_id)
                continue
            self._start(update, data)

    def _start(self, update: Update, data: dict[str, Any]) -> None:
        self._taken.add(update.update_id)
        super()._start(update, data)

    async def _handle(self, update: Update, data: dict[str, Any]) -> None:
        # Released only after its row was deleted: a look meanwhile must not start it again.
        try:
            await super()._handle(update, data)
        finally:
            self._taken.discard(update.update_id)
