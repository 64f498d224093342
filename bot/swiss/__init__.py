"""Swiss rounds and the Top in the chat.

The service is split by what it does; ``SwissService`` is the one object handlers get:

- ``core``: the shared basics (clock, texts, the replayed state, events and the audit log);
- ``views``: how the state replayed from the event log (``rules.swiss.state``) looks;
- ``registration``: creating, joining (late entrants), dropping, the roster;
- ``admission``: a semi-closed tournament's privileged players, a closed one's invitations;
- ``entry``: a player's request to enter once the tournament runs, the organiser's answer;
- ``rounds`` and ``top``: starting, pairing the Swiss rounds and the Top's bracket;
- ``broadcast``: the live board and each player's pairing, sent concurrently;
- ``desk``: the result desk of the result flow;
- ``corrections``: the judge's ``/result`` of any round (808), both players told;
- ``told``: the reporter told of a confirmation or a dispute, both players of a decision;
- ``timers``: the round's warning, time and extra time;
- ``finish``: the end with the rating (also early), and cancelling;
- ``bracket``: the Top's bracket as a picture (``/bracket``, the Top's start and end);
- ``queries`` / ``export``: standings, pairings, CSV;
- ``pending``: the judge's ``/pending`` (open tables) and its nudge to their players;
- ``why`` / ``need``: a player's ``/why`` (his pairing explained) and ``/need`` (the Top);
- ``penalties``: a judge's ``/penalty`` (``rules.penalties``), the player told;
- ``repair``: the old pairing marked void when ``/repair`` pairs a round again;
- ``play``: how each format plays (Constructed, Draft, Sealed, Marathon, the Heroes tournament:
  one object each); ``limited`` and ``heroes``: Sealed's news, the secret heroes and their
  reveal at each table.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from functools import partial
from typing import TYPE_CHECKING, Any

from aiogram.types import InlineKeyboardMarkup

from bot.deadlines import AfterCommit, Late
from bot.errors import UserError
from bot.swiss import (
    admission,
    bracket,
    broadcast,
    corrections,
    entry,
    export,
    finish,
    heroes,
    need,
    penalties,
    pending,
    play,
    pods,
    queries,
    registration,
    repair,
    rounds,
    ruling,
    timers,
    told,
    why,
)
from bot.swiss.core import TABLE_TIME, TIME, WARN, SwissCore
from bot.swiss.desk import SwissDesk
from bot.web.render import Board
from bot.web.swiss_board import SwissView, swiss_board
from db import reports, tournaments
from db.database import Tx
from db.models import Deadline, Player
from db.tournaments import Tournament
from rules.decks.window import Window
from rules.memory import Played, game_of
from rules.penalties import PenaltyKind

if TYPE_CHECKING:
    from bot.infra import Infra
    from bot.results import ResultFlow
    from bot.results.notices import ResultNotices

__all__ = ["AfterCommit", "SwissService"]


class SwissService(SwissCore):
    """What the handlers call; each method is one action of ``bot.swiss``'s parts."""

    def __init__(self, infra: Infra, flow: ResultFlow, notices: ResultNotices) -> None:
        super().__init__(infra, flow, notices)
        self.desk = SwissDesk(self)

    async def create(
        self,
        chat_id: int,
        name: str,
        options: dict[str, Any],
        user_id: int,
        announced_in: int | None = None,
    ) -> int:
        """``announced_in``: the message that becomes its registration message."""
        return await registration.create(self, chat_id, name, options, user_id, announced_in)

    async def join(
        self, tournament_id: int, player_id: int, actor: int | None = None, late: str | None = None
    ) -> str:
        status = await registration.join(self, tournament_id, player_id, actor, late)
        if actor is not None and (status.startswith("late") or status == "already"):
            # an organiser's /add answers the player's request, if he made one
            await entry.settle(self, tournament_id, player_id, status, ok=True)
        return status

    async def bracket_png(self, tournament_id: int, lang: str) -> bytes | None:
        return await bracket.bracket_png(self, tournament_id, lang)

    async def request_entry(self, tournament_id: int, player: Player) -> bool:
        return await entry.request(self, tournament_id, player)

    async def decide_entry(
        self, tournament_id: int, player_id: int, organiser: int, ok: bool
    ) -> tuple[str, Player]:
        return await entry.decide(self, tournament_id, player_id, organiser, ok)

    async def privilege(self, tournament_id: int, player_id: int, actor: int) -> str:
        return await admission.privilege(self, tournament_id, player_id, actor)

    async def consent(self, tournament_id: int, player_id: int, actor: int) -> str:
        """A player's «yes» to the tournament an organiser of another group asked him into."""
        return await registration.consented(self, tournament_id, player_id, actor)

    async def invite(self, tournament_id: int, player_id: int, actor: int) -> str:
        return await admission.invite(self, tournament_id, player_id, actor)

    async def drop(self, tournament_id: int, player_id: int, actor: int | None) -> str:
        return await registration.drop(self, tournament_id, player_id, actor)

    async def withdraw_registrants(
        self, tournament_id: int, player_ids: Sequence[int], actor: int
    ) -> None:
        """Before the start: each off the list (``bot.kind.Withdraws``)."""
        async with self.db.read() as tx:
            tournament = await tournaments.get(tx, tournament_id)
        if tournament is None or tournament.status != "registration":
            raise UserError("ahead.begun")
        for player_id in player_ids:
            await registration.leave(self, tournament_id, player_id, actor)

    async def roster(self, tournament_id: int) -> list[tuple[str, bool]]:
        return await registration.roster(self, tournament_id)

    async def begin(
        self,
        tournament_id: int,
        actor: int,
        chosen: tuple[int, int] | None = None,
        *,
        override: bool = False,
    ) -> None:
        await self.committed(
            await rounds.begin(self, tournament_id, actor, chosen, override=override)
        )

    async def start_top(self, tournament_id: int, actor: int, size: int | None) -> None:
        await self.committed(await rounds.start_top(self, tournament_id, actor, size))

    async def next_round(
        self, tournament_id: int, actor: int, *, again: bool = False, override: bool = False
    ) -> None:
        """Pair the next round (``again``: this one again); ``override``: a Limited format's
        round 1 although some players have no accepted deck list (503, logged)."""
        await self.committed(
            await rounds.next_round(self, tournament_id, actor, again=again, override=override)
        )

    async def deck_window(self, tx: Tx, tournament: Tournament) -> Window:
        """Whether a player's own deck list is taken now (``rules.decks.window``)."""
        return await pods.deck_window(self, tx, tournament)

    async def correct(
        self, tournament_id: int, ruling: corrections.Ruling, actor: int, where: int | None = None
    ) -> ruling.Change:
        """The ruling stored, the board and both players told: the answer then says it is done
        (in ``where``; in the group it mentions those who never opened the bot's chat)."""
        after, change = await corrections.correct(self, tournament_id, ruling, actor, where=where)
        await self.committed(after)
        return change

    async def result_usage(self, tournament: Tournament) -> str:
        return await corrections.usage(self, tournament)

    def correction_text(self, lang: str, change: ruling.Change) -> str:
        return corrections.change_text(self, lang, change)

    async def extend(self, tournament_id: int, table: int | None, minutes: int, actor: int) -> str:
        """The new end of play (local time), the timers re-armed and the board refreshed."""
        after, until = await timers.extend(self, tournament_id, table, minutes, actor)
        await self.committed(after)
        return until

    async def on_timer(self, tx: Tx, deadline: Deadline) -> AfterCommit | None:
        return await timers.on_timer(self, tx, deadline)

    async def finish_early(self, tournament_id: int, actor: int) -> None:
        """Finished; the announcement (a durable job) goes beside the press's answer."""
        self.background.spawn(self.committed(await finish.finish_early(self, tournament_id, actor)))

    async def cancel(self, tournament_id: int, actor: int) -> None:
        """Cancelled; the announcement (a durable job) goes beside the press's answer."""
        self.background.spawn(self.committed(await finish.cancel(self, tournament_id, actor)))

    async def standings_view(self, tournament_id: int, lang: str, limit: int | None = None) -> str:
        return await queries.standings_view(self, tournament_id, lang, limit)

    async def pairings_view(self, tournament_id: int, lang: str) -> str | None:
        return await queries.pairings_view(self, tournament_id, lang)

    async def pending_text(self, tournament_id: int, lang: str) -> tuple[str, int, list[int]]:
        """``/pending``: the open tables of the current round; its number and those tables."""
        view = await pending.pending(self, tournament_id)
        number = view.rnd.number if view.rnd is not None else 0
        return pending.pending_text(self, lang, view), number, [f.table for f in view.tables]

    async def table_players(self, tournament_id: int, number: int, table: int) -> list[Player]:
        """The two players of table ``table`` of round ``number`` (none: no such table)."""
        return await penalties.table_players(self, tournament_id, number, table)

    async def nudge(self, tournament_id: int) -> int:
        return await pending.nudge(self, tournament_id)

    async def penalty(
        self, tournament_id: int, player_id: int, kind: PenaltyKind, reason: str, actor: int
    ) -> penalties.Given:
        after, given = await penalties.give(self, tournament_id, player_id, kind, reason, actor)
        await self.committed(after)
        return given

    def penalty_text(self, lang: str, given: penalties.Given, reason: str) -> str:
        return penalties.answer_text(self, lang, given, reason)

    async def to_judge(
        self, user_id: int, text: str, markup: InlineKeyboardMarkup | None = None
    ) -> bool:
        """A judge's private message (what a penalty's reason and the player's history are
        in, or a question of the penalty buttons): False when he cannot get one (he never
        opened the chat with the bot, or blocked it): the group never gets it instead."""
        sent = await self.notifier.to_user(user_id, "", text, markup, fallback_chat=None)
        return sent is not None

    async def why_text(self, tournament_id: int, telegram_id: int, lang: str) -> str:
        """``/why``: the asker's pairing this round explained (``bot.swiss.why``)."""
        return await why.why_text(self, tournament_id, telegram_id, lang)

    async def need_text(self, tournament_id: int, telegram_id: int, lang: str) -> str:
        """``/need``: what the asker still needs for the Top (``bot.swiss.need``)."""
        return await need.need_text(self, tournament_id, telegram_id, lang)

    async def to_player(self, telegram_id: int, text: str) -> bool:
        """A private answer; False when he cannot get one (the group never gets it instead)."""
        sent = await self.notifier.to_user(telegram_id, "", text, fallback_chat=None)
        return sent is not None

    async def player_penalties(self, player_id: int, lang: str) -> str | None:
        """``/profile``'s lines of the player's penalties in every tournament (``None``: none)."""
        return await penalties.profile_text(self, player_id, lang)

    async def export_csv(self, tournament_id: int, *, reasons: bool) -> str:
        return await export.export_csv(self, tournament_id, reasons=reasons)

    async def export_target(self, chat_id: int, wanted: int | None) -> Tournament | None:
        return await self.export_target_of("swiss", chat_id, wanted)

    async def find_player(self, arg: str) -> Player | None:
        return await registration.find_player(self, arg)

    async def heroes_view(
        self, tournament: Tournament, lang: str, telegram_id: int, judge: bool
    ) -> str:
        return await heroes.view(self, self.t(lang), tournament, telegram_id, judge)

    async def tell_heroes_view(self, tournament: Tournament, telegram_id: int, judge: bool) -> bool:
        """The heroes he may see, privately in his language; False when the bot cannot write
        to him (nothing sent: a secret never goes to the group)."""
        view = await self.heroes_view(tournament, await self.lang(telegram_id), telegram_id, judge)
        sent = await self.notifier.to_user(telegram_id, "", view, fallback_chat=None)
        return sent is not None

    async def name_heroes(self, tournament_id: int, names: list[str], actor: int) -> Tournament:
        return await heroes.name_set(self, tournament_id, names, actor)

    async def give_hero(
        self, tournament_id: int, player_id: int, hero: str, actor: int
    ) -> heroes.Gift:
        return await heroes.give(self, tournament_id, player_id, hero, actor)

    async def web_board(self, tx: Tx, tournament_id: int, now: datetime) -> Board:
        """The tournament's web board (``bot.web``), in its group's language."""
        snap = await self.snapshot(tx, tournament_id)
        found = {r.game_key: r.status for r in await reports.unresolved(tx, tournament_id)}
        lang = self.group_lang()
        places = self.places(snap.tournament, snap.state, snap.everyone)
        view = SwissView(snap.tournament, snap.state, snap.names, places, found, lang)
        return swiss_board(self.t(lang), view, now)

    async def played(self, tx: Tx, tournament: Tournament) -> Played:
        """Every table's result played at the table, round by round (the Top's too); once
        finished, the final places (``places``: the Top's bracket, then the standings)."""
        state = await self.state(tx, tournament.id)
        tables = (
            (a, b, rnd.results.get(table))
            for rnd in state.rounds
            for table, (a, b) in enumerate(rnd.tables, start=1)
        )
        found = (
            game_of(a, b, r.outcome_a, penalty=r.penalty) for a, b, r in tables if r is not None
        )
        games = tuple(game for game in found if game is not None)
        absent = tuple(
            player
            for rnd in state.rounds
            for result in rnd.results.values()
            for player in result.absent
        )
        if tournament.status != "finished":
            return Played(games, no_shows=absent)
        everyone = await self.everyone(tx, tournament.id)
        rows = self.places(tournament, state, everyone)
        return Played(games, tuple((int(row.player), row.rank) for row in rows), no_shows=absent)

    def register(self) -> None:
        """Register its desk with the result flow and its timers with the deadlines."""
        self.flow.desks["swiss"] = self.desk
        on, durable = self.deadlines.on, self.deadlines.on_durable
        # After downtime (``bot.deadlines.Late``): "10 minutes left" is a warning whose moment
        # has passed; the round's time and a table's extra time end play, so they are told late.
        on(WARN, self.on_timer, late=Late.WARN)
        on(TIME, self.on_timer, late=Late.APPLY)
        on(TABLE_TIME, self.on_timer, late=Late.APPLY)
        # The durable jobs that tell people about a pairing and the end (crash-safe sends).
        durable(broadcast.ROUND_JOB, partial(broadcast.round_job, self))
        durable(finish.END_JOB, partial(finish.end_job, self))
        durable(ruling.TELL_JOB, partial(ruling.tell_job, self))
        durable(penalties.TELL_JOB, partial(penalties.tell_job, self))
        durable(told.CONFIRMED_JOB, partial(told.confirmed_job, self))
        durable(repair.VOID_JOB, partial(repair.void_job, self))
        durable(pods.SEATING_JOB, partial(pods.seating_job, self))
        durable(play.BEGIN_JOB, partial(play.begin_job, self))
