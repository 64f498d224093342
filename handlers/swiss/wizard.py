"""/new → Berserk: the creation wizard of a Swiss + Top tournament (in the group, by buttons).

The kind's question («Какой турнир?») becomes the wizard's one message: after the name (a text
answer, ``handlers.prompts``) it is edited to each next question under the answers so far, one
line each, and at the end into the registration message (issue 22, item 16: a message per
question filled the group and left each question behind).

Steps: name (text) → format with its match format (one game or best of three; or a Limited
format: Draft, Sealed, Marathon, Heroes tournament, whose booster plan and a Marathon's number
of drafts are asked next; Sealed asks its product, 603.2; a Heroes tournament whether it is a
unifying one, 609.8, and skips the rounds and the Top: ``handlers.swiss.wizard_limited``) → for
Constructed, its sub-format (Classic, Standard, Block, Class Wars: whose banned list the deck
lists are checked against, 612) → strictness →
rounds → Top size → round time → tie-breaks → the game (classic Berserk or «Берсерк. Герои»:
separate rating pools, and the Top's time call follows it) → the base K of its Elo (default
``BERSERK_K``) → the kind (open, semi-closed, closed: 401–403) → for a semi-closed one, how
many first rounds its privileged players win automatically. The privileged players and a closed
tournament's invitations are given afterwards by commands (``handlers.swiss.admission``).
The summary (the registration message) shows every choice. How a late entrant's missed
rounds count is a setting too (default 0 points); the organiser gives it to ``/add``
(``loss`` / ``bye``). Every press is checked against the organiser role (``bot.access``,
before the handlers); the wizard's answers live in the FSM storage, so a restart in the
middle keeps them.
"""

from __future__ import annotations

from datetime import tzinfo
from typing import Any

from aiogram import F
from aiogram.exceptions import TelegramBadRequest
from aiogram.filters import StateFilter
from aiogram.fsm.context import FSMContext
from aiogram.fsm.state import State, StatesGroup
from aiogram.types import CallbackQuery, InlineKeyboardMarkup, Message
from aiogram.utils.deep_linking import create_start_link
from aiogram.utils.keyboard import InlineKeyboardBuilder

import handlers.swiss.wizard_limited as limited
import handlers.swiss.wizard_other as other
import handlers.swiss.wizard_series as series_step
from bot.buttons import NewCb
from bot.errors import UserError
from bot.series import SeriesService
from bot.swiss import SwissService
from bot.swiss.buttons import SwJoinCb, SwWizCb
from bot.texts import Html, Tr
from handlers.prompts import ask_again, ask_presser, settle
from handlers.routes import Routes
from handlers.swiss.guard import organiser_press
from rules.admission import MAX_AUTO_ROUNDS, TournamentKind
from rules.card_games import CardGame
from rules.decks import SubFormat
from rules.standings import TieBreak

routes = Routes(__name__)

MAX_NAME = 80
#: step → (values, the next step)
CHOICES: dict[str, tuple[tuple[str, ...], str]] = {
    "fmt": (("constructed", "constructed_bo3", *limited.LIMITED_FORMATS, other.OTHER), "strict"),
    limited.BOOSTER_STEP[0]: (limited.BOOSTER_STEP[1], "strict"),
    limited.DRAFTS_STEP[0]: (limited.DRAFTS_STEP[1], "strict"),
    limited.PRODUCT_STEP[0]: (limited.PRODUCT_STEP[1], "strict"),
    limited.UNIFY_STEP[0]: (limited.UNIFY_STEP[1], "strict"),
    "sub": (tuple(sub.value for sub in SubFormat), "strict"),
    "strict": (("amateur", "professional", "highest"), "rounds"),
    "rounds": (("auto", "3", "4", "5", "6", "7"), "top"),
    "top": (("auto", "0", "2", "4", "8", "16"), "time"),
    "time": (("30", "40", "50", "60"), "tb"),
    "tb": (("default", "mtg", "sb"), "game"),
    "game": (tuple(game.value for game in CardGame), "k"),
    "k": (("default", "8", "10", "12", "20", "24", "32"), "kind"),
    "kind": (tuple(kind.value for kind in TournamentKind), "auto"),
    "auto": (("1", "2", "3"), ""),
    series_step.STEP: ((series_step.NO,), ""),
}
assert int(CHOICES["auto"][0][-1]) == MAX_AUTO_ROUNDS
SEMI = TournamentKind.SEMI_CLOSED.value
#: the wizard's data: the id of its one message in the group
WIZARD = "wizard"
#: format choice → (format, games per match: 1 or best of 3)
FORMATS = {
    "constructed": ("constructed", 1),
    "constructed_bo3": ("constructed", 3),
    **limited.LIMITED_FORMATS,
    other.OTHER: ("constructed", 1),
}
TIE_BREAK_LISTS = {
    "default": ["buchholz", "median_buchholz", "clean_wins", "head_to_head"],
    "mtg": ["omw", "gw", "ogw"],
    "sb": ["buchholz", "sonneborn_berger", "clean_wins", "head_to_head"],
}
assert all(TieBreak(v) for values in TIE_BREAK_LISTS.values() for v in values)


