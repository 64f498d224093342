"""/new → Berserk → Story Constructed: the creation wizard (in the group, the organiser's).

Steps: name → the first side's name → the second's → which side attacks (607.4.1, buttons) →
each side's card list (a CSV file or text like ``/cards``, or «-» for none, 607.3) → the start
(«10.12.2026 18:00», the club's time) → the tournament's own rules (text or «-»; refused less
than 3 days before the start, naming the start it would need, 607.1) → the round's minutes →
strictness (5xx). The summary is the registration message, with a button per side to join.
"""

from __future__ import annotations

from datetime import datetime, tzinfo
from typing import Any

from aiogram import Bot, F
from aiogram.filters import StateFilter
from aiogram.fsm.context import FSMContext
from aiogram.fsm.state import State, StatesGroup
from aiogram.types import CallbackQuery, InlineKeyboardMarkup, Message
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.buttons import NewCb
from bot.notices import keyboard as notice_keyboard
from bot.story import StoryService
from bot.story.buttons import StWizCb
from bot.story.core import CAPTAIN_MINUTES, ENTRY, MAX_SIDE_NAME, MINUTE_CHOICES, STRICTNESS
from bot.texts import Tr
from handlers.deck_files import MAX_CARD_FILE, document_text
from handlers.prompts import ask_again, ask_presser
from handlers.routes import Routes
from rules.decks.cards import read_card_list

routes = Routes(__name__)

MAX_NAME = 80
NONE = ("-", "—", "нет", "no", "none")
#: step → (values, the next step)
STEPS: dict[str, tuple[tuple[str, ...], str]] = {
    "attack": (("0", "1"), ""),
    "time": (MINUTE_CHOICES, "strict"),
    "strict": (STRICTNESS, ""),
}


class StoryWizard(StatesGroup):
    name = State()
    side = State()
    choosing = State()
    cards = State()
    start = State()
    rules = State()


def parse_start(text: str, zone: tzinfo) -> datetime | None:
    """«10.12.2026 18:00» in the club's time zone; ``None`` for anything else."""
    try:
        return datetime.strptime(text.strip(), "%d.%m.%Y %H:%M").replace(tzinfo=zone)
    except ValueError:
        return None


def keyboard(t: Tr, step: str, data: dict[str, Any]) -> InlineKeyboardMarkup:
    builder = InlineKeyboardBuilder()
    for value in STEPS[step][0]:
        label = data["sides"][int(value)] if step == "attack" else t(f"story.wiz_{step}_{value}")
        builder.button(text=label, callback_data=StWizCb(s=step, v=value))
    builder.adjust(3 if step == "time" else 1)
    return builder.as_markup()


@routes.callback_query(NewCb.filter(F.discipline == ENTRY))
async def new_story(query: CallbackQuery, t: Tr, state: FSMContext) -> None:
    await state.set_state(StoryWizard.name)
    await state.set_data({})
    await query.answer()
    await ask_presser(query, t("story.wiz_name"))


@routes.message(StateFilter(StoryWizard.name), F.text)
async def got_name(message: Message, t: Tr, state: FSMContext) -> None:
    assert message.text is not None
    name = message.text.strip()
    if name.startswith("/") or not 1 <= len(name) <= MAX_NAME:
        await ask_again(message, t("story.wiz_name_bad", max=MAX_NAME))
        return
    await state.set_state(StoryWizard.side)
    await state.set_data({"name": name, "sides": []})
    await ask_again(message, t("story.wiz_side", number=1))


@routes.message(StateFilter(StoryWizard.side), F.text)
async def got_side(message: Message, t: Tr, state: FSMContext) -> None:
    assert message.text is not None
    side = message.text.strip()
    data = await state.get_data()
    taken = [s.casefold() for s in data["sides"]]
    if side.startswith("/") or not 1 <= len(side) <= MAX_SIDE_NAME or side.casefold() in taken:
        await ask_again(message, t("story.wiz_side_bad", max=MAX_SIDE_NAME))
        return
    data["sides"] = [*data["sides"], side]
    await state.set_data(data)
    if len(data["sides"]) < 2:
        await ask_again(message, t("story.wiz_side", number=2))
        return
    data["step"] = "attack"
    await state.set_state(StoryWizard.choosing)
    await state.set_data(data)
    await message.answer(t("story.wiz_attack"), reply_markup=keyboard(t, "attack", data))


