"""Small helpers of the King-of-the-Hill handlers: the role check and the command's words."""

from __future__ import annotations

from aiogram.filters import CommandObject
from aiogram.types import Message

from bot.roles import Role, Roles
from bot.texts import Tr
from db.tournaments import Tournament


async def allowed(message: Message, roles: Roles, tournament: Tournament, need: Role) -> bool:
    """The sender has the role ``need`` for this tournament (checked on the server, always)."""
    assert message.from_user is not None
    return await roles.can(
        message.from_user.id, need, chat_id=tournament.chat_id, tournament_id=tournament.id
    )


def args_of(command: CommandObject) -> list[str]:
    return (command.args or "").split()


async def refused(
    message: Message, roles: Roles, tournament: Tournament, need: Role, t: Tr
) -> bool:
    """True, and the sender told so, when he lacks the role ``need`` for this tournament."""
    if await allowed(message, roles, tournament, need):
        return False
    key = "common.organisers_only" if need is Role.ORGANISER else "common.not_allowed"
    await message.reply(t(key))
    return True
