"""The team events' service: creation, teams (an offer the partner confirms, an organiser's
``/add``), ``/begin`` and each round's pairing, the result desk (boards 1 and 2 and the
deciding game of 604.4), a judge's ``/result`` (808), the end with the ratings.

Every change appends events in one transaction; what it tells is ``bot.notices.Notice`` data
stored in that transaction (``Outbox.tell``) and sent after the commit; the group's board is
edited after the commit.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

import bot.teams.lists as lists
import bot.teams.seating as seating
from bot import rating_pool
from bot.claims import claim_from_decision
from bot.deadlines import AfterCommit, Late
from bot.errors import UserError
from bot.event_desk import EventDesk, report_buttons
from bot.group_board import GroupBoard
from bot.h2h_button import h2h_button
from bot.kind import DraftSeating, Placed
from bot.notices import Button, Notice, Number, Phrase, ToChat, ToPerson, phrase
from bot.results import Claim, Game, ResultFlow
from bot.teams.buttons import TmLateCb, TmOkCb
from bot.teams.core import (
    DISCIPLINE,
    KIND,
    OFFER,
    OFFER_DECK,
    OFFER_OFF,
    Offer,
    Snapshot,
    TeamsCore,
    decks_of,
    is_duel,
    scoring_of,
    team_format,
)
from bot.teams.export import csv_text
from bot.teams.views import (
    board_text,
    final_text,
    log_text,
    pending_text,
    standings_text,
    teams_text,
)
from bot.teams.web import teams_board
from bot.teams.why import why_text as explain_why
from bot.web.render import Board
from db import deadlines, game_messages, players, reports, tournaments
from db.database import Tx
from db.models import Deadline, Player
from db.reports import unresolved as reports_of
from db.tournaments import Tournament
from rules.card_rating import START_RATING_CENTS
from rules.decks import Restriction
from rules.decks.window import Window
from rules.memory import Played, game_of
from rules.penalties import PenaltyKind
from rules.results import Outcome, ResultError
from rules.teams import (
    DECIDING,
    MIN_TEAMS,
    PairingError,
    StateError,
    TeamPairing,
    TmBegin,
    TmCancel,
    TmDrop,
    TmFinish,
    TmGame,
    TmRound,
    TmTeam,
    assign_boards,
    default_rounds,
    game_key,
    outcome_from_claim,
    pair_next,
    parse_game_key,
)
from rules.teams.events import TmExtend, TmRemove, TmSwap, TmTop
from rules.teams.settings import TeamFormat
from rules.teams.state import State

if TYPE_CHECKING:
    from bot.infra import Infra

log = logging.getLogger(__name__)
#: the deadline of a round's time (``register``)
TIME = "teams_time"

#: a judge's ``/result`` codes: team A's player of the game won (a), B's (b), technical, draw
JUDGE_CODES = {
    "a": Outcome.CLEAN_WIN,
    "b": Outcome.LOSS,
    "ta": Outcome.TECHNICAL_WIN,
    "tb": Outcome.TECHNICAL_LOSS,
    "draw": Outcome.DRAW,
    "dl": Outcome.DOUBLE_LOSS,
    # an absence (a player did not come to the board): a no-show (``rules.no_shows``)
    "na": Outcome.TECHNICAL_LOSS,
    "nb": Outcome.TECHNICAL_WIN,
    "nn": Outcome.DOUBLE_LOSS,
}
#: an absence's code: the technical code it decides with, and which side did not come
ABSENCE = {"na": ("tb", "a"), "nb": ("ta", "b"), "nn": ("dl", "ab")}
MAX_TEAM_NAME = 40
#: the outbox key of a player's message with his game's result buttons, and the game's key
GAME_NOTICE = re.compile(r"tm:\d+:(?:game|deciding):(r\d+t\d+b\d+p\d+):p\d+(?::s\d+)?")


class TeamsDesk(EventDesk[TeamsCore]):
    """The result flow's ``GameDesk`` of team events (``bot.results``)."""

    def __init__(self, service: TeamsService) -> None:
        super().__init__(service.core, service.refresh_board)
        self._s = service

    async def _found(self, tx: Tx, tournament: Tournament, key: str) -> Game | None:
        parsed = parse_game_key(key)
        if parsed is None:
            return None
        number, table, board, gen = parsed
        state = await self._core.state(tx, tournament.id)
        if state.finished or not 1 <= number <= len(state.rounds):
            return None
        rnd = state.round(number)
        if rnd.gen != gen or (table, board) not in state.open_games(number):
            return None
        found = state.players_of(number, table, board)
        if found is None:
            return None
        return Game(key, int(found[0]), int(found[1]), draws=True, double_loss=True, absence=True)

    async def open_game(self, tx: Tx, tournament: Tournament, game_key: str) -> Game | None:
        return await self._found(tx, tournament, game_key)

    async def record(
        self, tx: Tx, tournament: Tournament, game: Game, claim: Claim, actor_id: int | None
    ) -> AfterCommit | None:
        parsed = parse_game_key(game.key)
        assert parsed is not None  # the flow found this game open a moment ago
        number, table, board, _ = parsed
        outcome = outcome_from_claim(claim, game.a, game.b)
        event = TmGame(number, table, board, outcome, absent=claim.absent)
        await self._core.record(tx, tournament.id, event, actor_id)
        return await self._s.after_game(tx, tournament, number, table)

    async def current_game(self, tx: Tx, tournament: Tournament, player_id: int) -> Game | None:
        state = await self._core.state(tx, tournament.id)
        for rnd in state.rounds:
            for table, board in state.open_games(rnd.number):
                found = state.players_of(rnd.number, table, board)
                if found is not None and player_id in found:
                    key = game_key(rnd.number, table, board, rnd.gen)
                    return Game(key, int(found[0]), int(found[1]), double_loss=True, absence=True)
        return None

    def label(self, tournament: Tournament, game: Game) -> Phrase:
        parsed = parse_game_key(game.key)
        assert parsed is not None
        number, table, board, _ = parsed
        if board == DECIDING:
            return phrase("teams.label_deciding", table=table, round=number)
        return phrase("teams.label", table=table, board=board, round=number)


