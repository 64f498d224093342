"""Swiss rounds and the Top in the chat: registration, views and the export.

Players: Join button, ``/start t-<id>``, ``/join``, ``/drop``, ``/players``, ``/pairings``,
``/standings``. Organisers: ``/add`` (reply, @username or club id; during the Swiss: a late
entrant from the next round, his missed rounds counted by the tournament's setting or by a last
word ``zero`` / ``loss`` / ``bye``). Judges: ``/drop`` as a reply (drop that player),
``/export`` (a CSV file). ``/standings`` and ``/pairings`` take a tournament number and show
the last finished one when none runs. The rounds' commands are in ``handlers.swiss.rounds``,
``/top`` and the one-tap offers when the field or the Top does not fit in ``handlers.swiss.top``,
the creation wizard in ``handlers.swiss.wizard``, ``/finish`` and ``/cancel`` in
``handlers.swiss.manage``.
"""

from __future__ import annotations

from aiogram import F
from aiogram.dispatcher.event.bases import SkipHandler
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import CallbackQuery, Message, User

import bot.swiss.entry as entry
import handlers.swiss.manage as swiss_manage
import handlers.swiss.rounds as swiss_rounds
from bot.directory import id_argument
from bot.registry import Registry
from bot.roles import Role, Roles
from bot.sender import Sender
from bot.swiss import SwissService
from bot.swiss.buttons import SwConsentCb, SwEntryCb, SwJoinCb
from bot.texts import Html, Tr, escape
from bot.validation import shown_name
from db.models import Player
from db.tournaments import Tournament
from handlers.exports import export_allowed, send_csv
from handlers.filters import CurrentTournament, LinkedTournament
from handlers.guard import permitted
from handlers.kind import Call, KindCommands, Own
from handlers.routes import Routes
from handlers.swiss.admission import routes as admission_routes
from handlers.swiss.bracket import routes as bracket_routes
from handlers.swiss.guard import named_player, replied_user
from handlers.swiss.heroes import routes as heroes_routes
from handlers.swiss.insight import routes as insight_routes
from handlers.swiss.manage import routes as manage_routes
from handlers.swiss.penalties import routes as penalties_routes
from handlers.swiss.rounds import routes as rounds_routes
from handlers.swiss.top import routes as top_routes
from handlers.swiss.wizard import routes as wizard_routes
from rules.swiss import LATE_POLICIES

routes = Routes(__name__)
routes.include(
    wizard_routes, rounds_routes, manage_routes, top_routes, admission_routes, heroes_routes
)
routes.include(penalties_routes, bracket_routes, insight_routes)
SWISS = CurrentTournament("swiss")


async def joined(
    user: User, tournament_id: int, swiss: SwissService, registry: Registry, t: Tr
) -> str:
    """Register the user as a club player if needed, join him, and say how it went. Once the
    tournament runs, his request goes to the organisers instead (``bot.swiss.entry``)."""
    player = await registry.ensure_player(user.id, user.first_name, user.last_name)
    status = await swiss.join(tournament_id, player.id)
    if status in ("request", "held"):
        sent = await swiss.request_entry(tournament_id, player)
        said = "swiss.entry_requested" if status == "request" else "swiss.entry_held"
        return t(said if sent else "swiss.entry_asked_before")
    return t(f"swiss.join_{status}", name=named(player, status))


#: the answers to a join that speak to the player ("Alice Smith, you are in")
ADDRESSED = frozenset({"joined", "already", "not_invited"})


def named(player: Player, status: str) -> str:
    """The player as the answer to his join names him: addressed as people say his name, else
    as the boards do."""
    return player.spoken_name if status in ADDRESSED else player.display_name


@routes.callback_query(SwEntryCb.filter())
async def entry_answer(
    query: CallbackQuery, callback_data: SwEntryCb, t: Tr, swiss: SwissService
) -> None:
    """An organiser of the tournament (``bot.access`` checked it) lets the player in or not;
    both copies of the request become the line saying so (``bot.swiss.entry.settle``)."""
    tid, ok = callback_data.t, callback_data.ok
    status, player = await swiss.decide_entry(tid, callback_data.p, query.from_user.id, ok)
    await query.answer(t(entry.note_key(status, ok), name=player.display_name))


@routes.callback_query(SwJoinCb.filter())
async def join_button(
    query: CallbackQuery, callback_data: SwJoinCb, t: Tr, swiss: SwissService, registry: Registry
) -> None:
    text = await joined(query.from_user, callback_data.t, swiss, registry, t)
    await query.answer(text, show_alert=True)


@routes.callback_query(SwConsentCb.filter())
async def consent_button(
    query: CallbackQuery,
    callback_data: SwConsentCb,
    t: Tr,
    swiss: SwissService,
    registry: Registry,
    sender: Sender,
) -> None:
    """His «yes» to the tournament an organiser of a group he is not in asked him into."""
    player = await registry.player_of(query.from_user.id)
    status = "not_asked"
    if player is not None:
        status = await swiss.consent(callback_data.t, player.id, callback_data.by)
    name = named(player, status) if player else query.from_user.full_name
    text = t(f"swiss.join_{status}", name=name)
    await query.answer(text, show_alert=True)
    message = query.message
    if status != "not_asked" and isinstance(message, Message) and message.html_text:
        await sender.edit(message.chat.id, message.message_id, f"{message.html_text}\n\n{text}")


@routes.message(CommandStart(deep_link=True), F.chat.type == "private", LinkedTournament("swiss"))
async def deep_link(
    message: Message, t: Tr, tournament: Tournament, swiss: SwissService, registry: Registry
) -> None:
    assert message.from_user is not None
    await message.answer(await joined(message.from_user, tournament.id, swiss, registry, t))


