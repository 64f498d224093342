"""Timers: deadlines stored in the database, timed in memory with one APScheduler 3 job.

At start the timetable is rebuilt from the ``deadlines`` table; a deadline that passed while the
bot was down fires once, at start. The armed deadlines wait in a heap by time, and a single
APScheduler job is set for the earliest: arming one is a heap push (a round of reports arms a
reminder each), and APScheduler is touched only when the earliest time changes. Firing claims the
deadline in the database (pending → fired) in the same transaction as the handler's state change,
so the effect is stored exactly once even if two paths race or the bot dies; the handler returns
what to announce, sent after the commit. Handlers are registered per ``kind`` by the services
that own them. When a test clock jumps, everything that became due fires at once (no sleeping in
tests).

*Durable jobs* (``on_durable``) are the other half: work that talks to Telegram and must not be
lost to a crash, such as sending a round's pairings. The job is stored (as a deadline due now) in
the transaction that made it necessary; its handler runs outside any transaction and must be
idempotent (``bot.outbox`` sends each message once by key); the job is marked done only after
the handler finished, so after a crash it runs again at start and sends what is still missing.
A failed run is retried after ``RETRY_SECONDS``.
"""

from __future__ import annotations

import asyncio
import heapq
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta

from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.triggers.date import DateTrigger

from bot.clock import Clock
from db import deadlines
from db.database import Database, Tx
from db.models import Deadline

log = logging.getLogger(__name__)

AfterCommit = Callable[[], Awaitable[None]]
Handler = Callable[[Tx, Deadline], Awaitable[AfterCommit | None]]
DurableHandler = Callable[[Deadline], Awaitable[None]]
RETRY_SECONDS = 30.0
WAKE_JOB = "deadlines-wake"


