"""Long polling that stores every update before Telegram forgets it, and finishes it after a crash.

aiogram's own loop moves getUpdates' ``offset`` past an update as soon as it was fetched: a
crash while the update is handled loses it, and Telegram never sends it again (a button press
left unanswered and unrecorded). Here every fetched batch is first written to the ``inbox``
table (``db.inbox``), in one transaction, and only then does the next getUpdates go out, with
``offset`` past the newest update fetched: Telegram forgets an update only once it is on disk.
Each update is then handled concurrently and its row deleted when its handler finished. At the
next start, whatever a crash left in the inbox is handled first (oldest first, concurrently as
usual); ``bot.handled`` skips the ones that were finished before the crash and not yet deleted,
and those Telegram sends again because the crash came before their confirmation.

So the loop always long-polls: a press reaches the bot the moment Telegram has it, whatever
is being handled meanwhile.

At most ``limit`` updates are handled at once; while that many are, no more are fetched, so a
burst waits at Telegram instead of in memory. The bound is a trade-off: too low, and handlers
waiting on Telegram's pacing (20 group messages a minute) hold every slot and a press waits
behind them; too high, and a burst costs memory. With 256 a burst of 5 000 updates leaves the
bot's memory near where it was (``benchmarks.backlog``), and a few dozen slow handlers still
leave most of the slots to people's presses.

A graceful stop (``stop``, SIGTERM, SIGINT) fetches no more and lets the handlers finish for
``GRACE`` seconds; what is still running then is cancelled and stays in the inbox for the next
start. The rows are as durable as the rest of the database (WAL, ``synchronous=NORMAL``): a
killed process loses none; a power cut may lose the last transactions, theirs among them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from datetime import UTC, datetime
from typing import Any

from aiogram import Bot, Dispatcher
from aiogram.dispatcher.dispatcher import DEFAULT_BACKOFF_CONFIG
from aiogram.methods import GetUpdates, TelegramMethod
from aiogram.types import Update
from aiogram.utils.backoff import Backoff, BackoffConfig

from db import inbox
from db.database import Database
from db.turns import in_background

log = logging.getLogger(__name__)

LIMIT = 256  #: updates handled at once (a burst waits at Telegram beyond this)
BATCH = 100  #: the most updates one getUpdates returns (Telegram's limit)
GRACE = 10.0  #: seconds a graceful stop waits for the updates being handled


class Polling:
    """``dp``'s updates from ``bot`` by long polling, kept in ``db``'s inbox until handled; see
    the module docstring."""

    def __init__(
        self,
        dp: Dispatcher,
        bot: Bot,
        db: Database,
        *,
        timeout: int = 10,
        limit: int = LIMIT,
        backoff: BackoffConfig = DEFAULT_BACKOFF_CONFIG,
    ) -> None:
        self.dp = dp
        self.bot = bot
        self.db = db
        self.timeout = timeout
        self.limit = limit
        self._backoff = Backoff(config=backoff)
        self._newest: int | None = None  #: the update id fetched last
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
        """Emit start-up, handle what the inbox kept, poll until ``stop`` (or SIGINT/SIGTERM),
        let handlers finish, emit shutdown. ``data`` goes to every handler, as with
        ``Dispatcher.start_polling``."""
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
        """Past the newest update fetched (it is in the inbox): Telegram may forget it. None
        before the first fetch: Telegram sends again whatever it was not told it can forget."""
        return None if self._newest is None else self._newest + 1

    async def _poll_until_stopped(self, data: dict[str, Any]) -> None:
        await self._resume(data)
        allowed = self.dp.resolve_used_update_types()
        while True:
            await self._wait_for_room()
            updates = await self._fetch(allowed)
            if not updates:
                continue
            fresh = await self._store(updates)
            self._newest = max(u.update_id for u in updates)  # stored: the next poll confirms
            for update in fresh:
                self._start(update, data)

    async def _resume(self, data: dict[str, Any]) -> None:
        """Handle the updates a crash (or a stop past ``GRACE``) left in the inbox."""
        async with self.db.read() as tx:
            left = await inbox.pending(tx)
        if left:
            log.warning("handling %d updates received before the restart", len(left))
        for update_id, text in left:
            await self._wait_for_room()
            try:
                update = Update.model_validate_json(text, context={"bot": self.bot})
            except ValueError:  # unreadable (never expected): handling it would fail every start
                log.exception("update %s in the inbox is unreadable; dropped", update_id)
                await self._forget(update_id)
                continue
            self._start(update, data)

    async def _wait_for_room(self) -> None:
        """Return once fewer than ``limit`` updates are being handled."""
        while self._running >= self.limit:
            self._finished.clear()
            await self._finished.wait()

    async def _fetch(self, allowed: list[str]) -> list[Update]:
        """One long poll from the current offset; after a failure, back off and try again."""
        while True:
            method = GetUpdates(
                offset=self.offset(),
                timeout=self.timeout,
                limit=min(BATCH, self.limit - self._running),
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

    async def _store(self, updates: list[Update]) -> list[Update]:
        """Write the batch to the inbox in one transaction; return the updates not there yet
        (one already there is being handled since the start: it came again unconfirmed)."""
        now = datetime.now(UTC).isoformat()
        fresh = []
        async with self.db.transaction() as tx:
            for update in updates:
                text = update.model_dump_json(by_alias=True, exclude_none=True)
                if await inbox.store(tx, update.update_id, text, now):
                    fresh.append(update)
        return fresh

    def _start(self, update: Update, data: dict[str, Any]) -> None:
        self._running += 1
        task = asyncio.ensure_future(self._handle(update, data))
        self._handling.add(task)
        task.add_done_callback(self._handling.discard)

    async def _handle(self, update: Update, data: dict[str, Any]) -> None:
        """Handle one update, then delete it from the inbox (even after a failure: the error
        was logged and answered, and running it again would fail the same way)."""
        try:
            try:
                response = await self.dp.feed_update(self.bot, update, **data)
                if isinstance(response, TelegramMethod):
                    await self.dp.silent_call_request(self.bot, response)
            except Exception:
                log.exception("update %s failed", update.update_id)
            # Not reached when cancelled (a stop past GRACE): the update stays in the inbox.
            await self._forget(update.update_id)
        finally:
            self._running -= 1
            self._finished.set()

    async def _forget(self, update_id: int) -> None:
        """Delete a finished update from the inbox. If that fails it is handled again at the
        next start, and ``bot.handled`` skips it there."""
        try:
            # Answered and marked handled already (``bot.handled``): a kill before this
            # delete only leaves a row the next start skips, so the other updates go first.
            with in_background():
                async with self.db.transaction() as tx:
                    await inbox.finish(tx, update_id)
        except Exception:
            log.exception("update %s handled but left in the inbox", update_id)

    async def _drain(self) -> None:
        """Let the updates being handled finish (for ``GRACE``), then cancel the rest: they
        stay in the inbox, so the next start handles them."""
        if not self._handling:
            return
        _, late = await asyncio.wait(set(self._handling), timeout=GRACE)
        for task in late:
            task.cancel()
        await asyncio.gather(*late, return_exceptions=True)
