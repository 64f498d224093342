"""The Arena's commands and buttons: ``/challenge @player`` and the answer, the format of a
game, a judge's approvals (an entry, a result, an excuse), the week's choice to leave,
``/arena`` (the group's standings and map; privately, the player's own view), ``/void`` and
``/disqualify``, and the shared commands (``/join`` asks a judge, ``/add`` is a judge's entry,
``/result`` a judge's record)."""

from __future__ import annotations

from typing import Any

from aiogram.dispatcher.event.bases import SkipHandler
from aiogram.filters import Command, CommandObject, Filter
from aiogram.types import BufferedInputFile, CallbackQuery, InlineKeyboardMarkup, Message
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.arena import ArenaService
from bot.arena.buttons import (
    ArAnswerCb,
    ArApproveCb,
    ArChallengeCb,
    ArChoiceCb,
    ArEnterCb,
    ArExcuseCb,
    ArFormatCb,
)
from bot.arena.core import KIND
from bot.deadlines import committed
from bot.directory import Directory, id_argument
from bot.registry import Registry
from bot.roles import Role, Roles
from bot.texts import Tr
from db.models import Player
from db.tournaments import Tournament
from handlers.arena.wizard import routes as wizard_routes
from handlers.guard import permitted
from handlers.kind import Call, KindCommands, Own
from handlers.routes import Routes
from rules.arena import FORMATS

routes = Routes(__name__)
routes.include(wizard_routes)


class OpenArena(Filter):
    """The open Arena the command means (by kind: an evening tournament open in the same group
    does not hide it, ``KindSpec.lasts_weeks``), given to the handler as ``tournament``."""

    async def __call__(self, message: Message, directory: Directory) -> bool | dict[str, Any]:
        if message.from_user is None:
            return False
        found = await directory.current(message.chat.id, message.from_user.id, kind=KIND)
        return False if found is None else {"tournament": found}


ARENA = OpenArena()


async def named(
    message: Message, words: list[str], arena: ArenaService, registry: Registry
) -> Player | None:
    """The player a command names: the author of the replied-to message, else ``@username``
    (someone the bot has seen) or a club id."""
    replied = message.reply_to_message
    user = replied.from_user if replied is not None else None
    if user is not None and not user.is_bot:
        return await registry.ensure_player(user.id, user.first_name, user.last_name)
    return await arena.find_player(words[0]) if words else None


async def me(user: Any, registry: Registry) -> Player:
    return await registry.ensure_player(user.id, user.first_name, user.last_name)


@routes.message(Command("challenge"), ARENA)
async def challenge(
    message: Message,
    command: CommandObject,
    t: Tr,
    tournament: Tournament,
    arena: ArenaService,
    registry: Registry,
) -> None:
    """``/challenge @player``: he gets «Accept» / «Refuse» privately."""
    assert message.from_user is not None
    other = await named(message, (command.args or "").split(), arena, registry)
    if other is None:
        await message.reply(t("arena.challenge_usage"))
        return
    challenger = await me(message.from_user, registry)
    name, after = await arena.challenge(tournament.id, challenger.id, other.id)
    await message.reply(t("arena.challenge_sent", name=name))
    await committed(after)


@routes.callback_query(ArAnswerCb.filter())
async def answer(
    query: CallbackQuery, callback_data: ArAnswerCb, t: Tr, arena: ArenaService, registry: Registry
) -> None:
    player = await me(query.from_user, registry)
    after = await arena.answer(callback_data.t, callback_data.n, player.id, callback_data.ok)
    said = t("arena.you_accepted" if callback_data.ok else "arena.you_refused", id=callback_data.n)
    await query.answer(said)
    if isinstance(query.message, Message):
        await query.message.edit_text(said)
    await committed(after)


@routes.callback_query(ArChallengeCb.filter())
async def challenge_button(
    query: CallbackQuery,
    callback_data: ArChallengeCb,
    t: Tr,
    arena: ArenaService,
    registry: Registry,
) -> None:
    """A button on a player's line of ``/arena``: the same as ``/challenge`` him."""
    player = await me(query.from_user, registry)
    name, after = await arena.challenge(callback_data.t, player.id, callback_data.p)
    await query.answer(t("arena.challenge_sent", name=name))
    await committed(after)


