"""A judge's penalty (``bot.swiss.penalties``, ``rules.penalties``).

- ``/penalty <player> warning|game_loss|match_loss|dq <reason>``: the player by @username or
  club id, or as a reply to his message (then ``/penalty <kind> <reason>``); the reason is
  required.
- From ``/pending``: the button of a table, then the player, then the kind (each press is
  checked as the tournament's judge's by ``bot.access``), then the reason, kept in the FSM
  storage; the answer is checked against the judge's role again before anything is stored.
  ``/cancel`` leaves it; other commands pass through untouched.

The group learns of a penalty only what the regulation makes public: a match lost by a penalty
and a disqualification (``bot.swiss.penalties`` posts those). So what the judge chooses after
the table's button (whom, which penalty, why) happens in his private chat with the bot, and a
``/penalty`` typed in the group is answered there with one line, the reason and the player's
earlier penalties going to the judge privately; a judge who never opened that chat is asked to.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiogram import F
from aiogram.filters import Command, CommandObject, StateFilter
from aiogram.fsm.context import FSMContext
from aiogram.fsm.state import State, StatesGroup
from aiogram.types import CallbackQuery, InlineKeyboardMarkup, Message
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot import validation
from bot.directory import Directory
from bot.registry import Registry
from bot.roles import Role, Roles
from bot.swiss import SwissService
from bot.swiss.buttons import SwPenaltyCb
from bot.texts import Tr
from bot.validation import Invalid, shown_name
from db.models import Player
from db.tournaments import Tournament
from handlers.filters import CurrentTournament
from handlers.guard import permitted
from handlers.prompts import ask_again
from handlers.routes import Routes
from handlers.swiss.guard import organiser_press, replied_user
from rules.penalties import KINDS, PenaltyKind, penalty_kind

routes = Routes(__name__)


class PenaltyReason(StatesGroup):
    reason = State()  # data: t (tournament), p (player), k (kind)


def parse(args: str | None, *, replied: bool) -> tuple[str | None, PenaltyKind, str] | None:
    """(the player's word or ``None`` for the replied-to one, the kind, the reason) of
    ``/penalty``'s arguments; ``None`` when they are not that. A reason too long or with
    control characters is refused naming the rule (``validation.note``)."""
    parts = (args or "").split(maxsplit=1 if replied else 2)
    if replied:
        parts.insert(0, "")
    if len(parts) < 3 or (kind := penalty_kind(parts[1])) is None:
        return None
    reason = validation.note(parts[2])
    return (parts[0] or None), kind, reason


@routes.message(Command("penalty"), CurrentTournament("swiss"))
async def penalty(
    message: Message,
    command: CommandObject,
    t: Tr,
    tournament: Tournament,
    swiss: SwissService,
    registry: Registry,
    roles: Roles,
) -> None:
    if (who := await permitted(message, roles, tournament, Role.JUDGE, t)) is None:
        return
    named = await penalty_named(message, command.args, t, registry, swiss.find_player)
    if named is not None:
        player, kind, reason = named
        await give(message, t, swiss, tournament.id, player.id, kind, reason, who)


async def penalty_named(
    message: Message,
    args: str | None,
    t: Tr,
    registry: Registry,
    find: Callable[[str], Awaitable[Player | None]],
) -> tuple[Player, PenaltyKind, str] | None:
    """The player, the kind and the reason ``/penalty`` names (every kind with penalties reads
    it so); ``None`` once it answered the usage or that the player is unknown."""
    other = replied_user(message)
    parsed = parse(args, replied=other is not None)
    if parsed is None:
        await message.reply(t("penalties.usage"))
        return None
    word, kind, reason = parsed
    player: Player | None
    if other is not None:
        player = await registry.player_of(other.id)
    else:
        assert word is not None
        player = await find(word)
    if player is None:
        name = shown_name(other.full_name) if other is not None else str(word)
        await message.reply(t("penalties.not_in", name=name))
        return None
    return player, kind, reason


async def give(
    message: Message,
    t: Tr,
    swiss: SwissService,
    tournament_id: int,
    player_id: int,
    kind: PenaltyKind,
    reason: str,
    judge: int,
) -> None:
    """Store it, tell the player (and the group), then answer the judge with the history:
    privately (the group gets one line saying where it went)."""
    given = await swiss.penalty(tournament_id, player_id, kind, reason, judge)
    answer = swiss.penalty_text(t.lang, given, reason)
    if message.chat.type == "private":
        await message.reply(answer)
    elif await swiss.to_judge(judge, answer):
        await message.reply(t("penalties.recorded_private"))
    else:
        await message.reply(t("penalties.recorded_open_chat"))


async def in_private(query: CallbackQuery, t: Tr, swiss: SwissService, cb: SwPenaltyCb) -> bool:
    """True when the press came in the judge's private chat. A press in the group starts the
    choice again there, privately (the toast says so; an alert when he cannot get it)."""
    message = query.message
    if isinstance(message, Message) and message.chat.type == "private":
        return True
    text, markup = await whom(t, swiss, SwPenaltyCb(t=cb.t, r=cb.r, n=cb.n))
    if markup is None:
        await query.answer(t("common.stale_button"), show_alert=True)
    elif await swiss.to_judge(query.from_user.id, text, markup):
        await query.answer(t("penalties.asked_privately"))
    else:
        await query.answer(t("penalties.open_chat"), show_alert=True)
    return False


async def whom(
    t: Tr, swiss: SwissService, cb: SwPenaltyCb
) -> tuple[str, InlineKeyboardMarkup | None]:
    """The question whom the penalty is for, with a button per player of the table (``None``:
    the table is gone)."""
    seated = await swiss.table_players(cb.t, cb.r, cb.n)
    if not seated:
        return "", None
    builder = InlineKeyboardBuilder()
    for player in seated:
        data = SwPenaltyCb(t=cb.t, r=cb.r, n=cb.n, p=player.id)
        builder.button(text=player.display_name, callback_data=data)
    return t("penalties.ask_player", table=cb.n), builder.as_markup()


@routes.callback_query(SwPenaltyCb.filter(F.p == 0))
async def choose_player(
    query: CallbackQuery, callback_data: SwPenaltyCb, t: Tr, swiss: SwissService
) -> None:
    """The table's button: whom (a judge of the tournament: ``bot.access``), privately."""
    if (message := await organiser_press(query, t)) is None:
        return
    if not await in_private(query, t, swiss, callback_data):
        return
    text, markup = await whom(t, swiss, callback_data)
    if markup is None:
        await query.answer(t("common.stale_button"), show_alert=True)
        return
    await query.answer()
    await message.answer(text, reply_markup=markup)


@routes.callback_query(SwPenaltyCb.filter((F.p != 0) & (F.k == "")))
async def choose_kind(
    query: CallbackQuery, callback_data: SwPenaltyCb, t: Tr, swiss: SwissService
) -> None:
    """The player chosen: which penalty."""
    if (message := await organiser_press(query, t)) is None:
        return
    if not await in_private(query, t, swiss, callback_data):
        return
    cb = callback_data
    seated = {p.id: p for p in await swiss.table_players(cb.t, cb.r, cb.n)}
    if cb.p not in seated:
        await query.answer(t("common.stale_button"), show_alert=True)
        return
    builder = InlineKeyboardBuilder()
    for kind in KINDS:
        data = SwPenaltyCb(t=cb.t, r=cb.r, n=cb.n, p=cb.p, k=kind)
        builder.button(text=t(f"penalties.kind_{kind}"), callback_data=data)
    builder.adjust(2)
    name = seated[cb.p].display_name
    await query.answer()
    await message.edit_text(t("penalties.ask_kind", name=name), reply_markup=builder.as_markup())


@routes.callback_query(SwPenaltyCb.filter(F.k != ""))
async def ask_reason(
    query: CallbackQuery,
    callback_data: SwPenaltyCb,
    t: Tr,
    swiss: SwissService,
    state: FSMContext,
) -> None:
    """The kind chosen: the reason, the judge's next message."""
    if (message := await organiser_press(query, t)) is None:
        return
    if not await in_private(query, t, swiss, callback_data):
        return
    cb = callback_data
    seated = {p.id: p for p in await swiss.table_players(cb.t, cb.r, cb.n)}
    kind = penalty_kind(cb.k)
    if cb.p not in seated or kind is None:
        await query.answer(t("common.stale_button"), show_alert=True)
        return
    await state.set_state(PenaltyReason.reason)
    await state.set_data({"t": cb.t, "p": cb.p, "k": kind.value})
    await query.answer()
    await message.edit_reply_markup(reply_markup=None)
    label = t(f"penalties.kind_{kind.value}")
    await message.answer(t("penalties.ask_reason", kind=label, name=seated[cb.p].display_name))


@routes.message(StateFilter(PenaltyReason.reason), F.text, ~F.text.startswith("/"))
async def got_reason(
    message: Message,
    t: Tr,
    state: FSMContext,
    swiss: SwissService,
    roles: Roles,
    directory: Directory,
) -> None:
    """The reason: the judge's role checked again (he may have lost it meanwhile), then given."""
    assert message.text is not None
    try:
        reason = validation.note(message.text)
    except Invalid:
        reason = ""
    if not reason:
        await ask_again(message, t("penalties.reason_bad"))
        return
    data = await state.get_data()
    await state.clear()
    tournament = await directory.by_id(int(data["t"]))
    if tournament is None:
        await message.reply(t("common.stale_button"))
        return
    if (who := await permitted(message, roles, tournament, Role.JUDGE, t)) is None:
        return
    kind = PenaltyKind(data["k"])
    await give(message, t, swiss, tournament.id, int(data["p"]), kind, reason, who)
