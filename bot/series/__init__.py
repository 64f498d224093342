"""The Overlord series (606): a competition of one city's Swiss tournaments over a period.

- ``/series new`` (an organiser) creates one: the Overlord deck's name, the city, the period,
  the player who plays the Overlord (606.6); its end is a stored deadline (``END``);
- a Constructed or Draft Swiss joins a running series of its group in ``/new``; the series
  hears of it through the Swiss kind's extension point (``bot.swiss.listeners``): at its
  creation (two a week per city at most, 606.5: a third is refused naming the two), its start
  (6 players at least, 606.1) and its end (Table 5's crystals by its final places, 606.2; the
  winner's right to a game against the Overlord deck, 606.3: a message with a button, ``HELD``);
- a judge records that game (``/series result``): a clean win of either side or a draw
  (606.9.5), and the crystals the challenger spent (606.8); the Overlord beaten ends the series
  at once (606.7), otherwise the period's end does (606.10); an extension moves it (606.11).

Its state is the replay of its own log (``db.series``, ``rules.series.state``); the series'
city is its own (its tournaments are those of the group it was created in; the weekly limit
counts every series of the city, whatever group). A tournament is "held" when it finished
(early too): a cancelled one earns nothing and does not count toward the week.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from datetime import UTC, date, datetime

from aiogram.types import InlineKeyboardMarkup
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.deadlines import AfterCommit, Late
from bot.errors import UserError
from bot.formats import day
from bot.infra import Infra, KindCore
from bot.notify import mention
from bot.numbers import is_whole
from bot.pictures import canvas
from bot.pictures.series_table import draw_series_table
from bot.series import views
from bot.series.board import series_board
from bot.series.buttons import SerAskCb
from bot.texts import Html, Translate, escape
from bot.web.links import base_url
from bot.web.render import Board
from db import deadlines as stored_deadlines
from db import players, series, tournaments
from db.codec import Codec
from db.database import Tx
from db.models import Deadline, Player
from db.series import Series
from db.tournaments import Tournament
from rules.series import (
    EVENTS,
    SERIES_FIELD,
    Challenge,
    Ending,
    SerAsked,
    SerChallenge,
    SerEnded,
    SerExtended,
    SerHeld,
    SeriesError,
    SeriesEvent,
    SeriesState,
    SerJoined,
    WeekFull,
    after_challenge,
    at_period_end,
    awarded,
    check_period,
    check_used,
    check_week,
    end_moment,
    extended,
    replay,
)

log = logging.getLogger(__name__)

#: the period's end (a stored deadline, ref: the series)
END = "series_end"
#: the durable jobs: a series tournament's challenge message (ref: the tournament), the
#: series' end announced (the series in its payload)
HELD_JOB, ENDED_JOB = "job:series_held", "job:series_ended"
CODEC: Codec[SeriesEvent] = Codec(EVENTS)
#: the web pages' path (``/s/<token>``)
PAGES = "/s"
#: a series' or a tournament's number as typed: at most this many digits
MAX_DIGITS = 9
#: a tournament's settings key naming its series
SETTING = "series"
#: the formats a series tournament may have (606.2)
FORMATS = ("constructed", "draft")


def series_of(tournament: Tournament) -> int | None:
    value = tournament.settings.get(SETTING)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class SeriesService(KindCore):
    """What the handlers call, and the Swiss kind's listener (``bot.swiss.listeners``)."""

    def __init__(self, infra: Infra) -> None:
        super().__init__(infra)
        #: the web pages' tokens → the series (read on the first page asked for)
        self._tokens: dict[str, int] | None = None

    def register(self) -> None:
        self.deadlines.on(END, self.period_over, late=Late.APPLY)
        self.deadlines.on_durable(HELD_JOB, self.held_job)
        self.deadlines.on_durable(ENDED_JOB, self.ended_job)

    # -- reads
    async def state(self, tx: Tx, found: Series) -> SeriesState:
        return replay(found.ends_on, CODEC.typed(await series.events(tx, found.id)))

    async def record(self, tx: Tx, series_id: int, event: SeriesEvent, actor: int | None) -> None:
        kind, payload = CODEC.encode(event)
        await series.append(tx, series_id, kind, payload, actor, self.now().isoformat())

    async def get(self, tx: Tx, series_id: int) -> Series:
        found = await series.get(tx, series_id)
        if found is None:
            raise UserError("series.unknown", id=series_id)
        return found

    async def running_in_chat(self, chat_id: int) -> list[Series]:
        """The group's running series (what ``/new`` offers), oldest first."""
        async with self.db.read() as tx:
            found = await series.in_chat(tx, chat_id)
            return [s for s in reversed(found) if (await self.state(tx, s)).running]

    async def shown(self, chat_id: int, arg: str | None) -> tuple[str, bytes | None]:
        """``/series [N]``: the series' table in the group's language (with its web page's
        link when the board is served), and as a picture when anyone has crystals
        (``bot.pictures.series_table``)."""
        async with self.db.read() as tx:
            if arg:
                if not is_whole(arg) or len(arg) > MAX_DIGITS:
                    raise UserError("series.usage")
                found = await self.get(tx, int(arg))
            else:
                chats = await series.in_chat(tx, chat_id)
                if not chats:
                    raise UserError("series.none")
                found = chats[0]
            state, names, held = await self.view(tx, found)
        lang = self.group_lang()
        text = views.table_text(self.tr(lang), found, state, names, held)
        if (base := base_url(self.settings)) is not None:
            text += "\n" + self.tr(lang)("series.web_link", url=f"{base}{PAGES}/{found.token}")
        if not state.crystals:
            return text, None
        picture = views.picture(self.plain(lang), found, state, names)
        return text, await canvas.render(draw_series_table, picture)

    async def view(
        self, tx: Tx, found: Series
    ) -> tuple[SeriesState, dict[int, str], dict[int, str]]:
        """Its state, the names of its players and of its tournaments with a challenge."""
        state = await self.state(tx, found)
        names = await self.names(tx, [found.overlord, *state.crystals, *self.duelists(state)])
        held = {}
        for tid in state.duels:
            if (tournament := await tournaments.get(tx, tid)) is not None:
                held[tid] = tournament.name
        return state, names, held

    # -- the web page (``bot.web.server``'s pages: ``/s/<token>``)
    def web_pages(self) -> Mapping[str, SeriesService]:
        return {PAGES: self}

    async def web_page(self, token: str, now: datetime) -> Board | None:
        """The series' page of ``token`` (``None``: no such series). The tokens are read once
        and kept: a flood of guessed links costs no read after the first."""
        if self._tokens is None:
            async with self.db.read() as tx:
                self._tokens = await series.tokens(tx)
        sid = self._tokens.get(token)
        if sid is None:
            return None
        async with self.db.read() as tx:
            found = await self.get(tx, sid)
            state, names, held = await self.view(tx, found)
        lang = self.group_lang()
        return series_board(self.tr(lang), lang, found, state, names, held)

    def plain(self, lang: str) -> Translate:
        """Texts without markup (a picture's)."""

        def t(key: str, **values: object) -> str:
            return self.texts.plain(lang, key, **values)

        return t

    async def tournament(self, tournament_id: int) -> Tournament | None:
        async with self.db.read() as tx:
            return await tournaments.get(tx, tournament_id)

    @staticmethod
    def duelists(state: SeriesState) -> list[int]:
        return [duel.player for duel in state.duels.values()]

    async def names(self, tx: Tx, ids: Sequence[int]) -> dict[int, str]:
        found = await players.many(tx, list(ids))
        return {pid: p.display_name for pid, p in found.items()}

    # -- /series new
    async def create(
        self,
        chat_id: int,
        city: str,
        deck: str,
        overlord: Player,
        period: tuple[date, date],
        actor: int,
    ) -> int:
        try:
            check_period(*period)
        except SeriesError as exc:
            raise UserError("series.bad_period") from exc
        if period[1] < self.today():
            raise UserError("series.period_over", end=day(period[1]))
        async with self.db.transaction() as tx:
            for other in await series.in_city(tx, city):
                if (await self.state(tx, other)).running:
                    raise UserError("series.city_busy", city=city, deck=other.deck, id=other.id)
            now = self.now()
            sid = await series.create(
                tx, chat_id, city, deck, overlord.id, period, actor, now.isoformat()
            )
            due = end_moment(period[1], self.settings.zone).astimezone(UTC)
            end = await stored_deadlines.add(tx, END, sid, due)
        self.deadlines.schedule(end, due)
        self._tokens = None  # read again with the new one
        return sid

    # -- the Swiss kind's listener
    async def created(self, tx: Tx, tournament: Tournament) -> None:
        sid = series_of(tournament)
        if sid is None:
            return
        found = await self.get(tx, sid)
        state = await self.state(tx, found)
        if not state.running or found.chat_id != tournament.chat_id:
            raise UserError("series.not_running", deck=found.deck)
        fmt = tournament.settings.get("format", "constructed")
        if fmt not in FORMATS or "custom_format" in tournament.settings:
            raise UserError("series.format")  # Constructed or Draft only (606.2)
        when = self.held_at(tournament)
        await self.check_week_in(tx, found, when)
        await self.record(tx, sid, SerJoined(tournament.id, when), tournament.created_by)

    def held_at(self, tournament: Tournament) -> datetime:
        """When it is held: its announced start (``starts_at`` in its settings), else now."""
        start = tournament.settings.get("starts_at")
        if isinstance(start, str):
            try:
                return datetime.fromisoformat(start)
            except ValueError:
                log.warning("tournament %s: unreadable starts_at %r", tournament.id, start)
        return self.now()

    async def check_week(self, series_id: int, when: datetime | None = None) -> None:
        """Refuse a third series tournament in the week of ``when`` (now) in its city (606.5)."""
        async with self.db.read() as tx:
            found = await self.get(tx, series_id)
            await self.check_week_in(tx, found, when or self.now())

    async def check_week_in(self, tx: Tx, found: Series, when: datetime) -> None:
        held: dict[int, datetime] = {}
        for other in await series.in_city(tx, found.city):
            for tid, at in (await self.state(tx, other)).joined.items():
                tournament = await tournaments.get(tx, tid)
                if tournament is not None and tournament.status != "cancelled":
                    held[tid] = at
        try:
            check_week(held, when, self.settings.zone)
        except WeekFull as full:
            named = []
            for tid in full.taken:
                tournament = await tournaments.get(tx, tid)
                named.append(tournament.name if tournament is not None else f"#{tid}")
            raise UserError(
                "series.week_full", city=found.city, first=named[0], second=named[-1]
            ) from full

    def minimum_field(self, tournament: Tournament) -> int:
        return SERIES_FIELD if series_of(tournament) is not None else 0

    async def finished(
        self, tx: Tx, tournament: Tournament, placed: Sequence[int], field: int
    ) -> int | None:
        sid = series_of(tournament)
        if sid is None:
            return None
        found = await self.get(tx, sid)
        if not (await self.state(tx, found)).running:
            return None  # the series ended first: its crystals are lost (606.2)
        crystals = dict(awarded(placed, max(field, len(placed)))) if placed else {}
        winner = placed[0] if placed else None
        await self.record(tx, sid, SerHeld(tournament.id, field, winner, crystals), None)
        if winner is None:
            return None
        return await stored_deadlines.add(tx, HELD_JOB, tournament.id, self.now())

    async def final_lines(self, tx: Tx, t: Translate, tournament: Tournament) -> list[str]:
        sid = series_of(tournament)
        if sid is None:
            return []
        found = await self.get(tx, sid)
        events = CODEC.typed(await series.events(tx, sid))
        held = [e for e in events if isinstance(e, SerHeld) and e.tournament == tournament.id]
        if not held:
            return [t("series.not_counted", deck=found.deck)]
        names = await self.names(tx, list(held[0].crystals))
        return [views.crystals_line(t, found, held[0].crystals, names)]

    # -- the challenge (606.3)
    async def held_job(self, deadline: Deadline) -> None:
        """The winner's right to his game against the Overlord deck, with its button."""
        async with self.db.read() as tx:
            tournament = await tournaments.get(tx, deadline.ref_id)
            sid = series_of(tournament) if tournament is not None else None
            if tournament is None or sid is None:
                return
            found = await self.get(tx, sid)
            state = await self.state(tx, found)
            duel = state.duels.get(tournament.id)
            if duel is None:
                return
            people = await players.many(tx, [duel.player, found.overlord])
        t = self.tr(self.group_lang())
        text = t(
            "series.challenge_offer",
            winner=Html(self.mention_of(people.get(duel.player))),
            overlord=Html(self.mention_of(people.get(found.overlord))),
            deck=found.deck,
            tournament=tournament.name,
            crystals=state.crystals.get(duel.player, 0),
            id=tournament.id,
        )
        key = f"ser:{sid}:t{tournament.id}:offer"
        await self.outbox.send_once(key, tournament.chat_id, text, self.ask_keyboard(t, tournament))

    @staticmethod
    def mention_of(player: Player | None) -> str:
        if player is None:
            return "?"
        if player.telegram_id is None:
            return escape(player.display_name)
        return mention(player.telegram_id, player.display_name)

    @staticmethod
    def ask_keyboard(t: Translate, tournament: Tournament) -> InlineKeyboardMarkup:
        builder = InlineKeyboardBuilder()
        builder.button(text=t("series.btn_ask"), callback_data=SerAskCb(t=tournament.id))
        return builder.as_markup()

    async def ask(self, tournament_id: int, user_id: int) -> tuple[Series, str, str]:
        """The winner or the Overlord's player opens the game (the button): who and whom."""
        async with self.db.transaction() as tx:
            found, duel_player = await self.open_duel(tx, tournament_id)
            people = await players.many(tx, [duel_player, found.overlord])
            allowed = {p.telegram_id for p in people.values()}
            if user_id not in allowed:
                raise UserError("series.not_yours")
            await self.record(tx, found.id, SerAsked(tournament_id), user_id)
        return (
            found,
            self.mention_of(people.get(duel_player)),
            self.mention_of(people.get(found.overlord)),
        )

    async def open_duel(self, tx: Tx, tournament_id: int) -> tuple[Series, int]:
        tournament = await tournaments.get(tx, tournament_id)
        sid = series_of(tournament) if tournament is not None else None
        if sid is None:
            raise UserError("series.no_duel", id=tournament_id)
        found = await self.get(tx, sid)
        state = await self.state(tx, found)
        if not state.running:
            raise UserError("series.over", deck=found.deck)
        duel = state.open_duel(tournament_id)
        if duel is None:
            raise UserError("series.no_duel", id=tournament_id)
        return found, duel.player

    async def result(
        self, tournament_id: int, outcome: Challenge, used: int, actor: int
    ) -> tuple[Series, AfterCommit | None]:
        """A judge records the game against the Overlord deck: a clean win of either side or a
        draw (606.9.5), the crystals the challenger spent (606.8: kept if he loses). The
        Overlord beaten ends the series at once (606.7)."""
        async with self.db.transaction() as tx:
            found, player = await self.open_duel(tx, tournament_id)
            state = await self.state(tx, found)
            try:
                check_used(used, state.crystals.get(player, 0))
            except SeriesError as exc:
                have = state.crystals.get(player, 0)
                raise UserError("series.too_many_crystals", used=used, have=have) from exc
            await self.record(tx, found.id, SerChallenge(tournament_id, outcome.value, used), actor)
            if after_challenge(outcome) is None:
                return found, None
            return found, await self.end(tx, found, Ending.BEATEN, player, actor)

    async def end(
        self, tx: Tx, found: Series, ending: Ending, winner: int | None, actor: int | None
    ) -> AfterCommit:
        await self.record(tx, found.id, SerEnded(ending.value, winner), actor)
        cancelled = await stored_deadlines.cancel_for(tx, found.id, (END,))
        # a durable job's ``ref_id`` is a tournament's (``bot.late`` tells its group when the
        # job runs late): the series is the payload's
        job = await stored_deadlines.add(tx, ENDED_JOB, 0, self.now(), {"series": found.id})

        async def after() -> None:
            self.deadlines.unschedule(cancelled)
            await self.deadlines.run(job)

        return after

    # -- the end (606.7, 606.10, 606.11)
    async def period_over(self, tx: Tx, deadline: Deadline) -> AfterCommit | None:
        found = await series.get(tx, deadline.ref_id)
        if found is None:
            return None
        state = await self.state(tx, found)
        if not state.running:
            return None
        return await self.end(tx, found, at_period_end(len(state.held)), None, None)

    async def ended_job(self, deadline: Deadline) -> None:
        sid = deadline.payload.get("series")
        if not isinstance(sid, int):
            return
        async with self.db.read() as tx:
            found = await series.get(tx, sid)
            if found is None:
                return
            state = await self.state(tx, found)
            names = await self.names(
                tx, [found.overlord, *([state.winner] if state.winner else [])]
            )
        t = self.tr(self.group_lang())
        ending = state.ending or Ending.NOT_HELD
        values: Mapping[str, object] = {
            "deck": found.deck,
            "city": found.city,
            "winner": names.get(state.winner or 0, "?"),
            "overlord": names.get(found.overlord, "?"),
            "held": len(state.held),
        }
        text = t(f"series.ended_{ending.value}", **values)
        await self.outbox.send_once(f"ser:{found.id}:ended", found.chat_id, text)

    async def extend(self, chat_id: int, new_end: date, actor: int) -> tuple[Series, date]:
        """The period extended to ``new_end`` (606.11): its end deadline moves."""
        async with self.db.transaction() as tx:
            chats = await series.in_chat(tx, chat_id)
            running = [s for s in chats if (await self.state(tx, s)).running]
            if not running:
                raise UserError("series.none_running")
            found = running[0]
            state = await self.state(tx, found)
            try:
                extended(found.ends_on, state.ends_on, new_end)
            except SeriesError as exc:
                raise UserError("series.bad_extension", end=day(state.ends_on)) from exc
            await self.record(tx, found.id, SerExtended(new_end), actor)
            cancelled = await stored_deadlines.cancel_for(tx, found.id, (END,))
            due = end_moment(new_end, self.settings.zone).astimezone(UTC)
            end = await stored_deadlines.add(tx, END, found.id, due)
        self.deadlines.unschedule(cancelled)
        self.deadlines.schedule(end, due)
        return found, found.ends_on
