"""``/privileged`` and ``/invite``: the organiser names a semi-closed tournament's privileged
players (auto-wins in its first rounds, 402) and a closed tournament's guests (403).

The player is named as for ``/add``: a reply to his message, ``@username`` or his club id.
"""

from __future__ import annotations

from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.registry import Registry
from bot.roles import Role, Roles
from bot.swiss import SwissService
from bot.swiss.settings import card
from bot.texts import Tr
from db.models import Player
from db.tournaments import Tournament
from handlers.filters import CurrentTournament
from handlers.guard import permitted
from handlers.routes import Routes
from handlers.swiss.guard import named_player

routes = Routes(__name__)
SWISS = CurrentTournament("swiss")


async def name_admitted(
    message: Message,
    command: CommandObject,
    t: Tr,
    context: tuple[Tournament, SwissService, Registry, Roles],
    action: str,
) -> tuple[Player, str] | None:
    """The organiser's check and the named player of ``/privileged`` or ``/invite``, with the
    service's answer (its status); the usage reply when no player is named."""
    tournament, swiss, registry, roles = context
    if (who := await permitted(message, roles, tournament, Role.ORGANISER, t)) is None:
        return None
    words = (command.args or "").split()
    player = await named_player(message, words[0] if len(words) == 1 else None, swiss, registry)
    if player is None:
        await message.reply(t(f"swiss.{action}_usage"))
        return None
    admit = swiss.privilege if action == "privileged" else swiss.invite
    return player, await admit(tournament.id, player.id, who)


@routes.message(Command("privileged"), SWISS)
async def privileged(
    message: Message,
    command: CommandObject,
    t: Tr,
    tournament: Tournament,
    swiss: SwissService,
    registry: Registry,
    roles: Roles,
) -> None:
    context = (tournament, swiss, registry, roles)
    if (named := await name_admitted(message, command, t, context, "privileged")) is None:
        return
    player, status = named
    rounds = card(tournament).auto_rounds
    await message.reply(t(f"swiss.privileged_{status}", name=player.display_name, rounds=rounds))


@routes.message(Command("invite"), SWISS)
async def invite(
    message: Message,
    command: CommandObject,
    t: Tr,
    tournament: Tournament,
    swiss: SwissService,
    registry: Registry,
    roles: Roles,
) -> None:
    context = (tournament, swiss, registry, roles)
    if (named := await name_admitted(message, command, t, context, "invite")) is None:
        return
    player, status = named
    await message.reply(t(f"swiss.invite_{status}", name=player.display_name))