async def join(call: Call, swiss: SwissService) -> None:
    user = call.message.from_user
    assert user is not None
    await call.message.reply(await joined(user, call.tournament.id, swiss, call.registry, call.t))


@routes.message(Command("drop"), SWISS)
async def drop(
    message: Message,
    t: Tr,
    tournament: Tournament,
    swiss: SwissService,
    registry: Registry,
    roles: Roles,
) -> None:
    """A player drops himself (told in the second person); a judge drops the author of the
    message he replies to. The organiser and the judges are told privately (``bot.swiss``)."""
    assert message.from_user is not None
    target, judge = message.from_user, None
    other = replied_user(message)
    if other is not None and other.id != target.id:
        if (judge := await permitted(message, roles, tournament, Role.JUDGE, t)) is None:
            return
        target = other
    player = await registry.player_of(target.id)
    status = "not_in" if player is None else await swiss.drop(tournament.id, player.id, judge)
    own = "self_" if judge is None and status != "not_in" else ""
    name = shown_name(target.full_name)
    if player is not None:  # told in the second person: addressed as people say his name
        name = player.spoken_name if own else player.display_name
    await message.reply(t(f"swiss.drop_{own}{status}", name=name, tournament=tournament.name))


async def add(call: Call, swiss: SwissService) -> None:
    words, t = call.words, call.t
    late = words.pop().lower() if words and words[-1].lower() in LATE_POLICIES else None
    player = await named_player(call.message, words[0] if words else None, swiss, call.registry)
    if player is None:
        await call.message.reply(t("swiss.add_usage"))
        return
    status = await swiss.join(call.tournament.id, player.id, actor=call.actor, late=late)
    await call.message.reply(t(f"swiss.join_{status}", name=named(player, status)))


SHOWN = CurrentTournament("swiss", shown=True)


def finished_note(t: Tr, tournament: Tournament, text: str) -> str:
    """A finished tournament's view says so first (``directory.shown``)."""
    if tournament.status != "finished":
        return text
    return t("tournament.finished_note", name=tournament.name) + "\n\n" + text


@routes.message(Command("players"), SHOWN)
async def players(message: Message, t: Tr, tournament: Tournament, swiss: SwissService) -> None:
    """``/players``: the same as ``/queue``."""
    await message.answer(await roster_text(t, tournament, swiss))


async def roster(call: Call, swiss: SwissService) -> None:
    """``/queue``: the players (a card tournament has no queue: it lists who plays)."""
    await call.message.answer(await roster_text(call.t, call.tournament, swiss))


async def roster_text(t: Tr, tournament: Tournament, swiss: SwissService) -> str:
    """The players, a mark on each whose registration lacks a field 101.2 requires."""
    listed = await swiss.roster(tournament.id)
    # Each name is escaped once: by ``t`` (marked) or by ``escape``; the list is then markup.
    names = [t("swiss.roster_incomplete", name=n) if lacks else escape(n) for n, lacks in listed]
    text = t("swiss.roster", count=len(names), names=Html(", ".join(names) or "—"))
    if any(lacks for _, lacks in listed):
        text += "\n" + t("swiss.roster_legend")
    return finished_note(t, tournament, text)


#: the standings' rows a group's chat shows (the whole table goes privately and on the board)
GROUP_ROWS = 32


async def standings(call: Call, swiss: SwissService) -> None:
    limit = GROUP_ROWS if call.message.chat.type != "private" else None
    text = await swiss.standings_view(call.tournament.id, call.t.lang, limit)
    await call.message.answer(finished_note(call.t, call.tournament, text))


async def pairings(call: Call, swiss: SwissService) -> None:
    t = call.t
    text = await swiss.pairings_view(call.tournament.id, t.lang)
    await call.message.answer(finished_note(t, call.tournament, text or t("swiss.no_round_yet")))


@routes.message(Command("export"))
async def export(
    message: Message,
    command: CommandObject,
    t: Tr,
    swiss: SwissService,
    roles: Roles,
) -> None:
    """The final places and every result as a CSV file (finished tournaments too:
    ``/export <id>``)."""
    wanted = id_argument(command.args)
    tournament = await swiss.export_target(message.chat.id, wanted)
    if tournament is None:
        raise SkipHandler
    # Players' names and results go to the chat where the tournament is public, or to the
    # judge alone: never into some other group the judge is in.
    if not await export_allowed(message, roles, tournament, t):
        return
    assert message.from_user is not None
    # The penalties' reasons are for the judges: only in the file a judge asks for privately.
    private = message.chat.id == message.from_user.id
    csv_text = await swiss.export_csv(tournament.id, reasons=private)
    await send_csv(message, tournament, csv_text, t("swiss.export_title", name=tournament.name))


#: the shared commands (``handlers.kind``) at a Swiss tournament
commands = KindCommands(
    SwissService,
    {
        "add": Own(Role.ORGANISER, add),
        "begin": Own(Role.ORGANISER, swiss_rounds.begin),
        "cancel": Own(Role.ORGANISER, swiss_manage.cancel),
        "extend": Own(Role.JUDGE, swiss_rounds.extend),
        "finish": Own(Role.ORGANISER, swiss_manage.finish),
        "join": Own(None, join),
        "log": Own(Role.JUDGE, swiss_rounds.log),
        "pairings": Own(None, pairings),
        "queue": Own(None, roster),
        "result": Own(Role.JUDGE, swiss_rounds.result),
        "standings": Own(None, standings),
    },
)
