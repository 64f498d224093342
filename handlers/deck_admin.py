"""The organisers' side of deck lists: ``/cards`` (the club's card list from a CSV file),
``/banned`` (the banned cards of each Constructed sub-format, 612) and ``/decks`` (a judge
sees whose list is accepted; after the tournament the organiser publishes the Top's lists in
the group: ``/decks publish``)."""

from __future__ import annotations

import re

from aiogram import Bot, F
from aiogram.dispatcher.event.bases import SkipHandler
from aiogram.filters import Command, StateFilter
from aiogram.fsm.context import FSMContext
from aiogram.fsm.state import State, StatesGroup
from aiogram.types import Message

from bot.decks import SUB_FORMATS, DeckService
from bot.decks.views import problem_text
from bot.directory import Directory, id_argument
from bot.kinds import DECK_LISTS
from bot.roles import Role, Roles
from bot.texts import Html, Tr
from db.tournaments import Tournament
from handlers.deck_files import MAX_CARD_FILE, document_text
from handlers.filters import commanded
from handlers.guard import permitted
from handlers.routes import Routes
from rules.decks import DeckRules

routes = Routes(__name__)

SUB_WORDS = {
    "classic": "classic",
    "классика": "classic",
    "standard": "standard",
    "стандарт": "standard",
    "block": "block",
    "блок": "block",
    "class_wars": "class_wars",
    "classwars": "class_wars",
    "кв": "class_wars",
}
ADD = frozenset({"add", "+", "добавить"})
REMOVE = frozenset({"remove", "-", "убрать", "удалить"})
MAX_SHOWN_ERRORS = 20


class CardsWait(StatesGroup):
    """The next message in private is the card list's CSV file."""

    file = State()


# -- /cards
@routes.message(Command("cards"))
async def cards(
    message: Message,
    t: Tr,
    state: FSMContext,
    roles: Roles,
    decks: DeckService,
    bot: Bot,
) -> None:
    assert message.from_user is not None
    if not await roles.club_organiser(message.from_user.id, message.chat.id):
        await message.reply(t("decks.club_only"))
        return
    _, _, pasted = (message.text or "").partition("\n")
    if message.document is not None or pasted.strip():
        if await state.get_state() == CardsWait.file.state:
            await state.clear()  # the file came with its command: nothing is awaited any more
        if message.document is not None:
            pasted = await document_text(message, bot, MAX_CARD_FILE) or ""
        await load(message, t, decks, pasted or None)
        return
    await message.reply(t("decks.cards_usage"))
    if message.chat.type == "private":
        await state.set_state(CardsWait.file)
        await message.answer(t("decks.cards_wait"))


@routes.message(
    StateFilter(CardsWait.file), F.chat.type == "private", F.document, ~F.func(commanded)
)
async def got_cards(
    message: Message, t: Tr, state: FSMContext, decks: DeckService, bot: Bot
) -> None:
    await state.clear()
    await load(message, t, decks, await document_text(message, bot, MAX_CARD_FILE))


async def load(message: Message, t: Tr, decks: DeckService, text: str | None) -> None:
    """Read the CSV: how many cards, and its bad lines numbered."""
    if text is None:
        await message.reply(t("decks.file_bad"))
        return
    count, problems = await decks.load_cards(text)
    lines = [t("decks.cards_loaded", count=count) if count else t("decks.cards_none")]
    if problems:
        lines.append(t("decks.cards_skipped"))
        rules = DeckRules()
        lines += [
            t("decks.numbered", n=n, text=Html(problem_text(t, rules, p)))
            for n, p in enumerate(problems[:MAX_SHOWN_ERRORS], start=1)
        ]
        if len(problems) > MAX_SHOWN_ERRORS:
            lines.append("…")
    await message.reply("\n".join(lines))


# -- /banned
@routes.message(Command("banned"))
async def banned(message: Message, t: Tr, roles: Roles, decks: DeckService) -> None:
    assert message.from_user is not None
    if not await roles.club_organiser(message.from_user.id, message.chat.id):
        await message.reply(t("decks.club_only"))
        return
    words = (message.text or "").split(maxsplit=3)[1:]
    if not words:
        await message.reply(await overview(t, decks))
        return
    sub = SUB_WORDS.get(words[0].lower())
    if sub is None or (len(words) > 1 and words[1].lower() not in ADD | REMOVE):
        await message.reply(t("decks.banned_usage"))
        return
    title = Html(t(f"decks.sub_{sub}"))
    if len(words) == 1:
        listed = await decks.banned(sub)
        if not listed:
            await message.reply(t("decks.banned_empty", sub=title))
        else:
            cards = "\n".join(listed)
            await message.reply(t("decks.banned_list", sub=title, count=len(listed), cards=cards))
        return
    names = [n.strip() for n in re.split(r"[;\n]", words[2] if len(words) > 2 else "")]
    names = [n for n in names if n]
    if not names:
        await message.reply(t("decks.banned_usage"))
        return
    add = words[1].lower() in ADD
    done = await decks.change_banned(sub, names, add, message.from_user.id)
    key = "decks.banned_added" if add else "decks.banned_removed"
    await message.reply(t(key, sub=title, count=done))


async def overview(t: Tr, decks: DeckService) -> str:
    lines = [t("decks.banned_overview")]
    for sub in SUB_FORMATS:
        count = len(await decks.banned(sub))
        lines.append(
            t("decks.banned_overview_line", sub=sub, list=Html(t(f"decks.sub_{sub}")), count=count)
        )
    lines.append(t("decks.banned_usage"))
    return "\n".join(lines)


# -- /decks
@routes.message(Command("decks"))
async def tournament_decks(
    message: Message, t: Tr, roles: Roles, directory: Directory, decks: DeckService
) -> None:
    """``/decks`` (a judge): whose list is accepted. ``/decks publish [number]`` (an organiser,
    after the tournament): the Top's lists in the group. A chat without a card tournament is
    left to the fallback (which names the tournament that runs there)."""
    assert message.from_user is not None
    words = (message.text or "").split()[1:]
    publish = bool(words) and words[0].lower() == "publish"
    rest = words[1:] if publish else words
    if len(rest) > 1 or (rest and id_argument(rest[0]) is None):
        await message.reply(t("decks.decks_usage"))
        return
    chat, user = message.chat.id, message.from_user.id
    arg = rest[0] if rest else None
    if publish:
        shown = [await directory.shown(chat, user, arg, kind) for kind in sorted(DECK_LISTS)]
        found = max((x for x in shown if x is not None), key=lambda x: x.id, default=None)
    else:
        found = await directory.current(chat, user, arg, kind=DECK_LISTS)
    if found is None:
        if publish:
            await message.reply(t("decks.publish_none"))
            return
        raise SkipHandler
    need = Role.ORGANISER if publish else Role.JUDGE
    if await permitted(message, roles, found, need, t) is None:
        return
    if not publish:
        await message.reply(await decks.status(found, t.lang))
        return
    await publish_top(message, t, decks, found)


async def publish_top(message: Message, t: Tr, decks: DeckService, found: Tournament) -> None:
    await decks.publish(found)
    if message.chat.id != found.chat_id:
        await message.reply(t("decks.publish_done"))
