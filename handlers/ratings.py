"""/rating [discipline]: the club's rating table."""

from __future__ import annotations

from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.formats import Rating
from bot.registry import DISCIPLINES, Registry
from bot.texts import Tr
from handlers.routes import Routes

routes = Routes(__name__)


@routes.message(Command("rating"))
async def rating(message: Message, command: CommandObject, t: Tr, registry: Registry) -> None:
    discipline = (command.args or "berserk").strip().lower()
    if discipline not in DISCIPLINES:
        await message.answer(t("rating.unknown", choices=", ".join(DISCIPLINES)))
        return
    table = await registry.table(discipline)
    if not table:
        await message.answer(t("rating.empty", discipline=t(f"discipline.{discipline}")))
        return
    lines = [t("rating.title", discipline=t(f"discipline.{discipline}"))]
    for place, (player, cents) in enumerate(table, start=1):
        lines.append(
            t(
                "rating.line",
                place=place,
                name=player.display_name,
                club_id=player.id,
                rating=Rating(cents),
            )
        )
    await message.answer("\n".join(lines))
