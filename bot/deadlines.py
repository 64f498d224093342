"""Timers: deadlines stored in the database, each armed as one APScheduler 3 job.

The ``deadlines`` table is the timetable; APScheduler (``AsyncIOScheduler``, in-memory job store)
holds one job per pending deadline, named after the deadline's id (``deadline:<id>``), whose
function takes that id only. Cancelling a deadline removes its job; at start the jobs are built
again from the table. Firing claims the deadline in the database (pending → fired) in the same
transaction as the handler's state change, so the effect is stored exactly once even if two
paths race or the bot dies; the handler returns what to announce, sent after the commit.
Handlers are registered per ``kind`` by the services that own them. When a test clock jumps,
everything that became due fires at once (no sleeping in tests).

*Durable jobs* (``on_durable``) are the other half: work that talks to Telegram and must not be
lost to a crash, such as sending a round's pairings. The job is stored (as a deadline due now) in
the transaction that made it necessary; its handler runs outside any transaction and must be
idempotent (``bot.outbox`` sends each message once by key); the job is marked done only after
the handler finished, so after a crash it runs again at start and sends what is still missing.
A failed run is retried after ``RETRY_SECONDS``.

*After downtime.* ``start`` only rebuilds the jobs: the deadlines that came due while the bot
was down wait for ``catch_up``, which the application runs in the background once polling has
begun, so people's presses are not queued behind hours of stale timers. A deadline more than
``LATE_AFTER`` overdue at start is *late*, and its kind says what happens (``Late``): a change of
state is applied, its handler asking ``overdue`` to say in its announcement that it is late and
why (when the bot was down: its last heartbeat, ``bot.heartbeat``); a reminder is dropped
(status ``dropped``, never fired). Every kind is classified where it is registered (``on``).
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Protocol

from apscheduler.jobstores.base import JobLookupError
from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.triggers.date import DateTrigger
from apscheduler.triggers.interval import IntervalTrigger

from bot.background import Background
from bot.clock import Clock
from bot.heartbeat import HEARTBEAT_SECONDS, Heartbeat
from db import deadlines
from db.database import Database, Tx
from db.models import Deadline

log = logging.getLogger(__name__)

#: What a change does once its transaction committed (the one definition: ``bot.swiss``,
#: ``bot.koth`` and ``bot.results`` import it from here).
AfterCommit = Callable[[], Awaitable[None]]


async def committed(after: AfterCommit | None) -> None:
    """Run what a change does once its transaction committed (nothing for ``None``)."""
    if after is not None:
        await after()


Handler = Callable[[Tx, Deadline], Awaitable[AfterCommit | None]]
DurableHandler = Callable[[Deadline], Awaitable[None]]
RETRY_SECONDS = 30.0
#: How overdue a deadline may be at start and still count as on time: a restart takes seconds.
LATE_AFTER = timedelta(minutes=1)
HEARTBEAT_JOB = "heartbeat"


class Late(enum.Enum):
    """What a deadline does when it is found overdue at start (the bot was down when it came).

    Each kind is classified where its service registers it (``Deadlines.on``):

    - ``APPLY``: ``swiss_time`` and ``swiss_table_time`` (play ends), ``koth_expire`` (the last
      circle begins), ``koth_bonus`` (expired bonuses change effective ratings), ``draft_deck``
      (deck building ends), and every durable job (``job:*``: announcements of what already
      happened; ``job:draft_clock``, a draft's pick clock, shows where the draft is now);
    - ``DROP``: ``confirm_reminder``, and ``koth_board`` (the board's "time left"; dropping it
      shows the time left now and resumes the refresh);
    - ``WARN``: ``swiss_warn`` ("10 minutes left"), ``koth_warn`` (before the main time ends):
      dropped too, and dropped whenever they fire late, not only at start.
    """

    #: It changes state (a round's time, the main time's end, a bonus expiry, a durable job):
    #: applied anyway, and its announcement says that it is late and why (``Deadlines.overdue``).
    APPLY = "apply"
    #: A pure reminder ("confirm the result", a board refresh): its moment has passed, so it
    #: is marked ``dropped`` and never fired.
    DROP = "drop"
    #: A warning of a moment to come ("15 minutes left, until 22:00"): dropped like ``DROP`` at
    #: start, and also whenever it fires more than ``LATE_AFTER`` past its time while running
    #: (the clock jumped past it): what it says is then false, or already over.
    WARN = "warn"


@dataclass(frozen=True, slots=True)
class Overdue:
    """Why a deadline fires late: it came while the bot was down."""

    due_at: datetime
    #: the bot's last heartbeat before it went down (``None``: not known, an older database)
    down_since: datetime | None
    back_at: datetime  #: when the bot started again


@dataclass(slots=True)
class Rearm:
    """Deadlines to forget and to schedule once the transaction that stored them committed."""

    cancelled: list[int] = field(default_factory=list)
    armed: list[tuple[int, datetime]] = field(default_factory=list)

    def apply(self, owner: HasDeadlines) -> None:
        owner.deadlines.unschedule(self.cancelled)
        for deadline_id, due in self.armed:
            owner.deadlines.schedule(deadline_id, due)


class HasDeadlines(Protocol):
    """What ``Rearm.apply`` is given: a kind's core (``bot.infra.KindCore``)."""

    @property
    def deadlines(self) -> Deadlines: ...


def job_id(deadline_id: int) -> str:
    return f"deadline:{deadline_id}"


class Deadlines:
    """Adds, cancels and fires deadlines; see the module docstring."""

    def __init__(self, db: Database, clock: Clock, background: Background | None = None) -> None:
        self._db = db
        self._clock = clock
        self._handlers: dict[str, Handler] = {}
        self._late: dict[str, Late] = {}
        self._dropped: dict[str, Handler] = {}
        self._durable: dict[str, DurableHandler] = {}
        #: the durable kinds whose lateness is not told (``on_durable``)
        self._quiet: set[str] = set()
        self._running: dict[int, asyncio.Event] = {}
        self._scheduler: AsyncIOScheduler | None = None
        #: where deadlines due now fire, beside the caller: the app's (its stop drains them), or
        #: this service's own (cancelled by ``stop``)
        self._background = background or Background()
        self._owns_background = background is None
        self._heartbeat = Heartbeat(db, clock)
        #: the deadlines found due at start, for ``catch_up`` (a clock jump leaves them to it)
        self._backlog: dict[int, Deadline] = {}
        #: set once the backlog found at start was worked off (``catch_up``)
        self.caught_up = asyncio.Event()
        self._down_since: datetime | None = None
        self._back_at: datetime | None = None
        #: the deadlines firing late right now (what ``overdue`` tells their handlers)
        self._overdue: dict[int, Overdue] = {}
        #: called before a durable job runs late, to say so (e.g. a line in the group)
        self.on_late_job: Callable[[Deadline, Overdue], Awaitable[None]] | None = None
        clock.subscribe(self._clock_jumped)

    def on(
        self, kind: str, handler: Handler, *, late: Late, dropped: Handler | None = None
    ) -> None:
        """Register the handler of a kind, and what it does when late (``Late``); ``dropped``
        runs in the transaction that drops a late one (e.g. to resume a periodic refresh)."""
        self._handlers[kind] = handler
        self._late[kind] = late
        if dropped is not None:
            self._dropped[kind] = dropped

    def on_durable(self, kind: str, handler: DurableHandler, *, say_late: bool = True) -> None:
        """Register an idempotent job kind, marked done only after its handler finished.

        A durable job is always applied, however late (``on_late_job`` says it is late, unless
        ``say_late`` is off: a job that may send nothing, the evening's recap, says nothing
        about its lateness either)."""
        self._durable[kind] = handler
        if not say_late:
            self._quiet.add(kind)

    def overdue(self, deadline_id: int) -> Overdue | None:
        """Why the deadline being fired is late, or ``None`` when it is on time."""
        return self._overdue.get(deadline_id)

    # --- start and stop -----------------------------------------------------------------------

    async def start(self) -> None:
        """Arm a job for each stored deadline still to come; keep the due ones for ``catch_up``.

        Reads the last heartbeat first (when the bot went down), then keeps its own."""
        self.caught_up.clear()
        self._clock.unsubscribe(self._clock_jumped)
        self._clock.subscribe(self._clock_jumped)
        self._scheduler = AsyncIOScheduler(timezone=UTC)
        self._scheduler.start()
        async with self._db.read() as tx:
            stored = await deadlines.pending(tx)
        self._down_since = await self._heartbeat.last()
        self._back_at = now = self._clock.now()
        await self._heartbeat.beat()
        self._scheduler.add_job(
            self._heartbeat.beat, IntervalTrigger(seconds=HEARTBEAT_SECONDS), id=HEARTBEAT_JOB
        )
        for deadline in stored:
            due = datetime.fromisoformat(deadline.due_at)
            if due <= now:
                self._backlog[deadline.id] = deadline
            else:
                self._arm(deadline.id, due)

    async def catch_up(self) -> None:
        """Handle the deadlines that came due while the bot was down, in due order: on time or
        applied late (``Late.APPLY``) they fire, late reminders (``Late.DROP``) are dropped.
        ``caught_up`` is set once they are done."""
        try:
            await self._work_off_backlog()
        finally:
            self.caught_up.set()

    async def _work_off_backlog(self) -> None:
        for deadline in list(self._backlog.values()):
            if self._backlog.pop(deadline.id, None) is None:
                continue  # cancelled meanwhile
            overdue = self._overdue_at_start(deadline)
            if overdue is None:
                await self._fire(deadline.id)
            elif self._late.get(deadline.kind) in (Late.DROP, Late.WARN):
                await self._drop(deadline)
            else:
                self._overdue[deadline.id] = overdue
                try:
                    await self._fire(deadline.id)
                finally:
                    del self._overdue[deadline.id]

    def _overdue_at_start(self, deadline: Deadline) -> Overdue | None:
        due = datetime.fromisoformat(deadline.due_at)
        if self._back_at is None or self._back_at - due <= LATE_AFTER:
            return None
        return Overdue(due, self._down_since, self._back_at)

    async def _drop(self, deadline: Deadline) -> None:
        after: AfterCommit | None = None
        try:
            async with self._db.transaction() as tx:
                if not await deadlines.drop(tx, deadline.id, self._clock.now().isoformat()):
                    return
                hook = self._dropped.get(deadline.kind)
                after = None if hook is None else await hook(tx, deadline)
            log.info("dropped late %s (id %s, due %s)", deadline.kind, deadline.id, deadline.due_at)
            await committed(after)
        except Exception:
            log.exception("dropping deadline %s failed", deadline.id)

    async def stop(self) -> None:
        self._clock.unsubscribe(self._clock_jumped)
        if self._scheduler is not None:
            self._scheduler.shutdown(wait=False)
            self._scheduler = None
            with contextlib.suppress(Exception):  # the last moment alive, if the database lets us
                await self._heartbeat.beat()
        self._backlog.clear()
        if self._owns_background:
            await self._background.drain(timeout=0)

    # --- arming and cancelling ----------------------------------------------------------------

    def schedule(self, deadline_id: int, due_at: datetime) -> None:
        """Arm a stored deadline (after the transaction that stored it committed)."""
        if due_at <= self._clock.now():
            self._spawn(deadline_id)
        else:
            self._arm(deadline_id, due_at)

    async def run(self, deadline_id: int | None) -> None:
        """Fire a stored deadline now and wait for it (after the transaction that stored it
        committed): the caller goes on once a durable job finished (or failed and will retry).
        ``None`` (nothing was stored, e.g. no notice to tell): nothing."""
        if deadline_id is None:
            return
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
        """Remove the jobs of deadlines cancelled (or fired another way)."""
        for deadline_id in deadline_ids:
            self._backlog.pop(deadline_id, None)
            if self._scheduler is not None:
                with contextlib.suppress(JobLookupError):
                    self._scheduler.remove_job(job_id(deadline_id))

    async def cancel_for(self, ref_id: int, kinds: tuple[str, ...]) -> None:
        async with self._db.transaction() as tx:
            ids = await deadlines.cancel_for(tx, ref_id, kinds)
        self.unschedule(ids)

    def _arm(self, deadline_id: int, due_at: datetime, *, wall: datetime | None = None) -> None:
        """One APScheduler job, by the deadline's id, that fires it."""
        if self._scheduler is None:
            return  # not started: ``start`` arms it from the table
        if wall is None:
            # A test clock may run ahead of the wall clock: its jumps fire what is due
            # (``fire_due``); the job waits as long by the wall as the deadline by the clock.
            delay = max(due_at - self._clock.now(), timedelta(0))
            wall = datetime.now(UTC) + delay
        self._scheduler.add_job(
            self._fire,
            DateTrigger(run_date=wall),
            args=[deadline_id],
            id=job_id(deadline_id),
            replace_existing=True,
            misfire_grace_time=None,
        )

    def _spawn(self, deadline_id: int) -> None:
        self._background.spawn(self._fire(deadline_id))

    def _clock_jumped(self) -> None:
        self._background.spawn(self._jumped())

    async def _jumped(self) -> None:
        if self._scheduler is not None:  # running: a test clock's "now" is a moment alive
            await self._heartbeat.beat()
        await self.fire_due()

    # --- firing -------------------------------------------------------------------------------

    async def fire_due(self) -> None:
        """Fire every pending deadline whose time has come, in due order (except those found
        due at start: ``catch_up`` decides about them)."""
        now = self._clock.now()
        async with self._db.read() as tx:
            due = [
                d
                for d in await deadlines.pending(tx)
                if datetime.fromisoformat(d.due_at) <= now and d.id not in self._backlog
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
            if deadline is not None and self._warning_passed(deadline):
                await self._drop(deadline)
            elif deadline is None or deadline.kind not in self._durable:
                await self._fire_once(deadline_id)
            else:
                await self._run_durable(deadline)
        finally:
            del self._running[deadline_id]
            done.set()

    def _warning_passed(self, deadline: Deadline) -> bool:
        """A warning (``Late.WARN``) whose moment has passed: the clock jumped past it."""
        if self._late.get(deadline.kind) is not Late.WARN:
            return False
        return self._clock.now() - datetime.fromisoformat(deadline.due_at) > LATE_AFTER

    async def _run_durable(self, deadline: Deadline) -> None:
        try:
            overdue = self.overdue(deadline.id)
            told = deadline.kind not in self._quiet
            if overdue is not None and self.on_late_job is not None and told:
                await self.on_late_job(deadline, overdue)
            await self._durable[deadline.kind](deadline)
        except Exception:
            log.exception(
                "job %s (%s) failed; retrying in %ss", deadline.id, deadline.kind, RETRY_SECONDS
            )
            retry = datetime.now(UTC) + timedelta(seconds=RETRY_SECONDS)
            self._arm(deadline.id, self._clock.now(), wall=retry)
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
            await committed(after)
        except Exception:
            log.exception("deadline %s failed", deadline_id)
