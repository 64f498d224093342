"""The Arena's service (605): creation, entries a judge approves, challenges and their answers,
results through the shared result flow (a judge's approval makes them count), the days' and
weeks' ends on durable deadlines, a judge's excuse, void and disqualification, the end with
places and ratings.

Every change appends events in one transaction; what it tells is ``bot.notices.Notice`` data
stored in that transaction (``Outbox.tell``) and sent after the commit. The calendar is the
start date's: day ``d`` ends at the club's midnight after it (``ArenaCore.midnight``); every
day's end is stored at the creation, so a restart (or a clock that jumped) finds them all, fires
them in order, and says of each one it missed that it comes late.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from aiogram.types import InlineKeyboardMarkup
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot import formats, numbers
from bot.arena.buttons import (
    ArAnswerCb,
    ArApproveCb,
    ArChoiceCb,
    ArEnterCb,
    ArExcuseCb,
    ArFormatCb,
)
from bot.arena.core import (
    CODEC,
    DAY_END,
    DISCIPLINE,
    KIND,
    OFFER_HOURS,
    OFFERS,
    START,
    ArenaCore,
    Snapshot,
)
from bot.arena.export import csv_text
from bot.arena.views import final_text, log_lines, map_text, my_text, standings_text
from bot.buttons import ReportCb
from bot.deadlines import AfterCommit, Late
from bot.errors import UserError
from bot.exports import export_target
from bot.late import late_phrase
from bot.notices import Button, Notice, Phrase, ToChat, phrase
from bot.pictures import canvas
from bot.pictures.laar import LaarMap, draw_laar_map, laar_map
from bot.results import Claim, Game, ResultFlow
from bot.web.render import Board
from db import deadlines, game_messages, players, tournaments
from db.database import Tx
from db.models import Deadline, Player
from db.tournaments import Tournament
from rules.arena import (
    DAYS,
    FORMATS,
    WEEK,
    ArAnswer,
    ArApprove,
    ArCancel,
    ArChallenge,
    ArChoice,
    ArDayEnd,
    ArDisqualify,
    ArenaError,
    ArenaEvent,
    ArEntry,
    ArExcuse,
    ArFinish,
    ArFormat,
    ArResult,
    ArStart,
    ArVoid,
    ArWeekEnd,
    State,
    Status,
    is_week_end,
    week_of,
)
from rules.card_rating import START_RATING_CENTS, rating_changes
from rules.results import MatchRecord, Outcome

if TYPE_CHECKING:
    from bot.infra import Infra

log = logging.getLogger(__name__)
#: the most lines ``/log`` shows (the newest)
LOG_LINES = 60


def game_key(challenge: int) -> str:
    return f"c{challenge}"


def challenge_of(key: str) -> int | None:
    return int(key[1:]) if key.startswith("c") and key[1:].isdigit() else None


def refused(exc: ArenaError) -> UserError:
    """A rule's refusal as the people's error (``arena.no_<code>`` in the locales)."""
    return UserError(f"arena.no_{exc.code}")


class ArenaDesk:
    """The result flow's ``GameDesk`` of an Arena: an accepted challenge is an open game."""

    def __init__(self, service: ArenaService) -> None:
        self._s = service

    async def open_game(self, tx: Tx, tournament: Tournament, game_key: str) -> Game | None:
        number = challenge_of(game_key)
        state = await self._s.core.state(tx, tournament.id)
        c = state.challenges.get(number or 0)
        if c is None or c.status is not Status.ACCEPTED:
            return None
        return Game(game_key, c.challenger, c.challenged)

    async def closed_note(self, tx: Tx, tournament: Tournament, game_key: str) -> str | None:
        return None

    async def record(
        self, tx: Tx, tournament: Tournament, game: Game, claim: Claim, actor_id: int | None
    ) -> AfterCommit | None:
        """Both players agreed (or a judge decided, ``actor_id``): the result waits for a
        judge's approval; a judge's own decision counts at once (605.6)."""
        return await self._s.reported(tx, tournament, game, claim, actor_id)

    async def on_pending(self, tournament: Tournament, game: Game) -> None:
        return None

    async def current_game(self, tx: Tx, tournament: Tournament, player_id: int) -> Game | None:
        state = await self._s.core.state(tx, tournament.id)
        for c in state.open_challenges(player_id):
            if c.status is Status.ACCEPTED:
                return Game(game_key(c.id), c.challenger, c.challenged)
        return None

    async def report_markup(
        self, tx: Tx, tournament: Tournament, game: Game, lang: str
    ) -> InlineKeyboardMarkup:
        t = self._s.core.tr(lang)
        builder = InlineKeyboardBuilder()
        number = challenge_of(game.key) or 0
        for fmt in FORMATS:
            builder.button(
                text=t(f"arena.format_{fmt}"),
                callback_data=ArFormatCb(t=tournament.id, n=number, f=fmt),
            )
        for label, code in (
            ("arena.btn_won", "w"),
            ("arena.btn_lost", "l"),
            ("arena.btn_draw", "d"),
        ):
            builder.button(
                text=t(label), callback_data=ReportCb(t=tournament.id, g=game.key, c=code)
            )
        builder.adjust(4, 3)
        return builder.as_markup()

    def label(self, tournament: Tournament, game: Game) -> Phrase:
        return phrase("arena.label", id=challenge_of(game.key) or 0)

    def draws_allowed(self, tournament: Tournament, game: Game) -> bool:
        return True

    def match_format(self, tournament: Tournament) -> bool:
        return False


