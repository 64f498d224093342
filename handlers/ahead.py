"""A tournament announced ahead and its check-in, in the chat (``bot.ahead``): the organiser's
``/when``, the players' «Я на месте», the «take off those not here» tap, and the check-in's
question before a ``/begin`` (``ask_before_begin``; the begin itself, by the command or by
«Начать», is ``handlers.shared_commands``).

``/when 12.12 19:00`` (also ``завтра 19:00``, ``пт 19:00`` …: ``rules.ahead``) gives the open
tournament its start and announces it; ``/when`` alone says when it starts; ``/when checkin
off`` (``отметка нет``) and ``on`` (``да``) turn the check-in off or on. ``/here`` is the
check-in by command.
"""

from __future__ import annotations

from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, InlineKeyboardMarkup, Message
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.ahead import Ahead, checks_in, starts_of
from bot.buttons import AheadBeginCb, AheadDropCb, HereCb
from bot.directory import Directory
from bot.roles import Role, Roles
from bot.texts import Tr
from db.tournaments import Tournament
from handlers.filters import OpenTournament
from handlers.guard import permitted
from handlers.kind import Call
from handlers.prompts import settle
from handlers.routes import Routes
from rules.ahead import CHECK_IN_BEFORE

routes = Routes(__name__)

CHECK_IN_WORDS = frozenset({"checkin", "check-in", "отметка"})
ON = frozenset({"on", "yes", "да", "вкл"})
OFF = frozenset({"off", "no", "нет", "выкл"})


@routes.message(Command("when"), OpenTournament())
async def when(
    message: Message,
    command: CommandObject,
    tournament: Tournament,
    t: Tr,
    roles: Roles,
    ahead: Ahead,
) -> None:
    if (actor := await permitted(message, roles, tournament, Role.ORGANISER, t)) is None:
        return
    words = (command.args or "").lower().split()
    if not words:
        await message.reply(when_text(t, ahead, tournament))
        return
    if words[0] in CHECK_IN_WORDS:
        if len(words) != 2 or words[1] not in ON | OFF:
            await message.reply(t("ahead.when_usage"))
            return
        on = words[1] in ON
        await ahead.set_check_in(tournament.id, on)
        await message.reply(t("ahead.check_in_on" if on else "ahead.check_in_off"))
        return
    # the announcement in the group is the answer (a refusal: the error router's)
    await ahead.announce(tournament.id, command.args or "", actor)


def when_text(t: Tr, ahead: Ahead, tournament: Tournament) -> str:
    starts = starts_of(tournament)
    if starts is None:
        return t("ahead.when_usage")
    local = starts.astimezone(ahead.infra.settings.zone)
    day, time = local.strftime("%d.%m.%Y"), local.strftime("%H:%M")
    said = t("ahead.when_now", tournament=tournament.name, day=day, time=time)
    return said + "\n" + t("ahead.check_in_on" if checks_in(tournament) else "ahead.check_in_off")


@routes.callback_query(HereCb.filter())
async def here(query: CallbackQuery, callback_data: HereCb, t: Tr, ahead: Ahead) -> None:
    status, tournament = await ahead.check_ins.check_in(callback_data.t, query.from_user.id)
    text = t(f"ahead.here_{status}", tournament=tournament.name)
    if status == "not_in":
        await query.answer(text, show_alert=True)
        return
    await query.answer()
    await settle(query, text)


@routes.message(Command("here"))
async def here_command(message: Message, t: Tr, ahead: Ahead, directory: Directory) -> None:
    """``/here``: the check-in by command (a player who joined after the button went out, or
    lost it): in a group, to its open tournament; privately, to each of his with an open
    check-in."""
    assert message.from_user is not None
    user, chat = message.from_user.id, message.chat.id
    current = await directory.current(chat, user) if chat < 0 else None
    said = await ahead.check_ins.check_in_by_command(user, chat, current)
    if not said:
        await message.reply(t("ahead.here_none"))
        return
    lines = []
    for status, tournament in said:
        opens = starts_of(tournament)
        values: dict[str, object] = {"tournament": tournament.name}
        if status == "not_yet" and opens is not None:
            moment = opens - CHECK_IN_BEFORE
            values["time"] = moment.astimezone(ahead.infra.settings.zone).strftime("%H:%M")
        lines.append(t(f"ahead.here_{status}", **values))
    await message.reply("\n".join(lines))


async def ask_before_begin(call: Call, ahead: Ahead) -> bool:
    """Whether the begin may go on: with the check-in on and open, those registered who did
    not check in are listed with the organiser's two taps, and it waits for one of them."""
    missing = await ahead.check_ins.absent(call.tournament)
    if not missing:
        return True
    t, tid = call.t, call.tournament.id
    names = ", ".join(name for _, name in missing)
    text = t("ahead.absent", count=len(missing), names=names, tournament=call.tournament.name)
    droppable = ahead.check_ins.can_withdraw(call.tournament)
    if not droppable:
        text += "\n" + t("ahead.no_withdraw")
    await call.message.reply(text, reply_markup=absent_keyboard(t, tid, len(missing), droppable))
    return False


def absent_keyboard(t: Tr, tid: int, count: int, droppable: bool) -> InlineKeyboardMarkup:
    builder = InlineKeyboardBuilder()
    if droppable:
        builder.button(text=t("ahead.btn_drop", count=count), callback_data=AheadDropCb(t=tid))
    builder.button(text=t("ahead.btn_begin_all"), callback_data=AheadBeginCb(t=tid, e=1))
    builder.adjust(1)
    return builder.as_markup()


@routes.callback_query(AheadDropCb.filter())
async def drop_absent(
    query: CallbackQuery, callback_data: AheadDropCb, t: Tr, ahead: Ahead
) -> None:
    names = await ahead.check_ins.withdraw_absent(callback_data.t, query.from_user.id)
    await query.answer()
    if not isinstance(query.message, Message):
        return
    builder = InlineKeyboardBuilder()
    builder.button(text=t("ahead.btn_begin"), callback_data=AheadBeginCb(t=callback_data.t))
    text = t("ahead.withdrawn", count=len(names), names=", ".join(names))
    await query.message.edit_text(text, reply_markup=builder.as_markup())
