"""``/bracket``: the Top's bracket as a picture (``bot.swiss.bracket``), in the group or
privately; it takes a tournament number, and with none running shows the last finished one.
Before the Top (or in a tournament finished without one) it says so in words."""

from __future__ import annotations

from aiogram.filters import Command
from aiogram.types import BufferedInputFile, Message

from bot.swiss import SwissService
from bot.texts import Tr
from db.tournaments import Tournament
from handlers.filters import CurrentTournament
from handlers.routes import Routes

routes = Routes(__name__)
SHOWN = CurrentTournament("swiss", shown=True)


@routes.message(Command("bracket"), SHOWN)
async def bracket(message: Message, t: Tr, tournament: Tournament, swiss: SwissService) -> None:
    png = await swiss.bracket_png(tournament.id, t.lang)
    if png is None:
        key = "pictures.no_top_finished" if tournament.status == "finished" else "pictures.no_top"
        await message.answer(t(key, name=tournament.name))
        return
    photo = BufferedInputFile(png, filename="bracket.png")
    await message.answer_photo(photo, caption=t("pictures.bracket_caption", name=tournament.name))