class SwissWizard(StatesGroup):
    name = State()
    choosing = State()
    #: another format's text answers (``wizard_other``; the step in ``other_step``)
    other = State()


def step_keyboard(
    t: Tr, step: str, default_k: float, data: dict[str, Any] | None = None
) -> InlineKeyboardMarkup:
    builder = InlineKeyboardBuilder()
    for value in offered(step, data or {}):
        label = answer_label(t, step, value, data or {}, default_k)
        builder.button(text=label, callback_data=SwWizCb(s=step, v=value))
    builder.adjust(3 if step in ("rounds", "top", "time", "k", "auto", "drafts", "boosters") else 1)
    return builder.as_markup()


def offered(step: str, data: dict[str, Any]) -> tuple[str, ...]:
    """The values ``step`` offers now (a Limited format's own, the running series)."""
    if step == series_step.STEP:
        return series_step.values(data)
    return limited.step_values(step, data, CHOICES[step][0])


def answer_label(t: Tr, step: str, value: str, data: dict[str, Any], default_k: float) -> str:
    if step == series_step.STEP:
        return series_step.label(t, value, data)
    return t(f"swiss.wiz_{step}_{value}", k=k_text(default_k))


def k_text(k: float) -> str:
    """16, 12.5 — a K as people write it."""
    return f"{k:g}"


def next_step(step: str, value: str, data: dict[str, Any] | None = None) -> str:
    """The step after ``step`` answered ``value`` ("" when done): the auto-win rounds are asked
    only of a semi-closed tournament; the Limited formats' steps: ``wizard_limited.after``."""
    if (limited_step := limited.after(step, data or {step: value})) is not None:
        return limited_step
    if step == "kind" and value != SEMI:
        return ""
    return limited.skipped(CHOICES[step][1], data or {})


@routes.callback_query(NewCb.filter(F.discipline == "berserk"))
async def new_swiss(query: CallbackQuery, t: Tr, state: FSMContext) -> None:
    if (message := await organiser_press(query, t)) is None:
        return
    await state.set_state(SwissWizard.name)
    # the kind's question becomes the wizard's one message, edited as it goes (issue 22,
    # item 16: it was 13 messages in the group, each question left behind)
    await state.set_data({WIZARD: message.message_id})
    await query.answer()
    await settle(query, t("tournament.kind_chosen", kind=t("tournament.kind_swiss")))
    await ask_presser(query, t("swiss.wiz_name"))


@routes.message(StateFilter(SwissWizard.name), F.text)
async def got_name(message: Message, t: Tr, state: FSMContext, swiss: SwissService) -> None:
    assert message.text is not None and message.bot is not None
    name = message.text.strip()
    if name.startswith("/") or not 1 <= len(name) <= MAX_NAME:
        await ask_again(message, t("swiss.wiz_name_bad", max=MAX_NAME))
        return
    data: dict[str, Any] = {**await state.get_data(), "name": name}
    await state.set_state(SwissWizard.choosing)
    await show_step(message, t, data, "fmt", swiss)
    await state.set_data(data)


