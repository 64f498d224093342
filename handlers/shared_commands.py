"""The commands every kind of tournament has (``handlers.kind.SHARED``), written once: which
tournament the command means, whether the sender may do it, then the kind's own step
(``KindCommands`` in the kind's handlers module, ``KindSpec.handlers``)."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import cache

from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.kind import KindService
from bot.kinds import KINDS
from bot.registry import Registry
from bot.roles import Roles
from bot.texts import Tr
from db.tournaments import Tournament
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
    await own.run(call, kinds[tournament.kind])
