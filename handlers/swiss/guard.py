"""What the Swiss handlers share: the pressed message and the player a command names. (The
role check of a command is ``handlers.guard``.)"""

from __future__ import annotations

from aiogram.types import CallbackQuery, Message, User

from bot.registry import Registry
from bot.swiss import SwissService
from bot.texts import Tr
from db.models import Player


async def organiser_press(query: CallbackQuery, t: Tr) -> Message | None:
    """The pressed message when it is still there; else an alert and ``None``. (Whether the
    presser is an organiser of the button's tournament was checked before: ``bot.access``.)"""
    message = query.message
    if not isinstance(message, Message):
        await query.answer(t("common.stale_button"), show_alert=True)
        return None
    return message


def replied_user(message: Message) -> User | None:
    """The (human) author of the message this one replies to."""
    replied = message.reply_to_message
    user = replied.from_user if replied is not None else None
    return user if user is not None and not user.is_bot else None


async def named_player(
    message: Message, word: str | None, swiss: SwissService, registry: Registry
) -> Player | None:
    """The player a command names: the replied-to author (registered as a player if he was
    not), else ``word``: an ``@username`` or a club id."""
    if (other := replied_user(message)) is not None:
        return await registry.ensure_player(other.id, other.first_name, other.last_name)
    return await swiss.find_player(word) if word else None
