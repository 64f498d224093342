"""The pick clock and the deck-building timer of a draft, in the tournament's group.

The judge (or an organiser) runs the draft from ``/draft``, a panel with «start booster N»,
«pause», «resume» and, once every booster is drafted, «deck building» (also ``/deckbuilding
[minutes]``). Each press appends an event to the tournament's log (``rules.limited.clock``:
``sw_booster``, ``sw_pick_pause``, ``sw_pick_resume``, ``sw_deckbuilding``); the clock is
always computed from those stored moments and ``now``, never counted in memory, so a restart
(even a SIGKILL) resumes where the draft is.

*One message per pod* in the group (the pods of ``State.pods``; before any seating, the active
players are one table), sent when a booster starts and edited at each pick's end: booster N of
M, the pass direction (601.6.3), pick K of P with its seconds and its END TIME (not a
countdown), then the review minute (601.7), then «booster done». The clock's durable job
(``job:draft_clock``, ``bot.deadlines``) is stored with each press and at each end, so a
2-pod 12-card booster makes 2 edits at each of its 12 ends: at most 10 edits in any minute (the
last picks, 20, 15, 10, 5 s, and the review's start), under Telegram's 20 a minute per group
that ``bot.pacing`` keeps anyway. A job is marked done only once the messages are edited: a
crash in between runs it again at the start.

*Deck building* (601.9, 601.10): after the last booster, a timer of the organiser's minutes
(``/deckbuilding 40``; by default the ``deckbuilding_minutes`` setting, else 30 minutes: what
clubs give for a 30-card deck) with the deck size of ``rules.limited.deck_size`` told (or that
no deck is built: the drafted cards are the hand); its end (``draft_deck``) is announced.

The boosters are the ``boosters`` setting (12-card ones first, 601.10); a tournament without it
drafts two 12-card boosters, the commonest club draft (601.10's own example).

*Which tournaments*: those of a kind whose ``KindSpec.pick_clock`` is set; its service is the
``bot.kind.DraftHost`` that seats the current draft's pods (a card tournament's pods, a team
draft's with teammates never side by side).
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from aiogram.types import InlineKeyboardMarkup

from bot.deadlines import AfterCommit, Late, Rearm
from bot.draft.model import (
    DEFAULT_DECK_MINUTES,
    OPEN,
    Draft,
    deck_minutes_of,
    plan_of,
)
from bot.draft.panel import panel_buttons, panel_text
from bot.draft.views import clock_time, deck_phrase, pod_text
from bot.errors import UserError
from bot.infra import Infra, KindCore
from bot.late import late_phrase
from bot.notices import Notice, ToChat, phrase
from db import audit, chats, deadlines, players, tournaments
from db.database import Tx
from db.models import Deadline
from rules.limited.clock import BOOSTER_EVENT, DECK_EVENT, PAUSE_EVENT, RESUME_EVENT, replay_clock

if TYPE_CHECKING:
    from bot.kind import DraftHost

__all__ = [
    "DECK_END",
    "DEFAULT_DECK_MINUTES",
    "PICK_TICK",
    "DraftClockService",
    "deck_minutes_of",
    "plan_of",
]

#: the clock's durable job (``clock_job``) and the end of deck building
PICK_TICK, DECK_END = "job:draft_clock", "draft_deck"
#: each press's action in the audit log
AUDITED = {
    BOOSTER_EVENT: "draft_booster",
    PAUSE_EVENT: "draft_pause",
    RESUME_EVENT: "draft_resume",
    DECK_EVENT: "deckbuilding",
}


class DraftClockService:
    """What the draft handlers call; see the module docstring."""

    def __init__(self, infra: Infra, hosts: Mapping[str, DraftHost]) -> None:
        self.core = KindCore(infra)
        #: the service of each kind whose drafts run on the clock, by ``Tournament.kind``
        self.hosts = hosts
        self._showing: dict[int, asyncio.Lock] = {}

    def register(self) -> None:
        """Its deadlines: the clock's durable job (always run, however late) and the end of
        deck building (applied when late, saying so)."""
        self.core.deadlines.on_durable(PICK_TICK, self.clock_job)
        self.core.deadlines.on(DECK_END, self.on_deck_end, late=Late.APPLY)

    # --- reading --------------------------------------------------------------------------------

    async def draft(self, tx: Tx, tournament_id: int) -> Draft:
        """The tournament's draft; ``UserError`` unless it is open and of a drafted format."""
        tournament = await tournaments.get(tx, tournament_id)
        if tournament is None or tournament.status not in OPEN:
            raise UserError("pickclock.closed")
        host = self.hosts.get(tournament.kind)
        if host is None:
            raise UserError("pickclock.closed")
        seating = await host.draft_seating(tx, tournament)
        pods = seating.pods
        found = await players.many(tx, [pid for pod in pods for pid in pod])
        names = {
            pid: found[pid].display_name if pid in found else f"#{pid}"
            for pod in pods
            for pid in pod
        }
        events = await tournaments.events(tx, tournament_id)
        clock = replay_clock((e.kind, e.payload) for e in events)
        plan = plan_of(tournament)
        return Draft(tournament, seating.number, plan, pods, names, clock)

    async def _event(self, tx: Tx, tid: int, kind: str, payload: dict[str, Any], actor: int) -> int:
        """The press in the tournament's log (``rules.limited.clock`` replays it) and the
        audit; the event's id."""
        now = self.core.now().isoformat()
        event_id = await tournaments.append_event(tx, tid, kind, payload, actor, now)
        await audit.record(tx, tid, actor, AUDITED[kind], dict(payload), now)
        return event_id

    async def panel(self, tournament_id: int, lang: str) -> tuple[str, InlineKeyboardMarkup | None]:
        """The judge's panel (``bot.draft.panel``)."""
        async with self.core.db.read() as tx:
            draft = await self.draft(tx, tournament_id)
        t, now, zone = self.core.tr(lang), self.core.now(), self.core.settings.zone
        return panel_text(t, draft, now, zone), panel_buttons(t, draft, now)

    # --- the judge's actions --------------------------------------------------------------------

    async def start_booster(self, tournament_id: int, number: int | None, actor: int) -> int:
        """Start the next booster (``number``: the one the pressed button named, so an old
        button cannot start a later booster); its number, once the pods' messages show it."""
        async with self.core.db.transaction() as tx:
            draft = await self.draft(tx, tournament_id)
            now = self.core.now()
            running = draft.running(now)
            if running is not None:
                raise UserError("pickclock.booster_running", n=running.number)
            if draft.started >= len(draft.plan):
                raise UserError("pickclock.all_started")
            next_number = draft.started + 1
            if number is not None and number != next_number:
                raise UserError("common.stale_button")
            size = draft.plan[next_number - 1]
            payload: dict[str, Any] = {"draft": draft.number, "booster": next_number}
            payload |= {"size": size, "at": now.isoformat()}
            await self._event(tx, tournament_id, BOOSTER_EVENT, payload, actor)
            tick = await self._tick_now(tx, tournament_id, draft.number, next_number)
        await self.core.committed(self._after(tournament_id, tick))
        return next_number

    async def pause(self, tournament_id: int, actor: int) -> None:
        await self.core.committed(await self._hold(tournament_id, actor, pausing=True))

    async def resume(self, tournament_id: int, actor: int) -> None:
        await self.core.committed(await self._hold(tournament_id, actor, pausing=False))

    async def _hold(self, tournament_id: int, actor: int, *, pausing: bool) -> AfterCommit:
        """Pause the running booster's clock, or resume it (refused when it already is)."""
        async with self.core.db.transaction() as tx:
            draft = await self.draft(tx, tournament_id)
            now = self.core.now()
            running = draft.running(now)
            if running is None:
                raise UserError("pickclock.not_running")
            if running.at(now).paused == pausing:
                raise UserError("pickclock.already_paused" if pausing else "pickclock.not_paused")
            payload = {"draft": draft.number, "booster": running.number, "at": now.isoformat()}
            kind = PAUSE_EVENT if pausing else RESUME_EVENT
            await self._event(tx, tournament_id, kind, payload, actor)
            tick = await self._tick_now(tx, tournament_id, draft.number, running.number)
        return self._after(tournament_id, tick)

    async def deck_building(self, tournament_id: int, minutes: int | None, actor: int) -> None:
        """Start (or set anew) the deck-building timer once every booster is drafted."""
        await self.core.committed(await self._deck_building(tournament_id, minutes, actor))

    async def _deck_building(
        self, tournament_id: int, minutes: int | None, actor: int
    ) -> AfterCommit:
        async with self.core.db.transaction() as tx:
            draft = await self.draft(tx, tournament_id)
            now = self.core.now()
            running = draft.running(now)
            if running is not None:
                raise UserError("pickclock.booster_running", n=running.number)
            if draft.started < len(draft.plan):
                raise UserError("pickclock.boosters_left", count=len(draft.plan) - draft.started)
            minutes = minutes or deck_minutes_of(draft.tournament)
            ends = now + timedelta(minutes=minutes)
            payload: dict[str, Any] = {"draft": draft.number, "minutes": minutes}
            payload |= {"at": now.isoformat(), "ends_at": ends.isoformat()}
            event_id = await self._event(tx, tournament_id, DECK_EVENT, payload, actor)
            rearm = Rearm(await deadlines.cancel_for(tx, tournament_id, (DECK_END,)))
            timer = {"draft": draft.number, "ends_at": ends.isoformat()}
            rearm.armed.append(
                (await deadlines.add(tx, DECK_END, tournament_id, ends, timer), ends)
            )
            until = clock_time(ends, self.core.settings.zone)
            notice = Notice(
                key=f"draft:{tournament_id}:e{event_id}:deck",
                to=ToChat(chat=draft.tournament.chat_id),
                lines=(
                    phrase("pickclock.deck_started", minutes=minutes, until=until),
                    deck_phrase(draft.plan),
                ),
            )
            said = await self.core.outbox.tell(tx, tournament_id, [notice])

        async def after() -> None:
            rearm.apply(self.core)
            await self.core.deadlines.run(said)  # again at the restart if killed

        return after

    # --- the clock's deadlines ------------------------------------------------------------------

    async def _tick_now(self, tx: Tx, tournament_id: int, draft: int, booster: int) -> Rearm:
        """After a press: cancel the pending clock job and store one due now, in the press's
        own transaction (it shows the change and arms the next end, also after a crash)."""
        rearm = Rearm(await deadlines.cancel_for(tx, tournament_id, (PICK_TICK,)))
        now = self.core.now()
        payload: dict[str, object] = {"draft": draft, "booster": booster}
        rearm.armed.append((await deadlines.add(tx, PICK_TICK, tournament_id, now, payload), now))
        return rearm

    def _after(self, tournament_id: int, rearm: Rearm) -> AfterCommit:
        """Run the clock job stored with the press, and wait for it: the pods' messages are
        edited before the judge's panel is."""

        async def after() -> None:
            self.core.deadlines.unschedule(rearm.cancelled)
            for tick, _due in rearm.armed:
                await self.core.deadlines.run(tick)

        return after

    async def clock_job(self, deadline: Deadline) -> None:
        """The clock's durable job, at a booster's start, a pause, a resume and each end of a
        pick or of the review: arm the next end, then show where the clock is in the pods'
        messages. Run again after a crash (it is marked done only once it finished), it arms
        the same end and edits the same messages: the clock comes from the stored moments.
        Late after downtime, the group is told once that the bot was away
        (``bot.late.tell_late_job``) and the messages show where the draft is now."""
        tid = deadline.ref_id
        async with self.core.db.transaction() as tx:
            try:
                draft = await self.draft(tx, tid)
            except UserError:
                return  # finished, cancelled: the clock stops
            if await chats.gone(tx, draft.tournament.chat_id):
                return  # no group to show it in (``bot.gone``): the clock stops
            booster, now = draft.booster, self.core.now()
            wanted = (deadline.payload.get("draft"), deadline.payload.get("booster"))
            if booster is None or (booster.draft, booster.number) != wanted:
                return  # a later booster has its own job
            pending = await deadlines.pending_for(tx, tid, (PICK_TICK,))
            rearm = Rearm([d.id for d in pending if d.id != deadline.id])
            for other in rearm.cancelled:
                await deadlines.cancel(tx, other)
            due = booster.at(now).ends_at  # None: paused, or the booster is over
            if due is not None:
                payload: dict[str, object] = {"draft": booster.draft, "booster": booster.number}
                rearm.armed.append((await deadlines.add(tx, PICK_TICK, tid, due, payload), due))
        rearm.apply(self.core)
        await self.show(tid)

    async def on_deck_end(self, tx: Tx, deadline: Deadline) -> AfterCommit | None:
        try:
            draft = await self.draft(tx, deadline.ref_id)
        except UserError:
            return None
        deck = draft.deck
        if deck is None or deck.ends_at.isoformat() != deadline.payload.get("ends_at"):
            return None  # set anew meanwhile: that timer's own deadline says it
        lines = [phrase("pickclock.deck_over")]
        overdue = self.core.deadlines.overdue(deadline.id)
        if overdue is not None:
            zone = self.core.settings.zone
            lines.insert(0, late_phrase(overdue, zone, "pickclock.late_deck"))
        chat = ToChat(chat=draft.tournament.chat_id)
        notice = Notice(key=f"deadline:{deadline.id}", to=chat, lines=tuple(lines))
        said = await self.core.outbox.tell(tx, deadline.ref_id, [notice])

        async def say() -> None:
            await self.core.deadlines.run(said)  # again at the restart if killed

        return say

    # --- the pods' messages ---------------------------------------------------------------------

    async def show(self, tournament_id: int) -> None:
        """Send or edit each pod's message of the current booster to where the clock is now.

        The message of a pod is sent once per booster (``bot.outbox``, by key): a crash before
        it went out leaves the next end to send it; after that, the same key is edited."""
        lock = self._showing.setdefault(tournament_id, asyncio.Lock())
        async with lock:
            async with self.core.db.read() as tx:
                try:
                    draft = await self.draft(tx, tournament_id)
                except UserError:
                    return
            booster = draft.booster
            if booster is None:
                return
            t, now, zone = self.core.tr(), self.core.now(), self.core.settings.zone
            chat = draft.tournament.chat_id
            for table, pod in enumerate(draft.pods, start=1):
                names = [draft.names[pid] for pid in pod]
                text = pod_text(t, table, names, booster, len(draft.plan), now, zone)
                key = f"draft:{tournament_id}:{booster.draft}:{booster.number}:{table}"
                sent = await self.core.outbox.sent(key)
                if sent is None:
                    await self.core.outbox.send_once(key, chat, text)
                else:
                    await self.core.sender.edit(sent[0], sent[1], text)
