"""King of the Hill: the judge's commands (/void, /result, /eliminate, /reinstate, /finish,
/extend, /log), the eliminated player's Stay/Leave answer, and the organiser's /cancel."""

from __future__ import annotations

from aiogram.filters import Command, CommandObject, StateFilter
from aiogram.types import CallbackQuery, Message
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot import formats, numbers
from bot.errors import UserError
from bot.koth import KothService
from bot.koth.buttons import KothCancelCb, KothStayCb
from bot.registry import Registry
from bot.roles import Role, Roles
from bot.texts import Tr
from db.tournaments import Tournament
from handlers.filters import CurrentTournament
from handlers.koth.common import args_of, refused
from handlers.results import settle_prompt
from handlers.routes import Routes

routes = Routes(__name__)

#: Command → the stored event it makes.
JUDGE_ACTIONS = {
    "void": "void",
    "result": "correct",
    "eliminate": "eliminate",
    "reinstate": "reinstate",
    "finish": "declare",
}


@routes.message(Command(*JUDGE_ACTIONS), CurrentTournament("koth"))
async def judge_action(
    message: Message,
    command: CommandObject,
    tournament: Tournament,
    t: Tr,
    roles: Roles,
    koth: KothService,
) -> None:
    assert message.from_user is not None
    if await refused(message, roles, tournament, Role.JUDGE, t):
        return
    action = JUDGE_ACTIONS[command.command]
    args = args_of(command)
    arg = numbers.whole(args[0], numbers.CLUB_ID) if args and numbers.is_whole(args[0]) else None
    if action != "void" and arg is None:
        await message.reply(t(f"koth.usage_{action}"))
        return
    await koth.judging.act(tournament, message.from_user.id, action, arg)
    await message.reply(t(f"koth.done_{action}"))


@routes.message(Command("extend"), CurrentTournament("koth"))
async def extend(
    message: Message,
    command: CommandObject,
    tournament: Tournament,
    t: Tr,
    roles: Roles,
    koth: KothService,
) -> None:
    assert message.from_user is not None
    if await refused(message, roles, tournament, Role.JUDGE, t):
        return
    args = args_of(command)
    if len(args) != 1:
        await message.reply(t("koth.extend_usage"))
        return
    minutes = numbers.whole(args[0], numbers.KOTH_MINUTES)
    due = await koth.timers.extend(tournament, message.from_user.id, minutes)
    local = formats.clock(due, koth.core.settings.zone)
    await message.reply(t("koth.extended", minutes=minutes, until=local))


@routes.message(Command("log"), CurrentTournament("koth", by_id=True))
async def log(
    message: Message, tournament: Tournament, t: Tr, roles: Roles, koth: KothService, lang: str
) -> None:
    if await refused(message, roles, tournament, Role.JUDGE, t):
        return
    await message.answer(await koth.judging.log_text(tournament.id, lang))


# --- the eliminated player's choice --------------------------------------------------------------


@routes.callback_query(KothStayCb.filter())
async def stay_or_leave(
    query: CallbackQuery, callback_data: KothStayCb, t: Tr, registry: Registry, koth: KothService
) -> None:
    """The later choice wins (``Judging.choose``); the buttons then mark the current one."""
    player = await registry.player_of(query.from_user.id)
    if player is None or player.id != callback_data.p:
        await query.answer(t("koth.not_your_choice"), show_alert=True)
        return
    leave = callback_data.leave
    try:
        await koth.judging.choose(callback_data.t, player.id, leave=leave)
    except UserError as exc:
        if exc.key == "koth.stay_too_late":
            await settle_prompt(query, t, exc.key, koth.core.sender)
        raise
    await query.answer(t("koth.left" if leave else "koth.staying"))
    message = query.message
    if isinstance(message, Message) and message.html_text:
        markup = koth.board.stay_markup(t.lang, callback_data.t, player.id, leave)
        await koth.core.sender.edit(message.chat.id, message.message_id, message.html_text, markup)


# --- the organiser cancels the tournament --------------------------------------------------------


@routes.message(Command("cancel"), StateFilter(None), CurrentTournament("koth"))
async def cancel(
    message: Message, tournament: Tournament, t: Tr, roles: Roles, koth: KothService
) -> None:
    """/cancel with no wizard in progress: ask the organiser to confirm with a button."""
    if await refused(message, roles, tournament, Role.ORGANISER, t):
        return
    builder = InlineKeyboardBuilder()
    builder.button(text=t("koth.cancel_yes"), callback_data=KothCancelCb(t=tournament.id, yes=True))
    builder.button(text=t("koth.cancel_no"), callback_data=KothCancelCb(t=tournament.id, yes=False))
    await message.reply(
        t("koth.cancel_ask", name=tournament.name), reply_markup=builder.as_markup()
    )


@routes.callback_query(KothCancelCb.filter())
async def cancel_answer(
    query: CallbackQuery, callback_data: KothCancelCb, t: Tr, koth: KothService
) -> None:
    # The presser is an organiser of this tournament's group (``bot.access``).
    tournament = await koth.judging.cancellable(callback_data.t)
    if callback_data.yes:
        await koth.judging.cancel(tournament.id, query.from_user.id)
    note = "koth.cancel_done" if callback_data.yes else "koth.cancel_kept"
    await query.answer(t(note))
    await settle_prompt(query, t, note, koth.core.sender)