def top_of(tournament: Tournament) -> int:
    """The Top the organiser chose (teams; 0: none)."""
    return int(tournament.settings.get("top") or 0)


def top_size(wanted: int, teams: int) -> int:
    """The Top played: the chosen size, no larger than the largest power of two of the teams
    still playing (a Top of 8 among 6 teams is a Top of 4)."""
    size = 1
    while size * 2 <= min(wanted, teams):
        size *= 2
    return size


def last_round(state: State, top: int) -> bool:
    """Whether the round just complete was the event's last: the Swiss's last without a Top,
    the final with one."""
    if state.seeds:
        return state.top_pairs()[1] is not None
    return (
        len(state.swiss_rounds()) >= state.planned_rounds and top_size(top, len(state.active())) < 2
    )


def _table_of(key: str) -> int | None:
    """The table of a game notice's key (``tm:<id>:game:r1t2b1p1:p5…``)."""
    found = re.search(r":game:r\d+t(\d+)b", key)
    return int(found.group(1)) if found else None


def _open_game_of(state: State, player: int) -> tuple[int, int, int, bool] | None:
    """The player's open game of the current round: (round, table, board, he is team A's)."""
    rnd = state.current
    if rnd is None:
        return None
    for table, board in state.open_games(rnd.number):
        found = state.players_of(rnd.number, table, board)
        if found is not None and player in found:
            return rnd.number, table, board, found[0] == player
    return None


def deck_buttons(tid: int, offer: int, decks: list[str]) -> tuple[tuple[Button, ...], ...]:
    """One button a deck of the list (610.3): «Играю: …»."""
    return tuple(
        (
            Button(
                label=phrase("teams.btn_deck", deck=deck), data=TmOkCb(t=tid, o=offer, d=i).pack()
            ),
        )
        for i, deck in enumerate(decks)
    )


def numbered(decks: list[str]) -> str:
    """«1 слуа, 2 вампиры»: the list as ``/add`` numbers it."""
    return ", ".join(f"{i} {deck}" for i, deck in enumerate(decks, start=1))


