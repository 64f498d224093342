"""A tournament announced ahead, and the check-in before its round 1 (spec §7; issue 26, item 7;
issue 27, item 3) — for every kind alike.

The organiser gives a tournament still in its registration a start (``/when 12.12 19:00``,
typed in the club's time zone: ``rules.ahead``). It is kept in the tournament's settings as
``starts_at`` (ISO 8601, UTC; the «Другой формат» wizard sets the same key at its creation:
it is then announced the same way, ``expected``), with ``check_in`` (on by default for a
tournament announced ahead).
The group gets the announcement with the date; registration is open from the creation on.
Then, each a durable deadline (``bot.deadlines``) stored with the announcement, so a restart
loses none and a fired one never fires again:

- the day before and an hour before, each registered player is reminded privately;
- from ``CHECK_IN_BEFORE`` on (when the check-in is on), each registered player privately gets
  «Я на месте» (``check_in``);
- at the start the group gets «Начать» for the organiser (nothing begins by itself).

A step that fires late (the bot was down at its moment) is sent only while it still says
something true (``rules.ahead.still_true``): the day's reminder is not sent once the hour's is
due. Moving the start cancels the steps of the old one; each step also carries the start it was
stored for, so a step of an old start that fires anyway tells nothing. Once the tournament
began (or ended), every step tells nothing.

``/begin`` (and «Начать») first asks ``check_in.CheckIns.absent``: with the check-in on and
open, the registered players who did not check in are listed, with one tap to take them off
the list (through the kind's ``bot.kind.Withdraws``) and one to begin with everyone. Nobody is
taken off without the organiser's tap. A start given with ``/new`` waits for the tournament
the organiser's wizard creates (``expected``). What a tournament keeps of its start:
``start``.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime, timedelta

from aiogram.utils.deep_linking import create_start_link

from bot.ahead.check_in import CheckIns
from bot.ahead.expected import AfterCreation, Expected
from bot.ahead.start import (
    CHECK_IN,
    STARTS_AT,
    checks_in,
    minutes,
    registered,
    stamp,
    starts_of,
)
from bot.buttons import AheadBeginCb, HereCb
from bot.deadlines import AfterCommit, Handler, Late
from bot.errors import UserError
from bot.infra import Infra
from bot.kind import KindService
from bot.notices import Button, Markup, Notice, Phrase, ToChat, ToPerson, phrase
from bot.notify import mention
from bot.texts import Translate
from db import ahead as store
from db import deadlines, players, tournaments
from db.database import Tx
from db.models import Deadline
from db.tournaments import Tournament
from rules.ahead import (
    CHECK_IN_BEFORE,
    StartError,
    Step,
    parse_start,
    still_true,
    timetable,
)

__all__ = ["AfterCreation", "Ahead", "CheckIns", "Expected", "checks_in", "starts_of"]

#: each step's deadline kind
STEP_KINDS: dict[Step, str] = {step: f"ahead_{step.value}" for step in Step}


class Ahead:
    """Announcing ahead and the check-in (see the module docstring)."""

    def __init__(self, infra: Infra, kinds: Mapping[str, KindService]) -> None:
        self.infra = infra
        self.kinds = kinds
        self.check_ins = CheckIns(infra, kinds)
        self.expected = Expected(infra, self.parse, self.announce_at, self._example)

    def register(self) -> None:
        """Each step's deadline: applied even late, its handler deciding whether what it
        says is still true (``rules.ahead.still_true``)."""
        for step, kind in STEP_KINDS.items():
            self.infra.deadlines.on(kind, self._handler(step), late=Late.APPLY)

    # -- the announcement ------------------------------------------------------------------

    async def announce(self, tournament_id: int, typed: str, actor: int) -> datetime:
        """Give the tournament the start ``typed`` names and announce it; refuses a start that
        is not one (``UserError`` with ``rules.ahead``'s answer) and a tournament that began."""
        starts = self.parse(typed)
        await self.announce_at(tournament_id, starts, actor)
        return starts

    def parse(self, typed: str) -> datetime:
        """The start ``typed`` names in the club's time zone (``UserError`` when none ahead)."""
        try:
            return parse_start(typed, self.infra.clock.now(), self.infra.settings.zone)
        except StartError as exc:
            raise UserError(exc.key, example=self._example()) from exc

    def _example(self) -> str:
        """A start a day ahead as people type it (the refusals' example)."""
        local = self.infra.clock.now().astimezone(self.infra.settings.zone) + timedelta(days=1)
        return local.strftime("%d.%m") + " 19:00"

    async def announce_at(self, tournament_id: int, starts: datetime, actor: int) -> None:
        """Store ``starts`` (replacing an earlier start and its steps), the group's
        announcement and the steps, in one transaction; then send the announcement."""
        starts = starts.astimezone(UTC)  # the deadlines' moments sort as text: one offset
        link = await create_start_link(self.infra.sender.bot, f"t-{tournament_id}")
        async with self.infra.db.transaction() as tx:
            tournament = await self._registering(tx, tournament_id)
            settings = dict(tournament.settings)
            settings[STARTS_AT] = starts.astimezone(UTC).isoformat()
            settings.setdefault(CHECK_IN, True)
            await tournaments.update_settings(tx, tournament_id, settings)
            fresh = await self._registering(tx, tournament_id)
            job, armed = await self._store_steps(tx, fresh, starts, link, actor)
        self._arm(armed)
        await self.infra.deadlines.run(job)

    async def announce_stored(self, tournament_id: int, actor: int) -> None:
        """A tournament created with its ``starts_at`` already in its settings (a wizard that
        asks for the start): its announcement and steps, as ``announce_at``."""
        async with self.infra.db.read() as tx:
            tournament = await self._registering(tx, tournament_id)
        starts = starts_of(tournament)
        if starts is not None:
            await self.announce_at(tournament_id, starts, actor)

    async def _store_steps(
        self, tx: Tx, tournament: Tournament, starts: datetime, link: str, actor: int
    ) -> tuple[int | None, list[tuple[int, datetime]]]:
        tid = tournament.id
        for cancelled in await deadlines.cancel_for(tx, tid, tuple(STEP_KINDS.values())):
            self.infra.deadlines.unschedule([cancelled])
        payload: dict[str, object] = {"starts": starts.astimezone(UTC).isoformat()}
        armed = []
        now = self.infra.clock.now()
        for step, due in timetable(starts, now, checks_in(tournament)):
            armed.append((await deadlines.add(tx, STEP_KINDS[step], tid, due, payload), due))
        lines = [
            phrase("ahead.announced", tournament=tournament.name, **self._when(starts)),
            phrase("ahead.announced_registration"),
            phrase("ahead.announced_reminders"),
        ]
        if checks_in(tournament):
            lines.append(phrase("ahead.announced_check_in", minutes=minutes(CHECK_IN_BEFORE)))
        notice = Notice(
            key=f"ahead:{tid}:announce:{stamp(starts)}",
            to=ToChat(chat=tournament.chat_id),
            lines=tuple(lines),
            buttons=((Button(label=phrase("ahead.btn_join"), url=link),),),
        )
        return await self.infra.outbox.tell(tx, tid, [notice]), armed

    def _arm(self, armed: list[tuple[int, datetime]]) -> None:
        for deadline_id, due in armed:
            self.infra.deadlines.schedule(deadline_id, due)

    async def set_check_in(self, tournament_id: int, on: bool) -> None:
        """The check-in on or off (before the start). Turning it on after the announcement
        arms its step when its moment is still ahead."""
        async with self.infra.db.transaction() as tx:
            tournament = await self._registering(tx, tournament_id)
            settings = dict(tournament.settings)
            settings[CHECK_IN] = on
            await tournaments.update_settings(tx, tournament_id, settings)
            starts = starts_of(tournament)
            kind = STEP_KINDS[Step.CHECK_IN]
            pending = await deadlines.pending_for(tx, tournament_id, (kind,))
            armed: list[tuple[int, datetime]] = []
            due = None if starts is None else starts - CHECK_IN_BEFORE
            if not on:
                self.infra.deadlines.unschedule(
                    await deadlines.cancel_for(tx, tournament_id, (kind,))
                )
            elif not pending and due is not None and starts is not None:
                payload: dict[str, object] = {"starts": starts.astimezone(UTC).isoformat()}
                due = max(due, self.infra.clock.now())
                armed.append((await deadlines.add(tx, kind, tournament_id, due, payload), due))
        self._arm(armed)

    # -- the steps -------------------------------------------------------------------------

    def _handler(self, step: Step) -> Handler:
        async def handle(tx: Tx, deadline: Deadline) -> AfterCommit | None:
            return await self._fire(tx, step, deadline)

        return handle

    async def _fire(self, tx: Tx, step: Step, deadline: Deadline) -> AfterCommit | None:
        tournament = await tournaments.get(tx, deadline.ref_id)
        if tournament is None or tournament.status != "registration":
            return None  # begun early, or over: nothing to remind of
        starts = starts_of(tournament)
        if starts is None or starts.astimezone(UTC).isoformat() != deadline.payload.get("starts"):
            return None  # a step of a start since moved
        if not still_true(step, starts, self.infra.clock.now()):
            return None
        if step is Step.START:
            organiser = await players.tg_user(tx, tournament.created_by)
            name = organiser.full_name if organiser is not None else "👤"
            notices = [self._start_notice(tournament, starts, name)]
        else:
            notices = await self._to_players(tx, tournament, step, starts)
        job = await self.infra.outbox.tell(tx, tournament.id, notices)

        async def after() -> None:
            await self.infra.deadlines.run(job)

        return after

    async def _to_players(
        self, tx: Tx, tournament: Tournament, step: Step, starts: datetime
    ) -> list[Notice]:
        """The step's private message to each registered player (at the check-in: each who
        has not checked in yet)."""
        ids = await registered(tx, tournament.id)
        if step is Step.CHECK_IN:
            here = await store.checked_in(tx, tournament.id)
            ids = [pid for pid in ids if pid not in here]
        found = await players.many(tx, ids)
        line = phrase(
            f"ahead.remind_{step.value}", tournament=tournament.name, **self._when(starts)
        )
        lines: tuple[Phrase, ...] = (line,)
        buttons: tuple[tuple[Button, ...], ...] = ()
        if step is Step.CHECK_IN:
            buttons = (
                (Button(label=phrase("ahead.btn_here"), data=HereCb(t=tournament.id).pack()),),
            )
        elif step is Step.HOUR and checks_in(tournament):
            lines += (phrase("ahead.remind_hour_check_in", minutes=minutes(CHECK_IN_BEFORE)),)
        return [
            Notice(
                key=f"ahead:{tournament.id}:{step.value}:{stamp(starts)}:{pid}",
                to=ToPerson(user=player.telegram_id, name=player.display_name),
                lines=lines,
                buttons=buttons,
            )
            for pid, player in found.items()
            if player.telegram_id is not None
        ]

    def _start_notice(self, tournament: Tournament, starts: datetime, name: str) -> Notice:
        organiser = Markup(html=mention(tournament.created_by, name))
        return Notice(
            key=f"ahead:{tournament.id}:start:{stamp(starts)}",
            to=ToChat(chat=tournament.chat_id),
            lines=(
                phrase(
                    "ahead.start_now",
                    tournament=tournament.name,
                    organiser=organiser,
                    time=self._when(starts)["time"],
                ),
            ),
            buttons=(
                (
                    Button(
                        label=phrase("ahead.btn_begin"), data=AheadBeginCb(t=tournament.id).pack()
                    ),
                ),
            ),
        )

    def _when(self, starts: datetime) -> dict[str, str | Phrase]:
        local = starts.astimezone(self.infra.settings.zone)
        return {
            "day": local.strftime("%d.%m.%Y"),
            "weekday": phrase(f"ahead.weekday_{local.weekday()}"),
            "time": local.strftime("%H:%M"),
        }

    def when_values(self, t: Translate, starts: datetime) -> dict[str, str]:
        """The start as a text's ``day``, ``weekday`` and ``time`` (in ``t``'s language)."""
        local = starts.astimezone(self.infra.settings.zone)
        return {
            "day": local.strftime("%d.%m.%Y"),
            "weekday": t(f"ahead.weekday_{local.weekday()}"),
            "time": local.strftime("%H:%M"),
        }

    async def _registering(self, tx: Tx, tournament_id: int) -> Tournament:
        tournament = await tournaments.get(tx, tournament_id)
        if tournament is None:
            raise UserError("tournament.none_open")
        if tournament.status != "registration":
            raise UserError("ahead.begun")
        return tournament
