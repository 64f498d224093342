"""/season [name]: the group's season table (text, then the picture); ``/season new …``: an
organiser of the group defines a season (``bot.seasons``: the syntax and the defaults)."""

from __future__ import annotations

import logging

from aiogram.filters import Command, CommandObject
from aiogram.types import BufferedInputFile, Message

from bot.clock import Clock
from bot.errors import UserError
from bot.roles import Role, Roles
from bot.seasons import Seasons, season_png
from bot.texts import Tr
from handlers.routes import Routes

routes = Routes(__name__)
log = logging.getLogger(__name__)
#: the word that makes a new season (``/season new …``; a Russian club may type «новый»)
NEW = frozenset({"new", "новый"})


@routes.message(Command("season"))
async def season(
    message: Message,
    command: CommandObject,
    t: Tr,
    roles: Roles,
    seasons: Seasons,
    clock: Clock,
) -> None:
    assert message.from_user is not None
    if message.chat.id > 0:
        raise UserError("season.group_only")
    words = (command.args or "").split(maxsplit=1)
    if words and words[0].casefold() in NEW:
        if not await roles.can(message.from_user.id, Role.ORGANISER, chat_id=message.chat.id):
            raise UserError("season.organisers_only")
        if len(words) < 2:
            raise UserError("season.usage")
        made = await seasons.create(message.chat.id, message.from_user.id, words[1], clock.now())
        await message.reply(seasons.created_text(made, t.lang))
        return
    if command.args:
        found = await seasons.named(message.chat.id, command.args)
        if found is None:
            raise UserError("season.unknown", name=command.args.strip()[:60])
    else:
        today = clock.now().astimezone(seasons.zone).date()
        found = await seasons.current(message.chat.id, today)
    if found is None:
        await message.reply(t("season.none"))
        return
    standing = await seasons.standing(found)
    await message.reply(seasons.table_text(standing, t.lang))
    if not standing.rows:
        return
    try:
        png = await season_png(t.texts, standing, t.lang)
    except Exception:  # the table was shown: a picture that fails is logged, not fatal
        log.exception("the season table of chat %s was not drawn", message.chat.id)
        return
    photo = BufferedInputFile(png, filename="season.png")
    await message.answer_photo(photo, caption=t("season.picture_caption"))
