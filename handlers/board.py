"""/board: the link to the tournament's live web board (``bot.web``).

The tournament is the one a command here refers to (``bot.directory.current``: the group's
open one, in a private chat the asker's), else the group's newest. The link carries the
tournament's random token (``db.board_links``), made on first ask; anyone in the group may
ask: the page shows only what the group's board shows. In a private chat only someone who may
see the group's board gets it (``Roles.sees``: he plays in it, judges it, or is in its group).
With an https ``PUBLIC_URL`` the answer has a button: in the private chat it opens the page
inside Telegram (a Mini App), in the group the page itself (Telegram allows Mini App buttons in
private chats only). ``/board new`` (the tournament's organisers): a new link, the old one
opening nothing any more — for a link shared too widely, or a finished tournament's.
"""

from __future__ import annotations

from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.directory import Directory
from bot.roles import Role, Roles
from bot.settings import Settings
from bot.texts import Tr
from bot.web.links import BoardLinks, board_button, board_url, serves
from handlers.guard import permitted
from handlers.routes import Routes

routes = Routes(__name__)


@routes.message(Command("board"))
async def board(
    message: Message,
    command: CommandObject,
    directory: Directory,
    links: BoardLinks,
    roles: Roles,
    settings: Settings,
    t: Tr,
) -> None:
    if message.from_user is None:
        return
    words = (command.args or "").split()
    renew = bool(words) and words[-1].lower() == "new"
    args = " ".join(words[:-1]) if renew else command.args
    found = await directory.for_board(message.chat.id, message.from_user.id, args)
    private = message.chat.type == "private"
    if found is not None and private and not await roles.sees(message.from_user.id, found):
        found = None  # not his: answered as if there were none (its name stays unknown)
    if found is None:
        await message.answer(t("web.no_tournament"))
        return
    if not serves(settings):
        await message.answer(t("web.no_server"))
        return
    if renew:  # a new link, the old one dead: the tournament's organisers only
        if await permitted(message, roles, found, Role.ORGANISER, t) is None:
            return
        token = await links.renew(found.id)
    else:
        token = await links.token(found.id)
    url = board_url(settings, token)
    markup = board_button(settings, token, t("web.link_button"), private=private)
    await message.answer(t("web.link", name=found.name, url=url), reply_markup=markup)
