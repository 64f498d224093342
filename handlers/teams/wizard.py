"""/new → Berserk: a team event: the creation wizard (in the group, by buttons after the name).

Steps: name (text) → format (Team Sealed, Team Draft or a duel-set release) → for Team Sealed
and Team Draft its scoring (by match 604.3, by sum 604.3.1), then for Team Draft its boosters
(the plans of 601.4 whose drafted cards make a deck, Table 3), for a duel-set release the
decks of its set(s) (text: «слуа, вампиры, …», 610.3; scored by 610.5) → rounds (by the number
of teams, 610.6, or a number) → the Top of teams (none, a final, 4 or 8) → round minutes (70
by default, 604.5). The summary is the registration message.
"""

from __future__ import annotations

from typing import Any

from aiogram import F
from aiogram.filters import StateFilter
from aiogram.fsm.context import FSMContext
from aiogram.fsm.state import State, StatesGroup
from aiogram.types import CallbackQuery, InlineKeyboardMarkup, Message
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.buttons import NewCb
from bot.teams import TeamsService
from bot.teams.buttons import TmWizCb
from bot.teams.core import (
    ENTRY,
    MAX_DECK_NAME,
    MAX_DECKS,
    MINUTE_CHOICES,
    OFFERED,
    ROUND_CHOICES,
    TOP_CHOICES,
)
from bot.texts import Tr
from handlers.prompts import ask_again, ask_presser
from handlers.routes import Routes
from rules.limited.boosters import DRAFT_PLANS, plan_name
from rules.limited.deck_size import deck_minimum
from rules.teams.settings import Scoring, TeamFormat

routes = Routes(__name__)

MAX_NAME = 80
#: step → (values, the next step)
#: Team Draft's booster plans: those whose drafted cards make a deck (Table 3)
PLANS = tuple(name for name, plan in DRAFT_PLANS.items() if deck_minimum(plan) is not None)
STEPS: dict[str, tuple[tuple[str, ...], str]] = {
    "fmt": (tuple(f.value for f in OFFERED), "score"),
    "score": ((Scoring.BY_MATCH.value, Scoring.BY_SUM.value), "rounds"),
    "boost": (PLANS, "rounds"),
    "rounds": (ROUND_CHOICES, "top"),
    "top": (TOP_CHOICES, "time"),
    "time": (MINUTE_CHOICES, ""),
}


class TeamsWizard(StatesGroup):
    name = State()
    choosing = State()
    decks = State()


def deck_list(text: str) -> list[str] | None:
    """The decks an organiser listed (by commas or lines), each once; ``None`` when fewer than
    two, more than ``MAX_DECKS`` or a name too long."""
    decks: list[str] = []
    for part in text.replace("\n", ",").split(","):
        deck = " ".join(part.split())
        if deck and deck.casefold() not in {d.casefold() for d in decks}:
            decks.append(deck)
    if not 2 <= len(decks) <= MAX_DECKS or any(len(d) > MAX_DECK_NAME for d in decks):
        return None
    return decks


def label(t: Tr, step: str, value: str) -> str:
    """A choice's button: a booster plan as people write it («12+12»), else its text."""
    if step == "boost":
        return plan_name(DRAFT_PLANS[value])
    return t(f"teams.wiz_{step}_{value}")


def keyboard(t: Tr, step: str) -> InlineKeyboardMarkup:
    builder = InlineKeyboardBuilder()
    for value in STEPS[step][0]:
        builder.button(text=label(t, step, value), callback_data=TmWizCb(s=step, v=value))
    builder.adjust(3 if step in ("rounds", "time", "boost") else 2 if step == "top" else 1)
    return builder.as_markup()


@routes.callback_query(NewCb.filter(F.discipline == ENTRY))
async def new_teams(query: CallbackQuery, t: Tr, state: FSMContext) -> None:
    await state.set_state(TeamsWizard.name)
    await state.set_data({})
    await query.answer()
    await ask_presser(query, t("teams.wiz_name"))


