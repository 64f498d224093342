"""/rating [discipline]: the club's rating tables.

Without an argument a group sees the discipline it plays (that of its newest tournament: a
billiards group sees billiards, a «Берсерк. Герои» group the Heroes pool); a private chat the
pools the asker has a rating in (a player of both classic Berserk and Heroes sees both), or
every discipline that has rated players for a newcomer. The argument may be the discipline's
name in either language («бильярд», «billiards»). Only players who have a rating in the
discipline are listed: nobody gets one by registering.

The table is the club's: in a group that is not one of the club's, and privately to someone
who is none of the club's people (another group's admin), it is shown only when the club
shares it (``RATINGS_TO_OTHER_GROUPS``, ``bot.roles.Roles.sees_ratings``).
"""

from __future__ import annotations

from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.formats import Rating
from bot.registry import DISCIPLINES, Registry
from bot.roles import Roles
from bot.texts import Texts, Tr
from handlers.routes import Routes

routes = Routes(__name__)


def named(texts: Texts, typed: str) -> str | None:
    """The discipline ``typed`` names: its key or its name in any language, any case."""
    wanted = typed.strip().casefold()
    for discipline in DISCIPLINES:
        names = {
            discipline,
            *(texts.get(lang, f"discipline.{discipline}") for lang in ("ru", "en")),
        }
        if wanted in {n.casefold() for n in names}:
            return discipline
    return None


async def table_text(discipline: str, t: Tr, registry: Registry) -> str | None:
    table = await registry.table(discipline)
    if not table:
        return None
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
    return "\n".join(lines)


async def shown_disciplines(message: Message, registry: Registry) -> list[str]:
    """What /rating without an argument shows in this chat (see the module docstring)."""
    if message.chat.type != "private":
        played = await registry.chat_discipline(message.chat.id)
        if played:
            return [played]
    elif message.from_user is not None:
        own = await registry.disciplines_of(message.from_user.id)
        if own:
            return own
    return list(DISCIPLINES)


@routes.message(Command("rating"))
async def rating(
    message: Message, command: CommandObject, t: Tr, registry: Registry, roles: Roles
) -> None:
    assert message.from_user is not None
    if not await roles.sees_ratings(message.from_user.id, message.chat.id):
        await message.answer(t("rating.club_only"))
        return
    if command.args:
        discipline = named(t.texts, command.args)
        if discipline is None:
            names = ", ".join(t(f"discipline.{d}") for d in DISCIPLINES)
            await message.answer(t("rating.unknown", choices=names))
            return
        wanted = [discipline]
    else:
        wanted = await shown_disciplines(message, registry)
    tables = [text for d in wanted if (text := await table_text(d, t, registry))]
    if not tables:
        names = ", ".join(t(f"discipline.{d}") for d in wanted)
        await message.answer(t("rating.empty", discipline=names))
        return
    await message.answer("\n\n".join(tables))
