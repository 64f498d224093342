"""The registration wizard (private chat) and /register in a group (a deep link)."""

from __future__ import annotations

from aiogram import F
from aiogram.filters import Command, StateFilter
from aiogram.fsm.context import FSMContext
from aiogram.fsm.state import State, StatesGroup
from aiogram.types import KeyboardButton, Message, ReplyKeyboardMarkup, ReplyKeyboardRemove
from aiogram.utils.deep_linking import create_start_link

from bot.registry import Registry
from bot.texts import Tr
from bot.validation import FIELDS, SKIP_WORDS, Invalid, shared_phone
from handlers.routes import Routes

routes = Routes(__name__)


class Registration(StatesGroup):
    answering = State()  # data: step (index into FIELDS) and the answers so far


def contact_keyboard(t: Tr) -> ReplyKeyboardMarkup:
    return ReplyKeyboardMarkup(
        keyboard=[
            [KeyboardButton(text=t("register.share_phone"), request_contact=True)],
            [KeyboardButton(text=t("register.skip"))],
        ],
        resize_keyboard=True,
        one_time_keyboard=True,
    )


async def ask(message: Message, step: int, t: Tr) -> None:
    field, _, optional = FIELDS[step]
    question = t(f"register.ask.{field}")
    if field == "phone":
        await message.answer(question, reply_markup=contact_keyboard(t))
    else:
        hint = t("register.optional_hint") if optional else ""
        await message.answer(question + hint)


async def begin_registration(
    message: Message, state: FSMContext, t: Tr, registry: Registry
) -> None:
    assert message.from_user is not None
    player = await registry.player_of(message.from_user.id)
    if player is not None and player.registered:
        await message.answer(t("register.already", club_id=player.id))
        return
    await state.set_state(Registration.answering)
    await state.set_data({"step": 0, "answers": {}})
    await message.answer(t("register.intro"))
    await ask(message, 0, t)


@routes.message(Command("register"), F.chat.type != "private")
async def register_in_group(message: Message, t: Tr) -> None:
    assert message.bot is not None
    link = await create_start_link(message.bot, "register")
    await message.reply(t("register.go_private", link=link))


@routes.message(Command("register"), F.chat.type == "private")
async def register(message: Message, state: FSMContext, t: Tr, registry: Registry) -> None:
    await begin_registration(message, state, t, registry)


@routes.message(StateFilter(Registration.answering), F.contact)
async def contact(message: Message, state: FSMContext, t: Tr, registry: Registry) -> None:
    data = await state.get_data()
    assert message.contact is not None and message.from_user is not None
    if FIELDS[data["step"]][0] != "phone":
        await message.answer(t("register.not_now_contact"))
        return
    number = await own_phone(message, t)
    if number is not None:
        await accept(message, state, t, registry, number)


async def own_phone(message: Message, t: Tr) -> str | None:
    """The number of the contact the sender shared, if it is his own; else why not, and None."""
    assert message.contact is not None and message.from_user is not None
    if message.contact.user_id != message.from_user.id:
        await message.answer(t("validation.phone_not_yours"), reply_markup=contact_keyboard(t))
        return None
    try:
        return shared_phone(message.contact.phone_number)
    except Invalid as exc:
        await message.answer(t(exc.key), reply_markup=contact_keyboard(t))
        return None


@routes.message(StateFilter(Registration.answering), F.text)
async def answer(message: Message, state: FSMContext, t: Tr, registry: Registry) -> None:
    assert message.text is not None
    data = await state.get_data()
    field, check, optional = FIELDS[data["step"]]
    text = message.text.strip()
    if text.startswith("/") and text.lower() != "/skip":
        await message.answer(t("register.command_in_wizard"))
        return
    if optional and (text.lower() in SKIP_WORDS or text == t("register.skip")):
        await accept(message, state, t, registry, None)
        return
    if field == "phone":
        await message.answer(t("validation.phone_use_button"), reply_markup=contact_keyboard(t))
        return
    try:
        value = check(text)
    except Invalid as exc:
        await message.answer(t(exc.key) + "\n" + t(f"register.ask.{field}"))
        return
    await accept(message, state, t, registry, value)


@routes.message(StateFilter(Registration.answering))
async def not_text(message: Message, t: Tr) -> None:
    await message.answer(t("register.text_please"))


async def accept(
    message: Message, state: FSMContext, t: Tr, registry: Registry, value: str | None
) -> None:
    assert message.from_user is not None
    data = await state.get_data()
    step = data["step"]
    answers = dict(data["answers"])
    answers[FIELDS[step][0]] = value
    if step + 1 < len(FIELDS):
        await state.set_data({"step": step + 1, "answers": answers})
        await ask(message, step + 1, t)
        return
    player = await registry.register(message.from_user.id, answers)
    await state.clear()
    await message.answer(
        t("register.done", name=player.spoken_name, club_id=player.id),
        reply_markup=ReplyKeyboardRemove(),
    )
