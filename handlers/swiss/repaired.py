"""A result button of a pairing ``/repair`` replaced (``bot.swiss.repair``): answered that the
round was re-paired, not «the game is no longer current». This router comes before the result
buttons' own (``handlers.results``); any other press goes on to them (one indexed read)."""

from __future__ import annotations

from aiogram.dispatcher.event.bases import SkipHandler
from aiogram.types import CallbackQuery

from bot.buttons import ReportCb
from bot.swiss import SwissService
from bot.swiss.repair import superseded
from bot.texts import Tr
from handlers.routes import Routes

routes = Routes(__name__)


@routes.callback_query(ReportCb.filter())
async def old_pairing(
    query: CallbackQuery, callback_data: ReportCb, t: Tr, swiss: SwissService
) -> None:
    if await superseded(swiss, callback_data.t, callback_data.g) is None:
        raise SkipHandler  # a button of a current pairing (or of another kind): the flow's
    await query.answer(t("swiss.repaired_button"), show_alert=True)
