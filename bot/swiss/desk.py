"""The result desk: which games are open, recording final results (a judge's ``/result``:
``bot.swiss.corrections``)."""

from __future__ import annotations

from aiogram.types import InlineKeyboardMarkup

import bot.swiss.finish as finish
import bot.swiss.pods as pods
import bot.swiss.repair as repair
import bot.swiss.told as told
from bot.deadlines import AfterCommit
from bot.notices import Notice, Phrase, ToChat, phrase
from bot.results import Claim, Game
from bot.swiss.broadcast import match_format, refresh_board, report_keyboard
from bot.swiss.core import SwissCore
from bot.swiss.games import game_of
from bot.swiss.replayed import EVENTS
from bot.swiss.ruling import store_ruling
from bot.swiss.settings import card
from bot.swiss.views import parse_key, round_phrase, top_stage
from db import tournaments
from db.database import Tx
from db.tournaments import Tournament
from rules.limited.sealed import DECK_MINIMUM as SEALED_DECK
from rules.limited.sealed import HAND as SEALED_HAND
from rules.results import Outcome
from rules.swiss import TOP, State, result_from_claim
from rules.swiss.events import (
    SwResult,
)

#: /result codes: the first player of the table won (a), the second (b), technical wins, draw.
JUDGE_CODES = {
    "a": Outcome.CLEAN_WIN,
    "b": Outcome.LOSS,
    "ta": Outcome.TECHNICAL_WIN,
    "tb": Outcome.TECHNICAL_LOSS,
    "draw": Outcome.DRAW,
}


class SwissDesk:
    """The ``GameDesk`` of Swiss tournaments (see ``bot.results``)."""

    def __init__(self, core: SwissCore) -> None:
        self._core = core

    async def closed_note(self, tx: Tx, tournament: Tournament, game_key: str) -> str | None:
        """A table of a pairing ``/repair`` replaced: said so, not «no longer current»."""
        if await repair.superseded(tx, tournament.id, game_key) is None:
            return None
        return "swiss.repaired_button"

    async def open_game(self, tx: Tx, tournament: Tournament, game_key: str) -> Game | None:
        state = await self._core.state(tx, tournament.id)
        found = state.find_game(game_key)
        if found is None or state.finished:
            return None
        rnd, table = found
        if rnd is not state.current or table in rnd.results:
            return None
        game = game_of(rnd, table)
        await self._core.hand_over(tx, tournament.id, state)  # for ``record``'s read
        return game

    async def record(
        self, tx: Tx, tournament: Tournament, game: Game, claim: Claim, actor_id: int | None
    ) -> AfterCommit | None:
        return await record(self._core, tx, tournament, game, claim, actor_id)

    async def on_pending(self, tournament: Tournament, game: Game) -> None:
        await refresh_board(self._core, tournament.id)
        await told.disputes(self._core, tournament, game)

    async def current_game(self, tx: Tx, tournament: Tournament, player_id: int) -> Game | None:
        state = await self._core.state(tx, tournament.id)
        rnd = state.current
        if rnd is None or state.finished:
            return None
        for table, (a, b) in enumerate(rnd.tables, start=1):
            if player_id in (a, b) and table not in rnd.results:
                return game_of(rnd, table)
        return None

    async def report_markup(
        self, tx: Tx, tournament: Tournament, game: Game, lang: str
    ) -> InlineKeyboardMarkup:
        state = await self._core.state(tx, tournament.id)
        found = state.find_game(game.key)
        assert found is not None  # the desk found this game in this state a moment ago
        rnd, table = found
        return report_keyboard(self._core.t(lang), tournament, rnd, table)

    def label(self, tournament: Tournament, game: Game) -> Phrase:
        number, table = parse_key(game.key)
        if not game.stage:
            return phrase("swiss.label", table=table, round=number)
        stage = phrase(f"swiss.stage_{game.stage}", players=0)
        return phrase("swiss.label_top", table=table, round=phrase("swiss.top_name", stage=stage))

    def draws_allowed(self, tournament: Tournament, game: Game) -> bool:
        return game.draws

    def match_format(self, tournament: Tournament) -> bool:
        return match_format(tournament)