@routes.message(StateFilter(TeamsWizard.name), F.text)
async def got_name(message: Message, t: Tr, state: FSMContext) -> None:
    assert message.text is not None
    name = message.text.strip()
    if name.startswith("/") or not 1 <= len(name) <= MAX_NAME:
        await ask_again(message, t("teams.wiz_name_bad", max=MAX_NAME))
        return
    await state.set_state(TeamsWizard.choosing)
    await state.set_data({"name": name, "step": "fmt"})
    await message.answer(t("teams.wiz_fmt"), reply_markup=keyboard(t, "fmt"))


@routes.message(StateFilter(TeamsWizard.decks), F.text)
async def got_decks(message: Message, t: Tr, state: FSMContext) -> None:
    assert message.text is not None
    decks = deck_list(message.text)
    if decks is None:
        await ask_again(message, t("teams.wiz_decks_bad", max=MAX_DECKS, length=MAX_DECK_NAME))
        return
    data = await state.get_data()
    data["decks"] = decks
    await state.set_state(TeamsWizard.choosing)
    await state.set_data(data)
    await message.answer(t("teams.wiz_rounds"), reply_markup=keyboard(t, "rounds"))


@routes.callback_query(TmWizCb.filter())
async def choose(
    query: CallbackQuery, callback_data: TmWizCb, t: Tr, state: FSMContext, teams: TeamsService
) -> None:
    message = query.message
    data = await state.get_data()
    step, value = callback_data.s, callback_data.v
    fresh = await state.get_state() == TeamsWizard.choosing.state and data.get("step") == step
    if not isinstance(message, Message) or not fresh or value not in STEPS.get(step, ((), ""))[0]:
        await query.answer(t("common.stale_button"), show_alert=True)
        return
    data[step] = value
    following = STEPS[step][1]
    if step == "score" and data.get("fmt") == TeamFormat.TEAM_DRAFT.value:
        following = "boost"
    await query.answer()
    await message.edit_reply_markup(reply_markup=None)
    if step == "fmt" and value == TeamFormat.DUEL_SETS.value:  # 610.5: no scoring to choose
        data["score"] = Scoring.DUEL.value
        data["step"] = "rounds"
        await state.set_state(TeamsWizard.decks)
        await state.set_data(data)
        await message.answer(t("teams.wiz_decks", max=MAX_DECKS))
        return
    if following:
        data["step"] = following
        await state.set_data(data)
        await message.answer(t(f"teams.wiz_{following}"), reply_markup=keyboard(t, following))
        return
    await state.clear()
    options = chosen(data, teams.settings.berserk_k)
    tid = await teams.create(message.chat.id, data["name"], options, query.from_user.id)
    text = t(
        "teams.created",
        id=tid,
        name=data["name"],
        format=t(f"teams.wiz_fmt_{options['format']}"),
        scoring=t(f"teams.wiz_score_{options['scoring']}"),
        rounds=options["rounds"] or t("teams.rounds_auto"),
        minutes=options["round_minutes"],
    )
    if options.get("decks"):
        text += "\n" + t("teams.created_decks", decks=", ".join(options["decks"]))
    if options.get("boosters"):
        text += "\n" + t("teams.created_boosters", plan=plan_name(options["boosters"]))
    if options["top"]:
        text += "\n" + t("teams.created_top", count=options["top"])
    await message.answer(text)


def chosen(data: dict[str, Any], base_k: float) -> dict[str, Any]:
    return {
        "format": data["fmt"],
        "scoring": data["score"],
        "rounds": None if data["rounds"] == "auto" else int(data["rounds"]),
        "round_minutes": int(data["time"]),
        "top": int(data.get("top") or 0),
        "base_k": base_k,
        **({"decks": data["decks"]} if data.get("decks") else {}),
        **({"boosters": list(DRAFT_PLANS[data["boost"]])} if data.get("boost") else {}),
    }
