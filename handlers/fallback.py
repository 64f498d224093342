"""The last router: whatever nobody else understood gets a clear answer, never silence."""

from __future__ import annotations

from aiogram import F
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import CallbackQuery, Message

from bot.commands import TOURNAMENT_COMMANDS
from bot.texts import Tr
from db.tournaments import Tournament
from handlers.filters import OpenTournament
from handlers.routes import Routes

routes = Routes(__name__)


@routes.callback_query()
async def stale_button(query: CallbackQuery, t: Tr) -> None:
    """A button no handler understood: old, forged, or from a finished flow."""
    await query.answer(t("common.stale_button"), show_alert=True)


@routes.message(CommandStart(deep_link=True))
async def unknown_link(message: Message, t: Tr) -> None:
    await message.answer(t("start.unknown_link"))


@routes.message(Command(*TOURNAMENT_COMMANDS), OpenTournament())
async def other_kind(
    message: Message, command: CommandObject, tournament: Tournament, t: Tr
) -> None:
    """A command of the other kind of tournament (the menus are the same for both kinds): say
    which tournament runs here and, where there is one, what does that job in it."""
    name = command.command.lower()
    lines = [
        t(
            "tournament.other_kind",
            command=name,
            name=tournament.name,
            kind=t(f"tournament.kind_{tournament.kind}"),
        )
    ]
    hint = f"tournament.hint_{name}_{tournament.kind}"
    if t.texts.has(hint):
        lines.append(t(hint))
    await message.reply("\n".join(lines))


@routes.message(Command(*TOURNAMENT_COMMANDS))
async def no_tournament(message: Message, t: Tr) -> None:
    """A tournament command where no open tournament of a kind that understands it exists."""
    await message.answer(t("tournament.none_open"))


@routes.message(Command("cancel"))
async def nothing_to_cancel(message: Message, t: Tr) -> None:
    await message.answer(t("common.nothing_to_cancel"))


@routes.message(F.chat.type == "private")
async def fallback(message: Message, t: Tr) -> None:
    """Anything else typed in the private chat gets a pointer to /help."""
    await message.answer(t("common.unknown"))