def game_buttons(tid: int, number: int) -> tuple[tuple[Button, ...], ...]:
    """The players' message of an accepted challenge: the format played, then the result."""
    formats = tuple(
        Button(label=phrase(f"arena.format_{fmt}"), data=ArFormatCb(t=tid, n=number, f=fmt).pack())
        for fmt in FORMATS
    )
    key = game_key(number)
    results = tuple(
        Button(label=phrase(label), data=ReportCb(t=tid, g=key, c=code).pack())
        for label, code in (
            ("arena.btn_won", "w"),
            ("arena.btn_lost", "l"),
            ("arena.btn_draw", "d"),
        )
    )
    return (formats, results)


class ArenaService:
    """The Arena (see the module docstring)."""

    def __init__(self, infra: Infra, flow: ResultFlow) -> None:
        self.core = ArenaCore(infra)
        self.flow = flow
        self.desk = ArenaDesk(self)
        self.settings = infra.settings

    # -- the kind contract ---------------------------------------------------------------

    def register(self, flow: ResultFlow) -> None:
        flow.desks[KIND] = self.desk
        # each changes the state (refusals, exits, the end): applied even after downtime
        self.core.deadlines.on(START, self.on_start, late=Late.APPLY)
        self.core.deadlines.on(DAY_END, self.on_day_end, late=Late.APPLY)
        self.core.deadlines.on(OFFERS, self.on_offers_end, late=Late.APPLY)

    async def web_board(self, tx: Tx, tournament_id: int, now: datetime) -> Board:
        snap = await self.core.snapshot(tx, tournament_id)
        t = self.core.tr(self.core.group_lang())
        day = self.core.day_of(snap.tournament, now)
        lines = [standings_text(t, snap, day), "", map_text(snap)]
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
        return Board(title=snap.tournament.name, lang=self.core.group_lang(), html=html)

    def handler_data(self) -> Mapping[str, object]:
        return {"arena": self}

    # -- helpers ---------------------------------------------------------------------------

    async def _tell(self, tx: Tx, tid: int, notices: Sequence[Notice]) -> AfterCommit:
        job = await self.core.outbox.tell(tx, tid, list(notices))

        async def after() -> None:
            await self.core.deadlines.run(job)

        return after

    def _group(self, tournament: Tournament, key: str, *lines: Phrase, buttons: Any = ()) -> Notice:
        return Notice(
            key=f"ar:{tournament.id}:{key}",
            to=ToChat(chat=tournament.chat_id),
            lines=lines,
            buttons=buttons,
        )

    async def _private(
        self,
        tx: Tx,
        tournament: Tournament,
        player: int,
        key: str,
        *lines: Phrase,
        buttons: Any = (),
    ) -> list[Notice]:
        to = await self.core.person(tx, player, tournament.chat_id)
        if to is None:
            return []
        return [Notice(key=f"ar:{tournament.id}:{key}", to=to, lines=lines, buttons=buttons)]

    async def _schedule(
        self, tx: Tx, kind: str, tid: int, due: datetime, **payload: object
    ) -> None:
        deadline = await deadlines.add(tx, kind, tid, due, dict(payload))
        tx.on_commit(lambda: self.core.deadlines.schedule(deadline, due))

    async def _name(self, tx: Tx, player: int) -> str:
        found = await players.by_id(tx, player)
        return found.display_name if found else f"#{player}"

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

    # -- the calendar ----------------------------------------------------------------------

    async def on_day_end(self, tx: Tx, deadline: Deadline) -> AfterCommit | None:
        """The day is over (605.6): its unanswered challenges are refusals, two days of them
        cost a sector; the group gets the day's changes and the map; a week's end (605.4)
        settles exits and offers; the fourth week's end finishes the Arena."""
        tournament = await tournaments.get(tx, deadline.ref_id)
        if tournament is None or tournament.status not in ("registration", "running"):
            return None
        day = int(str(deadline.payload.get("day", 0)))
        state = await self.core.state(tx, tournament.id)
        if day <= state.last_day_end:
            return None
        before = dict(state.penalties)
        waiting = [c.id for c in state.challenges.values() if c.status is Status.OPEN]
        still_in = {i for i, entry in enumerate(state.entries) if entry.exit is None}
        events: list[ArenaEvent] = [ArDayEnd(day)]
        if is_week_end(day) and state.started:
            events.append(ArWeekEnd(week_of(day)))
        for event in events:
            await self.core.record(tx, tournament.id, event, None)
            state.apply(event)
        notices = await self._day_notices(tx, tournament, state, day, before, still_in)
        overdue = self.core.deadlines.overdue(deadline.id)
        if overdue is not None:  # the bot was down at midnight (``bot.deadlines.Late``)
            late = late_phrase(overdue, self.core.settings.zone, "arena.late_day", day=day + 1)
            first = notices[0]
            notices[0] = first.model_copy(
                update={"lines": (first.lines[0], late, *first.lines[1:])}
            )
        drawn = self._then(
            await self._map_after(tx, tournament, state, day),
            await self._settle_prompts(tx, tournament, state, waiting),
        )
        if day + 1 >= DAYS and not state.started:  # four weeks and never four players
            await self.core.record(tx, tournament.id, ArCancel(), None)
            now = self.core.now().isoformat()
            await tournaments.set_status(tx, tournament.id, "cancelled", now)
            notices.append(
                self._group(
                    tournament, "cancelled", phrase("arena.cancelled", tournament=tournament.name)
                )
            )
        elif day + 1 >= DAYS:
            finished = await self._finish(tx, tournament, state, None, notices)
            return self._then(finished, drawn)
        if state.offers:
            due = self.core.midnight(tournament, day + 1) + timedelta(hours=OFFER_HOURS)
            await self._schedule(tx, OFFERS, tournament.id, due, week=week_of(day))
        return self._then(await self._tell(tx, tournament.id, notices), drawn)

    @staticmethod
    def _then(first: AfterCommit, second: AfterCommit) -> AfterCommit:
        async def both() -> None:
            await first()
            await second()

        return both

    async def _map_after(
        self, tx: Tx, tournament: Tournament, state: State, day: int
    ) -> AfterCommit:
        """The day's map in the group under the day's post, as the day's end left it (drawn
        after the commit, once by its key: a re-run after a crash sends it once; a picture
        that fails is logged, the day is not undone)."""
        tid, chat, lang = tournament.id, tournament.chat_id, self.core.group_lang()
        names = {p: await self._name(tx, p) for p in sorted({e.player for e in state.entries})}
        picture = self._picture(lang, tournament.name, state, names)
        caption = self.core.tr(lang)("pictures.laar_caption_day", name=tournament.name, day=day + 1)

        async def post() -> None:
            async def draw() -> tuple[bytes, str]:
                return await canvas.render(draw_laar_map, picture), caption

            try:
                await self.core.outbox.send_photo_once(
                    f"ar:{tid}:map:{day}", chat, draw, filename="laar.png"
                )
            except Exception:
                log.exception("the map of Arena %s was not posted", tid)

        return post

    def _picture(self, lang: str, name: str, state: State, names: dict[int, str]) -> LaarMap:
        def plain(key: str, **values: object) -> str:
            return self.core.texts.plain(lang, key, **values)

        return laar_map(plain, name, state, names)

    async def _settle_prompts(
        self, tx: Tx, tournament: Tournament, state: State, waiting: list[int]
    ) -> AfterCommit:
        """The challenges the day's end made refusals: each one's «Accept» / «Refuse» message
        becomes one line saying so (its buttons would mean nothing any more)."""
        lapsed = []
        for number in waiting:
            c = state.challenges[number]
            if c.unanswered:
                t = self.core.tr(await self.core.lang_of_player(tx, c.challenged))
                lapsed.append((f"ar:{tournament.id}:ch:{number}", t("arena.lapsed", id=number)))

        async def settle() -> None:
            for key, text in lapsed:
                sent = await self.core.outbox.sent(key)
                if sent is not None:
                    await self.core.outbox.edit(*sent, text)

        return settle

    async def map_png(self, tid: int, lang: str) -> tuple[bytes, str]:
        """The map of Laar now (``bot.pictures.laar``) and its caption."""
        snap = await self.snapshot(tid)
        name = snap.tournament.name
        picture = self._picture(lang, name, snap.state, snap.names)
        png = await canvas.render(draw_laar_map, picture)
        return png, self.core.tr(lang)("pictures.laar_caption", name=name)

    async def _day_notices(
        self,
        tx: Tx,
        tournament: Tournament,
        state: State,
        day: int,
        before: dict[tuple[int, int], int],
        still_in: set[int],
    ) -> list[Notice]:
        lines = [phrase("arena.day_over", day=day + 1, tournament=tournament.name)]
        buttons: list[tuple[Button, ...]] = []
        for (player, when), _sector in sorted(state.penalties.items()):
            if (player, when) in before:
                continue
            name = await self._name(tx, player)
            lines.append(phrase("arena.penalty", name=name, sectors=state.count(player)))
            buttons.append(
                (
                    Button(
                        label=phrase("arena.btn_excuse", name=name),
                        data=ArExcuseCb(t=tournament.id, p=player, d=when).pack(),
                    ),
                )
            )
        for index, entry in enumerate(state.entries):
            if entry.exit is not None and index in still_in:
                lines.append(
                    phrase(
                        f"arena.exit_{entry.exit.value if entry.exit else 'end'}",
                        name=await self._name(tx, entry.player),
                        sectors=entry.sectors,
                        cards=entry.prize,
                    )
                )
        if not state.started:
            lines.append(phrase("arena.not_started_yet", count=len(state.active)))
        notices = [self._group(tournament, f"day:{day}", *lines, buttons=tuple(buttons))]
        if is_week_end(day):
            week = week_of(day)
            for player in sorted(state.offers):
                choose = (
                    (
                        Button(
                            label=phrase("arena.btn_leave"),
                            data=ArChoiceCb(t=tournament.id, w=week, leave=True).pack(),
                        ),
                        Button(
                            label=phrase("arena.btn_stay"),
                            data=ArChoiceCb(t=tournament.id, w=week, leave=False).pack(),
                        ),
                    ),
                )
                notices += await self._private(
                    tx,
                    tournament,
                    player,
                    f"offer:{week}:p{player}",
                    phrase("arena.offer", sectors=state.count(player), hours=OFFER_HOURS),
                    buttons=choose,
                )
        return notices

    async def on_offers_end(self, tx: Tx, deadline: Deadline) -> AfterCommit | None:
        """24 hours after a week's end: whoever did not answer stays."""
        tournament = await tournaments.get(tx, deadline.ref_id)
        if tournament is None or tournament.status != "running":
            return None
        week = int(str(deadline.payload.get("week", 0)))
        state = await self.core.state(tx, tournament.id)
        settled = []
        for player, offered in sorted(state.offers.items()):
            if offered == week:
                await self.core.record(tx, tournament.id, ArChoice(player, week, False), None)
                t = self.core.tr(await self.core.lang_of_player(tx, player))
                settled.append((f"ar:{tournament.id}:offer:{week}:p{player}", t("arena.you_stay")))

        async def settle() -> None:  # the offer's buttons would mean nothing any more
            for key, text in settled:
                sent = await self.core.outbox.sent(key)
                if sent is not None:
                    await self.core.outbox.edit(*sent, text)

        return settle

    async def choose(self, tid: int, week: int, player: int, leave: bool) -> AfterCommit | None:
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid, "running")
            state = await self.core.state(tx, tid)
            try:
                state.check_choice(player, week)
            except ArenaError as exc:
                raise refused(exc) from exc
            event = ArChoice(player, week, leave)
            await self.core.record(tx, tid, event, None)
            state.apply(event)
            if not leave:
                return None
            entry = next(e for e in reversed(state.entries) if e.player == player)
            await tournaments.set_participant_status(tx, tid, player, "dropped")
            notice = self._group(
                tournament,
                f"left:{player}:{week}",
                phrase(
                    "arena.exit_chose",
                    name=await self._name(tx, player),
                    sectors=entry.sectors,
                    cards=entry.prize,
                ),
            )
            return await self._tell(tx, tid, [notice])

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

    # -- the end ---------------------------------------------------------------------------

    async def finish(self, tid: int, actor: int) -> AfterCommit:
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid, "registration", "running")
            state = await self.core.state(tx, tid)
            return await self._finish(tx, tournament, state, actor, [])

    async def _finish(
        self, tx: Tx, tournament: Tournament, state: State, actor: int | None, notices: list[Notice]
    ) -> AfterCommit:
        """Everyone still in leaves (605.4's prizes); places by the total sectors (605.5);
        every counted game rated, the coefficient by the number of players who entered."""
        state.apply(ArFinish())  # everyone out first: the games to rate are settled
        changes = await self._rate(tx, tournament, state)
        await self.core.record(tx, tournament.id, ArFinish(changes), actor)
        await tournaments.set_status(tx, tournament.id, "finished", self.core.now().isoformat())
        snap = await self.core.snapshot(tx, tournament.id)
        lang = self.core.group_lang()
        text = final_text(self.core.tr(lang), lang, snap, changes)
        tid, chat = tournament.id, tournament.chat_id
        tell = await self._tell(tx, tid, notices)

        async def after() -> None:
            await tell()
            await self.core.outbox.send_once(f"ar:{tid}:final", chat, text)

        return after

    async def _rate(self, tx: Tx, tournament: Tournament, state: State) -> dict[int, int]:
        everyone = sorted({e.player for e in state.entries})
        pool = tournament.discipline
        starts: dict[int | str, float] = {}
        for pid in everyone:
            starts[pid] = (await players.rating(tx, pid, pool) or START_RATING_CENTS) / 100
        records = [
            MatchRecord(
                c.id,
                c.challenger,
                c.challenged,
                Outcome.DRAW
                if c.winner is None
                else (Outcome.CLEAN_WIN if c.winner == c.challenger else Outcome.LOSS),
            )
            for c in state.games()
        ]
        base_k = float(tournament.settings.get("base_k") or self.settings.berserk_k)
        changes = rating_changes(starts, records, participants=len(everyone), base_k=base_k)
        now = self.core.now().isoformat()
        for who, delta in changes.items():
            current = await players.rating(tx, int(who), pool)
            if current is None:
                current = START_RATING_CENTS
                await players.set_rating(tx, int(who), pool, current, "start", now)
            await players.set_rating(
                tx, int(who), pool, current + delta, "tournament", now, tournament.id
            )
        return {int(k): int(v) for k, v in changes.items()}

    async def export_target(self, chat_id: int, wanted: int | None) -> Tournament | None:
        """The Arena ``/export`` means (``bot.exports.export_target``)."""
        return await export_target(self.core.db, KIND, chat_id, wanted)

    async def export_csv(self, tid: int) -> str:
        return csv_text(await self.snapshot(tid))

    async def cancel(self, tid: int, actor: int) -> AfterCommit:
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid, "registration", "running")
            await self.core.record(tx, tid, ArCancel(), actor)
            await tournaments.set_status(tx, tid, "cancelled", self.core.now().isoformat())
            await self.core.audit(tx, tid, actor, "cancel")
            notice = self._group(
                tournament, "cancelled", phrase("arena.cancelled", tournament=tournament.name)
            )
            return await self._tell(tx, tid, [notice])

    # -- views -----------------------------------------------------------------------------

    async def snapshot(self, tid: int) -> Snapshot:
        async with self.core.db.read() as tx:
            return await self.core.snapshot(tx, tid)

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

    async def tournament(self, tid: int) -> Tournament:
        async with self.core.db.read() as tx:
            return await self.core.tournament(tx, tid)