@routes.callback_query(ArFormatCb.filter())
async def name_format(
    query: CallbackQuery, callback_data: ArFormatCb, t: Tr, arena: ArenaService, registry: Registry
) -> None:
    player = await me(query.from_user, registry)
    await arena.name_format(callback_data.t, callback_data.n, player.id, callback_data.f)
    await query.answer(t("arena.format_named", format=t(f"arena.format_{callback_data.f}")))


@routes.callback_query(ArEnterCb.filter())
async def approve_entry(
    query: CallbackQuery, callback_data: ArEnterCb, t: Tr, arena: ArenaService
) -> None:
    if not callback_data.ok:
        name, told = await arena.decline_entry(callback_data.t, callback_data.p, query.from_user.id)
        await query.answer(t("arena.entry_declined", name=name))
        if isinstance(query.message, Message):
            await query.message.edit_text(t("arena.entry_declined", name=name))
        await committed(told)
        return
    name, after = await arena.enter(callback_data.t, callback_data.p, query.from_user.id)
    await query.answer(t("arena.entry_done", name=name))
    if isinstance(query.message, Message):
        await query.message.edit_text(t("arena.entry_done", name=name))
    await committed(after)


@routes.callback_query(ArApproveCb.filter())
async def approve_result(
    query: CallbackQuery, callback_data: ArApproveCb, t: Tr, arena: ArenaService
) -> None:
    after = await arena.approve(callback_data.t, callback_data.n, query.from_user.id)
    await query.answer(t("arena.approved", id=callback_data.n))
    if isinstance(query.message, Message):
        await query.message.edit_reply_markup(reply_markup=None)
    await committed(after)


@routes.callback_query(ArExcuseCb.filter())
async def excuse(
    query: CallbackQuery, callback_data: ArExcuseCb, t: Tr, arena: ArenaService
) -> None:
    name = await arena.excuse(callback_data.t, callback_data.p, callback_data.d, query.from_user.id)
    await query.answer(t("arena.excused", name=name), show_alert=True)
    message = query.message
    if isinstance(message, Message) and message.reply_markup is not None:
        # the day's post keeps the buttons of the others' refusals, not this one's
        rows = [
            [button for button in row if button.callback_data != query.data]
            for row in message.reply_markup.inline_keyboard
        ]
        kept = InlineKeyboardMarkup(inline_keyboard=[row for row in rows if row])
        await message.edit_reply_markup(reply_markup=kept if kept.inline_keyboard else None)


@routes.callback_query(ArChoiceCb.filter())
async def choose(
    query: CallbackQuery, callback_data: ArChoiceCb, t: Tr, arena: ArenaService, registry: Registry
) -> None:
    player = await me(query.from_user, registry)
    after = await arena.choose(callback_data.t, callback_data.w, player.id, callback_data.leave)
    said = t("arena.you_left" if callback_data.leave else "arena.you_stay")
    await query.answer(said)
    if isinstance(query.message, Message):
        await query.message.edit_text(said)
    await committed(after)


@routes.message(Command("arena"), ARENA)
async def show(
    message: Message, t: Tr, tournament: Tournament, arena: ArenaService, registry: Registry
) -> None:
    """In the group: the standings and the map; privately: the player's own view."""
    assert message.from_user is not None
    if message.chat.type == "private":
        player = await me(message.from_user, registry)
        builder = InlineKeyboardBuilder()
        for other, name in await arena.may_challenge(tournament.id, player.id):
            label = t.texts.plain(t.lang, "arena.btn_challenge", name=name)
            builder.button(text=label, callback_data=ArChallengeCb(t=tournament.id, p=other))
        builder.adjust(2)
        text = await arena.mine(tournament.id, player.id, t.lang)
        await message.answer(text, reply_markup=builder.as_markup())
        return
    await message.answer(await arena.standings(tournament.id, t.lang))
    png, caption = await arena.map_png(tournament.id, t.lang)
    await message.answer_photo(BufferedInputFile(png, filename="laar.png"), caption=caption)