async def show_step(
    message: Message, t: Tr, data: dict[str, Any], step: str, swiss: SwissService
) -> None:
    """The wizard's one message (``data[WIZARD]``) edited to ask ``step`` under the answers so
    far, after a text answer; sent anew when it is gone."""
    assert message.bot is not None
    default_k, zone = swiss.settings.berserk_k, swiss.settings.zone
    text = wizard_text(t, data, step, default_k, zone)
    keyboard = step_keyboard(t, step, default_k, data)
    wizard = data.get(WIZARD)
    try:
        if not isinstance(wizard, int):
            raise LookupError("no wizard message")
        await message.bot.edit_message_text(
            text=text, chat_id=message.chat.id, message_id=wizard, reply_markup=keyboard
        )
    except (LookupError, TelegramBadRequest):  # gone (or begun before it was kept): anew
        data[WIZARD] = (await message.answer(text, reply_markup=keyboard)).message_id


def wizard_text(
    t: Tr, data: dict[str, Any], step: str, default_k: float, zone: tzinfo, question: str = ""
) -> str:
    """The wizard's message: the kind, each answer so far (one line each), and the question of
    ``step`` (``question``: another format's text question instead)."""
    k = k_text(default_k)
    lines = [
        t("tournament.kind_chosen", kind=t("tournament.kind_swiss")),
        t("swiss.wiz_answer", what=t("swiss.wiz_said_name"), answer=data["name"]),
    ]
    for answered, value in data.items():
        if answered in CHOICES and answered != step:
            label = Html(answer_label(t, answered, value, data, default_k))
            what = t(f"swiss.wiz_said_{answered}")
            lines.append(t("swiss.wiz_answer", what=what, answer=label))
        if answered == "fmt" and value == other.OTHER:
            lines += other.lines(t, data, zone)
    question = question or t(f"swiss.wiz_{step}", k=k) + limited.step_note(t, step, data)
    return "\n".join([*lines, "", question])


@routes.callback_query(SwWizCb.filter())
async def choose(
    query: CallbackQuery,
    callback_data: SwWizCb,
    t: Tr,
    state: FSMContext,
    swiss: SwissService,
    series: SeriesService,
) -> None:
    if (message := await organiser_press(query, t)) is None:
        return
    data = await state.get_data()
    step, value = callback_data.s, callback_data.v
    if await state.get_state() != SwissWizard.choosing.state or step not in CHOICES:
        await query.answer(t("common.stale_button"), show_alert=True)
        return
    expected = data.get("step", "fmt")
    if step != expected or value not in offered(step, data):
        await query.answer(t("common.stale_button"), show_alert=True)
        return
    if step == series_step.STEP and value != series_step.NO:
        await series.check_week(int(value))  # 606.5: a third this week is refused, named
    data[step] = value
    if step == "fmt" and value == other.OTHER:  # its text answers first (611)
        await ask_other(query, message, t, state, data, swiss)
        return
    following = next_step(step, value, data)
    if not following and await series_step.offer(series, message.chat.id, data):
        following = series_step.STEP  # the last question: does it belong to a series (606)
    default_k, zone = swiss.settings.berserk_k, swiss.settings.zone
    if following:  # the next question in the same message, under the answers so far
        await query.answer()
        data["step"] = following
        await state.set_data(data)
        keyboard = step_keyboard(t, following, default_k, data)
        text = wizard_text(t, data, following, default_k, zone)
        await message.edit_text(text, reply_markup=keyboard)
        return
    options = chosen(data, default_k)
    # the last question becomes the registration message (kept by the service: the end of
    # the tournament settles its button); a series' week full meanwhile refuses it (606.5)
    chat, who = message.chat.id, query.from_user.id
    tid = await swiss.create(chat, data["name"], options, who, message.message_id)
    # answered only now: a refusal of the creation itself (its series ended or its week filled
    # meanwhile) is the press's alert, and the question stays to be answered again
    await query.answer()
    await state.clear()
    await announce_registration(message, t, tid, data, options, zone)


async def ask_other(
    query: CallbackQuery,
    message: Message,
    t: Tr,
    state: FSMContext,
    data: dict[str, Any],
    swiss: SwissService,
) -> None:
    """Another format's first text question: in the wizard's message, and to the presser as
    a question he answers by replying (``handlers.prompts``)."""
    step = other.STEPS[0]
    data["other_step"] = step
    await state.set_state(SwissWizard.other)
    await state.set_data(data)
    await query.answer()
    question = other.question(t, step, swiss.today())
    default_k, zone = swiss.settings.berserk_k, swiss.settings.zone
    await message.edit_text(wizard_text(t, data, step, default_k, zone, question))
    await ask_presser(query, question)