@routes.message(StateFilter(StoryWizard.cards), F.text | F.document)
async def got_cards(message: Message, t: Tr, state: FSMContext, bot: Bot) -> None:
    data = await state.get_data()
    side = len(data.get("cards", []))
    text = message.text or await document_text(message, bot, MAX_CARD_FILE) or ""
    names: list[str] | None = None
    if text.strip().casefold() not in NONE:
        cards, problems = read_card_list(text)
        if not len(cards):
            await ask_again(message, t("story.wiz_cards_bad", side=data["sides"][side]))
            return
        names = sorted(card.name for card in cards.cards.values())
        await message.reply(
            t("story.wiz_cards_read", side=data["sides"][side], count=len(names), bad=len(problems))
        )
    data["cards"] = [*data.get("cards", []), names]
    await state.set_data(data)
    if side == 0:
        await ask_again(message, t("story.wiz_cards", side=data["sides"][1]))
        return
    await state.set_state(StoryWizard.start)
    await ask_again(message, t("story.wiz_start"))


@routes.message(StateFilter(StoryWizard.start), F.text)
async def got_start(message: Message, t: Tr, state: FSMContext, story: StoryService) -> None:
    assert message.text is not None
    start = parse_start(message.text, story.settings.zone)
    if start is None or start <= story.core.now():
        await ask_again(message, t("story.wiz_start_bad"))
        return
    data = await state.get_data()
    data["start"] = start.isoformat()
    await state.set_state(StoryWizard.rules)
    await state.set_data(data)
    await ask_again(message, t("story.wiz_rules"))


@routes.message(StateFilter(StoryWizard.rules), F.text)
async def got_rules(message: Message, t: Tr, state: FSMContext, story: StoryService) -> None:
    assert message.text is not None
    text = message.text.strip()
    rules = "" if text.casefold() in NONE else text
    data = await state.get_data()
    if rules:
        story.check_rules(datetime.fromisoformat(data["start"]))  # 607.1: a UserError if late
    data["rules"] = rules
    data["step"] = "time"
    await state.set_state(StoryWizard.choosing)
    await state.set_data(data)
    await message.answer(t("story.wiz_time"), reply_markup=keyboard(t, "time", data))


@routes.callback_query(StWizCb.filter())
async def choose(
    query: CallbackQuery, callback_data: StWizCb, t: Tr, state: FSMContext, story: StoryService
) -> None:
    message = query.message
    data = await state.get_data()
    step, value = callback_data.s, callback_data.v
    fresh = await state.get_state() == StoryWizard.choosing.state and data.get("step") == step
    if not isinstance(message, Message) or not fresh or value not in STEPS.get(step, ((), ""))[0]:
        await query.answer(t("common.stale_button"), show_alert=True)
        return
    data[step] = value
    await query.answer()
    await message.edit_reply_markup(reply_markup=None)
    if step == "attack":
        await state.set_state(StoryWizard.cards)
        await state.set_data(data)
        await message.answer(t("story.wiz_cards", side=data["sides"][0]))
        return
    following = STEPS[step][1]
    if following:
        data["step"] = following
        await state.set_data(data)
        await message.answer(t(f"story.wiz_{following}"), reply_markup=keyboard(t, following, data))
        return
    await state.clear()
    options = chosen(data, story.settings.berserk_k)
    tid = await story.create(message.chat.id, data["name"], options, query.from_user.id)
    tournament = await story.tournament(tid)
    sides = options["sides"]
    lines = [
        t(
            "story.created",
            id=tid,
            name=data["name"],
            attack=sides[options["attacking"]],
            defence=sides[1 - options["attacking"]],
            start=story.start_text(tournament),
            minutes=options["round_minutes"],
            strict=t(f"story.wiz_strict_{options['strictness']}"),
        )
    ]
    for side, cards in zip(sides, options["cards"], strict=True):
        lines.append(t("story.created_cards", side=side, count=len(cards) if cards else 0))
    if options["rules"]:
        lines.append(t("story.created_rules", rules=options["rules"]))
    markup = notice_keyboard(story.core.texts, t.lang, story.join_notice(tournament))
    await message.answer("\n".join(lines), reply_markup=markup)


def chosen(data: dict[str, Any], base_k: float) -> dict[str, Any]:
    return {
        "sides": list(data["sides"]),
        "attacking": int(data["attack"]),
        "cards": list(data["cards"]),
        "start": data["start"],
        "rules": data.get("rules", ""),
        "round_minutes": int(data["time"]),
        "strictness": data["strict"],
        "captain_minutes": CAPTAIN_MINUTES,
        "base_k": base_k,
    }
