"""Small helpers of the King-of-the-Hill handlers: the role check and the command's words."""

from __future__ import annotations

from aiogram.filters import CommandObject
from aiogram.types import Message

from bot.roles import Role, Roles
from bot.texts import Tr
from db.tournaments import Tournament


def args_of(command: CommandObject) -> list[str]:
    return (command.args or "").split()


async def refused(
    message: Message, roles: Roles, tournament: Tournament, need: Role, t: Tr
) -> bool:
    """True, and the sender told so, when he lacks the role ``need`` for this tournament, or
    writes in another group (``Roles.refusal``, the one check)."""
    assert message.from_user is not None
    key = await roles.refusal(message.from_user.id, need, tournament, where=message.chat.id)
    if key is None:
        return False
    await message.reply(t(key))
    return True
