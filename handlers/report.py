"""/report: the caller's game awaiting a result, with its result buttons, in private.

King of the Hill: his game at the table; a card tournament: his table this round. In a group
the buttons go to his private chat (the group gets one short line), or, when he never started
the bot, the group's answer links to the private chat (``/start report`` shows them there).
"""

from __future__ import annotations

from aiogram.filters import Command
from aiogram.types import Message
from aiogram.utils.deep_linking import create_start_link

from bot.notify import Notifier
from bot.registry import Registry
from bot.results import OpenGame, ResultFlow
from bot.sender import Sender, Unreachable
from bot.texts import Tr
from handlers.routes import Routes

routes = Routes(__name__)
#: the deep link (``/start report``) of the group's answer to someone the bot cannot write to
LINK = "report"


def game_text(t: Tr, found: OpenGame) -> str:
    label = found.label[:1].upper() + found.label[1:]  # the label is written mid-sentence
    lines = [t("report.game", game=label, opponent=found.opponent)]
    if found.mine is not None:
        lines.append(t(f"report.mine_{found.mine.status}"))
    lines.append(t("report.ask"))
    return "\n".join(lines)


async def show_games(
    message: Message,
    t: Tr,
    flow: ResultFlow,
    registry: Registry,
    notifier: Notifier,
    sender: Sender,
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
    try:
        if in_group and not await notifier.reachable(user_id):
            raise Unreachable(user_id)
        for found in games:
            sent = (await sender.send(user_id, game_text(t, found), found.markup))[-1]
            await flow.remember(found, sent.chat.id, sent.message_id, t.lang)
    except Unreachable:
        link = await create_start_link(message.bot, LINK)
        await message.reply(t("report.open_private", link=link))
        return
    if in_group:
        await message.reply(t("report.sent_private"))


@routes.message(Command("report"))
async def report(
    message: Message,
    t: Tr,
    flow: ResultFlow,
    registry: Registry,
    notifier: Notifier,
    sender: Sender,
) -> None:
    await show_games(message, t, flow, registry, notifier, sender)
