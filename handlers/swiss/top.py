"""The Top when the field does not fit: the judge's ``/top [size]`` (end the Swiss at a round
boundary and start the Top), the one-tap offers when the players still in cannot fill the Top
(the largest bracket that fits, or finishing) or the chosen rounds and Top do not fit the field
at ``/begin``. Every button is checked before it reaches a handler (``bot.access``: the Top's
offer needs a judge, the begin offer an organiser of that tournament)."""

from __future__ import annotations

from collections.abc import Awaitable

from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, InlineKeyboardMarkup, Message
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot import numbers
from bot.roles import Role, Roles
from bot.swiss import SwissService
from bot.swiss.buttons import SwBeginCb, SwTopCb
from bot.swiss.rounds import FieldDoesNotFit
from bot.swiss.top import TopDoesNotFit
from bot.texts import Tr
from db.tournaments import Tournament
from handlers.filters import CurrentTournament
from handlers.guard import permitted
from handlers.routes import Routes
from handlers.swiss.guard import organiser_press
from rules.tournament_size import TOP_SIZES

routes = Routes(__name__)


def top_offer(t: Tr, misfit: TopDoesNotFit) -> tuple[str, InlineKeyboardMarkup]:
    builder = InlineKeyboardBuilder()
    tid = misfit.tournament_id
    if misfit.fits:
        label = t("swiss.btn_top_size", size=misfit.fits)
        builder.button(text=label, callback_data=SwTopCb(t=tid, n=misfit.fits))
    builder.button(text=t("swiss.btn_top_finish"), callback_data=SwTopCb(t=tid, n=0))
    key = "swiss.top_short" if misfit.fits else "swiss.top_short_none"
    text = t(key, wanted=misfit.wanted, eligible=misfit.eligible, fits=misfit.fits)
    return text, builder.as_markup()


def begin_offer(t: Tr, misfit: FieldDoesNotFit) -> tuple[str, InlineKeyboardMarkup]:
    (rounds, top_size), (fit_rounds, fit_top) = misfit.chosen, misfit.fits
    problems = []
    if rounds != fit_rounds:
        problems.append(t("swiss.misfit_rounds", rounds=rounds, max=fit_rounds))
    if top_size != fit_top:
        problems.append(t("swiss.misfit_top", top=top_size, players=misfit.players))
    top_text = str(fit_top) if fit_top else t("swiss.wiz_top_0")
    builder = InlineKeyboardBuilder()
    builder.button(
        text=t("swiss.btn_begin_fit", rounds=fit_rounds, top=top_text),
        callback_data=SwBeginCb(
            t=misfit.tournament_id, r=fit_rounds, n=fit_top, o=int(misfit.override)
        ),
    )
    text = t("swiss.begin_misfit", players=misfit.players, problems="; ".join(problems))
    return text, builder.as_markup()


async def run_offering(message: Message, t: Tr, action: Awaitable[None]) -> None:
    """Run a change of the rounds; a misfit of the field or of the Top is answered with the
    one-tap offer (nothing was stored: its transaction rolled back)."""
    try:
        await action
    except TopDoesNotFit as misfit:
        text, markup = top_offer(t, misfit)
        await message.answer(text, reply_markup=markup)
        return
    except FieldDoesNotFit as misfit:
        text, markup = begin_offer(t, misfit)
        await message.answer(text, reply_markup=markup)


def top_size_arg(args: str | None) -> int | str | None:
    """The size ``/top`` asks for: ``None`` (none given), a Top size, or ``"bad"``."""
    words = (args or "").split()
    if not words:
        return None
    if len(words) == 1 and numbers.is_whole(words[0]) and len(words[0]) < 4:
        size = int(words[0])
        if size in TOP_SIZES and size:
            return size
    return "bad"


@routes.message(Command("top"), CurrentTournament("swiss"))
async def top(
    message: Message,
    command: CommandObject,
    t: Tr,
    tournament: Tournament,
    swiss: SwissService,
    roles: Roles,
) -> None:
    if (who := await permitted(message, roles, tournament, Role.JUDGE, t)) is None:
        return
    size = top_size_arg(command.args)
    if isinstance(size, str):
        await message.reply(t("swiss.top_usage"))
        return
    await run_offering(message, t, swiss.start_top(tournament.id, who, size))


@routes.callback_query(SwTopCb.filter())
async def top_answer(
    query: CallbackQuery, callback_data: SwTopCb, t: Tr, swiss: SwissService
) -> None:
    if (message := await organiser_press(query, t)) is None:
        return
    size = callback_data.n
    if size not in TOP_SIZES:
        await query.answer(t("common.stale_button"), show_alert=True)
        return
    action = swiss.start_top(callback_data.t, query.from_user.id, size)
    await run_offering(message, t, action)  # a refusal (already started...) is an alert
    await query.answer()
    await message.edit_reply_markup(reply_markup=None)


@routes.callback_query(SwBeginCb.filter())
async def begin_answer(
    query: CallbackQuery, callback_data: SwBeginCb, t: Tr, swiss: SwissService
) -> None:
    if (message := await organiser_press(query, t)) is None:
        return
    rounds, size = callback_data.r, callback_data.n
    # Too many rounds for the field is refused by ``begin`` itself (it checks the fit again).
    if size not in TOP_SIZES or rounds < 1:
        await query.answer(t("common.stale_button"), show_alert=True)
        return
    action = swiss.begin(
        callback_data.t, query.from_user.id, (rounds, size), override=callback_data.o == 1
    )
    await run_offering(message, t, action)
    await query.answer()
    await message.edit_reply_markup(reply_markup=None)
