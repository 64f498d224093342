"""King-of-the-Hill timers: the main time's warning and expiry, the board's periodic refresh while
the main time runs, and the judge's ``/extend``. Deadlines live in the database (``bot.deadlines``
rebuilds the scheduler from them at start); handlers take ids only and return what to announce."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot import late
from bot.deadlines import AfterCommit
from bot.errors import UserError
from bot.koth.announce import Announcer
from bot.koth.core import (
    BOARD_EVERY,
    BOARD_TICK,
    EXPIRE,
    TIMERS,
    WARN,
    WARNING_BEFORE,
    KothCore,
    KothSnapshot,
)
from bot.koth.desk import Desk
from bot.koth.events import KOTH_EVENTS
from db import chats, deadlines, tournaments
from db.database import Tx
from db.models import Deadline
from db.tournaments import Tournament
from rules.koth.events import Expired, Extended

Armed = list[tuple[int, datetime]]


class Timers:
    def __init__(self, core: KothCore, board: Announcer, desk: Desk) -> None:
        self.core = core
        self.board = board
        self.desk = desk

    async def add(self, tx: Tx, tid: int, due: datetime) -> Armed:
        """Store the warning, the expiry and the next board refresh for main time ending ``due``."""
        warn_at = due - WARNING_BEFORE
        armed = [
            (await deadlines.add(tx, WARN, tid, warn_at), warn_at),
            (await deadlines.add(tx, EXPIRE, tid, due), due),
        ]
        return armed + await self._next_tick(tx, tid, due)

    async def _next_tick(self, tx: Tx, tid: int, due: datetime) -> Armed:
        """The next board refresh, if it comes before the main time ends."""
        at = self.core.now() + BOARD_EVERY
        if at >= due:
            return []
        return [(await deadlines.add(tx, BOARD_TICK, tid, at), at)]

    def arm(self, armed: Armed) -> None:
        """Schedule stored deadlines (after their transaction committed)."""
        for deadline_id, due in armed:
            self.core.deadlines.schedule(deadline_id, due)

    async def _running(self, tx: Tx, deadline: Deadline) -> Tournament | None:
        tournament = await tournaments.get(tx, deadline.ref_id)
        return tournament if tournament is not None and tournament.status == "running" else None

    # --- deadline handlers ----------------------------------------------------------------------

    async def on_warning(self, tx: Tx, deadline: Deadline) -> AfterCommit | None:
        tournament = await self._running(tx, deadline)
        if tournament is None:
            return None
        snap = await self.core.snapshot(tx, tournament.id)
        if snap.state is None or snap.main_due is None:
            return None
        # The circle running now becomes the last one (6.2): its games already played count
        # when it is judged (6.4/6.7, the retroactive rule), so the players hear it now.
        text = self.core.tr(snap.lang)(
            "koth.warning",
            minutes=int(WARNING_BEFORE.total_seconds() // 60),
            until=self.core.clock_time(snap.main_due),
            circle=snap.state.circle,
        )

        async def send() -> None:
            await self.core.sender.send(tournament.chat_id, text)

        return send

    async def on_expire(self, tx: Tx, deadline: Deadline) -> AfterCommit | None:
        """The last circle begins: announce who still plays and who is out (and why)."""
        tournament = await self._running(tx, deadline)
        if tournament is None:
            return None
        overdue = self.core.deadlines.overdue(deadline.id)
        # Applied late, the expiry's announcement (a durable job) tells why (``bot.late``).
        notes = {} if overdue is None else {"late": late.to_payload(overdue)}
        after = await self.desk.apply(tx, tournament.id, Expired(), None, notes)
        ticks = await deadlines.cancel_for(tx, tournament.id, (BOARD_TICK,))

        async def send() -> None:  # the expiry text goes with the event's announcing job
            self.core.deadlines.unschedule(ticks)
            await after()

        return send

    async def on_board_tick(self, tx: Tx, deadline: Deadline) -> AfterCommit | None:
        """Every few minutes of the main time: the board's "time left" brought up to date."""
        tournament = await self._running(tx, deadline)
        if tournament is None or await chats.gone(tx, tournament.chat_id):
            return None  # over, or no group to show it in (``bot.gone``): no more refreshes
        snap = await self.core.snapshot(tx, tournament.id)
        due = snap.main_due
        if snap.state is None or snap.state.expired or due is None or due <= self.core.now():
            return None  # over, or about to be: the expiry refreshes the board
        armed = await self._next_tick(tx, tournament.id, due)

        async def refresh() -> None:
            self.arm(armed)
            await self.board.publish_board(snap)

        return refresh

    # --- the judge's /extend ----------------------------------------------------------------------

    async def extend(self, tournament: Tournament, actor: int, minutes: int) -> datetime:
        """Move the end of the main time; refused once it has expired."""
        if minutes <= 0 or minutes > 600:
            raise UserError("koth.extend_usage")
        async with self.core.db.transaction() as tx:
            snap = await self.core.snapshot(tx, tournament.id)
            due, cancelled, armed = await self._extend(tx, snap, actor, minutes)
        self.core.deadlines.unschedule(cancelled)
        self.arm(armed)
        await self.board.refresh_board(tournament.id)
        return due

    async def _extend(
        self, tx: Tx, snap: KothSnapshot, actor: int, minutes: int
    ) -> tuple[datetime, list[int], Armed]:
        if snap.state is None or snap.tournament.status != "running":
            raise UserError("koth.not_running")
        if snap.state.expired:
            raise UserError("koth.already_expired")
        tid, due = snap.tournament.id, snap.main_due
        assert due is not None  # begun (a state), so the log has its ``begin``
        cancelled = await deadlines.cancel_for(tx, tid, TIMERS)
        due += timedelta(minutes=minutes)  # as the ``extend`` event below adds it
        armed = await self.add(tx, tid, due)
        now = self.core.now().isoformat()
        kind, payload = KOTH_EVENTS.encode(Extended(minutes))
        await tournaments.append_event(tx, tid, kind, payload, actor, now)
        await self.core.audit(tx, tid, actor, "koth_extend", minutes=minutes)
        return due, cancelled, armed
