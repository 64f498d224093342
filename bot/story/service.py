"""The Story Constructed service (607): creation, the sides (joining with a button), the
captains (elected with buttons, a tie or no vote settled by the organiser, who may name one at
any time), ``/begin``, the pairing round (the captains' private buttons, a reminder to a slow
captain by a durable deadline, a judge naming for him), the result desk, the end with the
places (607.4.6: the winning captain orders level players) and the ratings.

A change is its events, written in one transaction together with the notices it causes (a
durable ``Outbox.tell`` job run once it committed) and the deadlines it arms (scheduled once it
committed); the live board (``bot.group_board``) follows after the commit.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from bot import formats, rating_pool
from bot.claims import claim_from_decision
from bot.deadlines import AfterCommit, Late
from bot.errors import UserError
from bot.event_desk import report_buttons
from bot.group_board import GroupBoard
from bot.kind import Placed
from bot.notices import Button, Notice, Number, Phrase, ToChat, phrase
from bot.pictures import canvas
from bot.pictures.story_rounds import draw_story, story_picture
from bot.results import ResultFlow
from bot.story.buttons import StCaptainCb, StJoinCb, StOrderCb, StPickCb, StVoteCb
from bot.story.core import (
    DISCIPLINE,
    KIND,
    Snapshot,
    StoryCore,
    captain_minutes,
    side_names,
    start_of,
)
from bot.story.desk import StoryDesk, open_game
from bot.story.export import csv_text
from bot.story.views import board_text, final_text, log_text, standings_text
from bot.web.render import Board
from db import deadlines, decks, players, tournaments
from db.database import Tx
from db.models import Deadline, Player
from db.tournaments import Tournament
from rules.card_formats import Format
from rules.card_rating import START_RATING_CENTS
from rules.decks import Restriction
from rules.decks.window import Window, list_window
from rules.memory import Played, game_of
from rules.story import (
    MIN_PLAYERS,
    SIDES,
    RulesTooLate,
    StAnswer,
    State,
    StBegin,
    StCancel,
    StCaptain,
    StFinish,
    StJoin,
    StLeave,
    StName,
    StOrder,
    StRobin,
    StVote,
    check_rules_change,
)
from rules.story.games import game_key, robin_key

if TYPE_CHECKING:
    from bot.infra import Infra

log = logging.getLogger(__name__)
#: the deadline that reminds a captain who has not named anyone yet
REMIND = "story_captain"
#: the deadline of a round's time
TIME = "story_time"
#: deadlines added in a transaction, to schedule after its commit
Timers = list[tuple[int, datetime]]
#: a judge's ``/result`` codes: the attacker won (a), the defender (d), technical, draw by time
JUDGE_CODES = {"a": "a", "d": "b", "ta": "ta", "td": "tb", "draw": "d", "dl": "dl"}
#: an absence (a player did not come to the table: a no-show, ``rules.no_shows``): the code it
#: decides with and who did not come — the attacker (na), the defender (nd), neither (nn)
ABSENCE = {"na": ("tb", "a"), "nd": ("ta", "b"), "nn": ("dl", "ab")}


def buttons(rows: Sequence[tuple[str | Phrase, str]]) -> tuple[tuple[Button, ...], ...]:
    """One button a row: (a name as it is, or a phrase; the callback data)."""
    return tuple(
        (
            Button(
                label=label if isinstance(label, Phrase) else phrase("story.btn_plain", text=label),
                data=data,
            ),
        )
        for label, data in rows
    )


class StoryService:
    """Story Constructed (see the module docstring)."""

    def __init__(self, infra: Infra, flow: ResultFlow) -> None:
        self.core: StoryCore = StoryCore(infra, flow)
        self.desk = StoryDesk(self.core, self.after_game, self.refresh_board)
        self.board = GroupBoard(self.core, KIND, self._board)
        self.settings = infra.settings

    # -- the kind contract ---------------------------------------------------------------

    def register(self, flow: ResultFlow) -> None:
        flow.desks[KIND] = self.desk
        # a captain's reminder is pointless after downtime only if he named meanwhile
        self.core.deadlines.on(REMIND, self.on_remind, late=Late.APPLY)
        self.core.deadlines.on(TIME, self.on_time, late=Late.APPLY)

    async def web_board(self, tx: Tx, tournament_id: int, now: datetime) -> Board:
        snap = await self.core.snapshot(tx, tournament_id)
        t = self.core.tr(self.core.group_lang())
        text = board_text(t, snap, self._until(snap.state))
        if snap.state.finished:  # the places and each player's rating change
            changes = await self.core.changes(tx, tournament_id, StFinish)
            text = final_text(t, snap, changes) + "\n\n" + text
        body = text.replace("\n", "<br>")
        return Board(title=snap.tournament.name, lang=self.core.group_lang(), html=body)

    def handler_data(self) -> Mapping[str, object]:
        return {"story": self}

    # -- the deck lists' host (``bot.kind.DeckHost``) ----------------------------------------

    async def entrants(self, tx: Tx, tournament_id: int) -> list[int]:
        return (await self.core.state(tx, tournament_id)).entrants()

    async def active(self, tx: Tx, tournament_id: int) -> list[int]:
        """The players still in (607.4.4: a loser is out)."""
        state = await self.core.state(tx, tournament_id)
        out = state.out()
        return [p for p in state.entrants() if p not in out]

    async def deck_window(self, tx: Tx, tournament: Tournament) -> Window:
        """Constructed (607.3): a player's own list is taken until the start."""
        fmt = Format.CONSTRUCTED
        return list_window(
            fmt, started=tournament.status != "registration", round_one_paired=False, drafting=False
        )

    def deck_options(self, tournament: Tournament) -> Mapping[str, object]:
        return {**tournament.settings, "format": Format.CONSTRUCTED.value}

    async def deck_restriction(
        self, tx: Tx, tournament: Tournament, player_id: int
    ) -> Restriction | None:
        """607.3: a list is built from the player's side's card list (none: the format's rules
        only)."""
        state = await self.core.state(tx, tournament.id)
        side = state.side_of(player_id)
        cards = tournament.settings.get("cards") or [None, None]
        if side is None or not cards[side]:
            return None
        return Restriction.of_names(side_names(tournament)[side], [str(c) for c in cards[side]])

    async def deck_edited(self, tx: Tx, tournament_id: int, player_id: int, actor: int) -> None:
        await self.core.event(tx, tournament_id, "st_deck_edit", {"player": player_id}, actor)
        await self.core.audit(tx, tournament_id, actor, "deck_edit", player=player_id)

    async def final_places(self, tx: Tx, tournament: Tournament) -> tuple[list[Placed], int]:
        """The places of 607.4.6; the undefeated players' lists are published."""
        state = await self.core.state(tx, tournament.id)
        rows = state.standings()
        return [Placed(row.place, row.player) for row in rows], sum(not r.defeated for r in rows)

    async def played(self, tx: Tx, tournament: Tournament) -> Played:
        """Every pair's game played at the table, round by round (from the attacker's side), then
        the round robin's; once finished, the places of 607.4.6."""
        state = await self.core.state(tx, tournament.id)
        tables = [
            *((rnd.pairs, rnd.results) for rnd in state.rounds),
            *((robin.pairs, robin.results) for robin in state.robins),  # 607.4.6's round robin
        ]
        found = (
            game_of(a, d, results[table])
            for pairs, results in tables
            for table, (a, d) in enumerate(pairs, start=1)
            if table in results
        )
        games = tuple(game for game in found if game is not None)
        absent = tuple(player for each in state.absent.values() for player in each)
        if tournament.status != "finished":
            return Played(games, no_shows=absent)
        places = tuple((row.player, row.place) for row in state.standings())
        return Played(games, places, no_shows=absent)

    async def _lists_missing(self, tx: Tx, tournament: Tournament, state: State) -> None:
        """503: at the highest strictness every player needs an accepted list to start."""
        if tournament.settings.get("strictness") != "highest":
            return
        valid = await decks.valid_players(tx, tournament.id)
        missing = [p for p in state.entrants() if p not in valid]
        if missing:
            found = await players.many(tx, missing)
            names = ", ".join(found[p].display_name if p in found else f"#{p}" for p in missing)
            raise UserError("decks.begin_missing", count=len(missing), names=names)

    # -- creation and the rules (607.1) ----------------------------------------------------

    async def create(self, chat_id: int, name: str, options: dict[str, Any], actor: int) -> int:
        start = datetime.fromisoformat(options["start"])
        if options.get("rules"):
            self.check_rules(start)
        async with self.core.db.transaction() as tx:
            tid = await tournaments.create(
                tx, chat_id, DISCIPLINE, KIND, name, options, actor, self.core.now().isoformat()
            )
            await self.core.audit(tx, tid, actor, "create", **options)
        return tid

    def check_rules(self, start: datetime) -> None:
        try:
            check_rules_change(self.core.now(), start)
        except RulesTooLate as exc:
            raise UserError(
                "story.rules_too_late",
                start=formats.moment(exc.start, self.settings.zone),
                needed=formats.moment(exc.needed, self.settings.zone),
            ) from exc

    async def change_rules(self, tid: int, text: str, actor: int) -> None:
        """607.1: the tournament's own rules, refused less than 3 days before the start."""
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid, "registration")
            start = start_of(tournament)
            if start is not None:
                self.check_rules(start)
            await tournaments.update_settings(tx, tid, {**tournament.settings, "rules": text})
            await self.core.audit(tx, tid, actor, "rules", text=text)

    def join_notice(self, tournament: Tournament) -> Notice:
        """The registration's buttons: one per side (607.3)."""
        names = side_names(tournament)
        row = tuple(
            Button(
                label=phrase("story.btn_join", side=names[side]),
                data=StJoinCb(t=tournament.id, s=side).pack(),
            )
            for side in SIDES
        )
        lines = (phrase("story.join_how"),)
        key = f"st:{tournament.id}:join"
        return Notice(key=key, to=ToChat(chat=tournament.chat_id), lines=lines, buttons=(row,))

    @staticmethod
    def side_name(tournament: Tournament, side: int) -> str:
        return side_names(tournament)[side]

    def start_text(self, tournament: Tournament) -> str:
        start = start_of(tournament)
        return formats.moment(start, self.settings.zone) if start else ""

    async def tournament(self, tid: int) -> Tournament:
        async with self.core.db.read() as tx:
            return await self.core.tournament(tx, tid)

    # -- the sides and the captains (607.3, 607.4.2) ---------------------------------------

    async def join(self, tid: int, player: Player, side: int) -> tuple[str, int]:
        """A player joins (or moves to) a side: (status, the side's members)."""
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid, "registration")
            state = await self.core.state(tx, tid)
            if state.side_of(player.id) == side:
                return "already", len(state.members[side])
            await self.core.record(tx, tid, StJoin(player.id, side), None)
            now = self.core.now().isoformat()
            await tournaments.add_participant(tx, tid, player.id, now)
            state = await self.core.state(tx, tid)
        await self.refresh_board(tournament.id)
        return "joined", len(state.members[side])

    async def leave(self, tid: int, player: Player) -> bool:
        async with self.core.db.transaction() as tx:
            await self.core.tournament(tx, tid, "registration")
            state = await self.core.state(tx, tid)
            if state.side_of(player.id) is None:
                return False
            await self.core.record(tx, tid, StLeave(player.id), None)
            await tournaments.remove_participant(tx, tid, player.id)
        return True

    async def withdraw_registrants(self, tid: int, player_ids: Sequence[int], actor: int) -> None:
        """The check-in's «drop those not here» (``bot.kind.Withdraws``): each off his side."""
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid)
            if tournament.status != "registration":
                raise UserError("ahead.begun")
            state = await self.core.state(tx, tid)
            for player in player_ids:
                if state.side_of(player) is not None:
                    await self.core.record(tx, tid, StLeave(player), actor)
                    await tournaments.remove_participant(tx, tid, player)
        await self.refresh_board(tid)

    async def ballots(self, tid: int) -> AfterCommit:
        """Each side's ballot in the group: a button per member (607.4.2, **Default**)."""
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid, "registration")
            snap = await self.core.snapshot(tx, tid)
            notices = []
            stamp = len(await tournaments.events(tx, tid))
            for side in SIDES:
                members = snap.state.members[side]
                if not members:
                    continue
                rows = [(snap.name(p), StVoteCb(t=tid, p=p).pack()) for p in members]
                notices.append(
                    Notice(
                        key=f"st:{tid}:ballot:{side}:{stamp}",
                        to=ToChat(chat=tournament.chat_id),
                        lines=(phrase("story.ballot", side=snap.side_name(side)),),
                        buttons=buttons(rows),
                    )
                )
            job = await self.core.outbox.tell(tx, tid, notices)
        return self._run(job)

    async def vote(self, tid: int, voter: Player, candidate: int) -> tuple[str, str]:
        """A member's vote: (the candidate's name, the side's tally line)."""
        async with self.core.db.transaction() as tx:
            await self.core.tournament(tx, tid, "registration")
            state = await self.core.state(tx, tid)
            side = state.side_of(voter.id)
            if side is None:
                raise UserError("story.vote_not_member")
            if state.side_of(candidate) != side:
                raise UserError("story.vote_other_side")
            await self.core.record(tx, tid, StVote(voter.id, candidate), None)
            snap = await self.core.snapshot(tx, tid)
        votes = snap.state.election(side).votes or {}
        tally = ", ".join(f"{snap.name(p)} {n}" for p, n in votes.items())
        return snap.name(candidate), tally

    async def name_captain(self, tid: int, player_id: int, actor: int) -> tuple[str, str]:
        """The organiser names a captain (any time, 607.4.2): (his name, the side's name)."""
        async with self.core.db.transaction() as tx:
            await self.core.tournament(tx, tid, "registration", "running")
            snap = await self.core.snapshot(tx, tid)
            side = snap.state.side_of(player_id)
            if side is None:
                raise UserError("story.captain_not_member")
            await self.core.record(tx, tid, StCaptain(side, player_id), actor)
            await self.core.audit(tx, tid, actor, "captain", side=side, player=player_id)
            stamp = len(await tournaments.events(tx, tid))
            notices = [self._captain_notice(snap, side, player_id, stamp)]
            timers: Timers = []
            snap = await self.core.snapshot(tx, tid)
            if snap.state.begun and snap.state.waiting_side() == side:
                notices += await self._ask_captain(tx, snap, timers)  # the new one chooses
            job = await self.core.outbox.tell(tx, tid, notices)
        self._schedule(timers)
        await self.core.deadlines.run(job)
        await self.refresh_board(tid)
        return snap.name(player_id), snap.side_name(side)

    @staticmethod
    def _captain_notice(snap: Snapshot, side: int, captain: int, stamp: int = 0) -> Notice:
        tid = snap.tournament.id
        return Notice(
            key=f"st:{tid}:captain:{side}:{stamp}",
            to=ToChat(chat=snap.tournament.chat_id),
            lines=(
                phrase("story.captain_named", name=snap.name(captain), side=snap.side_name(side)),
            ),
        )

    async def find_player(self, arg: str) -> Player | None:
        """``@username`` (someone the bot has seen) or a club id."""
        async with self.core.db.read() as tx:
            if arg.startswith("@"):
                user = await players.tg_user_by_username(tx, arg)
            elif arg.isdigit():
                return await players.by_id(tx, int(arg))
            else:
                return None
        if user is None:
            return None
        return await self.core.registry.ensure_player(user.id, user.first_name, user.last_name)

    # -- the start -------------------------------------------------------------------------

    async def begin(self, tid: int, actor: int) -> AfterCommit:
        """Elect the captains still to be chosen and start round 1; a tie or no vote asks the
        organiser to choose (buttons among the leaders) and refuses the start until he has."""
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid, "registration")
            snap = await self.core.snapshot(tx, tid)
            state = snap.state
            count = len(state.entrants())
            if count < MIN_PLAYERS or not all(state.members):
                raise UserError("story.too_few", count=count, needed=MIN_PLAYERS)
            await self._lists_missing(tx, tournament, state)
            undecided, elected = [], []
            for side in SIDES:
                if side in state.captains:
                    continue
                election = state.election(side)
                if election.captain is not None:
                    await self.core.record(tx, tid, StCaptain(side, election.captain, True), actor)
                    elected.append(self._captain_notice(snap, side, election.captain))
                else:
                    undecided.append((side, election.tied))
            if undecided:
                return await self._ask_organiser(tx, tournament, snap, undecided, elected)
            ratings: dict[int, int] = {}
            for player in state.entrants():
                found = await players.rating(tx, player, tournament.discipline)
                ratings[player] = START_RATING_CENTS if found is None else found
            attacking = int(tournament.settings.get("attacking") or 0)
            await self.core.record(tx, tid, StBegin(tid, attacking, ratings), actor)
            await tournaments.set_status(tx, tid, "running", self.core.now().isoformat())
            await self.core.audit(tx, tid, actor, "begin", players=count)
            snap = await self.core.snapshot(tx, tid)
            timers: Timers = []
            notices = [*elected, self._round_opened(snap)]
            notices += await self._ask_captain(tx, snap, timers)
            job = await self.core.outbox.tell(tx, tid, notices)

        async def after() -> None:
            self._schedule(timers)
            await self.post_board(tid)
            await self.core.deadlines.run(job)

        return after

    async def _ask_organiser(
        self,
        tx: Tx,
        tournament: Tournament,
        snap: Snapshot,
        undecided: list[tuple[int, tuple[int, ...]]],
        elected: list[Notice],
    ) -> AfterCommit:
        notices = list(elected)
        stamp = len(await tournaments.events(tx, tournament.id))
        for side, tied in undecided:
            rows = [(snap.name(p), StCaptainCb(t=tournament.id, p=p).pack()) for p in tied]
            notices.append(
                Notice(
                    key=f"st:{tournament.id}:tie:{side}:{stamp}",
                    to=ToChat(chat=tournament.chat_id),
                    lines=(
                        phrase(
                            "story.captain_tie" if snap.state.votes else "story.captain_no_vote",
                            side=snap.side_name(side),
                        ),
                    ),
                    buttons=buttons(rows),
                )
            )
        return self._run(await self.core.outbox.tell(tx, tournament.id, notices))

    def _run(self, job: int | None) -> AfterCommit:
        async def after() -> None:
            await self.core.deadlines.run(job)

        return after

    def _run_and_refresh(self, tid: int, job: int | None) -> AfterCommit:
        async def after() -> None:
            await self.refresh_board(tid)
            await self.core.deadlines.run(job)

        return after

    # -- the pairing round (607.4.2) -------------------------------------------------------

    def _round_opened(self, snap: Snapshot) -> Notice:
        state = snap.state
        rnd = state.current
        assert rnd is not None
        return Notice(
            key=f"st:{snap.tournament.id}:round:{rnd.number}",
            to=ToChat(chat=snap.tournament.chat_id),
            lines=(
                phrase(
                    "story.round_opened",
                    round=rnd.number,
                    attack=snap.side_name(state.attacking),
                    defence=snap.side_name(state.defending),
                ),
            ),
        )

    def _choice(self, snap: Snapshot) -> tuple[int, Phrase, tuple[tuple[Button, ...], ...]]:
        """The waiting captain's side, his question and his buttons (one per player on offer)."""
        state = snap.state
        rnd = state.current
        side = state.waiting_side()
        assert rnd is not None and side is not None
        tid = snap.tournament.id
        offered = state.nominees() if rnd.nominee is None else state.answers()
        step = len(rnd.pairs) * 2 + (rnd.nominee is not None)
        rows = [(snap.name(p), StPickCb(t=tid, r=rnd.number, k=step, p=p).pack()) for p in offered]
        if rnd.nominee is None:
            asked = phrase("story.ask_name", round=rnd.number, side=snap.side_name(side))
        else:
            asked = phrase(
                "story.ask_answer",
                round=rnd.number,
                nominee=snap.name(rnd.nominee),
                side=snap.side_name(state.attacking),
            )
        return side, asked, buttons(rows)

    async def _ask_captain(self, tx: Tx, snap: Snapshot, timers: Timers) -> list[Notice]:
        """The waiting captain's private buttons, and his reminder's deadline (in ``timers``,
        to schedule after the commit)."""
        state = snap.state
        rnd = state.current
        if rnd is None or state.waiting_side() is None:
            return []
        tournament = snap.tournament
        side, asked, rows = self._choice(snap)
        step = len(rnd.pairs) * 2 + (rnd.nominee is not None)
        due = self.core.now() + timedelta(minutes=captain_minutes(tournament))
        payload: dict[str, object] = {"round": rnd.number, "step": step}
        timer = await deadlines.add(tx, REMIND, tournament.id, due, payload)
        timers.append((timer, due))
        captain = state.captains[side]
        return [
            Notice(
                key=f"st:{tournament.id}:ask:{rnd.number}:{step}:p{captain}",
                to=await self.core.person(tx, captain, tournament.chat_id),
                lines=(asked,),
                buttons=rows,
            )
        ]

    def _schedule(self, timers: Timers) -> None:
        for timer, due in timers:
            self.core.deadlines.schedule(timer, due)

    async def on_remind(self, tx: Tx, deadline: Deadline) -> AfterCommit | None:
        """A captain still has not named: he is reminded, and the group is shown his choice so
        that a judge can name for him (the same buttons; only he or a judge may press)."""
        tournament = await tournaments.get(tx, deadline.ref_id)
        if tournament is None or tournament.status != "running":
            return None
        snap = await self.core.snapshot(tx, tournament.id)
        rnd = snap.state.current
        if rnd is None or snap.state.waiting_side() is None:
            return None
        step = len(rnd.pairs) * 2 + (rnd.nominee is not None)
        if rnd.number != deadline.payload.get("round") or step != deadline.payload.get("step"):
            return None  # he named meanwhile
        side, asked, rows = self._choice(snap)
        captain = snap.state.captains[side]
        minutes = captain_minutes(tournament)
        key = f"st:{tournament.id}:remind:{rnd.number}:{step}"
        notices = [
            Notice(
                key=key,
                to=await self.core.person(tx, captain, tournament.chat_id),
                lines=(phrase("story.remind_captain", minutes=minutes), asked),
                buttons=rows,
            ),
            Notice(
                key=f"{key}:group",
                to=ToChat(chat=tournament.chat_id),
                lines=(
                    phrase(
                        "story.remind_group",
                        captain=snap.name(captain),
                        side=snap.side_name(side),
                        minutes=minutes,
                    ),
                    asked,
                ),
                buttons=rows,
            ),
        ]
        return self._run(await self.core.outbox.tell(tx, tournament.id, notices))

    async def show_choice(self, tid: int) -> AfterCommit:
        """A judge's ``/pick``: the waiting captain's choice shown in the group now, for the
        judge to make in his place (only he or a judge may press)."""
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid, "running")
            snap = await self.core.snapshot(tx, tid)
            if snap.state.waiting_side() is None:
                raise UserError("story.no_choice")
            side, asked, rows = self._choice(snap)
            stamp = len(await tournaments.events(tx, tid))
            captain = snap.name(snap.state.captains[side])
            told = phrase("story.judge_choice", captain=captain, side=snap.side_name(side))
            notice = Notice(
                key=f"st:{tid}:show:{stamp}",
                to=ToChat(chat=tournament.chat_id),
                lines=(told, asked),
                buttons=rows,
            )
            return self._run(await self.core.outbox.tell(tx, tid, [notice]))

    async def chat_of(self, tid: int) -> int:
        return (await self.tournament(tid)).chat_id

    async def pick(
        self, tid: int, presser: int, judge: bool, number: int, step: int, player: int
    ) -> tuple[str, AfterCommit | None]:
        """A captain's (or a judge's for him) press: the name, or the answer making a pair."""
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid, "running")
            state = await self.core.state(tx, tid)
            rnd = state.current
            side = state.waiting_side()
            if rnd is None or side is None or rnd.number != number:
                return "stale", None
            if step != len(rnd.pairs) * 2 + (rnd.nominee is not None):
                return "stale", None
            if state.captains.get(side) != presser and not judge:
                raise UserError("story.not_your_pick")
            offered = state.nominees() if rnd.nominee is None else state.answers()
            if player not in offered:
                return "stale", None
            timers: Timers = []
            if rnd.nominee is None:
                await self.core.record(tx, tid, StName(number, player), presser)
                snap = await self.core.snapshot(tx, tid)
                notices = await self._ask_captain(tx, snap, timers)
                status = "named"
            else:
                done = len(rnd.pairs) + 1 == min(len(p) for p in rnd.players)
                minutes = int(tournament.settings.get("round_minutes") or 50)
                ends = self.core.now() + timedelta(minutes=minutes) if done else None
                answer = StAnswer(number, player, ends.isoformat() if ends else None)
                await self.core.record(tx, tid, answer, presser)
                snap = await self.core.snapshot(tx, tid)
                notices = await self._pair_made(tx, snap)
                notices += await self._ask_captain(tx, snap, timers)
                if ends is not None:
                    timer = await deadlines.add(tx, TIME, tid, ends, {"round": number})
                    timers.append((timer, ends))
                status = "paired"
            job = await self.core.outbox.tell(tx, tid, notices)

        async def after() -> None:
            self._schedule(timers)
            await self.refresh_board(tid)
            await self.core.deadlines.run(job)

        return status, after

    async def _pair_made(self, tx: Tx, snap: Snapshot) -> list[Notice]:
        """The group sees the pair; the two players get their game with its result buttons;
        the reserves are told once the round is paired."""
        state, tournament = snap.state, snap.tournament
        rnd = state.current
        assert rnd is not None
        table = len(rnd.pairs)
        a, d = rnd.pairs[-1]
        sides = {a: state.attacking, d: state.defending}
        tid, chat = tournament.id, tournament.chat_id
        key = game_key(rnd.number, table)
        notices = [
            Notice(
                key=f"st:{tid}:pair:{key}",
                to=ToChat(chat=chat),
                lines=(
                    phrase(
                        "story.pair_made",
                        a=snap.name(a),
                        b=snap.name(d),
                        side_a=snap.side_name(sides[a]),
                        side_b=snap.side_name(sides[d]),
                        table=table,
                    ),
                ),
            )
        ]
        for me, other in ((a, d), (d, a)):
            told = phrase(
                "story.your_game",
                round=rnd.number,
                table=table,
                opponent=snap.name(other),
                side=snap.side_name(sides[other]),
            )
            notices.append(await self._game_notice(tx, tournament, key, me, told))
        reserves = state.reserves(rnd)
        if state.pairing_done(rnd) and reserves:
            names = ", ".join(snap.name(p) for p in reserves)
            notices.append(
                Notice(
                    key=f"st:{tid}:reserve:{rnd.number}",
                    to=ToChat(chat=chat),
                    lines=(phrase("story.reserves", names=names, count=len(reserves)),),
                )
            )
        return notices

    async def on_time(self, tx: Tx, deadline: Deadline) -> AfterCommit | None:
        """The round's time is up: the group told which tables still play (none: nothing)."""
        tournament = await tournaments.get(tx, deadline.ref_id)
        if tournament is None or tournament.status != "running":
            return None
        state = await self.core.state(tx, tournament.id)
        rnd = state.current
        if rnd is None or rnd.number != deadline.payload.get("round"):
            return None
        tables = state.open_tables(rnd)
        if not tables:
            return None
        notice = Notice(
            key=f"st:{tournament.id}:time:{rnd.number}",
            to=ToChat(chat=tournament.chat_id),
            lines=(phrase("story.time_up", round=rnd.number, tables=", ".join(map(str, tables))),),
        )
        return self._run(await self.core.outbox.tell(tx, tournament.id, [notice]))

    # -- results -----------------------------------------------------------------------------

    async def after_game(self, tx: Tx, tournament: Tournament) -> AfterCommit:
        """After a game's result: the next round opened (its captain asked), or the end."""
        snap = await self.core.snapshot(tx, tournament.id)
        state = snap.state
        notices: list[Notice] = []
        timers: Timers = []
        rnd = state.current
        tid = tournament.id
        if state.ended:
            groups = state.level_groups()
            if state.open_robin() is not None:
                pass  # 607.4.6: the round robin's games are still being played
            elif groups:
                notices += await self._ask_order(tx, snap, groups[0])
            else:
                return await self._finish(tx, tournament, None)
        elif rnd is not None and not rnd.pairs and rnd.nominee is None and rnd.number > 1:
            notices.append(self._round_opened(snap))
            notices += await self._ask_captain(tx, snap, timers)
        job = await self.core.outbox.tell(tx, tid, notices)

        async def after() -> None:
            self._schedule(timers)
            await self.refresh_board(tid)
            await self.core.deadlines.run(job)

        return after

    async def result(
        self, tid: int, judge: int, number: int, table: int, code: str
    ) -> AfterCommit | None:
        """A judge's result of an open game of the current round, or (``number`` 0) of the
        round robin being played (through the result flow)."""
        decision, sides = ABSENCE.get(code, (JUDGE_CODES.get(code), ""))
        if decision is None:
            raise UserError("story.result_usage")
        async with self.core.db.read() as tx:
            await self.core.tournament(tx, tid, "running")
            state = await self.core.state(tx, tid)
            robin = state.open_robin() or len(state.robins)
            # round 0: a game of 607.4.6's round robin
            key = robin_key(robin, table) if number == 0 else game_key(number, table)
            game = open_game(state, key)
        if game is None:
            raise UserError("story.no_such_game")
        claim = claim_from_decision(game, decision)
        if sides:
            absent = tuple(game.a if side == "a" else game.b for side in sides)
            claim = replace(claim, absent=absent)
        _, after = await self.core.flow.decide(tid, game.key, claim, judge)
        return after

    # -- the end (607.4.5–607.4.6) -----------------------------------------------------------

    async def _ask_order(self, tx: Tx, snap: Snapshot, group: tuple[int, ...]) -> list[Notice]:
        """The winning captain's buttons: who takes the next place among ``group`` (and the
        round robin, while the group may still play one)."""
        state, tournament = snap.state, snap.tournament
        winner = state.winner
        assert winner is not None
        left = [p for p in group if p not in state.order]
        rows: list[tuple[str | Phrase, str]] = [
            (snap.name(p), StOrderCb(t=tournament.id, p=p).pack()) for p in left
        ]
        if state.may_robin(group):
            rows.append(
                (
                    self.core.tr(self.core.group_lang())("story.btn_round_robin"),
                    StOrderCb(t=tournament.id, p=0).pack(),
                )
            )
        names = ", ".join(snap.name(p) for p in left)
        captain = state.captains[winner]
        place = min(r.place for r in state.standings() if r.player in group)
        place += len(group) - len(left)
        ask = "story.ask_order" if state.may_robin(group) else "story.ask_order_after_robin"
        return [
            Notice(
                key=f"st:{tournament.id}:order:{len(state.robins)}:{len(state.order)}",
                to=await self.core.person(tx, captain, tournament.chat_id),
                lines=(phrase(ask, names=names, place=place),),
                buttons=buttons(rows),
            )
        ]

    async def order(
        self, tid: int, presser: int, judge: bool, player: int
    ) -> tuple[str, AfterCommit | None]:
        """607.4.6: the winning captain names the next of the level players, or (``player``
        0) has them play a round robin first: its games are paired and told as a round's, and
        once every one is in its ranks order them (``rules.story.robin``); players it leaves
        level he orders with these buttons again. Statuses: ordered, round_robin, playing (a
        round robin is being played), stale."""
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid, "running")
            snap = await self.core.snapshot(tx, tid)
            state = snap.state
            groups = state.level_groups()
            winner = state.winner
            if not groups or winner is None:
                return "stale", None
            if state.captains.get(winner) != presser and not judge:
                raise UserError("story.not_your_pick")
            if state.open_robin() is not None:
                return "playing", None
            if player == 0:
                if not state.may_robin(groups[0]):
                    return "stale", None
                await self.core.record(tx, tid, StRobin(groups[0]), presser)
                snap = await self.core.snapshot(tx, tid)
                notices = await self._robin_notices(tx, snap)
                job = await self.core.outbox.tell(tx, tid, notices)
                return "round_robin", self._run_and_refresh(tid, job)
            left = [p for p in groups[0] if p not in state.order]
            if player not in left:
                return "stale", None
            chosen = [player]
            if len(left) == 2:  # the last one's place follows
                chosen.append(next(p for p in left if p != player))
            start = len(state.order)
            ordered = tuple(sorted(state.order, key=state.order.__getitem__)) + tuple(chosen)
            await self.core.record(tx, tid, StOrder(ordered[: start + len(chosen)]), presser)
            return "ordered", await self.after_game(tx, tournament)

    async def _game_notice(
        self, tx: Tx, tournament: Tournament, key: str, player: int, told: Phrase
    ) -> Notice:
        """A player's game, privately, with its result buttons (a round's or the round robin's)."""
        return Notice(
            key=f"st:{tournament.id}:game:{key}:p{player}",
            to=await self.core.person(tx, player, tournament.chat_id),
            lines=(told,),
            buttons=report_buttons(KIND, tournament.id, key),
        )

    async def _robin_notices(self, tx: Tx, snap: Snapshot) -> list[Notice]:
        """The group sees the round robin's tables; each player gets each of his games, with
        its result buttons, as in a round."""
        state, tournament = snap.state, snap.tournament
        number = len(state.robins)
        robin = state.robins[-1]
        tid, chat = tournament.id, tournament.chat_id
        names = ", ".join(snap.name(p) for p in robin.players)
        tables = (
            phrase("story.robin_table", table=table, a=snap.name(a), b=snap.name(b))
            for table, (a, b) in enumerate(robin.pairs, start=1)
        )
        notices = [
            Notice(
                key=f"st:{tid}:robin:{number}",
                to=ToChat(chat=chat),
                lines=(phrase("story.round_robin", names=names), *tables),
            )
        ]
        for table, (a, b) in enumerate(robin.pairs, start=1):
            key = robin_key(number, table)
            for me, opponent in ((a, b), (b, a)):
                told = phrase("story.your_robin_game", table=table, opponent=snap.name(opponent))
                notices.append(await self._game_notice(tx, tournament, key, me, told))
        return notices

    async def finish(self, tid: int, actor: int) -> AfterCommit:
        """The organiser's ``/finish``: the end now, with the places as they stand."""
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid, "running")
            return await self._finish(tx, tournament, actor)

    async def _finish(self, tx: Tx, tournament: Tournament, actor: int | None) -> AfterCommit:
        state = await self.core.state(tx, tournament.id)
        everyone = state.entrants()
        now = self.core.now().isoformat()
        base_k = float(tournament.settings.get("base_k") or self.settings.berserk_k)
        ratings = {p: state.ratings.get(p, START_RATING_CENTS) for p in everyone}
        cents = await rating_pool.rate(
            tx, tournament, ratings, state.rated_records(), base_k=base_k, now=now
        )
        pool = tournament.discipline
        await self.core.record(tx, tournament.id, StFinish(cents), actor)
        await tournaments.set_status(tx, tournament.id, "finished", now)
        snap = await self.core.snapshot(tx, tournament.id)
        text = final_text(self.core.tr(self.core.group_lang()), snap, cents)
        tid, chat = tournament.id, tournament.chat_id
        notices: list[Notice] = []
        for row in snap.state.standings():
            current = await players.rating(tx, row.player, pool)
            notices.append(
                Notice(
                    key=f"st:{tid}:place:p{row.player}",
                    to=await self.core.person(tx, row.player, chat),
                    lines=(
                        phrase(
                            "story.your_place",
                            name=tournament.name,
                            place=row.place,
                            count=len(everyone),
                        ),
                        phrase(
                            "story.your_rating",
                            delta=Number(format="rating_change", value=cents.get(row.player, 0)),
                            rating=Number(format="rating", value=current or START_RATING_CENTS),
                        ),
                    ),
                )
            )
        job = await self.core.outbox.tell(tx, tid, notices)

        async def after() -> None:
            await self.refresh_board(tid)
            await self.core.outbox.send_once(f"st:{tid}:final", chat, text)
            await self._post_picture(snap)
            self.board.forget(chat, tid)
            await self.core.deadlines.run(job)

        return after

    async def _post_picture(self, snap: Snapshot) -> None:
        """The knockout as a picture, once (a failure is logged: the private messages go)."""
        lang = self.core.group_lang()
        tournament = snap.tournament

        def plain(key: str, **values: object) -> str:
            return self.core.texts.plain(lang, key, **values)

        picture = story_picture(
            plain, tournament.name, snap.state, snap.names, side_names(tournament)
        )

        async def draw() -> tuple[bytes, str]:
            png = await canvas.render(draw_story, picture)
            return png, self.core.tr(lang)("story.pic_caption", name=tournament.name)

        try:
            key = f"st:{tournament.id}:picture"
            await self.core.outbox.send_photo_once(
                key, tournament.chat_id, draw, filename="story.png"
            )
        except Exception:
            log.exception("the knockout of tournament %s was not posted", tournament.id)

    async def cancel(self, tid: int, actor: int) -> AfterCommit:
        return await self.core.cancel(tid, StCancel(), actor, f"st:{tid}:cancelled")

    # -- the board ---------------------------------------------------------------------------

    async def _board(self, tid: int) -> tuple[Tournament, str]:
        snap = await self.core.read(tid)
        t = self.core.tr(self.core.group_lang())
        return snap.tournament, board_text(t, snap, self._until(snap.state))

    def _until(self, state: State) -> str:
        rnd = state.current
        if rnd is None or not rnd.ends_at:
            return ""
        return self.core.clock_time(datetime.fromisoformat(rnd.ends_at))

    async def post_board(self, tid: int) -> None:
        await self.board.post(tid)

    async def refresh_board(self, tid: int) -> None:
        await self.board.refresh(tid)

    # -- views -------------------------------------------------------------------------------

    async def view(self, tid: int, lang: str, which: str) -> str:
        snap = await self.core.read(tid)
        t = self.core.tr(lang)
        if which == "standings":
            return standings_text(t, snap)
        if which == "log":
            return log_text(t, snap)
        return board_text(t, snap, self._until(snap.state))

    async def export_target(self, chat_id: int, wanted: int | None) -> Tournament | None:
        return await self.core.export_target(chat_id, wanted)

    async def export_csv(self, tid: int) -> str:
        return csv_text(*await self.core.with_changes(tid, StFinish))
