"""``/deck``: a player sends or sees his deck list in the private chat; a judge of the
tournament sees and corrects a player's list (``/deck @username`` or ``/deck <club ID>``).

The list comes in the same message (the lines after ``/deck``), as the next message, or as a
``.txt`` file (``bot.decks`` checks and stores it). ``/deck #12`` picks the tournament when the
player plays in several. Anyone else asking for a player's list is refused: the list is the
player's and the judges' (707, 001 9.2). In a group ``/deck`` only points to the private chat:
a list is never shown there (the Top's are published after the tournament: ``/decks publish``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from aiogram import Bot, F
from aiogram.filters import Command, StateFilter
from aiogram.fsm.context import FSMContext
from aiogram.fsm.state import State, StatesGroup
from aiogram.types import Message

from bot.decks import DeckService
from bot.decks.views import format_name
from bot.directory import id_argument
from bot.errors import UserError
from bot.roles import Role, Roles
from bot.texts import Html, Tr
from db.models import Player
from db.tournaments import Tournament
from handlers.deck_files import document_text
from handlers.filters import commanded
from handlers.routes import Routes

routes = Routes(__name__)


class DeckWait(StatesGroup):
    """The next message is the list of ``{"t": tournament, "p": player}``."""

    list = State()


@dataclass(frozen=True, slots=True)
class Asked:
    """What ``/deck``'s first line asks: a tournament number, a player, neither."""

    tournament_id: int | None
    player: str | None


def asked(first_line: str) -> Asked | None:
    """``/deck``, ``/deck #12``, ``/deck @ann``, ``/deck 17``, ``/deck #12 17``; ``None``
    for anything else."""
    words = first_line.split()[1:]
    ids = [w for w in words if w.startswith("#")]
    others = [w for w in words if not w.startswith("#")]
    if len(ids) > 1 or len(others) > 1:
        return None
    wanted = id_argument(ids[0]) if ids else None
    if ids and wanted is None:
        return None
    return Asked(wanted, others[0] if others else None)


@routes.message(Command("deck"), F.chat.type != "private")
async def deck_in_group(message: Message, t: Tr) -> None:
    await message.reply(t("decks.in_private"))


@routes.message(Command("deck"), F.chat.type == "private")
async def deck(
    message: Message,
    t: Tr,
    state: FSMContext,
    decks: DeckService,
    roles: Roles,
    bot: Bot,
) -> None:
    assert message.from_user is not None
    first, _, listed = (message.text or message.caption or "").partition("\n")
    question = asked(first)
    if question is None:
        await message.reply(t("decks.usage"))
        return
    me = await decks.player_by_telegram(message.from_user.id)
    target = me
    if question.player is not None:
        target = await decks.find_player(question.player)
        if target is None:
            await message.reply(t("decks.no_player"))
            return
    if target is None:
        await message.reply(t("decks.no_tournament"))
        return
    judge = me is None or target.id != me.id
    asker = message.from_user.id

    async def judged(tournament: Tournament) -> bool:
        return await roles.refusal(asker, Role.JUDGE, tournament, where=None) is None

    # Someone else's list: only the tournaments the asker judges are even named (a stranger
    # learns nothing of where the player plays).
    tournament = await pick(
        message, t, decks, target, question.tournament_id, judged if judge else None
    )
    if tournament is None:
        return
    if message.document is not None:
        listed = await document_text(message, bot) or ""
        if not listed:
            await message.reply(t("decks.file_bad"))
            return
    if listed.strip():
        await submit(message, t, state, decks, tournament, target, listed, judge=judge)
        return
    await show_and_ask(message, t, state, decks, tournament, target, judge=judge)


async def pick(
    message: Message,
    t: Tr,
    decks: DeckService,
    target: Player,
    wanted: int | None,
    judged: Callable[[Tournament], Awaitable[bool]] | None,
) -> Tournament | None:
    """The card tournament meant: the one numbered, else the target's open one (asked to
    choose when there are several); a reply and ``None`` when there is none. ``judged``
    (someone else's list): only the tournaments it admits count, and none is a refusal."""
    candidates = await decks.tournaments_for(target.id, wanted)
    if judged is not None:
        candidates = [x for x in candidates if await judged(x)]
        if not candidates:
            await message.reply(t("decks.not_yours"))
            return None
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        await message.reply(t("decks.no_tournament"))
        return None
    lines = ", ".join(t("decks.which_line", id=x.id, name=x.name) for x in candidates)
    await message.reply(t("decks.which", list=Html(lines)))
    return None


async def show_and_ask(
    message: Message,
    t: Tr,
    state: FSMContext,
    decks: DeckService,
    tournament: Tournament,
    target: Player,
    *,
    judge: bool,
) -> None:
    """The stored list (if any), then the question for a new one (unless it is locked)."""
    shown = await decks.view(tournament, target, t.lang)
    if shown is not None:
        await message.answer(shown)
    elif judge:
        await message.answer(t("decks.none_yet", player=target.display_name))
    if (refused := await decks.own_list_refusal(tournament, judge=judge)) is not None:
        await message.answer(t(refused, name=tournament.name))
        return
    await state.set_state(DeckWait.list)
    await state.set_data({"t": tournament.id, "p": target.id, "j": judge})
    if judge:
        await message.answer(t("decks.ask_judge", player=target.display_name))
    elif shown is not None:
        await message.answer(t("decks.ask_replace"))
    else:
        rules = await decks.rules_for(tournament)
        await message.answer(t("decks.ask", name=tournament.name, fmt=Html(format_name(t, rules))))


@routes.message(
    StateFilter(DeckWait.list),
    F.chat.type == "private",
    F.document | F.text,
    ~F.func(commanded),
)
async def got_list(
    message: Message, t: Tr, state: FSMContext, decks: DeckService, bot: Bot
) -> None:
    data = await state.get_data()
    awaited = await decks.awaited(int(data["t"]), int(data["p"]))
    if awaited is None:
        await state.clear()
        await message.reply(t("decks.no_tournament"))
        return
    tournament, target = awaited
    text = message.text or ""
    if message.document is not None:
        text = await document_text(message, bot) or ""
        if not text:
            await message.reply(t("decks.file_bad"))
            return
    await submit(message, t, state, decks, tournament, target, text, judge=bool(data.get("j")))


async def submit(
    message: Message,
    t: Tr,
    state: FSMContext,
    decks: DeckService,
    tournament: Tournament,
    target: Player,
    text: str,
    *,
    judge: bool,
) -> None:
    """Check and store; the answer is the list understood or the numbered errors. After a
    judge's edit the player is told privately what changed."""
    assert message.from_user is not None
    try:
        sent = await decks.submit(tournament, target, text, message.from_user.id, judge=judge)
    except UserError:
        await state.clear()
        raise
    await message.reply(decks.verdict_text(t.lang, tournament, sent))
    if not sent.stored:
        return  # the question stays open: the player sends the corrected list
    await state.clear()
    if judge:
        await message.answer(decks.edited_text(t.lang, tournament, target, sent))
        await decks.tell_player(tournament, target, sent.changed)
