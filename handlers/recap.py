"""/recap in a group: the evening's recap (``bot.recap``). Posted already tonight: the same
post to the asker privately, nothing new in the group; not yet: posted now unless a tournament
of the group is still running."""

from __future__ import annotations

from aiogram.filters import Command
from aiogram.types import Message

from bot.errors import UserError
from bot.recap import Recaps
from handlers.routes import Routes

routes = Routes(__name__)


@routes.message(Command("recap"))
async def recap(message: Message, recaps: Recaps) -> None:
    assert message.from_user is not None
    if message.chat.id > 0:
        raise UserError("recap.group_only")
    text, posted = await recaps.asked(message.chat.id)
    if not posted:
        await recaps.privately(message.from_user.id, text)
