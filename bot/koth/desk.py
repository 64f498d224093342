"""The King-of-the-Hill result desk: every change is a stored event, checked by a replay first,
appended in one transaction; a change that decides the winner finishes the tournament in the
same transaction. What to announce is a durable job stored with the event
(``bot.koth.announce``), armed after the commit."""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from aiogram.types import InlineKeyboardMarkup

from bot.deadlines import AfterCommit
from bot.errors import UserError
from bot.koth.announce import Announcer
from bot.koth.core import TIMERS, KothCore, KothSnapshot
from bot.koth.events import KOTH_EVENTS, game_number
from bot.koth.finish import Finishing
from bot.koth.replayed import advanced
from bot.notices import Phrase, phrase
from bot.results import Claim, Game
from db import deadlines, tournaments
from db.database import Tx
from db.tournaments import Tournament
from rules.koth import KothError, Phase
from rules.koth.events import KothEvent, Played

log = logging.getLogger(__name__)


class Desk:
    """Applies events (results, expiry, judge actions) and is the result flow's ``GameDesk``."""

    def __init__(self, core: KothCore, board: Announcer, finishing: Finishing) -> None:
        self.core = core
        self.board = board
        self.finishing = finishing

    def _check(
        self, snap: KothSnapshot, kind: str, payload: dict[str, Any], actor: int | None
    ) -> None:
        """Refuse an event the rules do not allow (the state with it applied)."""
        probe = [*snap.stored, tournaments.Event(-1, kind, payload, actor, "")]
        try:
            advanced(snap.state, probe, 1)
        except KothError as exc:
            log.info("refused by the rules: %s", exc)
            key = f"koth.refused_{exc.reason}"
            raise UserError(key if self.core.texts.has(key) else "koth.refused") from exc

    async def apply(
        self,
        tx: Tx,
        tournament_id: int,
        event: KothEvent,
        actor: int | None,
        notes: dict[str, Any] | None = None,
    ) -> AfterCommit:
        """Append one typed event (checked by a replay first; ``notes`` for the log beside it,
        which the rules do not read) and return what to announce."""
        kind, payload = KOTH_EVENTS.encode(event)
        payload |= notes or {}
        snap = await self.core.snapshot(tx, tournament_id)
        if snap.tournament.status != "running" or snap.state is None:
            raise UserError("koth.not_running")
        self._check(snap, kind, payload, actor)
        now = self.core.now().isoformat()
        event_id = await tournaments.append_event(tx, tournament_id, kind, payload, actor, now)
        snap = await self.core.snapshot(tx, tournament_id)
        if snap.state is None or snap.state.phase is not Phase.FINISHED:
            job = await self.board.store_job(tx, tournament_id, event_id)
            return self._after(job, [], [])
        finish = await self.finishing.finish(tx, snap)
        cancelled = await deadlines.cancel_for(tx, tournament_id, TIMERS)
        bonus_job = await self.finishing.ensure_bonus_job(tx)
        job = await self.board.store_job(tx, tournament_id, event_id, finish)
        return self._after(job, [] if bonus_job is None else [bonus_job], cancelled)

    def _after(
        self, job: int, armed: list[tuple[int, datetime]], cancelled: list[int]
    ) -> AfterCommit:
        """After the commit: the timers stopped, the bonus check armed, and the event's durable
        job run (it edits the board and tells what changed, see ``bot.koth.announce``)."""

        async def after() -> None:
            self.core.deadlines.unschedule(cancelled)
            for deadline_id, due in armed:
                self.core.deadlines.schedule(deadline_id, due)
            await self.core.deadlines.run(job)

        return after

    # --- the result flow's desk ---------------------------------------------------------------

    async def open_game(self, tx: Tx, tournament: Tournament, key: str) -> Game | None:
        if tournament.status != "running":
            return None
        snap = await self.core.snapshot(tx, tournament.id)
        if snap.state is None or snap.state.next_pair is None or snap.key != key:
            return None
        a, b = snap.state.next_pair
        return Game(key, a, b, draws=False)

    async def closed_note(self, tx: Tx, tournament: Tournament, key: str) -> str | None:
        return None  # a King of the Hill's closed game is simply no longer current

    async def record(
        self, tx: Tx, tournament: Tournament, game: Game, claim: Claim, actor_id: int | None
    ) -> AfterCommit | None:
        if claim.winner is None:  # no draw button in King of the Hill (``draws_allowed``)
            raise UserError("koth.refused_no_draws")
        winner = claim.winner
        played = Played(winner, game.opponent(winner), game.key)
        return await self.apply(tx, tournament.id, played, actor_id)

    async def current_game(self, tx: Tx, tournament: Tournament, player_id: int) -> Game | None:
        if tournament.status != "running":
            return None
        snap = await self.core.snapshot(tx, tournament.id)
        pair = snap.state.next_pair if snap.state is not None else None
        if pair is None or player_id not in pair:
            return None
        return Game(snap.key, *pair, draws=False)

    async def on_pending(self, tournament: Tournament, game: Game) -> None:
        """A result waits for the opponent or the judge: the board says so at the table."""
        await self.board.refresh_board(tournament.id)

    async def report_markup(
        self, tx: Tx, tournament: Tournament, game: Game, lang: str
    ) -> InlineKeyboardMarkup:
        return self.board.report_buttons(lang, tournament.id, game.key)

    def label(self, tournament: Tournament, game: Game) -> Phrase:
        return phrase("koth.game_label", n=game_number(game.key), name=tournament.name)

    def draws_allowed(self, tournament: Tournament, game: Game) -> bool:
        return False

    def match_format(self, tournament: Tournament) -> bool:
        return False
