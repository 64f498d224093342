"""The one role check of a command about a tournament (a button's is ``bot.access``)."""

from __future__ import annotations

from aiogram.types import Message

from bot.roles import Role, Roles
from bot.texts import Tr
from db.tournaments import Tournament


async def permitted(
    message: Message, roles: Roles, tournament: Tournament, need: Role, t: Tr
) -> int | None:
    """The sender's Telegram id when he has the role ``need`` for this tournament and writes
    where it is played (``Roles.refusal``); else he is told why not, and ``None``."""
    assert message.from_user is not None
    user_id = message.from_user.id
    key = await roles.refusal(user_id, need, tournament, where=message.chat.id)
    if key is None:
        return user_id
    await message.reply(t(key))
    return None
