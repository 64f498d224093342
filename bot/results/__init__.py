"""Reporting a result and the opponent's confirmation (bot.md), for every kind of tournament.

A *desk* (one per tournament kind) tells which games are open and records a final result;
this module runs the conversation around it:

1. either player reports (``report``); the report is stored under a unique key, so a second
   press or a duplicated update changes nothing; until the opponent answers, the reporter may
   change it (a different claim: a new *revision*, the opponent asked again and his older
   request's buttons stale) or withdraw it (``withdraw``);
2. the opponent confirms or disputes (``confirm`` / ``dispute``); both players reporting the
   same result independently is final too; two reports that disagree are a dispute;
3. a dispute goes to the judges (organisers when there is no judge); ``decide`` is final;
4. only a final result reaches the desk (``GameDesk.record``), in the same transaction that
   settles the reports, so a result is never stored without its confirmation or twice.

A claim is a ``rules.results.Claim`` (the winner or a draw, technical, the game score), with
players ``a`` and ``b`` as the desk lists them.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Protocol

from aiogram.types import InlineKeyboardMarkup

from bot.clock import Clock
from bot.deadlines import AfterCommit, Deadlines, Late
from bot.notices import Phrase
from db import deadlines, game_messages, players, reports, tournaments
from db.database import Database, Tx
from db.models import Deadline
from db.reports import Report
from db.tournaments import Tournament
from rules.results import Claim as Claim  # the claims the flow passes around

log = logging.getLogger(__name__)

#: A claim built once the game is known (``report`` checks the game first): may raise.
ClaimOf = Callable[["Tournament", "Game", "GameDesk"], Claim]
REMINDER = "confirm_reminder"
#: the opponent's confirmation request: a durable job stored with the report, so a crash
#: between the answer and the request cannot lose it (``ResultNotices.ask_job`` sends it)
ASK_JOB = "job:confirm_request"


@dataclass(frozen=True, slots=True)
class Game:
    """An open game: its key and its two players (club ids), ``a`` listed first.

    The desk that finds the game in its tournament's state also tells whether it may end in a
    draw (``draws``) and the stage it belongs to in the desk's words (``stage``, e.g. the Top's
    "final"; "" when that says nothing), so answering about it needs no second read."""

    key: str
    a: int
    b: int
    draws: bool = True
    stage: str = ""
    #: a judge may give both players a technical loss (a Swiss round; not the Top, not King
    #: of the Hill, where a game needs a winner)
    double_loss: bool = False
    #: its kind records a technical loss for absence (a no-show, ``rules.no_shows``): the
    #: judge's buttons offer «did not come» for either player (and both, with ``double_loss``)
    absence: bool = False

    def opponent(self, player_id: int) -> int:
        return self.b if player_id == self.a else self.a

    def has(self, player_id: int) -> bool:
        return player_id in (self.a, self.b)


class GameDesk(Protocol):
    """What a tournament kind provides to the result flow."""

    async def open_game(self, tx: Tx, tournament: Tournament, game_key: str) -> Game | None:
        """The game if it still awaits its final result, else ``None``."""

    async def closed_note(self, tx: Tx, tournament: Tournament, game_key: str) -> str | None:
        """Why a game that is not open is closed, when the kind can say more than «no longer
        current» (a text key: a Swiss table of a pairing ``/repair`` replaced); ``None``."""

    async def record(
        self, tx: Tx, tournament: Tournament, game: Game, claim: Claim, actor_id: int | None
    ) -> AfterCommit | None:
        """Store the final result (as events); return what to announce after the commit."""

    async def on_pending(self, tournament: Tournament, game: Game) -> None:
        """A report is waiting for confirmation or a judge (e.g. refresh the board)."""

    async def current_game(self, tx: Tx, tournament: Tournament, player_id: int) -> Game | None:
        """The player's game awaiting a result, for /report."""

    async def report_markup(
        self, tx: Tx, tournament: Tournament, game: Game, lang: str
    ) -> InlineKeyboardMarkup:
        """The game's result buttons (the ones of its announcement), for /report."""

    def label(self, tournament: Tournament, game: Game) -> Phrase:
        """How people name the game: "table 3, round 2" or "game 12" (``bot.notices.render``
        writes it in a reader's language)."""

    def draws_allowed(self, tournament: Tournament, game: Game) -> bool:
        """False where a game cannot be drawn (King of the Hill, the Top)."""

    def match_format(self, tournament: Tournament) -> bool:
        """True when results carry a game score (best of three)."""


