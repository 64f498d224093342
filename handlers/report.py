"""/report: the caller's game awaiting a result, with its result buttons, in private.

King of the Hill: his game at the table; a card tournament: his table this round. In a group
the buttons go to his private chat (the group gets one short line), or, when he never started
the bot, the group's answer links to the private chat (``/start report`` shows them there).
"""

from __future__ import annotations

from aiogram.filters import Command
from aiogram.types import Message
from aiogram.utils.deep_linking import create_start_link

from bot.registry import Registry
from bot.results import ResultFlow
from bot.results.notices import ResultNotices
from bot.texts import Tr
from handlers.routes import Routes

routes = Routes(__name__)
#: the deep link (``/start report``) of the group's answer to someone the bot cannot write to
LINK = "report"


async def show_games(
    message: Message, t: Tr, flow: ResultFlow, registry: Registry, notices: ResultNotices
) -> None:
    """The caller's games with their buttons, privately (see the module docstring)."""
    assert message.from_user is not None and message.bot is not None
    user_id, in_group = message.from_user.id, message.chat.type != "private"
    player = await registry.player_of(user_id)
    group = message.chat.id if in_group else None
    games = [] if player is None else await flow.games_of(player.id, group, t.lang)
    if not games:
        await message.answer(t("report.none"))
        return
    if not await notices.show_games(user_id, games, t.lang):
        link = await create_start_link(message.bot, LINK)
        await message.reply(t("report.open_private", link=link))
    elif in_group:
        await message.reply(t("report.sent_private"))


@routes.message(Command("report"))
async def report(
    message: Message, t: Tr, flow: ResultFlow, registry: Registry, notices: ResultNotices
) -> None:
    await show_games(message, t, flow, registry, notices)
