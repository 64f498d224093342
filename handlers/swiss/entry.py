"""Swiss rounds and the Top in the chat: registration, views and the export.

Players: Join button, ``/start t-<id>``, ``/join``, ``/drop``, ``/players``, ``/pairings``,
``/standings``. Organisers: ``/add`` (reply, @username or club id; during the Swiss: a late
entrant from the next round, his missed rounds counted by the tournament's setting or by a last
word ``zero`` / ``loss`` / ``bye``). Judges: ``/drop`` as a reply (drop that player),
``/export`` (CSV). The rounds' commands are in ``handlers.swiss.rounds``, the creation wizard in
``handlers.swiss.wizard``, ``/finish`` and ``/cancel`` in ``handlers.swiss.manage``.
"""

from __future__ import annotations

import html

from aiogram import F
from aiogram.dispatcher.event.bases import SkipHandler
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import CallbackQuery, Message, User

from bot import directory
from bot.registry import Registry
from bot.roles import Role, Roles
from bot.sender import Sender
from bot.swiss import SwissService
from bot.swiss.buttons import SwEntryCb, SwJoinCb
from bot.texts import Tr
from db.models import Player
from db.tournaments import Tournament
from handlers.filters import CurrentTournament, LinkedTournament
from handlers.routes import Routes
from handlers.swiss.guard import actor
from handlers.swiss.manage import routes as manage_routes
from handlers.swiss.rounds import routes as rounds_routes
from handlers.swiss.wizard import routes as wizard_routes
from rules.swiss import LATE_POLICIES

routes = Routes(__name__)
routes.include(wizard_routes, rounds_routes, manage_routes)
SWISS = CurrentTournament("swiss")


async def joined(
    user: User, tournament_id: int, swiss: SwissService, registry: Registry, t: Tr
) -> str:
    """Register the user as a club player if needed, join him, and say how it went. Once the
    tournament runs, his request goes to the organisers instead (``bot.swiss.entry``)."""
    player = await registry.ensure_player(user.id, user.first_name, user.last_name)
    status = await swiss.join(tournament_id, player.id)
    if status == "request":
        sent = await swiss.request_entry(tournament_id, player)
        return t("swiss.entry_requested" if sent else "swiss.entry_asked_before")
    return t(f"swiss.join_{status}", name=player.display_name)


@routes.callback_query(SwEntryCb.filter())
async def entry_answer(
    query: CallbackQuery, callback_data: SwEntryCb, t: Tr, swiss: SwissService, sender: Sender
) -> None:
    """An organiser of the tournament (``bot.access`` checked it) lets the player in or not."""
    tid, ok = callback_data.t, callback_data.ok
    status, player = await swiss.decide_entry(tid, callback_data.p, query.from_user.id, ok)
    key = f"swiss.join_{status}" if ok else "swiss.entry_declined_note"
    if status == "already":
        key = "swiss.join_already_other"
    note = t(key, name=player.display_name)
    await query.answer(note)
    message = query.message
    if isinstance(message, Message) and message.html_text:
        await sender.edit(message.chat.id, message.message_id, f"{message.html_text}\n\n{note}")


@routes.callback_query(SwJoinCb.filter())
async def join_button(
    query: CallbackQuery, callback_data: SwJoinCb, t: Tr, swiss: SwissService, registry: Registry
) -> None:
    text = await joined(query.from_user, callback_data.t, swiss, registry, t)
    await query.answer(text, show_alert=True)


@routes.message(CommandStart(deep_link=True), F.chat.type == "private", LinkedTournament("swiss"))
async def deep_link(
    message: Message, t: Tr, tournament: Tournament, swiss: SwissService, registry: Registry
) -> None:
    assert message.from_user is not None
    await message.answer(await joined(message.from_user, tournament.id, swiss, registry, t))


@routes.message(Command("join"), SWISS)
async def join(
    message: Message, t: Tr, tournament: Tournament, swiss: SwissService, registry: Registry
) -> None:
    assert message.from_user is not None
    await message.reply(await joined(message.from_user, tournament.id, swiss, registry, t))


def replied_user(message: Message) -> User | None:
    """The (human) author of the message this one replies to."""
    replied = message.reply_to_message
    user = replied.from_user if replied is not None else None
    return user if user is not None and not user.is_bot else None