async def record(
    core: SwissCore, tx: Tx, tournament: Tournament, game: Game, claim: Claim, actor_id: int | None
) -> AfterCommit:
    """A final result from the result flow (confirmed, or decided by a judge)."""
    number, table = parse_key(game.key)
    best_of = card(tournament).best_of
    result = result_from_claim(claim, game.a, draws=game.draws, best_of=best_of)
    stored = SwResult(number, table, result.outcome_a, result.games, absent=claim.absent)
    event_id = await core.record(tx, tournament.id, stored, actor_id)
    payload = EVENTS.encode(stored)[1]  # what the judge's audit line records
    job: int | None = None
    if actor_id is not None and not game.has(actor_id):  # a judge's decision: both told
        await core.audit(tx, tournament.id, actor_id, "result_decided", payload)
        job = await store_ruling(core, tx, tournament, event_id)
    elif actor_id is None:  # confirmed: the reporter told
        job = await told.store_confirmed(core, tx, tournament, game, claim)
    done = await after_result(core, tx, tournament.id, announce=True, tournament=tournament)

    async def after() -> None:
        await done()
        if job is not None:
            await core.deadlines.run(job)  # again at the restart if killed

    return after


async def after_result(
    core: SwissCore,
    tx: Tx,
    tournament_id: int,
    *,
    announce: bool,
    tournament: Tournament | None = None,
) -> AfterCommit:
    """Refresh the board; finish after the Top's final, else say when the round is complete.

    ``tournament``: the caller's, read in this transaction (else it is read again)."""
    state = await core.state(tx, tournament_id)
    if tournament is None:
        tournament = await tournaments.get(tx, tournament_id)
    assert tournament is not None
    rnd = state.current
    done: AfterCommit | None = None
    if rnd is not None and rnd.complete and rnd.stage == TOP:
        champion = state.top_champion()
        if champion is not None:
            done = await finish.finish(core, tx, tournament, state, champion)
    complete: int | None = None
    if done is None and announce and rnd is not None and rnd.complete:
        lines = [
            phrase("swiss.round_complete", round=round_phrase(rnd)),
            what_next(tournament, state),
        ]
        if pods.sealed_next(tournament, state):  # a Marathon turns into Sealed (608.4)
            lines.append(phrase("limited.sealed_next", deck=SEALED_DECK, hand=SEALED_HAND))
        key = f"sw:{tournament_id}:complete:{rnd.stage}{rnd.number}g{rnd.gen}"
        notice = Notice(key=key, to=ToChat(chat=tournament.chat_id), lines=tuple(lines))
        complete = await core.outbox.tell(tx, tournament_id, [notice])

    async def after() -> None:
        await refresh_board(core, tournament_id)
        if done is not None:
            await done()
        elif complete is not None:
            await core.deadlines.run(complete)  # again at the restart if killed

    return after


def what_next(tournament: Tournament, state: State) -> Phrase:
    """What ``/next_round`` does after the current round, complete: the next Swiss round (a
    Marathon's draft first), the Top after the last Swiss round (or the end, without a Top),
    the Top's next stage."""
    rnd = state.current
    assert rnd is not None
    if rnd.stage == TOP:
        stage = top_stage(len(rnd.tables) // 2)
        return phrase(
            "swiss.next_top_stage", stage=phrase(f"swiss.stage_{stage}", players=len(rnd.tables))
        )
    if len(state.swiss_rounds()) >= state.total_rounds:
        if state.top_size >= 2:
            return phrase("swiss.next_top", size=state.top_size)
        return phrase("swiss.next_finish")
    if pods.draft_before_round(tournament, state):  # a Marathon: the draft first
        return phrase("limited.draft_next", draft=state.drafts + 1)
    return phrase("swiss.next_swiss_round")