class Step(enum.Enum):
    """What a report, confirmation or decision did."""

    PENDING = "pending"  #: waiting for the opponent
    FINAL = "final"  #: the result is final
    DISPUTED = "disputed"  #: sent to the judge
    DUPLICATE = "duplicate"  #: this player already reported this game; nothing changed
    #: (``report`` is his stored report: while pending, the opponent is asked again)
    NOT_YOURS = "not_yours"  #: the presser is not the one who may do this
    CLOSED = "closed"  #: the game is settled or no longer current
    OWN_REPORT = "own_report"  #: nobody confirms his own report
    CHANGED = "changed"  #: the reporter changed his pending report (``ReportOutcome.previous``)
    WITHDRAWN = "withdrawn"  #: the reporter took his pending report back
    STALE = "stale"  #: a request the reporter has since changed (answer the newer one)
    GONE = "gone"  #: a request the reporter has since withdrawn
    WITH_JUDGE = "with_judge"  #: the report is disputed: only a judge decides now


@dataclass(frozen=True, slots=True)
class OpenGame:
    """A player's game awaiting its result, as /report shows it."""

    tournament: Tournament
    game: Game
    label: Phrase
    opponent: str  #: the opponent's display name
    markup: InlineKeyboardMarkup
    mine: Report | None  #: his own report, still waiting (pending or disputed)


@dataclass(frozen=True, slots=True)
class ReportOutcome:
    step: Step
    tournament: Tournament | None = None
    game: Game | None = None
    report: Report | None = None
    other: Report | None = None  #: the opponent's disagreeing report, in a dispute
    previous: Report | None = None  #: the revision a change or withdrawal replaced
    #: a closed game: the desk's text key saying why (``GameDesk.closed_note``)
    note: str | None = None


