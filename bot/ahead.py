"""A tournament announced ahead, and the check-in before its round 1 (spec §7; issue 26, item 7;
issue 27, item 3) — for every kind alike.

The organiser gives a tournament still in its registration a start (``/when 12.12 19:00``,
typed in the club's time zone: ``rules.ahead``). It is kept in the tournament's settings as
``starts_at`` (ISO 8601, UTC; the «Другой формат» wizard sets the same key at its creation and
calls ``announce_stored``), with ``check_in`` (on by default for a tournament announced ahead).
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

``/begin`` (and «Начать») first asks ``absent``: with the check-in on and open, the registered
players who did not check in are listed, with one tap to take them off the list
(``withdraw_absent``, through the kind's ``bot.kind.Withdraws``) and one to begin with
everyone. Nobody is taken off without the organiser's tap.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

from aiogram import BaseMiddleware
from aiogram.types import TelegramObject, Update
from aiogram.utils.deep_linking import create_start_link

from bot.buttons import AheadBeginCb, HereCb
from bot.deadlines import AfterCommit, Handler, Late
from bot.errors import UserError
from bot.infra import Infra
from bot.kind import KindService, Withdraws
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

log = logging.getLogger(__name__)

#: the settings' keys (every kind's settings ignore keys they do not name)
STARTS_AT = "starts_at"
CHECK_IN = "check_in"
#: each step's deadline kind
STEP_KINDS: dict[Step, str] = {step: f"ahead_{step.value}" for step in Step}


def starts_of(tournament: Tournament) -> datetime | None:
    """The start the tournament was announced for (``None``: none, or unreadable)."""
    stored = tournament.settings.get(STARTS_AT)
    if not isinstance(stored, str):
        return None
    try:
        found = datetime.fromisoformat(stored)
    except ValueError:
        return None
    return found if found.tzinfo is not None else found.replace(tzinfo=UTC)


def checks_in(tournament: Tournament) -> bool:
    """Whether its players check in before round 1: on by default once announced ahead
    (``Ahead.announce_at`` stores it; a start stored by a wizard alone asks no check-in until
    announced: nobody was asked)."""
    return starts_of(tournament) is not None and tournament.settings.get(CHECK_IN) is True


class Ahead:
    """Announcing ahead and the check-in (see the module docstring)."""

    def __init__(self, infra: Infra, kinds: Mapping[str, KindService]) -> None:
        self.infra = infra
        self.kinds = kinds
        #: the starts given with ``/new`` still waiting for their tournament, by (chat,
        #: organiser): (start, the chat's newest tournament then); ``None`` until read from the
        #: database (``db.ahead.expected``: a restart in the middle of the wizard keeps them)
        self._expected: dict[tuple[int, int], tuple[datetime, int]] | None = None

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

    # -- a start given with /new, before the tournament exists ----------------------------------

    async def expect(self, chat_id: int, user_id: int, typed: str) -> datetime:
        """``/new <start>``: the start (refused at once when none ahead) kept for the next
        tournament this organiser creates in this chat, whatever its kind (``created``)."""
        starts = self.parse(typed).astimezone(UTC)
        expected = await self._waiting()
        async with self.infra.db.transaction() as tx:
            newest = await tournaments.latest_in_chat(tx, chat_id)
            after = 0 if newest is None else newest.id
            await store.expect(tx, chat_id, user_id, starts.isoformat(), after)
        expected[(chat_id, user_id)] = (starts, after)
        return starts

    async def forget_expected(self, chat_id: int, user_id: int) -> None:
        """A plain ``/new``: a start given with an earlier ``/new`` (a wizard left unfinished)
        is not this tournament's."""
        expected = await self._waiting()
        if expected.pop((chat_id, user_id), None) is not None:
            async with self.infra.db.transaction() as tx:
                await store.forget(tx, chat_id, user_id)

    async def waits(self, chat_id: int, user_id: int) -> bool:
        """Whether a start given with ``/new`` waits for this organiser's tournament here."""
        return (chat_id, user_id) in await self._waiting()

    async def created(self, chat_id: int, user_id: int) -> None:
        """After each of the organiser's updates while a start waits: once his wizard has
        created the tournament (the chat's newest, his, in its registration), announce it
        for that start (a start that passed meanwhile is said so, and dropped)."""
        expected = await self._waiting()
        found = expected.get((chat_id, user_id))
        if found is None:
            return
        starts, after = found
        async with self.infra.db.read() as tx:
            newest = await tournaments.latest_in_chat(tx, chat_id)
        if newest is None or newest.id <= after or newest.created_by != user_id:
            return  # the wizard goes on
        del expected[(chat_id, user_id)]
        async with self.infra.db.transaction() as tx:
            await store.forget(tx, chat_id, user_id)
        if newest.status != "registration" or starts_of(newest) is not None:
            return  # its own wizard asked the start (``announce_stored``)
        if starts <= self.infra.clock.now():
            t = self.infra.texts
            text = t.get(self.infra.group_lang(), "ahead.past", example=self._example())
            await self.infra.sender.send(chat_id, text)
            return
        await self.announce_at(newest.id, starts, user_id)

    async def _waiting(self) -> dict[tuple[int, int], tuple[datetime, int]]:
        if self._expected is None:
            async with self.infra.db.read() as tx:
                stored = await store.expected(tx)
            self._expected = {
                key: (datetime.fromisoformat(starts), after)
                for key, (starts, after) in stored.items()
            }
        return self._expected

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
            lines.append(phrase("ahead.announced_check_in", minutes=_minutes(CHECK_IN_BEFORE)))
        notice = Notice(
            key=f"ahead:{tid}:announce:{_stamp(starts)}",
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
        ids = await _registered(tx, tournament.id)
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
            lines += (phrase("ahead.remind_hour_check_in", minutes=_minutes(CHECK_IN_BEFORE)),)
        return [
            Notice(
                key=f"ahead:{tournament.id}:{step.value}:{_stamp(starts)}:{pid}",
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
            key=f"ahead:{tournament.id}:start:{_stamp(starts)}",
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

    # -- the check-in ----------------------------------------------------------------------

    async def check_in(self, tournament_id: int, telegram_id: int) -> tuple[str, Tournament]:
        """A player's «Я на месте»: ``done``, ``again`` (already), ``not_in`` (not on the
        list), ``closed`` (the tournament began or ended)."""
        async with self.infra.db.transaction() as tx:
            tournament = await tournaments.get(tx, tournament_id)
            if tournament is None:
                raise UserError("common.stale_button")
            if tournament.status != "registration":
                return "closed", tournament
            player = await players.by_telegram(tx, telegram_id)
            if player is None or player.id not in await _registered(tx, tournament_id):
                return "not_in", tournament
            now = self.infra.clock.now().isoformat()
            added = await store.check_in(tx, tournament_id, player.id, now)
        return ("done" if added else "again"), tournament

    async def check_in_by_command(
        self, telegram_id: int, chat_id: int, tournament: Tournament | None
    ) -> list[tuple[str, Tournament]]:
        """``/here``: in a group, the check-in to its open tournament (``tournament``);
        privately, to each tournament of his whose check-in is open. (status, tournament)
        each; a check-in not open yet is ``not_yet``, none running ``off``."""
        if chat_id < 0:
            found = [] if tournament is None else [tournament]
        else:
            async with self.infra.db.read() as tx:
                player = await players.by_telegram(tx, telegram_id)
                found = [] if player is None else await tournaments.open_for_player(tx, player.id)
            found = [t for t in found if checks_in(t) and t.status == "registration"]
        said = []
        for each in found:
            starts = starts_of(each)
            if starts is None or not checks_in(each):
                said.append(("off", each))
            elif self.infra.clock.now() < starts - CHECK_IN_BEFORE:
                said.append(("not_yet", each))
            else:
                said.append(await self.check_in(each.id, telegram_id))
        return said

    async def absent(self, tournament: Tournament) -> list[tuple[int, str]] | None:
        """The registered players who did not check in, (club id, name) each; ``None`` when
        no check-in applies now (off, not announced ahead, not open yet, or begun)."""
        starts = starts_of(tournament)
        if tournament.status != "registration" or starts is None or not checks_in(tournament):
            return None
        if self.infra.clock.now() < starts - CHECK_IN_BEFORE:
            return None
        async with self.infra.db.read() as tx:
            here = await store.checked_in(tx, tournament.id)
            missing = [pid for pid in await _registered(tx, tournament.id) if pid not in here]
            found = await players.many(tx, missing)
        return [(pid, found[pid].display_name) for pid in missing if pid in found]

    def can_withdraw(self, tournament: Tournament) -> bool:
        """Whether its kind can take registered players off its list (``Withdraws``)."""
        return isinstance(self.kinds.get(tournament.kind), Withdraws)

    async def withdraw_absent(self, tournament_id: int, actor: int) -> list[str]:
        """Take off the list those who have not checked in *now* (one may have checked in
        since the list was shown); their names."""
        async with self.infra.db.read() as tx:
            tournament = await tournaments.get(tx, tournament_id)
        if tournament is None:
            raise UserError("common.stale_button")
        missing = await self.absent(tournament)
        if missing is None:
            raise UserError("ahead.begun" if tournament.status != "registration" else "ahead.off")
        service = self.kinds.get(tournament.kind)
        if not isinstance(service, Withdraws):
            raise UserError("ahead.no_withdraw")
        if missing:
            await service.withdraw_registrants(tournament_id, [pid for pid, _ in missing], actor)
        return [name for _, name in missing]

    async def _registering(self, tx: Tx, tournament_id: int) -> Tournament:
        tournament = await tournaments.get(tx, tournament_id)
        if tournament is None:
            raise UserError("tournament.none_open")
        if tournament.status != "registration":
            raise UserError("ahead.begun")
        return tournament


async def _registered(tx: Tx, tournament_id: int) -> list[int]:
    """The players on the list (active), in the order they joined."""
    return [
        p.player_id
        for p in await tournaments.participants(tx, tournament_id)
        if p.status == "active"
    ]


def _stamp(starts: datetime) -> int:
    """The start in an outbox key: a moved start's messages are new ones."""
    return int(starts.timestamp())


def _minutes(span: timedelta) -> int:
    return int(span.total_seconds() // 60)


class AfterCreation(BaseMiddleware):
    """After each update of an organiser whose start given with ``/new`` waits for his
    tournament (``Ahead.created``): whichever kind's wizard created it, it is announced once
    the update that created it was handled (its registration message sent first)."""

    def __init__(self, ahead: Ahead) -> None:
        self._ahead = ahead

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        result = await handler(event, data)
        assert isinstance(event, Update)
        found = _sender_and_chat(event)
        if found is not None and await self._ahead.waits(*reversed(found)):
            try:
                await self._ahead.created(found[1], found[0])
            except Exception:  # the update itself was handled: this must not undo it
                log.exception("announcing the tournament created by %s failed", found[0])
        return result


def _sender_and_chat(update: Update) -> tuple[int, int] | None:
    if update.message is not None and update.message.from_user is not None:
        return update.message.from_user.id, update.message.chat.id
    query = update.callback_query
    if query is not None and query.message is not None:
        return query.from_user.id, query.message.chat.id
    return None
