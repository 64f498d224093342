"""``/noshows [approval on|off]``: a group's organisers choose whether the entries of a player
with his third no-show in 60 days wait for their approval (``bot.no_shows``; off by default).
Without arguments it says the current choice."""

from __future__ import annotations

from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.errors import UserError
from bot.no_shows import NoShows
from bot.roles import Role, Roles
from bot.texts import Tr
from handlers.routes import Routes
from rules.no_shows import FLAGGED, WINDOW

routes = Routes(__name__)
#: the words that turn the approval on and off (a Russian club may type «вкл» / «выкл»)
SWITCH = {"on": True, "off": False, "вкл": True, "выкл": False}


@routes.message(Command("noshows"))
async def no_shows_rule(
    message: Message, command: CommandObject, t: Tr, roles: Roles, no_shows: NoShows
) -> None:
    assert message.from_user is not None
    if message.chat.id > 0:
        raise UserError("noshow.group_only")
    counts = {"count": FLAGGED, "days": WINDOW.days}
    words = (command.args or "").casefold().split()
    if not words:
        on = await no_shows.approval(message.chat.id)
        await message.reply(
            t("noshow.approval_is_on" if on else "noshow.approval_is_off", **counts)
        )
        return
    if len(words) != 2 or words[0] != "approval" or words[1] not in SWITCH:
        raise UserError("noshow.usage", **counts)
    if not await roles.can(message.from_user.id, Role.ORGANISER, chat_id=message.chat.id):
        raise UserError("noshow.organisers_only")
    on = SWITCH[words[1]]
    await no_shows.set_approval(message.chat.id, on)
    await message.reply(t("noshow.approval_on" if on else "noshow.approval_off", **counts))
