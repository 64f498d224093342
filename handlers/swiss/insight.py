"""``/why`` and ``/need``: a player's own questions about his Swiss, answered privately.

``/why``: why he meets his opponent this round (or has the bye), read from the pairing's cost
(``bot.swiss.why``). ``/need``: what he still needs for the Top (``bot.swiss.need``). Both are
about the asker alone, so the answer goes to his private chat; asked in the group, the group
reads one short line that it did (**Default**: a busy group is not given every player's
arithmetic), or how to open the private chat when the bot cannot write to him.
"""

from __future__ import annotations

from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.swiss import SwissService
from bot.texts import Tr
from db.tournaments import Tournament
from handlers.filters import CurrentTournament
from handlers.routes import Routes

routes = Routes(__name__)
SWISS = CurrentTournament("swiss")


@routes.message(Command("why", "need"), SWISS)
async def insight(
    message: Message, command: CommandObject, t: Tr, tournament: Tournament, swiss: SwissService
) -> None:
    assert message.from_user is not None
    user = message.from_user.id
    lang = t.lang if message.chat.id > 0 else await swiss.lang(user)
    ask = swiss.why_text if command.command.lower() == "why" else swiss.need_text
    await answer_privately(message, t, swiss, await ask(tournament.id, user, lang))


async def answer_privately(message: Message, t: Tr, swiss: SwissService, text: str) -> None:
    """In the private chat, the answer; in the group, the answer sent privately and a line."""
    assert message.from_user is not None
    if message.chat.id > 0:
        await message.answer(text)
        return
    sent = await swiss.to_player(message.from_user.id, text)
    await message.reply(t("swiss.insight_sent" if sent else "swiss.insight_open_private"))
