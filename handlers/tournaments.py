"""Commands common to every tournament: /new (the discipline), /judge, /tournaments."""

from __future__ import annotations

from datetime import tzinfo

from aiogram import F
from aiogram.filters import Command, CommandObject
from aiogram.types import Message
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot import numbers
from bot.ahead import Ahead, starts_of
from bot.buttons import NewCb
from bot.directory import Directory
from bot.judges import Judges
from bot.kinds import BY_NAME, KINDS
from bot.roles import Role, Roles
from bot.settings import Settings
from bot.texts import Tr
from db.tournaments import Tournament
from handlers.routes import Routes
from rules.card_games import CardGame, game_of

routes = Routes(__name__)


@routes.message(Command("new"), F.chat.type == "private")
async def new_in_private(message: Message, t: Tr) -> None:
    await message.answer(t("tournament.new_in_group"))


@routes.message(Command("new"))
async def new(message: Message, command: CommandObject, t: Tr, roles: Roles, ahead: Ahead) -> None:
    """``/new``; ``/new завтра 19:00``: the tournament its wizard creates is announced for
    that start (``bot.ahead``; a start not ahead is refused before the wizard)."""
    assert message.from_user is not None
    if not await roles.can(message.from_user.id, Role.ORGANISER, chat_id=message.chat.id):
        await message.reply(t("common.organisers_only"))
        return
    question = t("tournament.choose_kind")
    starts = await ahead.expected.expect(message.chat.id, message.from_user.id, command.args)
    if starts is not None:
        question += "\n" + t("ahead.new_starts", **ahead.when_values(t, starts))
    builder = InlineKeyboardBuilder()
    for spec in KINDS:
        builder.button(text=t(spec.title), callback_data=NewCb(discipline=spec.new_button))
    builder.adjust(1)
    # a reply to his /new: the first question can then reply to it (``handlers.prompts``)
    await message.reply(question, reply_markup=builder.as_markup())


@routes.message(Command("judge"))
async def judge(
    message: Message,
    command: CommandObject,
    t: Tr,
    roles: Roles,
    directory: Directory,
    judges: Judges,
) -> None:
    """Appoint a judge: reply to his message with /judge, or /judge <telegram id or @name>."""
    assert message.from_user is not None
    tournament = await directory.current(message.chat.id, message.from_user.id)
    if tournament is None:
        await message.reply(t("tournament.none_open"))
        return
    need = BY_NAME[tournament.kind].appoints_judges
    refusal = await roles.refusal(message.from_user.id, need, tournament, where=message.chat.id)
    if refusal is not None:
        await message.reply(t(refusal))
        return
    target = None
    if message.reply_to_message is not None and message.reply_to_message.from_user is not None:
        target = message.reply_to_message.from_user.id
    elif command.args:
        arg = command.args.split()[0]
        if numbers.is_whole(arg):
            target = numbers.whole(arg, numbers.TELEGRAM_ID)
        else:
            target = await judges.user_named(arg)
    if target is None:
        await message.reply(t("tournament.judge_usage"))
        return
    await judges.appoint(tournament, target, message.from_user.id)
    name = await judges.name_of(target)
    await message.reply(t("tournament.judge_added", tournament=tournament.name, judge=name))


@routes.message(Command("tournaments"))
async def list_open(message: Message, t: Tr, directory: Directory, settings: Settings) -> None:
    found = await directory.open_tournaments()
    if not found:
        await message.answer(t("tournament.none_open"))
        return
    lines = [t("tournament.list_title")]
    for item in found:
        lines.append(
            t(
                "tournament.list_line",
                id=item.id,
                name=item.name,
                kind=kind_name(t, item.kind, item.discipline),
                status=t(f"tournament.status_{item.status}"),
            )
            + starts_text(t, item, settings.zone)
        )
    await message.answer("\n".join(lines))


def starts_text(t: Tr, tournament: Tournament, zone: tzinfo) -> str:
    """«, начало 01.12.2026 в 19:00» of one announced ahead and not begun (``bot.ahead``)."""
    starts = starts_of(tournament)
    if starts is None or tournament.status != "registration":
        return ""
    local = starts.astimezone(zone)
    return t("ahead.list_starts", day=local.strftime("%d.%m.%Y"), time=local.strftime("%H:%M"))


def kind_name(t: Tr, kind: str, discipline: str) -> str:
    """A Heroes tournament is listed as such (``rules.card_games``); the rest by their kind."""
    title = BY_NAME[kind].title
    return t(f"{title}_heroes" if game_of(discipline) is CardGame.HEROES else title)