@routes.message(StateFilter(SwissWizard.other), F.text)
async def got_other(message: Message, t: Tr, state: FSMContext, swiss: SwissService) -> None:
    """Another format's answer: its name, rules, banned cards, start (611.2: three days)."""
    assert message.text is not None
    data = await state.get_data()
    step = str(data.get("other_step") or other.STEPS[0])
    today, zone = swiss.today(), swiss.settings.zone
    try:
        data[step] = other.take(step, message.text, swiss.now(), zone)
    except UserError as wrong:
        await ask_again(message, t(wrong.key, **wrong.values))
        return
    index = other.STEPS.index(step) + 1
    if index < len(other.STEPS):
        data["other_step"] = other.STEPS[index]
        await state.set_data(data)
        await ask_again(message, other.question(t, other.STEPS[index], today))
        return
    data["step"] = "strict"  # then as Constructed, which pairs it
    await state.set_state(SwissWizard.choosing)
    await show_step(message, t, data, "strict", swiss)
    await state.set_data(data)


def chosen(data: dict[str, Any], default_k: float) -> dict[str, Any]:
    """The tournament's settings from the wizard's answers."""
    rounds, top = data.get("rounds", "auto"), data.get("top", "auto")
    return {
        "format": FORMATS[data["fmt"]][0],
        "best_of": FORMATS[data["fmt"]][1],
        "strictness": data["strict"],
        "rounds": None if rounds == "auto" else int(rounds),
        "top": None if top == "auto" else int(top),
        "round_minutes": int(data["time"]),
        "tie_breaks": TIE_BREAK_LISTS[data["tb"]],
        "discipline": data["game"],
        "base_k": default_k if data["k"] == "default" else int(data["k"]),
        "kind": data["kind"],
        "auto_rounds": int(data.get("auto") or 0) if data["kind"] == SEMI else 0,
        **limited.settings(data),
        **({"sub_format": data["sub"]} if "sub" in data else {}),
        **other.settings(data),
        **series_step.settings(data),
    }


def format_text(t: Tr, options: dict[str, object]) -> str:
    """«Констрактед» with its sub-format when it has one: «Констрактед (Классика)»."""
    if isinstance(custom := options.get("custom_format"), dict):
        return t("swiss.other_format_named", name=custom["name"])
    name = t(f"swiss.wiz_fmt_{options['format']}")
    if "sub_format" not in options:
        return name
    sub = t(f"swiss.wiz_sub_{options['sub_format']}")
    return t("decks.fmt_sub", fmt=Html(name), sub=Html(sub))


async def announce_registration(
    message: Message,
    t: Tr,
    tid: int,
    data: dict[str, Any],
    options: dict[str, Any],
    zone: tzinfo,
) -> None:
    assert message.bot is not None
    name = data["name"]
    link = await create_start_link(message.bot, f"t-{tid}")
    rounds = limited.rounds_text(t, options) or options["rounds"] or t("swiss.auto")
    top = t("swiss.auto") if options["top"] is None else options["top"] or t("swiss.no_top")
    kind = t(f"swiss.kind_{options['kind']}", rounds=options["auto_rounds"])
    builder = InlineKeyboardBuilder()
    builder.button(text=t("swiss.btn_join"), callback_data=SwJoinCb(t=tid))
    await message.edit_text(
        t(
            "swiss.created",
            id=tid,
            name=name,
            format=format_text(t, options),
            strictness=t(f"swiss.wiz_strict_{options['strictness']}"),
            rounds=rounds,
            top=top,
            minutes=options["round_minutes"],
            match=t(f"swiss.match_{options['best_of']}"),
            link=link,
            game=t(f"discipline.{options['discipline']}"),
            k=k_text(float(str(options["base_k"]))),
            kind=kind,
        )
        + limited.summary(t, options)
        + other.summary(t, options, zone)
        + series_line(t, data, options),
        reply_markup=builder.as_markup(),
    )


def series_line(t: Tr, data: dict[str, Any], options: dict[str, Any]) -> str:
    """The registration message's line of its series (606: 6 players at least)."""
    if "series" not in options:
        return ""
    label = series_step.label(t, str(options["series"]), data)
    late = series_step.late_note(t, data)
    return "\n" + t("swiss.created_series", series=label) + (f"\n{late}" if late else "")
