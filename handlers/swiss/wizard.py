"""/new → Berserk: the creation wizard of a Swiss + Top tournament (in the group, by buttons).

Steps: name (text) → format with its match format (one game or best of three) → strictness →
rounds → Top size → round time → tie-breaks. How a late entrant's missed rounds count is a
setting too (default 0 points); the organiser gives it to ``/add`` (``loss`` / ``bye``). Every
press is checked against the organiser role (``bot.access``, before the handlers); the
wizard's answers live in the FSM storage, so a restart in the middle keeps them.
"""

from __future__ import annotations

from aiogram import F
from aiogram.filters import StateFilter
from aiogram.fsm.context import FSMContext
from aiogram.fsm.state import State, StatesGroup
from aiogram.types import CallbackQuery, InlineKeyboardMarkup, Message
from aiogram.utils.deep_linking import create_start_link
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.buttons import NewCb
from bot.swiss import SwissService
from bot.swiss.buttons import SwJoinCb, SwWizCb
from bot.texts import Tr
from handlers.prompts import ask_again, ask_presser
from handlers.routes import Routes
from handlers.swiss.guard import organiser_press
from rules.standings import TieBreak

routes = Routes(__name__)

MAX_NAME = 80
#: step → (values, the next step)
CHOICES: dict[str, tuple[tuple[str, ...], str]] = {
    "fmt": (("constructed", "constructed_bo3"), "strict"),
    "strict": (("amateur", "professional", "highest"), "rounds"),
    "rounds": (("auto", "3", "4", "5", "6", "7"), "top"),
    "top": (("auto", "0", "2", "4", "8", "16"), "time"),
    "time": (("30", "40", "50", "60"), "tb"),
    "tb": (("default", "mtg", "sb"), ""),
}
#: format choice → (format, games per match: 1 or best of 3)
FORMATS = {"constructed": ("constructed", 1), "constructed_bo3": ("constructed", 3)}
TIE_BREAK_LISTS = {
    "default": ["buchholz", "median_buchholz", "clean_wins", "head_to_head"],
    "mtg": ["omw", "gw", "ogw"],
    "sb": ["buchholz", "sonneborn_berger", "clean_wins", "head_to_head"],
}
assert all(TieBreak(v) for values in TIE_BREAK_LISTS.values() for v in values)


class SwissWizard(StatesGroup):
    name = State()
    choosing = State()


def step_keyboard(t: Tr, step: str) -> InlineKeyboardMarkup:
    builder = InlineKeyboardBuilder()
    for value in CHOICES[step][0]:
        builder.button(text=t(f"swiss.wiz_{step}_{value}"), callback_data=SwWizCb(s=step, v=value))
    builder.adjust(3 if step in ("rounds", "top", "time") else 1)
    return builder.as_markup()


@routes.callback_query(NewCb.filter(F.discipline == "berserk"))
async def new_swiss(query: CallbackQuery, t: Tr, state: FSMContext) -> None:
    if await organiser_press(query, t) is None:
        return
    await state.set_state(SwissWizard.name)
    await state.set_data({})
    await query.answer()
    await ask_presser(query, t("swiss.wiz_name"))


@routes.message(StateFilter(SwissWizard.name), F.text)
async def got_name(message: Message, t: Tr, state: FSMContext) -> None:
    assert message.text is not None
    name = message.text.strip()
    if name.startswith("/") or not 1 <= len(name) <= MAX_NAME:
        await ask_again(message, t("swiss.wiz_name_bad", max=MAX_NAME))
        return
    await state.set_state(SwissWizard.choosing)
    await state.set_data({"name": name})
    await message.answer(t("swiss.wiz_fmt"), reply_markup=step_keyboard(t, "fmt"))


@routes.callback_query(SwWizCb.filter())
async def choose(
    query: CallbackQuery,
    callback_data: SwWizCb,
    t: Tr,
    state: FSMContext,
    swiss: SwissService,
) -> None:
    if (message := await organiser_press(query, t)) is None:
        return
    data = await state.get_data()
    step, value = callback_data.s, callback_data.v
    if await state.get_state() != SwissWizard.choosing.state or step not in CHOICES:
        await query.answer(t("common.stale_button"), show_alert=True)
        return
    expected = data.get("step", "fmt")
    if step != expected or value not in CHOICES[step][0]:
        await query.answer(t("common.stale_button"), show_alert=True)
        return
    data[step] = value
    following = CHOICES[step][1]
    await query.answer()
    if following:
        data["step"] = following
        await state.set_data(data)
        await message.edit_reply_markup(reply_markup=None)
        await message.answer(t(f"swiss.wiz_{following}"), reply_markup=step_keyboard(t, following))
        return
    await state.clear()
    await message.edit_reply_markup(reply_markup=None)
    options = {
        "format": FORMATS[data["fmt"]][0],
        "best_of": FORMATS[data["fmt"]][1],
        "strictness": data["strict"],
        "rounds": None if data["rounds"] == "auto" else int(data["rounds"]),
        "top": None if data["top"] == "auto" else int(data["top"]),
        "round_minutes": int(data["time"]),
        "tie_breaks": TIE_BREAK_LISTS[data["tb"]],
    }
    tid = await swiss.create(message.chat.id, data["name"], options, query.from_user.id)
    await announce_registration(message, t, tid, data["name"], options)


async def announce_registration(
    message: Message, t: Tr, tid: int, name: str, options: dict[str, object]
) -> None:
    assert message.bot is not None
    link = await create_start_link(message.bot, f"t-{tid}")
    rounds = options["rounds"] or t("swiss.auto")
    top = options["top"] if options["top"] is not None else t("swiss.auto")
    builder = InlineKeyboardBuilder()
    builder.button(text=t("swiss.btn_join"), callback_data=SwJoinCb(t=tid))
    await message.answer(
        t(
            "swiss.created",
            id=tid,
            name=name,
            format=t(f"swiss.wiz_fmt_{options['format']}"),
            strictness=t(f"swiss.wiz_strict_{options['strictness']}"),
            rounds=rounds,
            top=top,
            minutes=options["round_minutes"],
            match=t(f"swiss.match_{options['best_of']}"),
            link=link,
        ),
        reply_markup=builder.as_markup(),
    )