class TeamsService:
    """Team events (604 Team Sealed; see the module docstring)."""

    def __init__(self, infra: Infra, flow: ResultFlow) -> None:
        self.core: TeamsCore = TeamsCore(infra, flow)
        self.desk = TeamsDesk(self)
        self.board = GroupBoard(self.core, KIND, self._board)
        self.settings = infra.settings

    # -- the kind contract ---------------------------------------------------------------

    def register(self, flow: ResultFlow) -> None:
        flow.desks[KIND] = self.desk
        # the round's time up changes what the judges must do: told even after downtime
        self.core.deadlines.on(TIME, self.on_time, late=Late.APPLY)

    async def on_time(self, tx: Tx, deadline: Deadline) -> AfterCommit | None:
        """The round's time is up: the group told which tables still play (none: nothing)."""
        tournament = await tournaments.get(tx, deadline.ref_id)
        if tournament is None or tournament.status != "running":
            return None
        state = await self.core.state(tx, tournament.id)
        number = int(str(deadline.payload.get("round", 0)))
        if number != len(state.rounds):
            return None
        tables = sorted({table for table, _ in state.open_games(number)})
        if not tables:
            return None
        notice = Notice(
            key=f"tm:{tournament.id}:time:{number}",
            to=ToChat(chat=tournament.chat_id),
            lines=(phrase("teams.time_up", round=number, tables=", ".join(map(str, tables))),),
        )
        job = await self.core.outbox.tell(tx, tournament.id, [notice])

        async def after() -> None:
            await self.core.deadlines.run(job)

        return after

    async def web_board(self, tx: Tx, tournament_id: int, now: datetime) -> Board:
        """The web board's own layout (``bot.teams.web``), in the group's language."""
        snap = await self.core.snapshot(tx, tournament_id)
        lang = self.core.group_lang()
        reports: dict[str, str] = {}
        for report in await reports_of(tx, tournament_id):
            parsed = parse_game_key(report.game_key)
            if parsed is not None:
                reports[f"{parsed[0]}:{parsed[1]}:{parsed[2]}"] = report.status
        return teams_board(self.core.tr(lang), snap, reports, lang, now)

    def handler_data(self) -> Mapping[str, object]:
        return {"teams": self}

    # -- the deck lists' and the pick clock's host (``bot.teams.lists``) -----------------

    async def entrants(self, tx: Tx, tournament_id: int) -> list[int]:
        return await lists.players(self.core, tx, tournament_id, active=False)

    async def active(self, tx: Tx, tournament_id: int) -> list[int]:
        return await lists.players(self.core, tx, tournament_id, active=True)

    async def deck_window(self, tx: Tx, tournament: Tournament) -> Window:
        return await lists.deck_window(self.core, tx, tournament)

    def deck_options(self, tournament: Tournament) -> Mapping[str, object]:
        return lists.deck_options(tournament)

    async def deck_restriction(
        self, tx: Tx, tournament: Tournament, player_id: int
    ) -> Restriction | None:
        return await lists.deck_restriction(self.core, tx, tournament, player_id)

    async def deck_edited(self, tx: Tx, tournament_id: int, player_id: int, actor: int) -> None:
        await lists.deck_edited(self.core, tx, tournament_id, player_id, actor)

    async def final_places(self, tx: Tx, tournament: Tournament) -> tuple[list[Placed], int]:
        return await lists.final_places(self.core, tx, tournament)

    async def draft_seating(self, tx: Tx, tournament: Tournament) -> DraftSeating:
        return await lists.draft_seating(self.core, tx, tournament)

    async def played(self, tx: Tx, tournament: Tournament) -> Played:
        """Every board's game and deciding game played at the table (from its first player's
        side); once finished, each player's place, his team's (``State.player_places``)."""
        state = await self.core.state(tx, tournament.id)
        found = (
            game_of(int(g.player), int(g.opponent), g.outcome)
            for g in state.player_games()
            if int(g.player) < int(g.opponent)
        )
        games = tuple(g for g in found if g is not None)
        absent = tuple(player for each in state.absent.values() for player in each)
        if tournament.status != "finished":
            return Played(games, no_shows=absent)
        places = state.player_places()
        return Played(
            games, tuple((int(p), place) for p, (place, _) in places.items()), no_shows=absent
        )

    # -- creation and teams --------------------------------------------------------------

    async def create(self, chat_id: int, name: str, options: dict[str, Any], actor: int) -> int:
        async with self.core.db.transaction() as tx:
            tid = await tournaments.create(
                tx, chat_id, DISCIPLINE, KIND, name, options, actor, self.core.now().isoformat()
            )
            await self.core.audit(tx, tid, actor, "create", **options)
        return tid

    async def find_player(self, arg: str) -> Player | None:
        """``@username`` (someone the bot has seen) or a club id."""
        return await self.core.registry.find_player(arg)

    async def _check_pair(self, tx: Tx, tid: int, first: int, second: int, name: str) -> None:
        found = await tournaments.get(tx, tid)
        if found is not None and found.status == "running":
            await self._late_allowed(tx, found)
        if first == second:
            raise UserError("teams.partner_self")
        if not 1 <= len(name) <= MAX_TEAM_NAME or name.startswith("/"):
            raise UserError("teams.name_bad", max=MAX_TEAM_NAME)
        state = await self.core.state(tx, tid)
        for team in state.teams.values():
            taken = {first, second} & set(team.players)
            if taken:
                player = await self.core.player(tx, taken.pop())
                shown = player.display_name if player else "?"
                raise UserError("teams.already_in_team", name=shown, team=team.name)
            if team.name.casefold() == name.casefold():
                raise UserError("teams.name_taken", team=name)

    async def _late_allowed(self, tx: Tx, tournament: Tournament) -> None:
        """A late entry is refused where a club would: Team Draft once its tables are seated
        (the team missed the draft: it has no cards), and once the Top is seeded."""
        if team_format(tournament) is TeamFormat.TEAM_DRAFT:
            raise UserError("teams.late_draft")
        if (await self.core.state(tx, tournament.id)).seeds:
            raise UserError("teams.late_top")

    async def offer(self, tid: int, first: Player, second: Player, name: str) -> AfterCommit:
        """``first`` names ``second`` as his partner in team ``name``: the partner is asked to
        confirm (privately, or in the group with a mention); in a duel-set release each of
        the two names his deck from the organiser's list with a button (610.3)."""
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid, "registration", "running")
            await self._check_pair(tx, tid, first.id, second.id, name)
            payload = {"first": first.id, "second": second.id, "name": name}
            offer_id = await self.core.event(tx, tid, OFFER, payload, None)
            decks = decks_of(tournament) if is_duel(tournament) else []
            no = Button(
                label=phrase("teams.btn_decline"), data=TmOkCb(t=tid, o=offer_id, ok=False).pack()
            )
            if decks:
                choices = deck_buttons(tid, offer_id, decks)
                ask = (*choices, (no,))
            else:
                ok = TmOkCb(t=tid, o=offer_id, ok=True).pack()
                ask = ((Button(label=phrase("teams.btn_accept"), data=ok), no),)
            notices = []
            if second.telegram_id is not None:
                asked = phrase(
                    "teams.offer_ask_deck" if decks else "teams.offer_ask",
                    name=first.display_name,
                    team=name,
                    tournament=tournament.name,
                )
                to = ToPerson(
                    user=second.telegram_id,
                    name=second.display_name,
                    fallback_chat=tournament.chat_id,
                )
                notices.append(
                    Notice(key=f"tm:{tid}:offer:{offer_id}", to=to, lines=(asked,), buttons=ask)
                )
            if decks and first.telegram_id is not None:
                to = ToPerson(
                    user=first.telegram_id,
                    name=first.display_name,
                    fallback_chat=tournament.chat_id,
                )
                notices.append(
                    Notice(
                        key=f"tm:{tid}:offer:{offer_id}:deck",
                        to=to,
                        lines=(phrase("teams.deck_ask", team=name),),
                        buttons=deck_buttons(tid, offer_id, decks),
                    )
                )
            job = await self.core.outbox.tell(tx, tid, notices)

        async def after() -> None:
            await self.core.deadlines.run(job)

        return after

    async def answer_offer(
        self, tid: int, offer_id: int, presser: Player, ok: bool, deck: int
    ) -> tuple[str, AfterCommit | None]:
        """A player's answer to a team offer: ``joined`` (the team is in), ``waiting`` (his
        answer is in, the other's deck is not), ``declined``, or ``gone``."""
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid, "registration", "running")
            found = next((o for o in await self.core.offers(tx, tid) if o.id == offer_id), None)
            if found is None:
                return "gone", None
            if presser.id not in (found.first, found.second):
                raise UserError("teams.offer_not_yours")
            if not ok:
                await self.core.event(tx, tid, OFFER_OFF, {"offer": offer_id}, None)
                return "declined", None
            decks = decks_of(tournament) if is_duel(tournament) else []
            if decks and not 0 <= deck < len(decks):
                raise UserError("common.stale_button")
            if presser.id == found.first and not decks:
                raise UserError("teams.offer_not_yours")
            chosen = {
                "offer": offer_id,
                "player": presser.id,
                "deck": decks[deck] if decks else None,
            }
            await self.core.event(tx, tid, OFFER_DECK, chosen, None)
            if decks:
                found.decks[presser.id] = decks[deck]
            accepted = found.accepted or presser.id == found.second
            if not accepted or (decks and len(found.decks) < 2):
                return "waiting", None
            await self._check_pair(tx, tid, found.first, found.second, found.name)
            if tournament.status == "running":
                return "asked", await self._ask_late(tx, tournament, found)
            await self.core.event(tx, tid, OFFER_OFF, {"offer": offer_id}, None)
            await self._add(
                tx,
                tournament,
                found.first,
                found.second,
                found.name,
                found.decks.get(found.first),
                found.decks.get(found.second),
            )
            names = await players.many(tx, [found.first, found.second])
            told = Notice(
                key=f"tm:{tid}:team_in:{offer_id}",
                to=ToChat(chat=tournament.chat_id),
                lines=(
                    phrase(
                        "teams.team_in",
                        team=found.name,
                        first=names[found.first].display_name if found.first in names else "?",
                        second=names[found.second].display_name if found.second in names else "?",
                    ),
                ),
            )
            job = await self.core.outbox.tell(tx, tid, [told])

        async def after() -> None:
            await self.core.deadlines.run(job)

        return "joined", after

    async def _ask_late(self, tx: Tx, tournament: Tournament, found: Offer) -> AfterCommit:
        """Both players of a team confirmed after the start: the organisers are asked in the
        group to let it in (it plays from the next round, its missed rounds count nothing)."""
        names = await players.many(tx, [found.first, found.second])
        tid = tournament.id
        buttons = (
            (
                Button(
                    label=phrase("teams.btn_late_yes"),
                    data=TmLateCb(t=tid, o=found.id, ok=True).pack(),
                ),
                Button(
                    label=phrase("teams.btn_late_no"),
                    data=TmLateCb(t=tid, o=found.id, ok=False).pack(),
                ),
            ),
        )
        asked = Notice(
            key=f"tm:{tid}:late:{found.id}",
            to=ToChat(chat=tournament.chat_id),
            lines=(
                phrase(
                    "teams.late_ask",
                    team=found.name,
                    first=names[found.first].display_name,
                    second=names[found.second].display_name,
                ),
            ),
            buttons=buttons,
        )
        job = await self.core.outbox.tell(tx, tid, [asked])

        async def after() -> None:
            await self.core.deadlines.run(job)

        return after

    async def answer_late(self, tid: int, offer_id: int, actor: int, ok: bool) -> str:
        """An organiser's answer to a late team: ``in`` (it plays from the next round),
        ``refused``, or ``gone`` (answered already, or the event is over)."""
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid)
            found = next((o for o in await self.core.offers(tx, tid) if o.id == offer_id), None)
            if tournament.status != "running" or found is None or not found.accepted:
                return "gone"
            await self.core.event(tx, tid, OFFER_OFF, {"offer": offer_id}, actor)
            if not ok:
                await self.core.audit(tx, tid, actor, "late_refused", team=found.name)
                return "refused"
            await self._check_pair(tx, tid, found.first, found.second, found.name)
            decks = (found.decks.get(found.first), found.decks.get(found.second))
            await self._add(tx, tournament, found.first, found.second, found.name, *decks)
            await self.core.audit(tx, tid, actor, "late_team", team=found.name)
        return "in"

    async def _add(
        self,
        tx: Tx,
        tournament: Tournament,
        first: int,
        second: int,
        name: str,
        deck_first: str | None = None,
        deck_second: str | None = None,
    ) -> int:
        state = await self.core.state(tx, tournament.id)
        number = max(state.teams, default=0) + 1
        late = tournament.status == "running"  # approved by an organiser: from the next round
        ratings: dict[int, int] = {}
        for player in (first, second) if late else ():
            found = await players.rating(tx, player, tournament.discipline)
            ratings[player] = START_RATING_CENTS if found is None else found
        team = TmTeam(number, name, first, second, deck_first, deck_second, late, ratings)
        await self.core.record(tx, tournament.id, team, None)
        now = self.core.now().isoformat()
        for player in (first, second):
            await tournaments.add_participant(tx, tournament.id, player, now)
        return number

    async def add_team(
        self,
        tid: int,
        first: Player,
        second: Player,
        name: str,
        actor: int,
        decks: tuple[int, int] | None = None,
    ) -> None:
        """An organiser's ``/add`` of a whole team (both players at once); in a duel-set
        release with each player's deck by its number in the list. After the start it is a
        late entry the organiser made himself: it plays from the next round."""
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid, "registration", "running")
            listed = decks_of(tournament) if is_duel(tournament) else []
            if listed and (decks is None or not all(1 <= d <= len(listed) for d in decks)):
                raise UserError("teams.add_usage_duel", decks=numbered(listed))
            await self._check_pair(tx, tid, first.id, second.id, name)
            chosen: tuple[str | None, str | None] = (None, None)
            if listed and decks is not None:
                chosen = (listed[decks[0] - 1], listed[decks[1] - 1])
            await self._add(tx, tournament, first.id, second.id, name, *chosen)
            await self.core.audit(
                tx, tid, actor, "add_team", name=name, first=first.id, second=second.id
            )

    # -- rounds ----------------------------------------------------------------------------

    async def begin(self, tid: int, actor: int) -> AfterCommit:
        """Close the registration (at least 4 teams, 604.1) with round 1's draw seeded at
        random (``secrets``) and the seed published. A duel-set release pairs round 1 at once;
        Team Sealed opens the product and Team Draft seats its tables (``rules.teams.pods``)
        first: the decks are built and listed, then ``/next_round`` pairs round 1."""
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid, "registration")
            state = await self.core.state(tx, tid)
            if len(state.teams) < MIN_TEAMS:
                raise UserError("teams.too_few", count=len(state.teams), needed=MIN_TEAMS)
            ratings: dict[int, int] = {}
            for team in state.teams.values():
                for player in team.players:
                    found = await players.rating(tx, int(player), tournament.discipline)
                    ratings[int(player)] = START_RATING_CENTS if found is None else found
            chosen = tournament.settings.get("rounds")
            rounds = int(chosen) if chosen else default_rounds(len(state.teams))
            begun = TmBegin(
                seed=seating.new_seed(),
                rounds=rounds,
                scoring=scoring_of(tournament).value,
                ratings=ratings,
                teams=tuple(state.teams),
                swap=is_duel(tournament),
            )
            await self.core.record(tx, tid, begun, actor)
            await tournaments.set_status(tx, tid, "running", self.core.now().isoformat())
            await self.core.audit(tx, tid, actor, "begin", teams=len(state.teams), rounds=rounds)
            started = await seating.begun(self.core, tx, tournament, begun)
            if team_format(tournament) is TeamFormat.DUEL_SETS:
                paired = await self._pair(tx, tournament, actor)

                async def both() -> None:
                    await started()
                    await paired()

                return both
            return started

    async def next_round(self, tid: int, actor: int) -> AfterCommit:
        """The next round once the current one is settled; after the last one, the end."""
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid, "running")
            state = await self.core.state(tx, tid)
            rnd = state.current
            if rnd is None and await lists.drafting(self.core, tx, tournament):
                raise UserError("teams.draft_running")
            if rnd is not None and not state.complete(rnd.number):
                tables = sorted({table for table, _ in state.open_games(rnd.number)})
                raise UserError("teams.round_open", tables=", ".join(map(str, tables)))
            if len(state.swiss_rounds()) < state.planned_rounds:
                return await self._pair(tx, tournament, actor)
            if not state.seeds:
                size = top_size(top_of(tournament), len(state.active()))
                if size < 2:
                    return await self._finish(tx, tournament, state, actor, early=False)
                seeds = tuple(state.active()[:size])
                await self.core.record(tx, tid, TmTop(seeds), actor)
                await self.core.audit(tx, tid, actor, "top", teams=len(seeds))
                state = await self.core.state(tx, tid)
            pairs, champion = state.top_pairs()
            if champion is not None:
                return await self._finish(tx, tournament, state, actor, early=False)
            chosen = [
                assign_boards(state.teams[a], state.teams[b], swap=state.swap) for a, b in pairs
            ]
            pairing = TeamPairing(
                matches=tuple(pairs),
                bye=None,
                crossed=tuple(assignment.crossed for assignment in chosen),
                mirrors=tuple(p for p, a in zip(pairs, chosen, strict=True) if a.mirrors),
                avoided=frozenset(),
            )
            return await self._pair(tx, tournament, actor, pairing)

    async def _pair(
        self,
        tx: Tx,
        tournament: Tournament,
        actor: int | None,
        pairing: TeamPairing | None = None,
    ) -> AfterCommit:
        """Store the next round (``pairing``: a Top round's; else the Swiss pairs it), arm its
        time, tell each player his game and post the board."""
        state = await self.core.state(tx, tournament.id)
        try:
            pairing = pairing or pair_next(state)
        except PairingError as exc:
            raise UserError("teams.cannot_pair") from exc
        number = len(state.rounds) + 1
        minutes = int(tournament.settings.get("round_minutes") or 70)
        ends = self.core.now() + timedelta(minutes=minutes)
        crossed = tuple(i for i, c in enumerate(pairing.crossed, start=1) if c)
        paired = TmRound(number, 1, tuple(pairing.matches), pairing.bye, crossed, ends.isoformat())
        await self.core.record(tx, tournament.id, paired, actor)
        state = await self.core.state(tx, tournament.id)
        snap = await self.core.snapshot(tx, tournament.id)
        notices = await self._game_notices(tx, tournament, snap, number)
        tables = {pair: table for table, pair in enumerate(pairing.matches, start=1)}
        for pair in pairing.mirrors:  # 610.4: only a mirror game was left; the judge may swap
            notices.append(
                Notice(
                    key=f"tm:{tournament.id}:mirror:{number}:{tables[pair]}",
                    to=ToChat(chat=tournament.chat_id),
                    lines=(phrase("teams.mirror_left", table=tables[pair], round=number),),
                )
            )
        job = await self.core.outbox.tell(tx, tournament.id, notices)
        tid = tournament.id
        timer = await deadlines.add(tx, TIME, tid, ends, {"round": number})

        async def after() -> None:
            self.core.deadlines.schedule(timer, ends)
            await self.post_board(tid)
            await self._deliver(tid, notices)
            await self.core.deadlines.run(job)  # done: every notice went out under its key

        return after

    async def _game_notices(
        self, tx: Tx, tournament: Tournament, snap: Snapshot, number: int
    ) -> list[Notice]:
        """Each player's game of round ``number`` privately: table, board, opponent, teams."""
        state = snap.state
        rnd = state.round(number)
        notices: list[Notice] = []
        for match in rnd.matches:
            for board in match.assignment.boards:
                key = game_key(number, match.table, board.number, rnd.gen)
                sides = (
                    (board.player_a, board.player_b, match.a, match.b),
                    (board.player_b, board.player_a, match.b, match.a),
                )
                decks = {board.player_a: board.deck_a, board.player_b: board.deck_b}
                for me, other, mine, theirs in sides:
                    line = phrase(
                        "teams.your_game",
                        round=number,
                        table=match.table,
                        board=board.number,
                        opponent=snap.names.get(other, "?"),
                        team=snap.team_name(mine),
                        other=snap.team_name(theirs),
                    )
                    lines: tuple[Phrase, ...] = (line,)
                    if decks[me] is not None and decks[other] is not None:
                        met = phrase(
                            "teams.decks_line", mine=decks[me] or "", theirs=decks[other] or ""
                        )
                        lines = (line, met)
                    notices.append(
                        Notice(
                            key=f"tm:{tournament.id}:game:{key}:p{me}",
                            to=await self.core.person(tx, int(me), tournament.chat_id),
                            lines=lines,
                            buttons=(
                                *report_buttons(KIND, tournament.id, key),
                                h2h_button(int(other), snap.names.get(other, "?")),
                            ),
                        )
                    )
        if rnd.bye is not None:
            for player in state.teams[rnd.bye].players:
                notices.append(
                    Notice(
                        key=f"tm:{tournament.id}:bye:{number}:p{player}",
                        to=await self.core.person(tx, int(player), tournament.chat_id),
                        lines=(phrase("teams.your_bye", round=number),),
                    )
                )
        return notices

    async def after_game(
        self, tx: Tx, tournament: Tournament, number: int, table: int
    ) -> AfterCommit:
        """After a game's result: the deciding game asked when it fell due, the round said
        complete, the board refreshed."""
        state = await self.core.state(tx, tournament.id)
        snap = await self.core.snapshot(tx, tournament.id)
        notices: list[Notice] = []
        rnd = state.round(number)
        due = state.deciding_players(number, table)
        if due is not None and (table, DECIDING) in state.open_games(number):
            key = game_key(number, table, DECIDING, rnd.gen)
            for me, other in (due, due[::-1]):
                notices.append(
                    Notice(
                        key=f"tm:{tournament.id}:deciding:{key}:p{me}",
                        to=await self.core.person(tx, int(me), tournament.chat_id),
                        lines=(
                            phrase(
                                "teams.deciding_ask",
                                round=number,
                                table=table,
                                opponent=snap.names.get(other, "?"),
                            ),
                        ),
                        buttons=report_buttons(KIND, tournament.id, key),
                    )
                )
            notices.append(
                Notice(
                    key=f"tm:{tournament.id}:deciding:{key}",
                    to=ToChat(chat=tournament.chat_id),
                    lines=(
                        phrase(
                            "teams.deciding_group",
                            table=table,
                            a=snap.names.get(due[0], "?"),
                            b=snap.names.get(due[1], "?"),
                        ),
                    ),
                )
            )
        if state.current is rnd and state.complete(number):
            last = last_round(state, top_of(tournament))
            notices.append(
                Notice(
                    key=f"tm:{tournament.id}:complete:{number}",
                    to=ToChat(chat=tournament.chat_id),
                    lines=(
                        phrase("teams.round_complete", round=number),
                        phrase("teams.next_finish" if last else "teams.next_round"),
                    ),
                )
            )
        job = await self.core.outbox.tell(tx, tournament.id, notices)
        tid = tournament.id

        async def after() -> None:
            await self.refresh_board(tid)
            await self._deliver(tid, notices)
            await self.core.deadlines.run(job)  # done: every notice went out under its key

        return after

    async def _deliver(self, tid: int, notices: list[Notice]) -> None:
        """Send the notices of a change one by one (each once by its key: the durable job run
        next finds them sent), remembering each message with a game's result buttons
        (``GAME_NOTICE``) as it goes, so that it becomes the game's result line once the game
        settles (``ResultNotices``), in its reader's language."""
        for notice in notices:
            try:
                sent = await self.core.outbox.deliver(notice)
            except Exception:  # one failed message must not stop the others; the job retries it
                log.exception("notice %s could not be sent", notice.key)
                continue
            game = GAME_NOTICE.fullmatch(notice.key)
            if game is None or sent is None:
                continue
            async with self.core.db.transaction() as tx:
                user = notice.to.user if isinstance(notice.to, ToPerson) else None
                lang = await self.core.lang_of(tx, user)
                await game_messages.add(tx, tid, game.group(1), *sent, lang)

    # -- the board ---------------------------------------------------------------------------

    async def _board(self, tid: int) -> tuple[Tournament, str]:
        async with self.core.db.read() as tx:
            snap = await self.core.snapshot(tx, tid)
            pending = await self._pending(tx, tid)
        t = self.core.tr(self.core.group_lang())
        return snap.tournament, board_text(t, snap, pending, self._until(snap))

    def _until(self, snap: Snapshot) -> str:
        """The current round's end as the room's clock shows it ("" when none is known)."""
        rnd = snap.state.current
        if rnd is None or not rnd.ends_at:
            return ""
        return self.core.clock_time(datetime.fromisoformat(rnd.ends_at))

    async def pending_view(self, tid: int, lang: str) -> str:
        async with self.core.db.read() as tx:
            snap = await self.core.snapshot(tx, tid)
            pending = await self._pending(tx, tid)
        return pending_text(self.core.tr(lang), snap, pending)

    @staticmethod
    async def _pending(tx: Tx, tid: int) -> set[str]:
        """«round:table:board» of the games with a report awaiting its answer."""
        pending = set()
        for report in await reports.unresolved(tx, tid):
            parsed = parse_game_key(report.game_key)
            if parsed is not None:
                pending.add(f"{parsed[0]}:{parsed[1]}:{parsed[2]}")
        return pending

    async def post_board(self, tid: int) -> None:
        await self.board.post(tid)

    async def refresh_board(self, tid: int) -> None:
        await self.board.refresh(tid)

    # -- judges ------------------------------------------------------------------------------

    async def result(
        self, tid: int, judge: int, number: int, table: int, board: int, code: str, reason: str
    ) -> AfterCommit | None:
        """A judge's result of any game of any round: an open game is decided through the
        result flow; a recorded one is corrected (808), the deciding game recomputed."""
        outcome = JUDGE_CODES.get(code)
        if outcome is None:
            raise UserError("teams.result_usage")
        async with self.core.db.read() as tx:
            tournament = await self.core.tournament(tx, tid, "running")
            state = await self.core.state(tx, tid)
            try:
                rnd = state.round(number)
                rnd.match(table)
                found = state.players_of(number, table, board)
            except StateError as exc:
                raise UserError("teams.no_such_game") from exc
            if found is None:
                raise UserError("teams.no_such_game")
            key = game_key(number, table, board, rnd.gen)
            is_open = (table, board) in state.open_games(number)
        decided, sides = ABSENCE.get(code, (code, ""))
        absent = tuple(int(found[0] if side == "a" else found[1]) for side in sides)
        if is_open:
            game = Game(key, int(found[0]), int(found[1]), double_loss=True, absence=True)
            try:
                claim = claim_from_decision(game, "d" if code == "draw" else decided)
            except (ResultError, ValueError) as exc:
                raise UserError("teams.result_usage") from exc
            claim = replace(claim, absent=absent)
            _, after = await self.core.flow.decide(tid, key, claim, judge)
            return after
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid, "running")
            event = TmGame(number, table, board, outcome, reason=reason or None, absent=absent)
            await self.core.record(tx, tid, event, judge)
            await self.core.audit(tx, tid, judge, "correct", game=key, outcome=outcome.value)
            return await self.after_game(tx, tournament, number, table)

    async def drop(self, tid: int, player_id: int, judge: int | None) -> tuple[str, str]:
        """A team drops as a whole (spec §1): one member's ``/drop`` (or a judge's for him)
        ends the team's part from the next round on. Before the start the team is taken off
        the list (``removed``: it never played). (status, team name)."""
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid)
            state = await self.core.state(tx, tid)
            team = state.team_of(player_id)
            if tournament.status == "registration":
                if team is None:
                    return "not_in", ""
                return await self._remove(tx, tid, team.id, judge), team.name
            if tournament.status != "running":
                raise UserError("teams.not_running")
            if team is None or team.id not in state.entrants:
                return "not_in", ""
            if team.id in state.dropped:
                return "already", team.name
            await self.core.record(tx, tid, TmDrop(team.id), judge)
            for player in team.players:
                await tournaments.set_participant_status(tx, tid, int(player), "dropped")
            if judge is not None:
                await self.core.audit(tx, tid, judge, "drop", team=team.name)
        return "dropped", team.name

    async def withdraw_registrants(self, tid: int, player_ids: Sequence[int], actor: int) -> None:
        """The check-in's «drop those not here» (``bot.kind.Withdraws``): a team plays with
        both its players, so a team with one of them absent is taken off the list."""
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid)
            if tournament.status != "registration":
                raise UserError("ahead.begun")
            state = await self.core.state(tx, tid)
            found = (state.team_of(player) for player in player_ids)
            for team_id in sorted({team.id for team in found if team is not None}):
                await self._remove(tx, tid, team_id, actor)

    async def drop_named(self, tid: int, name: str, judge: int) -> tuple[str, str]:
        """A judge's ``/drop <team name>``: that team (before the start taken off the list)."""
        async with self.core.db.read() as tx:
            state = await self.core.state(tx, tid)
        team = next((t for t in state.teams.values() if t.name.casefold() == name.casefold()), None)
        if team is None:
            raise UserError("teams.no_team", team=name)
        return await self.drop(tid, int(team.first), judge)

    async def _remove(self, tx: Tx, tid: int, team: int, actor: int | None) -> str:
        """Take a team off the list before the start: it and its players leave the event."""
        state = await self.core.state(tx, tid)
        await self.core.record(tx, tid, TmRemove(team), actor)
        for player in state.teams[team].players:
            await tournaments.remove_participant(tx, tid, int(player))
        if actor is not None:
            await self.core.audit(tx, tid, actor, "remove_team", team=state.teams[team].name)
        return "removed"

    async def swap(self, tid: int, judge: int, table: int, other: int) -> AfterCommit:
        """A judge's swap of the opponents of two tables of the current round (spec §2: a
        mirror game was left, 610.4): both unplayed, no report made, no rematch made; the four
        teams' players get their new games."""
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid, "running")
            state = await self.core.state(tx, tid)
            rnd = state.current
            if rnd is None:
                raise UserError("teams.no_round")
            try:
                first, second = rnd.match(table), rnd.match(other)
            except StateError as exc:
                raise UserError("teams.swap_usage") from exc
            reported = {parse_game_key(r.game_key) for r in await reports.unresolved(tx, tid)}
            busy = {p[1] for p in reported if p is not None and p[0] == rnd.number}
            played = {t for t, _ in rnd.games} | busy
            if table == other or {table, other} & played:
                raise UserError("teams.swap_played")
            before = {frozenset((m.a, m.b)) for r in state.rounds[:-1] for m in r.matches}
            if {frozenset((first.a, second.b)), frozenset((second.a, first.b))} & before:
                raise UserError("teams.swap_rematch")
            swapped = await self.core.record(tx, tid, TmSwap(rnd.number, table, other), judge)
            await self.core.audit(tx, tid, judge, "swap", round=rnd.number, tables=[table, other])
            snap = await self.core.snapshot(tx, tid)
            every = await self._game_notices(tx, tournament, snap, rnd.number)
            notices = [  # each player of the two tables told his new game (a key of its own)
                n.model_copy(update={"key": f"{n.key}:s{swapped}"})
                for n in every
                if _table_of(n.key) in (table, other)
            ]
            job = await self.core.outbox.tell(tx, tid, notices)

        async def after() -> None:
            await self.refresh_board(tid)
            await self._deliver(tid, notices)
            await self.core.deadlines.run(job)

        return after

    async def extend(self, tid: int, judge: int, minutes: int) -> tuple[AfterCommit, str]:
        """A judge gives the current round ``minutes`` more (its end moved, the time-up
        deadline armed anew); the new end as the room's clock shows it."""
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid, "running")
            state = await self.core.state(tx, tid)
            rnd = state.current
            if rnd is None or state.complete(rnd.number):
                raise UserError("teams.no_round")
            base = datetime.fromisoformat(rnd.ends_at) if rnd.ends_at else self.core.now()
            ends = max(base, self.core.now()) + timedelta(minutes=minutes)
            await self.core.record(tx, tid, TmExtend(rnd.number, ends.isoformat()), judge)
            await self.core.audit(tx, tid, judge, "extend", round=rnd.number, minutes=minutes)
            cancelled = await deadlines.cancel_for(tx, tid, (TIME,))
            timer = await deadlines.add(tx, TIME, tid, ends, {"round": rnd.number})
            until = self.core.clock_time(ends)
            notice = Notice(
                key=f"tm:{tid}:extend:{rnd.number}:{ends.isoformat()}",
                to=ToChat(chat=tournament.chat_id),
                lines=(phrase("teams.extended", round=rnd.number, minutes=minutes, time=until),),
            )
            job = await self.core.outbox.tell(tx, tid, [notice])

        async def after() -> None:
            self.core.deadlines.unschedule(cancelled)
            self.core.deadlines.schedule(timer, ends)
            await self.refresh_board(tid)
            await self.core.deadlines.run(job)

        return after, until

    async def penalty(
        self, tid: int, judge: int, player_id: int, kind: PenaltyKind, reason: str
    ) -> tuple[str, AfterCommit | None]:
        """A judge's penalty (section 7 as in every card tournament): a warning is logged; a
        game loss or a match loss loses the player's open game of the current round — in a
        team event a match is one game (a technical loss, counted and rated, the deciding
        game then recomputed); a disqualification loses it too and drops his team.
        (what happened: ``warned``, ``lost``, ``no_game``, ``dq``; after the commit)."""
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid, "running")
            state = await self.core.state(tx, tid)
            team = state.team_of(player_id)
            if team is None or team.id not in state.entrants:
                raise UserError("teams.not_playing")
            details = {"player": player_id, "kind": kind.value, "reason": reason}
            await self.core.audit(tx, tid, judge, "penalty", **details)
            await self.core.event(tx, tid, "tm_penalty", details, judge)
            if kind is PenaltyKind.WARNING:
                return "warned", None
            game = _open_game_of(state, player_id)
            after: AfterCommit | None = None
            if game is not None:
                number, table, board, mine_a = game
                name = (await self.core.player(tx, player_id)) or None
                told = Notice(
                    key=f"tm:{tid}:penalty:r{number}t{table}b{board}:p{player_id}",
                    to=ToChat(chat=tournament.chat_id),
                    lines=(
                        phrase(
                            "teams.penalty_lost",
                            name=name.display_name if name else "?",
                            round=number,
                            table=table,
                            board="d" if board == DECIDING else str(board),
                        ),
                    ),
                )
                said = await self.core.outbox.tell(tx, tid, [told])
                outcome = Outcome.TECHNICAL_LOSS if mine_a else Outcome.TECHNICAL_WIN
                event = TmGame(number, table, board, outcome, penalty=True, reason=reason or None)
                await self.core.record(tx, tid, event, judge)
                key = game_key(number, table, board, state.round(number).gen)
                await reports.void_game(tx, tid, key)  # a report waiting is moot: the game lost
                refreshed = await self.after_game(tx, tournament, number, table)

                async def after() -> None:
                    await self.core.deadlines.run(said)
                    await refreshed()

            if kind is PenaltyKind.DQ:
                if team.id not in state.dropped:
                    await self.core.record(tx, tid, TmDrop(team.id), judge)
                    for player in team.players:
                        await tournaments.set_participant_status(tx, tid, int(player), "dropped")
                return "dq", after
            return ("lost" if game is not None else "no_game"), after

    # -- the end -----------------------------------------------------------------------------

    async def finish(self, tid: int, actor: int) -> AfterCommit:
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid, "running")
            state = await self.core.state(tx, tid)
            rnd = state.current
            early = rnd is None or len(state.rounds) < state.planned_rounds
            early = early or (rnd is not None and not state.complete(rnd.number))
            return await self._finish(tx, tournament, state, actor, early=early)

    async def _finish(
        self, tx: Tx, tournament: Tournament, state: State, actor: int | None, *, early: bool
    ) -> AfterCommit:
        everyone = [p for team in state.teams.values() for p in team.players]
        ratings = {int(p): state.ratings.get(p, START_RATING_CENTS) for p in everyone}
        base_k = float(tournament.settings.get("base_k") or self.settings.berserk_k)
        now = self.core.now().isoformat()
        cents = await rating_pool.rate(
            tx, tournament, ratings, state.rated_records(), base_k=base_k, now=now
        )
        pool = tournament.discipline
        await self.core.record(tx, tournament.id, TmFinish(cents, early), actor)
        await tournaments.set_status(tx, tournament.id, "finished", now)
        snap = await self.core.snapshot(tx, tournament.id)
        t = self.core.tr(self.core.group_lang())
        text = final_text(t, snap, cents)
        tid, chat = tournament.id, tournament.chat_id
        places = snap.state.player_places()
        notices: list[Notice] = []
        for pid, (place, team) in places.items():
            current = await players.rating(tx, int(pid), pool)
            notices.append(
                Notice(
                    key=f"tm:{tid}:place:p{pid}",
                    to=await self.core.person(tx, int(pid), chat),
                    lines=(
                        phrase(
                            "teams.your_place",
                            name=tournament.name,
                            place=place,
                            count=len(snap.state.entrants),
                            team=snap.team_name(team),
                        ),
                        phrase(
                            "teams.your_rating",
                            delta=Number(format="rating_change", value=cents.get(int(pid), 0)),
                            rating=Number(format="rating", value=current or START_RATING_CENTS),
                        ),
                    ),
                )
            )
        job = await self.core.outbox.tell(tx, tid, notices)

        async def after() -> None:
            await self.refresh_board(tid)
            await self.core.outbox.send_once(f"tm:{tid}:final", chat, text)
            self.board.forget(chat, tid)
            await self.core.deadlines.run(job)

        return after

    async def cancel(self, tid: int, actor: int) -> AfterCommit:
        return await self.core.cancel(tid, TmCancel(), actor, f"tm:{tid}:cancelled")

    async def export_target(self, chat_id: int, wanted: int | None) -> Tournament | None:
        return await self.core.export_target(chat_id, wanted)

    async def export_csv(self, tid: int) -> str:
        return csv_text(*await self.core.with_changes(tid, TmFinish))

    # -- views -------------------------------------------------------------------------------

    async def why_text(self, tid: int, telegram_id: int, lang: str) -> str:
        """``/why``: the asker's team's pairing this round explained (``bot.teams.why``)."""
        return await explain_why(self.core, tid, telegram_id, lang)

    async def why_privately(self, tid: int, telegram_id: int) -> bool:
        """``/why`` asked in the group: the answer sent privately, in his language; False when
        he cannot get one (the group never gets it instead)."""
        async with self.core.db.read() as tx:
            lang = await self.core.lang_of(tx, telegram_id)
        text = await self.why_text(tid, telegram_id, lang)
        sent = await self.core.notifier.to_user(telegram_id, "", text, fallback_chat=None)
        return sent is not None

    async def view(self, tid: int, lang: str, which: str) -> str:
        snap = await self.core.read(tid)
        t = self.core.tr(lang)
        if which == "standings":
            return standings_text(t, snap)
        if which == "teams":
            return teams_text(t, snap)
        if which == "log":
            return log_text(t, snap)
        return board_text(t, snap, set())
