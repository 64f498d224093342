"""/start (with deep links), /help and /cancel."""

from __future__ import annotations

from aiogram import F
from aiogram.dispatcher.event.bases import SkipHandler
from aiogram.filters import Command, CommandObject, CommandStart, StateFilter
from aiogram.fsm.context import FSMContext
from aiogram.types import Message, ReplyKeyboardRemove

import handlers.report as report
from bot.commands import help_text, helped
from bot.directory import Directory
from bot.registry import Registry
from bot.results import ResultFlow
from bot.results.notices import ResultNotices
from bot.roles import Roles
from bot.texts import Tr
from handlers.routes import Routes

routes = Routes(__name__)


@routes.message(CommandStart(deep_link=True), F.chat.type == "private")
async def start_deep_link(
    message: Message,
    command: CommandObject,
    state: FSMContext,
    t: Tr,
    registry: Registry,
    flow: ResultFlow,
    notices: ResultNotices,
) -> None:
    from handlers.registration import begin_registration

    if command.args == "register":
        await begin_registration(message, state, t, registry)
        return
    if command.args == report.LINK:  # the link of a group's /report answer
        await report.show_games(message, t, flow, registry, notices)
        return
    raise SkipHandler  # t-<id> links belong to the tournament routers; the rest: fallback


@routes.message(CommandStart(deep_link=False), F.chat.type == "private")
async def start(message: Message, t: Tr, registry: Registry) -> None:
    assert message.from_user is not None
    player = await registry.player_of(message.from_user.id)
    if player is None or not player.registered:
        await message.answer(t("start.welcome_new"))
    else:
        await message.answer(t("start.welcome_back", name=player.spoken_name, club_id=player.id))


@routes.message(Command("help"))
async def help_command(message: Message, t: Tr, roles: Roles, directory: Directory) -> None:
    """What the person may do in this chat (``bot.commands``: the same lists as the menus)."""
    assert message.from_user is not None
    who = await helped(roles, directory, message.from_user.id, message.chat.id)
    await message.answer(help_text(t.texts, t.lang, who))


@routes.message(Command("cancel"), ~StateFilter(None))
async def cancel(message: Message, state: FSMContext, t: Tr) -> None:
    """Leave any wizard. Without a wizard, /cancel is the organiser's "cancel the tournament",
    handled by the tournament routers."""
    await state.clear()
    await message.answer(t("common.cancelled"), reply_markup=ReplyKeyboardRemove())
