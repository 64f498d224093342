"""The organiser's ``/finish`` (end a running Swiss tournament now) and ``/cancel`` (cancel it,
in registration or running), each confirmed by a button. ``/cancel`` inside a wizard only leaves
the wizard (``handlers.common`` sees it first)."""

from __future__ import annotations

from aiogram.types import CallbackQuery, InlineKeyboardMarkup
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.swiss import SwissService
from bot.swiss.buttons import ManageAction, SwManageCb
from bot.texts import Tr
from handlers.kind import Call
from handlers.routes import Routes
from handlers.swiss.guard import organiser_press

routes = Routes(__name__)


def confirm_keyboard(t: Tr, tournament_id: int, action: ManageAction) -> InlineKeyboardMarkup:
    builder = InlineKeyboardBuilder()
    yes = SwManageCb(t=tournament_id, a=action)
    builder.button(text=t(f"swiss.btn_{action}_yes"), callback_data=yes)
    builder.button(
        text=t("swiss.btn_keep"), callback_data=SwManageCb(t=tournament_id, a=ManageAction.KEEP)
    )
    return builder.as_markup()


async def ask(call: Call, action: ManageAction) -> None:
    t, tournament = call.t, call.tournament
    if action is ManageAction.FINISH and tournament.status != "running":
        await call.message.reply(t("swiss.finish_in_registration"))
        return
    markup = confirm_keyboard(t, tournament.id, action)
    text = t(f"swiss.confirm_{action}", name=tournament.name)
    await call.message.reply(text, reply_markup=markup)


async def finish(call: Call, swiss: SwissService) -> None:
    await ask(call, ManageAction.FINISH)


async def cancel(call: Call, swiss: SwissService) -> None:
    await ask(call, ManageAction.CANCEL)


@routes.callback_query(SwManageCb.filter())
async def confirmed(
    query: CallbackQuery, callback_data: SwManageCb, t: Tr, swiss: SwissService
) -> None:
    tid = callback_data.t
    if (message := await organiser_press(query, t)) is None:
        return
    await message.edit_reply_markup(reply_markup=None)
    if callback_data.a is ManageAction.KEEP:
        await query.answer(t("swiss.kept"))
        return
    action = swiss.finish_early if callback_data.a is ManageAction.FINISH else swiss.cancel
    await action(tid, query.from_user.id)
    await query.answer()
