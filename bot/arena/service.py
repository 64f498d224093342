"""The Arena's service (605): the kind contract, creation, entries a judge approves,
challenges and their answers, results through the shared result flow (a judge's approval makes
them count), a judge's excuse, void and disqualification, and the views. Its other parts: the
result desk (``desk``), the days' and weeks' ends (``calendar``), the end (``ending``), the
helpers they share (``base``).

Every change appends events in one transaction; what it tells is ``bot.notices.Notice`` data
stored in that transaction (``Outbox.tell``) and sent after the commit. The calendar is the
start date's: day ``d`` ends at the club's midnight after it (``ArenaCore.midnight``); every
day's end is stored at the creation, so a restart (or a clock that jumped) finds them all, fires
them in order, and says of each one it missed that it comes late.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from functools import partial
from typing import TYPE_CHECKING, Any

from bot import formats, numbers
from bot.arena.base import refused
from bot.arena.buttons import (
    ArAnswerCb,
    ArApproveCb,
    ArEnterCb,
)
from bot.arena.calendar import ArenaCalendar
from bot.arena.core import (
    CODEC,
    DAY_END,
    DISCIPLINE,
    KIND,
    MAP_JOB,
    OFFERS,
    START,
)
from bot.arena.desk import ArenaDesk, challenge_of, game_buttons, game_key
from bot.arena.views import log_lines, map_text, map_words, my_text, standings_text
from bot.deadlines import AfterCommit, Late
from bot.errors import UserError
from bot.notices import Button, Notice, Phrase, phrase
from bot.pictures import canvas
from bot.pictures.laar import draw_laar_map
from bot.results import Claim, Game, ResultFlow
from bot.web.render import Board, Picture
from db import game_messages, players, tournaments
from db.database import Tx
from db.models import Deadline, Player
from db.tournaments import Tournament
from rules.arena import (
    DAYS,
    FORMATS,
    WEEK,
    ArAnswer,
    ArApprove,
    ArChallenge,
    ArDisqualify,
    ArenaError,
    ArEntry,
    ArExcuse,
    ArFormat,
    ArResult,
    ArStart,
    ArVoid,
    State,
    Status,
    week_of,
)
from rules.memory import Game as MemoryGame
from rules.memory import Played

if TYPE_CHECKING:
    from bot.infra import Infra


#: the most lines ``/log`` shows (the newest)
LOG_LINES = 60


class ArenaService(ArenaCalendar):
    """The Arena (see the module docstring)."""

    def __init__(self, infra: Infra, flow: ResultFlow) -> None:
        super().__init__(infra, flow)
        self.desk = ArenaDesk(self)

    # -- the kind contract ---------------------------------------------------------------

    def register(self, flow: ResultFlow) -> None:
        flow.desks[KIND] = self.desk
        # each changes the state (refusals, exits, the end): applied even after downtime
        self.core.deadlines.on(START, self.on_start, late=Late.APPLY)
        self.core.deadlines.on(DAY_END, self.on_day_end, late=Late.APPLY)
        self.core.deadlines.on(OFFERS, self.on_offers_end, late=Late.APPLY)
        self.core.deadlines.on_durable(MAP_JOB, self.map_job)  # the day's map, drawn when sent

    async def web_board(self, tx: Tx, tournament_id: int, now: datetime) -> Board:
        """The standings, the map of Laar as a picture (its data read here, drawn by the web
        server after the read, off the event loop), the open challenges."""
        snap = await self.core.snapshot(tx, tournament_id)
        lang = self.core.group_lang()
        t = self.core.tr(lang)
        day = self.core.day_of(snap.tournament, now)
        picture = self._picture(lang, snap.tournament.name, snap.state, snap.names)
        drawing = Picture("laar", map_words(snap), partial(canvas.render, draw_laar_map, picture))
        lines = [standings_text(t, snap, day), "", drawing.mark]
        for c in snap.state.open_challenges():
            lines.append(
                t(
                    "arena.web_challenge",
                    id=c.id,
                    a=snap.name(c.challenger),
                    b=snap.name(c.challenged),
                )
            )
        html = "<br>".join(lines)
        return Board(snap.tournament.name, lang, html, (drawing,))

    def handler_data(self) -> Mapping[str, object]:
        return {"arena": self}

    async def played(self, tx: Tx, tournament: Tournament) -> Played:
        """The games a judge approved (605.3: only those count), in the order challenged;
        once over, the places of 605.5 (a disqualified player has none)."""
        state = await self.core.state(tx, tournament.id)
        games = tuple(
            MemoryGame(game.challenger, game.challenged, game.winner) for game in state.games()
        )
        if tournament.status != "finished":
            return Played(games)
        return Played(games, tuple((player, place) for place, player, _ in state.places()))

    # -- creation and entry --------------------------------------------------------------

    async def create(self, chat_id: int, name: str, options: dict[str, Any], actor: int) -> int:
        """A new Arena starting on ``options["start"]`` (ISO date): its start and each of its
        28 days' ends are stored deadlines."""
        async with self.core.db.transaction() as tx:
            now = self.core.now().isoformat()
            tid = await tournaments.create(tx, chat_id, DISCIPLINE, KIND, name, options, actor, now)
            await self.core.audit(tx, tid, actor, "create", **options)
            tournament = await self.core.tournament(tx, tid)
            await self._schedule(tx, START, tid, self.core.midnight(tournament, 0))
            for day in range(DAYS):  # all stored now: a downtime finds each one it missed late
                await self._schedule(
                    tx, DAY_END, tid, self.core.midnight(tournament, day + 1), day=day
                )
        return tid

    async def _entry_allowed(
        self, tx: Tx, tid: int, player_id: int
    ) -> tuple[Tournament, State, int]:
        """The Arena, its state and today's number, once the player may enter today."""
        tournament = await self.core.tournament(tx, tid, "registration", "running")
        state = await self.core.state(tx, tid)
        day = self.core.day_of(tournament)
        try:
            state.check_entry(player_id, day)
        except ArenaError as exc:
            raise refused(exc) from exc
        return tournament, state, day

    async def ask_entry(self, tid: int, player_id: int) -> AfterCommit:
        """A player asks to enter (605.6: only a judge enters him): the judges get a button."""
        async with self.core.db.transaction() as tx:
            tournament, state, day = await self._entry_allowed(tx, tid, player_id)
            name = await self._name(tx, player_id)
            asks = sum(1 for e in state.entries if e.player == player_id)
            buttons = (
                (
                    Button(
                        label=phrase("arena.btn_enter"), data=ArEnterCb(t=tid, p=player_id).pack()
                    ),
                    Button(
                        label=phrase("arena.btn_decline"),
                        data=ArEnterCb(t=tid, p=player_id, ok=False).pack(),
                    ),
                ),
            )
            notice = self._group(
                tournament,
                f"ask:{player_id}:{asks}:{day}",
                phrase("arena.entry_asked", name=name, tournament=tournament.name),
                buttons=buttons,
            )
            return await self._tell(tx, tid, [notice])

    async def decline_entry(self, tid: int, player_id: int, judge: int) -> tuple[str, AfterCommit]:
        """A judge declines the request: the player is told privately. Returns his name."""
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid)
            await self.core.audit(tx, tid, judge, "decline_entry", player=player_id)
            said = phrase("arena.entry_declined_you", tournament=tournament.name)
            key = f"declined:{player_id}:{self.core.now().isoformat()}"
            notices = await self._private(tx, tournament, player_id, key, said)
            return await self._name(tx, player_id), await self._tell(tx, tid, notices)

    async def enter(self, tid: int, player_id: int, judge: int) -> tuple[str, AfterCommit]:
        """A judge enters the player: five new sectors (605.3, 605.4); the Arena starts once
        four are in on or after its start date (605.1). Returns the player's name."""
        async with self.core.db.transaction() as tx:
            tournament, state, day = await self._entry_allowed(tx, tid, player_id)
            event = ArEntry(player_id, day)
            await self.core.record(tx, tid, event, judge)
            state.apply(event)
            now = self.core.now().isoformat()
            await tournaments.add_participant(tx, tid, player_id, now)
            await tournaments.set_participant_status(tx, tid, player_id, "active")
            await self.core.audit(tx, tid, judge, "enter", player=player_id)
            name = await self._name(tx, player_id)
            again = sum(1 for e in state.entries if e.player == player_id) > 1
            notices = [
                self._group(
                    tournament,
                    f"in:{player_id}:{len(state.entries)}",
                    phrase(
                        "arena.entered_again" if again else "arena.entered",
                        name=name,
                        sectors=state.count(player_id),
                    ),
                )
            ]
            if day >= 0:
                notices += await self._maybe_start(tx, tournament, state, day)
            return name, await self._tell(tx, tid, notices)

    async def _maybe_start(
        self, tx: Tx, tournament: Tournament, state: State, day: int
    ) -> list[Notice]:
        if not state.may_start():
            return []
        await self.core.record(tx, tournament.id, ArStart(day), None)
        state.apply(ArStart(day))
        await tournaments.set_status(tx, tournament.id, "running", self.core.now().isoformat())
        return [
            self._group(
                tournament,
                "started",
                phrase("arena.started", tournament=tournament.name, count=len(state.active)),
            )
        ]

    async def on_start(self, tx: Tx, deadline: Deadline) -> AfterCommit | None:
        tournament = await tournaments.get(tx, deadline.ref_id)
        if tournament is None or tournament.status != "registration":
            return None
        state = await self.core.state(tx, tournament.id)
        notices = await self._maybe_start(tx, tournament, state, 0)
        if not notices and not state.active:  # nobody asked yet: the creation said how
            return None
        if not notices:
            notices = [
                self._group(
                    tournament,
                    "too_few",
                    phrase("arena.too_few", tournament=tournament.name, count=len(state.active)),
                )
            ]
        return await self._tell(tx, tournament.id, notices)

    # -- challenges ------------------------------------------------------------------------

    async def challenge(
        self, tid: int, challenger: int, challenged: int
    ) -> tuple[str, AfterCommit]:
        """``challenger`` challenges ``challenged`` today: the challenged one gets «Accept» /
        «Refuse» privately (605.6: once a day for a pair)."""
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid, "running")
            state = await self.core.state(tx, tid)
            day = self.core.day_of(tournament)
            try:
                state.check_challenge(challenger, challenged, day)
            except ArenaError as exc:
                raise refused(exc) from exc
            number = len(state.challenges) + 1
            await self.core.record(tx, tid, ArChallenge(number, challenger, challenged, day), None)
            by, to = await self._name(tx, challenger), await self._name(tx, challenged)
            buttons = (
                (
                    Button(
                        label=phrase("arena.btn_accept"),
                        data=ArAnswerCb(t=tid, n=number, ok=True).pack(),
                    ),
                    Button(
                        label=phrase("arena.btn_refuse"),
                        data=ArAnswerCb(t=tid, n=number, ok=False).pack(),
                    ),
                ),
            )
            notices = await self._private(
                tx,
                tournament,
                challenged,
                f"ch:{number}",
                phrase("arena.challenged", name=by, tournament=tournament.name, id=number),
                buttons=buttons,
            )
            return to, await self._tell(tx, tid, notices)

    async def answer(self, tid: int, number: int, presser: int, ok: bool) -> AfterCommit:
        """The challenged player's answer; the challenger is told; an accepted challenge sends
        both players the game's message (the format, then the result)."""
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid, "running")
            state = await self.core.state(tx, tid)
            try:
                c = state.check_answer(number, presser)
            except ArenaError as exc:
                raise refused(exc) from exc
            await self.core.record(tx, tid, ArAnswer(number, ok), None)
            by = await self._name(tx, presser)
            key = "arena.accepted" if ok else "arena.refused"
            notices = await self._private(
                tx, tournament, c.challenger, f"ans:{number}", phrase(key, name=by, id=number)
            )
            if ok:
                for player, other in ((c.challenger, c.challenged), (c.challenged, c.challenger)):
                    notices += await self._private(
                        tx,
                        tournament,
                        player,
                        f"game:{number}:p{player}",
                        phrase("arena.game", id=number, name=await self._name(tx, other)),
                        buttons=game_buttons(tid, number),
                    )
            told = await self._tell(tx, tid, notices)
        pair = (c.challenger, c.challenged) if ok else ()

        async def after() -> None:
            await told()
            await self._remember_games(tid, number, pair)

        return after

    async def _remember_games(self, tid: int, number: int, players_of: Sequence[int]) -> None:
        """The players' messages with the game's buttons: the shared result flow makes each
        one line with the result once the game settles (``ResultNotices``)."""
        for player in players_of:
            sent = await self.core.outbox.sent(f"ar:{tid}:game:{number}:p{player}")
            if sent is None:
                continue
            async with self.core.db.transaction() as tx:
                lang = await self.core.lang_of_player(tx, player)
                await game_messages.add(tx, tid, game_key(number), *sent, lang)

    async def name_format(self, tid: int, number: int, presser: int, fmt: str) -> None:
        async with self.core.db.transaction() as tx:
            await self.core.tournament(tx, tid, "running")
            state = await self.core.state(tx, tid)
            c = state.challenges.get(number)
            if c is None or presser not in c.pair or fmt not in FORMATS:
                raise UserError("common.stale_button")
            if c.status is not Status.ACCEPTED:
                raise UserError("arena.no_not_accepted")
            await self.core.record(tx, tid, ArFormat(number, fmt), None)

    # -- results ---------------------------------------------------------------------------

    async def reported(
        self, tx: Tx, tournament: Tournament, game: Game, claim: Claim, judge: int | None
    ) -> AfterCommit | None:
        number = challenge_of(game.key)
        assert number is not None  # the desk found this game open
        state = await self.core.state(tx, tournament.id)
        c = state.challenges[number]
        winner = claim.winner if not claim.draw else None
        event = ArResult(number, winner, c.format or "other", self.core.day_of(tournament))
        await self.core.record(tx, tournament.id, event, judge)
        state.apply(event)
        if judge is not None:
            return await self._approved(tx, tournament, state, number, judge)
        a, b = await self._name(tx, c.challenger), await self._name(tx, c.challenged)
        said = self._result_phrase(winner, c.challenger, a, b, event.format)
        notice = self._group(
            tournament,
            f"res:{number}",
            said,
            phrase("arena.result_waits"),
            buttons=(
                (
                    Button(
                        label=phrase("arena.btn_approve"),
                        data=ArApproveCb(t=tournament.id, n=number).pack(),
                    ),
                ),
            ),
        )
        return await self._tell(tx, tournament.id, [notice])

    @staticmethod
    def _result_phrase(winner: int | None, first: int, a: str, b: str, fmt: str) -> Phrase:
        fmt_said = phrase(f"arena.format_{fmt}")
        if winner is None:
            return phrase("arena.result_draw", a=a, b=b, format=fmt_said)
        won, lost = (a, b) if winner == first else (b, a)
        return phrase("arena.result_win", winner=won, loser=lost, format=fmt_said)

    async def approve(self, tid: int, number: int, judge: int) -> AfterCommit:
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid, "running")
            state = await self.core.state(tx, tid)
            try:
                state.check_approve(number)
            except ArenaError as exc:
                raise refused(exc) from exc
            return await self._approved(tx, tournament, state, number, judge)

    async def _approved(
        self, tx: Tx, tournament: Tournament, state: State, number: int, judge: int
    ) -> AfterCommit:
        await self.core.record(tx, tournament.id, ArApprove(number), judge)
        state.apply(ArApprove(number))
        await self.core.audit(tx, tournament.id, judge, "approve", challenge=number)
        c = state.challenges[number]
        a, b = await self._name(tx, c.challenger), await self._name(tx, c.challenged)
        lines = [
            self._result_phrase(c.winner, c.challenger, a, b, c.format),
            phrase(
                "arena.counts",
                a=a,
                b=b,
                sectors_a=state.count(c.challenger),
                sectors_b=state.count(c.challenged),
            ),
        ]
        loser = c.loser()
        if loser is not None and not state.is_in(loser):
            lines.append(phrase("arena.ruined", name=await self._name(tx, loser)))
        notice = self._group(tournament, f"ok:{number}", *lines)
        return await self._tell(tx, tournament.id, [notice])

    async def judge_result(
        self, tid: int, number: int, code: str, fmt: str, judge: int
    ) -> AfterCommit | None:
        """``/result <challenge> a|b|draw [format]``: a judge records an accepted challenge's
        result himself (605.6): it counts at once."""
        if fmt not in FORMATS or code not in ("a", "b", "draw"):
            raise UserError("arena.result_usage")
        async with self.core.db.transaction() as tx:
            await self.core.tournament(tx, tid, "running")
            state = await self.core.state(tx, tid)
            c = state.challenges.get(number)
            if c is None or c.status is not Status.ACCEPTED:
                raise UserError("arena.no_not_accepted")
            if fmt != c.format:
                await self.core.record(tx, tid, ArFormat(number, fmt), judge)
        winner = {"a": c.challenger, "b": c.challenged}.get(code)
        claim = Claim(draw=True) if winner is None else Claim(winner=winner)
        _, after = await self.flow.decide(tid, game_key(number), claim, judge)
        return after

    # -- judges ----------------------------------------------------------------------------

    async def excuse(self, tid: int, player: int, day: int, judge: int) -> str:
        """605.6: the judge accepts the reason of the player's refusals on ``day``."""
        async with self.core.db.transaction() as tx:
            await self.core.tournament(tx, tid, "running")
            state = await self.core.state(tx, tid)
            if not state.is_in(player):
                raise UserError("arena.no_not_in")
            await self.core.record(tx, tid, ArExcuse(player, day), judge)
            await self.core.audit(tx, tid, judge, "excuse", player=player, day=day)
            return await self._name(tx, player)

    async def void(self, tid: int, number: int, judge: int) -> AfterCommit:
        """A falsified result is voided (605.6): the stake goes back where it can."""
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid, "running", "finished")
            state = await self.core.state(tx, tid)
            c = state.challenges.get(number)
            if c is None or c.status not in (Status.APPROVED, Status.REPORTED):
                raise UserError("arena.no_nothing_to_void")
            await self.core.record(tx, tid, ArVoid(number), judge)
            await self.core.audit(tx, tid, judge, "void", challenge=number)
            notice = self._group(tournament, f"void:{number}", phrase("arena.voided", id=number))
            return await self._tell(tx, tid, [notice])

    async def disqualify(self, tid: int, player: int, judge: int) -> AfterCommit:
        """605.6: out without prizes, never to enter again; his sectors turn neutral."""
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid, "registration", "running")
            state = await self.core.state(tx, tid)
            if player in state.disqualified or not any(e.player == player for e in state.entries):
                raise UserError("arena.no_not_in")
            await self.core.record(tx, tid, ArDisqualify(player), judge)
            await tournaments.set_participant_status(tx, tid, player, "dropped")
            await self.core.audit(tx, tid, judge, "disqualify", player=player)
            notice = self._group(
                tournament,
                f"dq:{player}",
                phrase("arena.disqualified", name=await self._name(tx, player)),
            )
            return await self._tell(tx, tid, [notice])

    # -- views -----------------------------------------------------------------------------

    async def standings(self, tid: int, lang: str) -> str:
        snap = await self.snapshot(tid)
        day = self.core.day_of(snap.tournament)
        return standings_text(self.core.tr(lang), snap, day) + "\n\n" + map_text(snap)

    async def may_challenge(self, tid: int, player: int) -> list[tuple[int, str]]:
        """Whom the player may still challenge today (605.6), with their names."""
        snap = await self.snapshot(tid)
        state, day = snap.state, self.core.day_of(snap.tournament)
        if not state.started or not state.is_in(player) or not state.open_for():
            return []
        return [
            (other, snap.name(other))
            for other in sorted(state.active, key=snap.name)
            if other != player and state.pair_today(player, other, day) is None
        ]

    async def mine(self, tid: int, player: int, lang: str) -> str:
        snap = await self.snapshot(tid)
        tournament = snap.tournament
        day = self.core.day_of(tournament)
        week_end = self.core.midnight(tournament, (week_of(day) + 1) * WEEK)
        hours = max(int((week_end - self.core.now()).total_seconds() // 3600), 0)
        return my_text(self.core.tr(lang), snap, player, day, hours)

    async def log_text(self, tid: int, lang: str) -> str:
        """``/log``: every change, oldest first (the last ``LOG_LINES``)."""
        async with self.core.db.read() as tx:
            snap = await self.core.snapshot(tx, tid)
            stored = await tournaments.events(tx, tid)
        events = [
            (formats.moment(datetime.fromisoformat(e.at), self.core.settings.zone), typed)
            for e in stored
            for typed in CODEC.typed([(e.kind, e.payload)])
        ]
        t = self.core.tr(lang)
        lines = log_lines(t, snap, events)
        return "\n".join([t("arena.log_title"), *lines[-LOG_LINES:]])

    async def find_player(self, arg: str) -> Player | None:
        """``@username`` (someone the bot has seen) or a club id."""
        if arg.startswith("@"):
            async with self.core.db.read() as tx:
                user = await players.tg_user_by_username(tx, arg)
            if user is None:
                return None
            return await self.core.registry.ensure_player(user.id, user.first_name, user.last_name)
        if numbers.is_whole(arg):
            async with self.core.db.read() as tx:
                return await players.by_id(tx, numbers.whole(arg, numbers.CLUB_ID))
        return None
