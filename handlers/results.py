"""Buttons of the result flow: a report, the opponent's confirmation, a judge's decision."""

from __future__ import annotations

from aiogram.types import CallbackQuery, Message

from bot.buttons import ConfirmCb, DecideCb, ReportCb, WithdrawCb
from bot.claims import claim_from_decision, claim_from_report
from bot.judges import Judges
from bot.registry import Registry
from bot.results import Claim, Game, GameDesk, ReportOutcome, ResultFlow, Step
from bot.results.notices import ResultNotices
from bot.sender import Sender
from bot.texts import Tr
from db.models import Player
from db.tournaments import Tournament
from handlers.routes import Routes

routes = Routes(__name__)

ALERTS = {
    Step.CLOSED: "results.closed",
    Step.DUPLICATE: "results.duplicate",
    Step.NOT_YOURS: "results.not_yours",
    Step.OWN_REPORT: "results.own_report",
    Step.STALE: "results.stale_request",
    Step.GONE: "results.gone_request",
    Step.WITH_JUDGE: "results.with_judge",
}
ANSWERS = {
    Step.PENDING: "results.sent_for_confirmation",
    Step.FINAL: "results.final",
    Step.DISPUTED: "results.sent_to_judge",
    Step.CHANGED: "results.changed",
    Step.WITHDRAWN: "results.withdrawn",
}


async def tell(query: CallbackQuery, outcome: ReportOutcome, t: Tr) -> None:
    if outcome.note is not None:  # the kind says why the game is closed
        await query.answer(t(outcome.note), show_alert=True)
    elif outcome.step in ALERTS:
        await query.answer(t(ALERTS[outcome.step]), show_alert=True)
    else:
        await query.answer(t(ANSWERS[outcome.step]))


async def settle_prompt(query: CallbackQuery, t: Tr, key: str, sender: Sender) -> None:
    """Replace a settled prompt's buttons by a one-line note of what happened."""
    message = query.message
    if isinstance(message, Message) and message.html_text:
        await sender.edit(message.chat.id, message.message_id, message.html_text + "\n\n" + t(key))


async def presser(query: CallbackQuery, registry: Registry, t: Tr) -> Player | None:
    """The club player pressing a result button; without one the press is refused."""
    player = await registry.player_of(query.from_user.id)
    if player is None:
        await query.answer(t("results.not_yours"), show_alert=True)
    return player


async def repeated(
    query: CallbackQuery, outcome: ReportOutcome, t: Tr, notices: ResultNotices
) -> bool:
    """A pending report pressed again: True, and the presser told whom it waits for, when the
    opponent was asked already — he is not asked again (40 presses once posted 19 requests).
    False when he never was: the bot died between storing the first press and asking, so
    this press asks (the caller goes on)."""
    opponent = await notices.asked(outcome)
    if opponent is None:
        return False
    await query.answer(t("results.already_asked", name=opponent), show_alert=True)
    return True


@routes.callback_query(ReportCb.filter())
async def report(
    query: CallbackQuery,
    callback_data: ReportCb,
    t: Tr,
    flow: ResultFlow,
    notices: ResultNotices,
    registry: Registry,
) -> None:
    player = await presser(query, registry, t)
    if player is None:
        return
    player_id = player.id

    def claim_of(tournament: Tournament, game: Game, desk: GameDesk) -> Claim:
        draws = desk.draws_allowed(tournament, game)
        return claim_from_report(game, player_id, callback_data.c, draws=draws)

    # One transaction checks the game (closed, not yours), builds the claim and stores it with
    # the opponent's confirmation request (a durable job); a forged code (``BadCode``) is a
    # stale button to the error router.
    outcome, after = await flow.report(callback_data.t, callback_data.g, player.id, claim_of)
    pending_again = (
        outcome.step is Step.DUPLICATE
        and outcome.report is not None
        and outcome.report.status == "pending"
    )
    if pending_again and await repeated(query, outcome, t, notices):
        return
    await tell(query, outcome, t)
    notices.follow(outcome, after, ask=pending_again)


@routes.callback_query(ConfirmCb.filter())
async def confirm(
    query: CallbackQuery,
    callback_data: ConfirmCb,
    t: Tr,
    sender: Sender,
    flow: ResultFlow,
    notices: ResultNotices,
    registry: Registry,
) -> None:
    player = await presser(query, registry, t)
    if player is None:
        return
    revision = callback_data.rv
    if callback_data.ok:
        # The request becomes the result line once settled (``ResultNotices.settle``).
        outcome, after = await flow.confirm(callback_data.r, player.id, revision)
        await tell(query, outcome, t)
        notices.follow(outcome, after)
        return
    outcome = await flow.dispute(callback_data.r, player.id, revision)
    await tell(query, outcome, t)
    if outcome.step is Step.DISPUTED and outcome.report:
        await settle_prompt(query, t, "results.note_disputed", sender)
    notices.follow(outcome)


@routes.callback_query(DecideCb.filter())
async def decide(
    query: CallbackQuery,
    callback_data: DecideCb,
    t: Tr,
    flow: ResultFlow,
    judges: Judges,
    notices: ResultNotices,
) -> None:
    found = await judges.game_to_decide(callback_data.t, callback_data.g)
    tournament, desk, game = found.tournament, found.desk, found.game
    if tournament is None or desk is None:
        await query.answer(t("results.closed"), show_alert=True)
        return
    # The presser judges this tournament (``bot.access`` checked it before any handler).
    if game is None:
        await query.answer(t("results.closed"), show_alert=True)
        return
    draws, match = desk.draws_allowed(tournament, game), desk.match_format(tournament)
    claim = claim_from_decision(game, callback_data.c, draws=draws, match=match)
    outcome, after = await flow.decide(tournament.id, game.key, claim, query.from_user.id)
    # The decision buttons become the result line (every judge's, ``ResultNotices.settle``).
    await tell(query, outcome, t)
    notices.follow(outcome, after)


@routes.callback_query(WithdrawCb.filter())
async def withdraw(
    query: CallbackQuery,
    callback_data: WithdrawCb,
    t: Tr,
    flow: ResultFlow,
    notices: ResultNotices,
    registry: Registry,
) -> None:
    """The reporter takes his report back before the opponent answered."""
    player = await presser(query, registry, t)
    if player is None:
        return
    outcome, _ = await flow.withdraw(callback_data.r, callback_data.rv, player.id)
    await tell(query, outcome, t)
    if outcome.step is Step.WITHDRAWN:
        notices.follow(outcome)
