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
from functools import partial

from bot.deadlines import AfterCommit, Late
from bot.errors import UserError
from bot.formats import day
from bot.infra import Infra
from bot.numbers import is_whole
from bot.pictures import canvas
from bot.pictures.series_table import draw_series_table
from bot.series import challenge, views
from bot.series.board import series_board
from bot.series.core import (
    CODEC,
    END,
    ENDED_JOB,
    FORMATS,
    HELD_JOB,
    MAX_DIGITS,
    PAGES,
    SeriesCore,
    series_of,
)
from bot.texts import Translate
from bot.web.links import base_url
from bot.web.render import Board
from db import deadlines as stored_deadlines
from db import series, tournaments
from db.database import Tx
from db.models import Player
from db.series import Series
from db.tournaments import Tournament
from rules.series import (
    SERIES_FIELD,
    Challenge,
    SerHeld,
    SeriesError,
    SerJoined,
    WeekFull,
    awarded,
    check_period,
    check_week,
    end_moment,
)

__all__ = ["FORMATS", "MAX_DIGITS", "SeriesService", "series_of"]

log = logging.getLogger(__name__)


class SeriesService(SeriesCore):
    """What the handlers call, and the Swiss kind's listener (``bot.swiss.listeners``)."""

    def __init__(self, infra: Infra) -> None:
        super().__init__(infra)
        #: the web pages' tokens → the series (read on the first page asked for)
        self._tokens: dict[str, int] | None = None

    def register(self) -> None:
        self.deadlines.on(END, partial(challenge.period_over, self), late=Late.APPLY)
        self.deadlines.on_durable(HELD_JOB, partial(challenge.held_job, self))
        self.deadlines.on_durable(ENDED_JOB, partial(challenge.ended_job, self))

    # -- the challenges and the end (``bot.series.challenge``)
    async def ask(self, tournament_id: int, user_id: int) -> tuple[Series, str, str]:
        return await challenge.ask(self, tournament_id, user_id)

    async def result(
        self, tournament_id: int, outcome: Challenge, used: int, actor: int
    ) -> tuple[Series, AfterCommit | None]:
        return await challenge.result(self, tournament_id, outcome, used, actor)

    async def extend(self, chat_id: int, new_end: date, actor: int) -> tuple[Series, date]:
        return await challenge.extend(self, chat_id, new_end, actor)

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

    # -- the web page (``bot.web.server``'s pages: ``/series/<token>``)
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
