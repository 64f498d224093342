"""The commands every kind of tournament has (``handlers.kind.SHARED``), written once: which
tournament the command means, whether the sender may do it, then the kind's own step
(``KindCommands`` in the kind's handlers module, ``KindSpec.handlers``)."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import cache

from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message

from bot.ahead import Ahead
from bot.buttons import AheadBeginCb
from bot.directory import Directory
from bot.kind import KindService
from bot.kinds import KINDS
from bot.registry import Registry
from bot.roles import Roles
from bot.texts import Tr
from db.tournaments import Tournament
from handlers.ahead import ask_before_begin
from handlers.filters import CommandTournament
from handlers.guard import permitted
from handlers.kind import SHARED, Call, KindCommands
from handlers.routes import Routes

routes = Routes(__name__)


@cache
def commands_of(kind: str) -> KindCommands[object]:
    """The kind's answers to the shared commands (its handlers module's ``commands``)."""
    spec = next(spec for spec in KINDS if spec.name == kind)
    found = importlib.import_module(spec.handlers).commands
    if not isinstance(found, KindCommands):
        raise TypeError(f"{spec.handlers}.commands is not KindCommands")
    return found


@routes.message(Command(*SHARED), CommandTournament(SHARED))
async def shared_command(
    message: Message,
    command: CommandObject,
    tournament: Tournament,
    t: Tr,
    roles: Roles,
    registry: Registry,
    kinds: Mapping[str, KindService],
    ahead: Ahead,
) -> None:
    assert message.from_user is not None
    own = commands_of(tournament.kind)
    need = own.need(command.command)
    if need is None:
        actor: int | None = message.from_user.id
    else:
        actor = await permitted(message, roles, tournament, need, t)
    if actor is None:
        return
    call = Call(message, command.command, command.args or "", tournament, actor, t, registry)
    if command.command == "begin" and not await ask_before_begin(call, ahead):
        return  # the check-in's question first (``handlers.ahead``)
    await own.run(call, kinds[tournament.kind])


@routes.callback_query(AheadBeginCb.filter())
async def begin_pressed(
    query: CallbackQuery,
    callback_data: AheadBeginCb,
    t: Tr,
    registry: Registry,
    directory: Directory,
    kinds: Mapping[str, KindService],
    ahead: Ahead,
) -> None:
    """«Начать» of a tournament announced ahead (its organiser's, ``bot.access``): the kind's
    own ``/begin``, as if he typed it under the message (``e`` = 1: with everyone, the
    check-in's question skipped)."""
    message = query.message
    tournament = await directory.by_id(callback_data.t)
    if not isinstance(message, Message) or tournament is None:
        await query.answer(t("common.stale_button"), show_alert=True)
        return
    if tournament.status != "registration":
        await query.answer(t("ahead.begun"), show_alert=True)
        await message.edit_reply_markup(reply_markup=None)
        return
    call = Call(message, "begin", "", tournament, query.from_user.id, t, registry)
    if callback_data.e or await ask_before_begin(call, ahead):
        # a refusal (too few players …) is the error router's answer to the press
        await commands_of(tournament.kind).run(call, kinds[tournament.kind])
        await message.edit_reply_markup(reply_markup=None)
    await query.answer()