class ResultFlow:
    """See the module docstring. Messages are sent by the ``on_*`` hooks of the handlers."""

    def __init__(
        self, db: Database, clock: Clock, deadlines_service: Deadlines, confirmation: timedelta
    ) -> None:
        self._db = db
        self._clock = clock
        self._deadlines = deadlines_service
        self._confirmation = confirmation
        self.desks: dict[str, GameDesk] = {}
        self.on_reminder: Callable[[Report], Awaitable[None]] | None = None
        #: after a game's final result: replace its buttons by the result (``ResultNotices``)
        self.on_settled: Callable[[Tournament, Game, Claim], Awaitable[None]] | None = None
        # A reminder to confirm is pointless hours late: dropped after downtime.
        deadlines_service.on(REMINDER, self._remind, late=Late.DROP)

    def _now(self) -> str:
        return self._clock.now().isoformat()

    async def _game(
        self, tx: Tx, tournament_id: int, game_key: str
    ) -> tuple[Tournament, Game] | None:
        tournament = await tournaments.get(tx, tournament_id)
        if tournament is None or tournament.status != "running":
            return None
        desk = self.desks.get(tournament.kind)
        game = None if desk is None else await desk.open_game(tx, tournament, game_key)
        return None if game is None else (tournament, game)

    async def _closed(self, tx: Tx, tournament_id: int, game_key: str) -> ReportOutcome:
        """A report of a game that is not open, with its desk's note on why."""
        tournament = await tournaments.get(tx, tournament_id)
        desk = None if tournament is None else self.desks.get(tournament.kind)
        if tournament is None or desk is None:
            return ReportOutcome(Step.CLOSED)
        return ReportOutcome(Step.CLOSED, note=await desk.closed_note(tx, tournament, game_key))

    async def report(
        self, tournament_id: int, game_key: str, reporter_id: int, claim: Claim | ClaimOf
    ) -> tuple[ReportOutcome, AfterCommit | None]:
        """A player's report of his own game.

        ``claim`` may be a function of the open game (and its desk), called once the game is
        known to be open and the reporter's; whatever it raises leaves nothing stored. The
        desk's ``on_pending`` is *not* called here: the caller answers the player first, then
        calls ``pending_hook``."""
        after: AfterCommit | None = None
        async with self._db.transaction() as tx:
            found = await self._game(tx, tournament_id, game_key)
            if found is None:
                return await self._closed(tx, tournament_id, game_key), None
            tournament, game = found
            if not game.has(reporter_id):
                return ReportOutcome(Step.NOT_YOURS, tournament, game), None
            if callable(claim):
                claim = claim(tournament, game, self.desks[tournament.kind])
            added = await reports.add(tx, tournament_id, game_key, reporter_id, claim, self._now())
            stored = await reports.for_game(tx, tournament_id, game_key)
            mine = next(r for r in stored if r.reporter_id == reporter_id)
            previous = None
            if added is None:
                again = await self._again(tx, tournament, game, mine, claim)
                if isinstance(again, ReportOutcome):
                    return again, None
                previous, mine, added = mine, again, mine.id
                stored = await reports.for_game(tx, tournament_id, game_key)
            other = next(
                (
                    r
                    for r in stored
                    if r.reporter_id != reporter_id and r.status in ("pending", "disputed")
                ),
                None,
            )
            if other is not None and other.claim.same_result(claim):
                after = await self._finalise(
                    tx, tournament, game, claim, None, "confirmed", confirmer=reporter_id
                )
                outcome = ReportOutcome(Step.FINAL, tournament, game, mine)
            elif other is not None:
                await reports.set_status(tx, other.id, "disputed")
                await reports.set_status(tx, added, "disputed")
                outcome = ReportOutcome(Step.DISPUTED, tournament, game, mine, other)
            else:
                await self._ask_later(tx, mine)
                changed = previous is not None and previous.status == "pending"
                step = Step.CHANGED if changed else Step.PENDING
                outcome = ReportOutcome(step, tournament, game, mine, previous=previous)
        return outcome, after

    async def _again(
        self, tx: Tx, tournament: Tournament, game: Game, mine: Report, claim: Claim
    ) -> ReportOutcome | Report:
        """A player who reported this game reports again: the same claim changes nothing (the
        first press may have been stored by a bot that died before it asked the opponent; the
        handler asks again while it is pending); a different one, or any after a withdrawal,
        is a new revision of his report (returned). Once disputed, only a judge decides."""
        if mine.status == "pending" and mine.claim == claim:
            return ReportOutcome(Step.DUPLICATE, tournament, game, mine)
        if mine.status == "disputed":
            return ReportOutcome(Step.WITH_JUDGE, tournament, game, mine)
        if mine.status not in ("pending", "withdrawn"):
            return ReportOutcome(Step.CLOSED, tournament, game, mine)
        await self._cancel_jobs(tx, mine.id)
        return await reports.revise(tx, mine.id, claim)

    async def _cancel_jobs(self, tx: Tx, report_id: int) -> None:
        """The request and reminder of the report's current revision are no longer due."""
        cancelled = await deadlines.cancel_for(tx, report_id, (ASK_JOB, REMINDER))
        tx.on_commit(lambda: self._deadlines.unschedule(cancelled))

    async def withdraw(
        self, report_id: int, revision: int, presser_id: int
    ) -> tuple[ReportOutcome, Report | None]:
        """The reporter takes back his pending report (revision ``revision``) before the
        opponent answered; the opponent's request goes stale. Returns the withdrawn report."""
        async with self._db.transaction() as tx:
            report = await reports.get(tx, report_id)
            if report is None or report.status != "pending":
                return ReportOutcome(Step.CLOSED, report=report), None
            found = await self._game(tx, report.tournament_id, report.game_key)
            if found is None:
                return ReportOutcome(Step.CLOSED, report=report), None
            tournament, game = found
            if presser_id != report.reporter_id:
                return ReportOutcome(Step.NOT_YOURS, tournament, game, report), None
            if revision != report.revision:
                return ReportOutcome(Step.STALE, tournament, game, report), None
            await reports.set_status(tx, report.id, "withdrawn")
            await self._cancel_jobs(tx, report.id)
        return ReportOutcome(Step.WITHDRAWN, tournament, game, report), report

    async def _ask_later(self, tx: Tx, report: Report) -> None:
        """Store the confirmation request (a durable job, run once the report is committed)
        and the reminder after ``confirmation``, both for this revision of the report."""
        now = self._clock.now()
        revision: dict[str, object] = {"rev": report.revision}
        ask = await deadlines.add(tx, ASK_JOB, report.id, now, revision)
        due = now + self._confirmation
        reminder = await deadlines.add(tx, REMINDER, report.id, due, revision)
        tx.on_commit(lambda: self._deadlines.schedule(ask, now))
        tx.on_commit(lambda: self._deadlines.schedule(reminder, due))

    async def confirm(
        self, report_id: int, presser_id: int, revision: int = 0
    ) -> tuple[ReportOutcome, AfterCommit | None]:
        """The opponent confirms a pending report (the revision his request showed)."""
        async with self._db.transaction() as tx:
            checked = await self._opponent_check(tx, report_id, presser_id, revision)
            if isinstance(checked, ReportOutcome):
                return checked, None
            tournament, game, report = checked
            after = await self._finalise(
                tx, tournament, game, report.claim, None, "confirmed", confirmer=presser_id
            )
        return ReportOutcome(Step.FINAL, tournament, game, report), after

    async def dispute(self, report_id: int, presser_id: int, revision: int = 0) -> ReportOutcome:
        """The opponent disputes a pending report: the judges decide.

        As with ``report``, the caller calls ``pending_hook`` after answering."""
        async with self._db.transaction() as tx:
            checked = await self._opponent_check(tx, report_id, presser_id, revision)
            if isinstance(checked, ReportOutcome):
                return checked
            tournament, game, report = checked
            await reports.set_status(tx, report_id, "disputed")
        return ReportOutcome(Step.DISPUTED, tournament, game, report)

    async def _opponent_check(
        self, tx: Tx, report_id: int, presser_id: int, revision: int
    ) -> ReportOutcome | tuple[Tournament, Game, Report]:
        """The report still pending as the presser's request showed it (``revision``), and
        the presser its opponent. In one transaction with the answer: a change or withdrawal
        committed first makes the answer stale, an answer committed first closes the game."""
        report = await reports.get(tx, report_id)
        if report is None or report.status not in ("pending", "withdrawn"):
            return ReportOutcome(Step.CLOSED, report=report)
        found = await self._game(tx, report.tournament_id, report.game_key)
        if found is None:
            return ReportOutcome(Step.CLOSED, report=report)
        tournament, game = found
        if presser_id == report.reporter_id:
            return ReportOutcome(Step.OWN_REPORT, tournament, game, report)
        if presser_id != game.opponent(report.reporter_id) or not game.has(presser_id):
            return ReportOutcome(Step.NOT_YOURS, tournament, game, report)
        if report.status == "withdrawn":
            return ReportOutcome(Step.GONE, tournament, game, report)
        if report.revision != revision:
            return ReportOutcome(Step.STALE, tournament, game, report)
        return tournament, game, report

    async def decide(
        self, tournament_id: int, game_key: str, claim: Claim, judge_id: int
    ) -> tuple[ReportOutcome, AfterCommit | None]:
        """A judge's decision (dispute, one-sided report, technical result): final, logged.

        Permission is checked by the caller (``Roles``)."""
        async with self._db.transaction() as tx:
            found = await self._game(tx, tournament_id, game_key)
            if found is None:
                return ReportOutcome(Step.CLOSED), None
            tournament, game = found
            after = await self._finalise(tx, tournament, game, claim, judge_id, "decided")
            await tournaments.append_event(
                tx,
                tournament_id,
                "judge_decision",
                {"game": game_key, "claim": claim.to_json()},
                judge_id,
                self._now(),
            )
        return ReportOutcome(Step.FINAL, tournament, game), after

    async def _finalise(
        self,
        tx: Tx,
        tournament: Tournament,
        game: Game,
        claim: Claim,
        actor_id: int | None,
        status: str,
        *,
        confirmer: int | None = None,
    ) -> AfterCommit | None:
        """The game's final result: its reports settled (``confirmer``: the player who confirmed
        it, kept as the reports' ``resolved_by``: ``reports.vouchers``), the desk records it."""
        by = actor_id if confirmer is None else confirmer
        await reports.resolve(tx, tournament.id, game.key, status, by, self._now())
        after = await self.desks[tournament.kind].record(tx, tournament, game, claim, actor_id)
        return self.settled(tournament, game, claim, after)

    def settled(
        self, tournament: Tournament, game: Game, claim: Claim, after: AfterCommit | None
    ) -> AfterCommit | None:
        """``after`` followed by ``on_settled``: the game's buttons become its result line.
        Every path that records a final result (a confirmation, a judge's button, /result)
        goes through here."""
        hook = self.on_settled
        if hook is None:
            return after

        async def both() -> None:
            if after is not None:
                await after()
            await hook(tournament, game, claim)

        return both

    async def pending_hook(self, outcome: ReportOutcome) -> None:
        """After a report or dispute (once the presser has his answer): tell the desk that a
        report waits (e.g. to mark the table on the board)."""
        if outcome.tournament is None or outcome.game is None:
            return
        desk = self.desks.get(outcome.tournament.kind)
        waiting = (Step.PENDING, Step.DISPUTED, Step.CHANGED, Step.WITHDRAWN)
        if desk is not None and outcome.step in waiting:
            await desk.on_pending(outcome.tournament, outcome.game)

    async def games_of(self, player_id: int, group: int | None, lang: str) -> list[OpenGame]:
        """The player's games awaiting a result in the running tournaments he plays in (in a
        group: that group's only), with their result buttons: what /report shows."""
        found: list[OpenGame] = []
        async with self._db.read() as tx:
            for tournament in await tournaments.open_for_player(tx, player_id):
                desk = self.desks.get(tournament.kind)
                elsewhere = group is not None and tournament.chat_id != group
                if desk is None or elsewhere or tournament.status != "running":
                    continue
                game = await desk.current_game(tx, tournament, player_id)
                if game is None:
                    continue
                markup = await desk.report_markup(tx, tournament, game, lang)
                stored = await reports.for_game(tx, tournament.id, game.key)
                waiting = ("pending", "disputed")
                mine = [r for r in stored if r.reporter_id == player_id and r.status in waiting]
                label = desk.label(tournament, game)
                other = (await players.many(tx, [game.opponent(player_id)])).values()
                name = next((p.display_name for p in other), "—")
                last = mine[-1] if mine else None
                found.append(OpenGame(tournament, game, label, name, markup, last))
        return found

    async def remember(self, found: OpenGame, chat_id: int, message_id: int, lang: str) -> None:
        """A message with the game's result buttons (/report): replaced by the result line
        once the game settles."""
        async with self._db.transaction() as tx:
            await game_messages.add(
                tx, found.tournament.id, found.game.key, chat_id, message_id, lang
            )

    async def _remind(self, tx: Tx, deadline: Deadline) -> AfterCommit | None:
        report = await reports.get(tx, deadline.ref_id)
        if report is None or report.status != "pending" or self.on_reminder is None:
            return None
        if report.revision != deadline.payload.get("rev", 0):  # a changed report's old reminder
            return None
        hook = self.on_reminder

        async def send() -> None:
            await hook(report)

        return send
