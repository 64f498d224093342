"""Long polling that confirms an update to Telegram only once it was handled.

aiogram's own loop moves getUpdates' ``offset`` past an update as soon as it was fetched: a
crash while the update is handled loses it, and Telegram never sends it again (a button press
left unanswered and unrecorded). Here the offset stays at the oldest update still being
handled, so after a crash Telegram delivers again everything not finished; what was finished but
not yet confirmed is skipped by ``bot.handled``.

Handling runs concurrently, at most ``limit`` updates at once: while that many are being
handled no more are fetched, so a burst waits at Telegram instead of in memory.

An unconfirmed update comes back with every getUpdates, at once: there is no long poll while
anything is being handled. Updates already fetched are skipped, and while handlers run the
polls are ``BUSY_PAUSE`` apart: a slow handler costs a few short polls a second, and an update
sent meanwhile waits at most that long.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from typing import Any

from aiogram import Bot, Dispatcher
from aiogram.dispatcher.dispatcher import DEFAULT_BACKOFF_CONFIG
from aiogram.methods import GetUpdates, TelegramMethod
from aiogram.types import Update
from aiogram.utils.backoff import Backoff, BackoffConfig

log = logging.getLogger(__name__)

LIMIT = 64  #: updates handled at once (a burst waits at Telegram beyond this)
BUSY_PAUSE = 0.1  #: seconds between polls while handlers run
BATCH = 100  #: the most updates one getUpdates returns (Telegram's limit)
GRACE = 10.0  #: seconds a graceful stop waits for the updates being handled


class Polling:
    """``dp``'s updates from ``bot`` by long polling; see the module docstring."""

    def __init__(
        self,
        dp: Dispatcher,
        bot: Bot,
        *,
        timeout: int = 10,
        limit: int = LIMIT,
        backoff: BackoffConfig = DEFAULT_BACKOFF_CONFIG,
    ) -> None:
        self.dp = dp
        self.bot = bot
        self.timeout = timeout
        self.limit = limit
        self._backoff = Backoff(config=backoff)
        #: fetched and not yet confirmed, in update id order: id -> handling finished
        self._unconfirmed: dict[int, bool] = {}
        self._newest = 0  #: the update id fetched last
        self._handling: set[asyncio.Task[None]] = set()
        self._running = 0  #: updates being handled (their tasks may not be done yet)
        self._finished = asyncio.Event()  #: set when a handler finishes
        self._stop = asyncio.Event()

    @property
    def in_flight(self) -> int:
        """Updates being handled right now."""
        return self._running

    def stop(self) -> None:
        """Stop fetching; ``run`` returns once the updates being handled finished."""
        self._stop.set()

    async def run(self, *, handle_signals: bool = False, **data: Any) -> None:
        """Emit start-up, poll until ``stop`` (or SIGINT/SIGTERM), let handlers finish, emit
        shutdown. ``data`` goes to every handler, as with ``Dispatcher.start_polling``."""
        if handle_signals:
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGTERM, signal.SIGINT):
                loop.add_signal_handler(sig, self.stop)
        data = {"dispatcher": self.dp, "bots": (self.bot,), **data}
        await self.dp.emit_startup(bot=self.bot, **self.dp.workflow_data, **data)
        try:
            polling = asyncio.ensure_future(self._poll_until_stopped(data))
            stopped = asyncio.ensure_future(self._stop.wait())
            try:
                await asyncio.wait({polling, stopped}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for task in (polling, stopped):
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await task
        finally:
            await self._drain()
            await self.dp.emit_shutdown(bot=self.bot, **self.dp.workflow_data, **data)

    def offset(self) -> int | None:
        """The oldest update not handled yet: Telegram confirms every update before it."""
        while self._unconfirmed:
            oldest = next(iter(self._unconfirmed))
            if not self._unconfirmed[oldest]:
                return oldest
            del self._unconfirmed[oldest]
        return self._newest + 1 if self._newest else None

    async def _poll_until_stopped(self, data: dict[str, Any]) -> None:
        allowed = self.dp.resolve_used_update_types()
        loop = asyncio.get_running_loop()
        polled = -BUSY_PAUSE  #: when the last poll went out (loop time)
        while True:
            while self._running >= self.limit:  # fetch no more until one finished
                await self._wait_finished()
            if self._running:  # short polls (see the module docstring), BUSY_PAUSE apart
                await asyncio.sleep(polled + BUSY_PAUSE - loop.time())
            polled = loop.time()
            updates = await self._fetch(allowed)
            for update in updates:
                if update.update_id in self._unconfirmed:  # fetched before, not confirmed yet
                    continue
                self._newest = update.update_id
                self._unconfirmed[update.update_id] = False
                self._running += 1
                task = asyncio.ensure_future(self._handle(update, data))
                self._handling.add(task)
                task.add_done_callback(self._handling.discard)

    async def _wait_finished(self) -> None:
        self._finished.clear()
        await self._finished.wait()

    async def _fetch(self, allowed: list[str]) -> list[Update]:
        """One getUpdates from the current offset; after a failure, back off and try again."""
        while True:
            offset = self.offset()  # first: it forgets the updates it confirms
            room = self.limit - self._running
            method = GetUpdates(
                offset=offset,
                timeout=0 if self._running else self.timeout,
                limit=min(BATCH, len(self._unconfirmed) + room),
                allowed_updates=allowed,
            )
            # The request may take the whole long poll: wait longer than that for the answer.
            wait = int((self.bot.session.timeout or 0) + self.timeout)
            try:
                updates = await self.bot(method, request_timeout=wait)
            except Exception as exc:  # a network or server failure: never stop polling
                delay = self._backoff.next_delay
                log.error(
                    "getUpdates failed (%s: %s); retry in %.1fs", type(exc).__name__, exc, delay
                )
                await self._backoff.asleep()
                continue
            self._backoff.reset()
            return updates

    async def _handle(self, update: Update, data: dict[str, Any]) -> None:
        """Handle one update; it may be confirmed once this returned (even after a failure:
        the error was logged and answered, and running it again would fail the same way)."""
        try:
            response = await self.dp.feed_update(self.bot, update, **data)
            if isinstance(response, TelegramMethod):
                await self.dp.silent_call_request(self.bot, response)
        except Exception:
            log.exception("update %s failed", update.update_id)
        finally:
            self._running -= 1
            self._finished.set()
        # Not reached when cancelled (a stop past GRACE): that update stays unconfirmed.
        self._unconfirmed[update.update_id] = True

    async def _drain(self) -> None:
        """Let the updates being handled finish (for ``GRACE``), then cancel the rest: they are
        not confirmed, so Telegram delivers them again after the restart."""
        if not self._handling:
            return
        _, late = await asyncio.wait(set(self._handling), timeout=GRACE)
        for task in late:
            task.cancel()
        await asyncio.gather(*late, return_exceptions=True)