@routes.message(Command("drop"), SWISS)
async def drop(
    message: Message,
    t: Tr,
    tournament: Tournament,
    swiss: SwissService,
    registry: Registry,
    roles: Roles,
) -> None:
    """A player drops himself; a judge drops the author of the message he replies to."""
    assert message.from_user is not None
    target, judge = message.from_user, None
    other = replied_user(message)
    if other is not None and other.id != target.id:
        if (judge := await actor(message, roles, tournament, Role.JUDGE, t)) is None:
            return
        target = other
    player = await registry.player_of(target.id)
    status = "not_in" if player is None else await swiss.drop(tournament.id, player.id, judge)
    name = player.display_name if player else target.full_name
    await message.reply(t(f"swiss.drop_{status}", name=name))


@routes.message(Command("add"), SWISS)
async def add(
    message: Message,
    command: CommandObject,
    t: Tr,
    tournament: Tournament,
    swiss: SwissService,
    registry: Registry,
    roles: Roles,
) -> None:
    if (who := await actor(message, roles, tournament, Role.ORGANISER, t)) is None:
        return
    words = (command.args or "").split()
    late = words.pop().lower() if words and words[-1].lower() in LATE_POLICIES else None
    player: Player | None
    if (other := replied_user(message)) is not None:
        player = await registry.ensure_player(other.id, other.first_name, other.last_name)
    else:
        player = await swiss.find_player(words[0]) if words else None
    if player is None:
        await message.reply(t("swiss.add_usage"))
        return
    status = await swiss.join(tournament.id, player.id, actor=who, late=late)
    await message.reply(t(f"swiss.join_{status}", name=player.display_name))


SHOWN = CurrentTournament("swiss", shown=True)


def finished_note(t: Tr, tournament: Tournament, text: str) -> str:
    """A finished tournament's view says so first (``directory.shown``)."""
    if tournament.status != "finished":
        return text
    return t("tournament.finished_note", name=tournament.name) + "\n\n" + text


@routes.message(Command("players", "queue"), SHOWN)
async def roster(message: Message, t: Tr, tournament: Tournament, swiss: SwissService) -> None:
    """The players (a card tournament has no queue: /queue lists who plays)."""
    names = await swiss.roster(tournament.id)
    text = t("swiss.roster", count=len(names), names=", ".join(names) or "—")
    await message.answer(finished_note(t, tournament, text))


@routes.message(Command("standings"), SHOWN)
async def standings(message: Message, t: Tr, tournament: Tournament, swiss: SwissService) -> None:
    text = await swiss.standings_view(tournament.id, t.lang)
    await message.answer(finished_note(t, tournament, text))


@routes.message(Command("pairings"), SHOWN)
async def pairings(message: Message, t: Tr, tournament: Tournament, swiss: SwissService) -> None:
    text = await swiss.pairings_view(tournament.id, t.lang)
    await message.answer(finished_note(t, tournament, text or t("swiss.no_round_yet")))


@routes.message(Command("export"))
async def export(
    message: Message,
    command: CommandObject,
    t: Tr,
    swiss: SwissService,
    roles: Roles,
    sender: Sender,
) -> None:
    """Standings and every result as CSV text (finished tournaments too: ``/export <id>``)."""
    wanted = directory.id_argument(command.args)
    tournament = await swiss.export_target(message.chat.id, wanted)
    if tournament is None:
        raise SkipHandler
    if await actor(message, roles, tournament, Role.JUDGE, t) is None:
        return
    # Players' names and results go to the chat where the tournament is public, or to the
    # judge alone: never into some other group the judge is in.
    assert message.from_user is not None
    if message.chat.id not in (tournament.chat_id, message.from_user.id):
        await message.reply(t("swiss.export_where"))
        return
    csv_text = await swiss.export_csv(tournament.id)
    await sender.send(message.chat.id, t("swiss.export_title", name=tournament.name))
    for chunk in csv_chunks(csv_text):
        await sender.send(message.chat.id, "<pre>" + html.escape(chunk, quote=False) + "</pre>")


def csv_chunks(text: str, limit: int = 3000) -> list[str]:
    """CSV lines grouped into messages (each one a ``<pre>`` block, under Telegram's limit)."""
    chunks: list[str] = []
    current = ""
    for line in text.splitlines():
        if current and len(current) + len(line) + 1 > limit:
            chunks.append(current)
            current = ""
        current = f"{current}\n{line}" if current else line
    if current:
        chunks.append(current)
    return chunks
