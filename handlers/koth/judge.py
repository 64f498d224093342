"""King of the Hill: the judge's commands (/void, /result, /eliminate, /reinstate, /finish,
/extend, /log), the eliminated player's Stay/Leave answer, and the organiser's /cancel."""

from __future__ import annotations

from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot import formats, numbers
from bot.errors import UserError
from bot.koth import KothService
from bot.koth.buttons import KothCancelCb, KothStayCb
from bot.registry import Registry
from bot.roles import Role, Roles
from bot.sender import Sender
from bot.texts import Tr
from db.tournaments import Tournament
from handlers.filters import CurrentTournament
from handlers.guard import permitted
from handlers.kind import Call
from handlers.results import settle_prompt
from handlers.routes import Routes

routes = Routes(__name__)

#: Command → the stored event it makes (``/result`` and ``/finish`` come as shared commands:
#: ``handlers.kind``).
JUDGE_ACTIONS = {
    "void": "void",
    "result": "correct",
    "eliminate": "eliminate",
    "reinstate": "reinstate",
    "finish": "declare",
}
OWN_COMMANDS = ("void", "eliminate", "reinstate")


@routes.message(Command(*OWN_COMMANDS), CurrentTournament("koth"))
async def judge_action(
    message: Message,
    command: CommandObject,
    tournament: Tournament,
    t: Tr,
    roles: Roles,
    koth: KothService,
    registry: Registry,
) -> None:
    if (who := await permitted(message, roles, tournament, Role.JUDGE, t)) is None:
        return
    call = Call(message, command.command, command.args or "", tournament, who, t, registry)
    await judge_step(call, koth)


async def judge_step(call: Call, koth: KothService) -> None:
    """A judge's ruling by club ID (``/void`` may name none: the last game)."""
    action, args, t = JUDGE_ACTIONS[call.name], call.words, call.t
    arg = numbers.whole(args[0], numbers.CLUB_ID) if args and numbers.is_whole(args[0]) else None
    if action != "void" and arg is None:
        await call.message.reply(t(f"koth.usage_{action}"))
        return
    await koth.judging.act(call.tournament, call.actor, action, arg)
    await call.message.reply(t(f"koth.done_{action}"))


async def extend(call: Call, koth: KothService) -> None:
    args, t = call.words, call.t
    if len(args) != 1:
        await call.message.reply(t("koth.extend_usage"))
        return
    minutes = numbers.whole(args[0], numbers.KOTH_MINUTES)
    due = await koth.timers.extend(call.tournament, call.actor, minutes)
    local = formats.clock(due, koth.core.settings.zone)
    await call.message.reply(t("koth.extended", minutes=minutes, until=local))


async def log(call: Call, koth: KothService) -> None:
    await call.message.answer(await koth.judging.log_text(call.tournament.id, call.t.lang))


# --- the eliminated player's choice --------------------------------------------------------------


@routes.callback_query(KothStayCb.filter())
async def stay_or_leave(
    query: CallbackQuery,
    callback_data: KothStayCb,
    t: Tr,
    registry: Registry,
    koth: KothService,
    sender: Sender,
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
            await settle_prompt(query, t, exc.key, sender)
        raise
    await query.answer(t("koth.left" if leave else "koth.staying"))
    message = query.message
    if isinstance(message, Message) and message.html_text:
        markup = koth.board.stay_markup(t.lang, callback_data.t, player.id, leave)
        await sender.edit(message.chat.id, message.message_id, message.html_text, markup)


# --- the organiser cancels the tournament --------------------------------------------------------


async def cancel(call: Call, koth: KothService) -> None:
    """/cancel with no wizard in progress (``handlers.common`` leaves a wizard first): ask the
    organiser to confirm with a button."""
    t, tournament = call.t, call.tournament
    builder = InlineKeyboardBuilder()
    builder.button(text=t("koth.cancel_yes"), callback_data=KothCancelCb(t=tournament.id, yes=True))
    builder.button(text=t("koth.cancel_no"), callback_data=KothCancelCb(t=tournament.id, yes=False))
    await call.message.reply(
        t("koth.cancel_ask", name=tournament.name), reply_markup=builder.as_markup()
    )


@routes.callback_query(KothCancelCb.filter())
async def cancel_answer(
    query: CallbackQuery, callback_data: KothCancelCb, t: Tr, koth: KothService, sender: Sender
) -> None:
    # The presser is an organiser of this tournament's group (``bot.access``).
    tournament = await koth.judging.cancellable(callback_data.t)
    if callback_data.yes:
        await koth.judging.cancel(tournament.id, query.from_user.id)
    note = "koth.cancel_done" if callback_data.yes else "koth.cancel_kept"
    await query.answer(t(note))
    await settle_prompt(query, t, note, sender)
