"""/rating [discipline]: the club's rating tables.

Without an argument: the table of each discipline the asker has a rating in (a player of both
classic Berserk and «Берсерк. Герои» sees both pools), or classic Berserk's for a newcomer.
"""

from __future__ import annotations

from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.registry import DISCIPLINES, Registry
from bot.texts import Tr
from handlers.routes import Routes

routes = Routes(__name__)


@routes.message(Command("rating"))
async def rating(message: Message, command: CommandObject, t: Tr, registry: Registry) -> None:
    wanted = (command.args or "").strip().lower()
    if wanted and wanted not in DISCIPLINES:
        await message.answer(t("rating.unknown", choices=", ".join(DISCIPLINES)))
        return
    disciplines = [wanted] if wanted else []
    if not disciplines and message.from_user is not None:
        disciplines = await registry.disciplines_of(message.from_user.id)
    for discipline in disciplines or ["berserk"]:
        await message.answer(await table_text(t, registry, discipline))


async def table_text(t: Tr, registry: Registry, discipline: str) -> str:
    table = await registry.table(discipline)
    if not table:
        return t("rating.empty", discipline=t(f"discipline.{discipline}"))
    lines = [t("rating.title", discipline=t(f"discipline.{discipline}"))]
    for place, (player, cents) in enumerate(table, start=1):
        lines.append(
            t(
                "rating.line",
                place=place,
                name=player.display_name,
                club_id=player.id,
                rating=f"{cents / 100:.2f}",
            )
        )
    return "\n".join(lines)