class Deadlines:
    """Adds, cancels and fires deadlines; see the module docstring."""

    def __init__(self, db: Database, clock: Clock) -> None:
        self._db = db
        self._clock = clock
        self._handlers: dict[str, Handler] = {}
        self._durable: dict[str, DurableHandler] = {}
        self._running: dict[int, asyncio.Event] = {}
        self._scheduler: AsyncIOScheduler | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        #: armed deadlines: id → when to fire (wall clock); the heap orders them, with stale
        #: entries (unscheduled or re-armed) skipped when they come up
        self._armed: dict[int, datetime] = {}
        self._heap: list[tuple[datetime, int]] = []
        self._wake_at: datetime | None = None  #: when the APScheduler job is set for
        clock.subscribe(self._clock_jumped)

    def on(self, kind: str, handler: Handler) -> None:
        self._handlers[kind] = handler

    def on_durable(self, kind: str, handler: DurableHandler) -> None:
        """Register an idempotent job kind, marked done only after its handler finished."""
        self._durable[kind] = handler

    async def start(self) -> None:
        """Build the scheduler from the stored deadlines; fire the overdue ones now."""
        self._clock.unsubscribe(self._clock_jumped)
        self._clock.subscribe(self._clock_jumped)
        self._scheduler = AsyncIOScheduler(timezone="UTC")
        self._scheduler.start()
        async with self._db.read() as tx:
            stored = await deadlines.pending(tx)
        for deadline in stored:
            self._schedule(deadline.id, datetime.fromisoformat(deadline.due_at))
        await self.fire_due()

    async def stop(self) -> None:
        self._clock.unsubscribe(self._clock_jumped)
        if self._scheduler is not None:
            self._scheduler.shutdown(wait=False)
            self._scheduler = None
        self._armed.clear()
        self._heap.clear()
        self._wake_at = None
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    def schedule(self, deadline_id: int, due_at: datetime) -> None:
        """Arm a stored deadline (after the transaction that stored it committed)."""
        if due_at <= self._clock.now():
            self._spawn(deadline_id)
        else:
            self._schedule(deadline_id, due_at)

    async def run(self, deadline_id: int) -> None:
        """Fire a stored deadline now and wait for it (after the transaction that stored it
        committed): the caller goes on once a durable job finished (or failed and will retry)."""
        self.unschedule([deadline_id])
        await self._fire(deadline_id)

    async def add(
        self, kind: str, ref_id: int, due_at: datetime, payload: dict[str, object] | None = None
    ) -> int:
        async with self._db.transaction() as tx:
            deadline_id = await deadlines.add(tx, kind, ref_id, due_at, payload)
        self.schedule(deadline_id, due_at)
        return deadline_id

    def unschedule(self, deadline_ids: list[int]) -> None:
        for deadline_id in deadline_ids:
            self._armed.pop(deadline_id, None)

    async def cancel_for(self, ref_id: int, kinds: tuple[str, ...]) -> None:
        async with self._db.transaction() as tx:
            ids = await deadlines.cancel_for(tx, ref_id, kinds)
        self.unschedule(ids)

    def _schedule(self, deadline_id: int, due_at: datetime) -> None:
        if self._scheduler is None:
            return
        # A test clock may run ahead of the wall clock: fire on the jump, not by the wall.
        delay = due_at - self._clock.now()
        run_at = datetime.now(due_at.tzinfo) + max(delay, timedelta(0))
        self._armed[deadline_id] = run_at
        heapq.heappush(self._heap, (run_at, deadline_id))
        if self._wake_at is None or run_at < self._wake_at:
            self._set_wake(run_at)

    def _set_wake(self, run_at: datetime) -> None:
        """(Re)set the one APScheduler job to ``run_at``."""
        if self._scheduler is None:
            return
        self._wake_at = run_at
        self._scheduler.add_job(
            self._wake,
            DateTrigger(run_date=run_at),
            id=WAKE_JOB,
            replace_existing=True,
            misfire_grace_time=None,
        )

    async def _wake(self) -> None:
        """Fire every armed deadline whose time has come; set the job for the next one."""
        self._wake_at = None
        now = datetime.now(UTC)
        while self._heap and self._heap[0][0] <= now:
            run_at, deadline_id = heapq.heappop(self._heap)
            if self._armed.get(deadline_id) == run_at:
                del self._armed[deadline_id]
                self._spawn(deadline_id)
        while self._heap and self._armed.get(self._heap[0][1]) != self._heap[0][0]:
            heapq.heappop(self._heap)  # stale
        if self._heap:
            self._set_wake(self._heap[0][0])

    def _spawn(self, deadline_id: int) -> None:
        task = asyncio.get_running_loop().create_task(self._fire(deadline_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _clock_jumped(self) -> None:
        task = asyncio.get_running_loop().create_task(self.fire_due())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def fire_due(self) -> None:
        """Fire every pending deadline whose time has come, in due order."""
        now = self._clock.now()
        async with self._db.read() as tx:
            due = [
                d for d in await deadlines.pending(tx) if datetime.fromisoformat(d.due_at) <= now
            ]
        self.unschedule([d.id for d in due])
        for deadline in due:
            await self._fire(deadline.id)

    async def _fire(self, deadline_id: int) -> None:
        running = self._running.get(deadline_id)
        if running is not None:  # a clock jump and the scheduler raced: wait for the other run
            await running.wait()
            return
        done = self._running[deadline_id] = asyncio.Event()
        try:
            async with self._db.read() as tx:
                deadline = await deadlines.get(tx, deadline_id)
            if deadline is None or deadline.kind not in self._durable:
                await self._fire_once(deadline_id)
            else:
                await self._run_durable(deadline)
        finally:
            del self._running[deadline_id]
            done.set()

    async def _run_durable(self, deadline: Deadline) -> None:
        try:
            await self._durable[deadline.kind](deadline)
        except Exception:
            log.exception(
                "job %s (%s) failed; retrying in %ss", deadline.id, deadline.kind, RETRY_SECONDS
            )
            loop = asyncio.get_running_loop()
            loop.call_later(RETRY_SECONDS, self._spawn, deadline.id)
            return
        async with self._db.transaction() as tx:
            await deadlines.claim(tx, deadline.id, self._clock.now().isoformat())

    async def _fire_once(self, deadline_id: int) -> None:
        after: AfterCommit | None = None
        try:
            async with self._db.transaction() as tx:
                deadline = await deadlines.get(tx, deadline_id)
                now = self._clock.now().isoformat()
                if deadline is None or not await deadlines.claim(tx, deadline_id, now):
                    return
                handler = self._handlers.get(deadline.kind)
                if handler is None:
                    log.error("no handler for deadline kind %s (id %s)", deadline.kind, deadline_id)
                    return
                after = await handler(tx, deadline)
            if after is not None:
                await after()
        except Exception:
            log.exception("deadline %s failed", deadline_id)