@routes.message(Command("void", "disqualify"), ARENA)
async def judge_command(
    message: Message,
    command: CommandObject,
    t: Tr,
    tournament: Tournament,
    arena: ArenaService,
    registry: Registry,
    roles: Roles,
) -> None:
    """``/void <challenge>`` (a falsified result) and ``/disqualify @player`` (605.6)."""
    judge = await permitted(message, roles, tournament, Role.JUDGE, t)
    if judge is None:
        return
    words = (command.args or "").split()
    if command.command == "void":
        if not words or not words[0].isdigit():
            await message.reply(t("arena.void_usage"))
            return
        after = await arena.void(tournament.id, int(words[0]), judge)
        await committed(after)
        return
    player = await named(message, words, arena, registry)
    if player is None:
        await message.reply(t("arena.disqualify_usage"))
        return
    await committed(await arena.disqualify(tournament.id, player.id, judge))


@routes.message(Command("export"))
async def export(
    message: Message, command: CommandObject, t: Tr, arena: ArenaService, roles: Roles
) -> None:
    """An Arena's places and games as a CSV file (finished ones too: ``/export <id>``), into
    its own group or the judge's private chat only."""
    tournament = await arena.export_target(message.chat.id, id_argument(command.args))
    if tournament is None:
        raise SkipHandler
    if await permitted(message, roles, tournament, Role.JUDGE, t) is None:
        return
    assert message.from_user is not None
    if message.chat.id not in (tournament.chat_id, message.from_user.id):
        await message.reply(t("swiss.export_where"))
        return
    content = (await arena.export_csv(tournament.id)).encode("utf-8-sig")
    document = BufferedInputFile(content, filename=f"arena-{tournament.id}.csv")
    await message.answer_document(
        document, caption=t("arena.export_title", tournament=tournament.name)
    )


async def join(call: Call, arena: ArenaService) -> None:
    """A player asks to enter: a judge approves (605.6)."""
    user = call.message.from_user
    assert user is not None
    player = await me(user, call.registry)
    after = await arena.ask_entry(call.tournament.id, player.id)
    await call.message.reply(call.t("arena.entry_sent"))
    await committed(after)


async def add(call: Call, arena: ArenaService) -> None:
    """A judge enters a player himself: ``/add @player``."""
    player = await named(call.message, call.words, arena, call.registry)
    if player is None:
        await call.message.reply(call.t("arena.add_usage"))
        return
    name, after = await arena.enter(call.tournament.id, player.id, call.actor)
    await call.message.reply(call.t("arena.entry_done", name=name))
    await committed(after)


async def result(call: Call, arena: ArenaService) -> None:
    """``/result <challenge> a|b|draw [format]``: a judge's record, counted at once."""
    words = call.words
    if len(words) < 2 or not words[0].isdigit():
        await call.message.reply(call.t("arena.result_usage"))
        return
    fmt = words[2] if len(words) > 2 else "other"
    if fmt not in FORMATS:
        await call.message.reply(call.t("arena.result_usage"))
        return
    after = await arena.judge_result(
        call.tournament.id, int(words[0]), words[1].lower(), fmt, call.actor
    )
    await call.message.reply(call.t("arena.result_done"))
    await committed(after)


async def begin(call: Call, arena: ArenaService) -> None:
    await call.message.reply(call.t("arena.begin_by_date"))


async def cancel(call: Call, arena: ArenaService) -> None:
    await committed(await arena.cancel(call.tournament.id, call.actor))


async def extend(call: Call, arena: ArenaService) -> None:
    await call.message.reply(call.t("arena.no_extend"))


async def finish(call: Call, arena: ArenaService) -> None:
    await committed(await arena.finish(call.tournament.id, call.actor))


async def standings(call: Call, arena: ArenaService) -> None:
    await call.message.answer(await arena.standings(call.tournament.id, call.t.lang))


async def log(call: Call, arena: ArenaService) -> None:
    await call.message.answer(await arena.log_text(call.tournament.id, call.t.lang))


commands = KindCommands(
    ArenaService,
    {
        "add": Own(Role.JUDGE, add),
        "begin": Own(Role.ORGANISER, begin),
        "cancel": Own(Role.ORGANISER, cancel),
        "extend": Own(Role.JUDGE, extend),
        "finish": Own(Role.ORGANISER, finish),
        "join": Own(None, join),
        "log": Own(Role.JUDGE, log),
        "pairings": Own(None, standings),
        "queue": Own(None, standings),
        "result": Own(Role.JUDGE, result),
        "standings": Own(None, standings),
    },
)
