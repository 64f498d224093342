"""/new → Berserk: an Arena (605): the creation wizard (in the group).

Steps: name (text) → start date (buttons: today and the next seven days; the Arena lasts four
weeks from it, 605.2) → the prize cards for 8 / 10 / 12 sectors (text, «-» for none). Judges
are appointed as for every tournament, with ``/judge``; the players ask to enter with
``/join`` and a judge approves (605.6).
"""

from __future__ import annotations

from datetime import timedelta

from aiogram import F
from aiogram.filters import StateFilter
from aiogram.fsm.context import FSMContext
from aiogram.fsm.state import State, StatesGroup
from aiogram.types import CallbackQuery, InlineKeyboardMarkup, Message
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.arena import ArenaService
from bot.arena.buttons import ArWizCb
from bot.arena.core import ENTRY, MAX_PRIZES
from bot.buttons import NewCb
from bot.texts import Tr
from handlers.prompts import ask_again, ask_presser
from handlers.routes import Routes

routes = Routes(__name__)

MAX_NAME = 80
#: the start dates offered: today and the next seven days
START_CHOICES = tuple(str(days) for days in range(8))


class ArenaWizard(StatesGroup):
    name = State()
    start = State()
    prizes = State()


def start_keyboard(t: Tr, arena: ArenaService) -> InlineKeyboardMarkup:
    today = arena.core.today()
    builder = InlineKeyboardBuilder()
    for value in START_CHOICES:
        when = today + timedelta(days=int(value))
        builder.button(text=when.strftime("%d.%m"), callback_data=ArWizCb(s="start", v=value))
    builder.adjust(4)
    return builder.as_markup()


@routes.callback_query(NewCb.filter(F.discipline == ENTRY))
async def new_arena(query: CallbackQuery, t: Tr, state: FSMContext) -> None:
    await state.set_state(ArenaWizard.name)
    await state.set_data({})
    await query.answer()
    await ask_presser(query, t("arena.wiz_name"))


@routes.message(StateFilter(ArenaWizard.name), F.text)
async def got_name(message: Message, t: Tr, state: FSMContext, arena: ArenaService) -> None:
    assert message.text is not None
    name = message.text.strip()
    if name.startswith("/") or not 1 <= len(name) <= MAX_NAME:
        await ask_again(message, t("arena.wiz_name_bad", max=MAX_NAME))
        return
    await state.set_state(ArenaWizard.start)
    await state.set_data({"name": name})
    await message.answer(t("arena.wiz_start"), reply_markup=start_keyboard(t, arena))


@routes.callback_query(ArWizCb.filter(F.s == "start"))
async def got_start(
    query: CallbackQuery, callback_data: ArWizCb, t: Tr, state: FSMContext, arena: ArenaService
) -> None:
    message = query.message
    fresh = await state.get_state() == ArenaWizard.start.state
    if not isinstance(message, Message) or not fresh or callback_data.v not in START_CHOICES:
        await query.answer(t("common.stale_button"), show_alert=True)
        return
    start = arena.core.today() + timedelta(days=int(callback_data.v))
    data = await state.get_data()
    data["start"] = start.isoformat()
    await state.set_state(ArenaWizard.prizes)
    await state.set_data(data)
    await query.answer()
    await message.edit_reply_markup(reply_markup=None)
    await message.answer(t("arena.wiz_prizes"), reply_markup=None)
    await ask_again(message, t("arena.wiz_prizes_ask"))


@routes.message(StateFilter(ArenaWizard.prizes), F.text)
async def got_prizes(message: Message, t: Tr, state: FSMContext, arena: ArenaService) -> None:
    assert message.text is not None and message.from_user is not None
    prizes = message.text.strip()
    if len(prizes) > MAX_PRIZES or prizes.startswith("/"):
        await ask_again(message, t("arena.wiz_prizes_bad", max=MAX_PRIZES))
        return
    data = await state.get_data()
    await state.clear()
    options = {
        "start": data["start"],
        "prizes": "" if prizes in ("-", "—") else prizes,
        "base_k": arena.settings.berserk_k,
    }
    tid = await arena.create(message.chat.id, data["name"], options, message.from_user.id)
    start = arena.core.start_date(await arena.tournament(tid))
    await message.answer(
        t(
            "arena.created",
            id=tid,
            tournament=data["name"],
            start=start.strftime("%d.%m.%Y"),
            end=(start + timedelta(days=27)).strftime("%d.%m.%Y"),
            prizes=options["prizes"] or "—",
        )
    )
