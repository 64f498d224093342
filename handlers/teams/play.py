"""Team events' commands and buttons: ``/team`` (a player names his partner and the team's
name; the partner confirms with a button), the shared commands (``/add`` a whole team,
``/begin``, ``/result``, ``/standings`` …) and ``/next_round``."""

from __future__ import annotations

from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message

import handlers.event_steps as steps
from bot.deadlines import committed
from bot.registry import Registry
from bot.roles import Role, Roles
from bot.teams import TeamsService
from bot.teams.buttons import TmLateCb, TmOkCb
from bot.teams.core import KIND
from bot.texts import Tr
from db.models import Player
from db.tournaments import Tournament
from handlers.exports import answer_export
from handlers.filters import CurrentTournament
from handlers.guard import permitted
from handlers.kind import Call
from handlers.routes import Routes
from handlers.swiss.penalties import penalty_named
from handlers.teams.wizard import routes as wizard_routes

routes = Routes(__name__)
routes.include(wizard_routes)

TEAMS = CurrentTournament(KIND)
#: the most minutes one /extend gives a round
MAX_EXTEND = 60


def replied(message: Message) -> tuple[int, str, str | None] | None:
    replied_to = message.reply_to_message
    user = replied_to.from_user if replied_to is not None else None
    if user is None or user.is_bot:
        return None
    return user.id, user.first_name, user.last_name


async def partner_named(
    message: Message, words: list[str], teams: TeamsService, registry: Registry
) -> tuple[Player | None, list[str]]:
    """The player a command names (the replied-to author, else its first word: ``@username``
    or a club id) and the words left."""
    other = replied(message)
    if other is not None:
        return await registry.ensure_player(*other), words
    if not words:
        return None, words
    return await teams.find_player(words[0]), words[1:]


@routes.message(Command("team"), TEAMS)
async def team(
    message: Message,
    command: CommandObject,
    t: Tr,
    tournament: Tournament,
    teams: TeamsService,
    registry: Registry,
) -> None:
    """``/team @partner Team name`` (or as a reply to the partner): the partner is asked."""
    user = message.from_user
    assert user is not None
    words = (command.args or "").split()
    partner, rest = await partner_named(message, words, teams, registry)
    name = " ".join(rest)
    if partner is None or not name:
        await message.reply(t("teams.team_usage"))
        return
    me = await registry.ensure_player(user.id, user.first_name, user.last_name)
    after = await teams.offer(tournament.id, me, partner, name)
    await message.reply(t("teams.offer_sent", partner=partner.display_name, team=name))
    await committed(after)


@routes.callback_query(TmOkCb.filter())
async def answer_offer(
    query: CallbackQuery, callback_data: TmOkCb, t: Tr, teams: TeamsService, registry: Registry
) -> None:
    user = query.from_user
    me = await registry.ensure_player(user.id, user.first_name, user.last_name)
    status, after = await teams.answer_offer(
        callback_data.t, callback_data.o, me, callback_data.ok, callback_data.d
    )
    await query.answer(t(f"teams.offer_{status}"), show_alert=status == "gone")
    if isinstance(query.message, Message) and status != "gone":
        await query.message.edit_text(t(f"teams.offer_{status}"))
    await committed(after)


@routes.callback_query(TmLateCb.filter())
async def answer_late(
    query: CallbackQuery, callback_data: TmLateCb, t: Tr, teams: TeamsService
) -> None:
    """An organiser lets a late team in, or not (``bot.access`` checked his role)."""
    status = await teams.answer_late(
        callback_data.t, callback_data.o, query.from_user.id, callback_data.ok
    )
    await query.answer(t(f"teams.late_{status}"), show_alert=status == "gone")
    if isinstance(query.message, Message) and status != "gone":
        text = query.message.html_text if query.message.text else ""
        await query.message.edit_text(f"{text}\n{t(f'teams.late_{status}')}".strip())


@routes.message(Command("penalty"), TEAMS)
async def penalty(
    message: Message,
    command: CommandObject,
    t: Tr,
    tournament: Tournament,
    teams: TeamsService,
    registry: Registry,
    roles: Roles,
) -> None:
    """``/penalty <player> warning|game_loss|match_loss|dq <reason>`` (or as a reply to the
    player): a game loss or a match loss loses his open game (a team game is one game)."""
    if (who := await permitted(message, roles, tournament, Role.JUDGE, t)) is None:
        return
    named = await penalty_named(message, command.args, t, registry, teams.find_player)
    if named is None:
        return
    player, kind, reason = named
    status, after = await teams.penalty(tournament.id, who, player.id, kind, reason)
    await message.reply(t(f"teams.penalty_done_{status}", name=player.display_name))
    await committed(after)


@routes.message(Command("swap"), TEAMS)
async def swap(
    message: Message,
    command: CommandObject,
    t: Tr,
    tournament: Tournament,
    teams: TeamsService,
    roles: Roles,
) -> None:
    """``/swap <table> <table>``: a judge swaps the opponents of two unplayed tables (spec §2:
    a mirror game was left)."""
    if (who := await permitted(message, roles, tournament, Role.JUDGE, t)) is None:
        return
    words = (command.args or "").split()
    if len(words) != 2 or not all(w.isdigit() and len(w) <= 3 for w in words):
        await message.reply(t("teams.swap_usage"))
        return
    after = await teams.swap(tournament.id, who, int(words[0]), int(words[1]))
    await message.reply(t("teams.swap_done", table=int(words[0]), other=int(words[1])))
    await committed(after)


@routes.message(Command("drop"), TEAMS)
async def drop(
    message: Message,
    t: Tr,
    tournament: Tournament,
    teams: TeamsService,
    registry: Registry,
    roles: Roles,
) -> None:
    """A player drops his team (spec §1: a team drops as a whole); a judge replying to a
    player's message drops that player's team."""
    user = message.from_user
    assert user is not None
    target, judge = (user.id, user.first_name, user.last_name), None
    named = (message.text or "").partition(" ")[2].strip()
    if named and message.reply_to_message is None:  # a judge's /drop <team name>
        if (judge := await permitted(message, roles, tournament, Role.JUDGE, t)) is None:
            return
        status, team = await teams.drop_named(tournament.id, named, judge)
        await message.reply(t(f"teams.drop_{status}", team=team, name=team))
        return
    other = replied(message)
    if other is not None and other[0] != user.id:
        if (judge := await permitted(message, roles, tournament, Role.JUDGE, t)) is None:
            return
        target = other
    player = await registry.ensure_player(*target)
    status, team = await teams.drop(tournament.id, player.id, judge)
    await message.reply(t(f"teams.drop_{status}", team=team, name=player.display_name))


@routes.message(Command("export"))
async def export(
    message: Message, command: CommandObject, t: Tr, teams: TeamsService, roles: Roles
) -> None:
    """A team event's places and players as a CSV file (finished ones too: ``/export <id>``),
    into its own group or the judge's private chat only."""
    await answer_export(message, command.args, t, roles, teams, "teams.export_title")


@routes.message(Command("why"), TEAMS)
async def why(message: Message, t: Tr, tournament: Tournament, teams: TeamsService) -> None:
    """Why the asker's team meets its opponent (or has the bye): privately; asked in the
    group, the group reads one line that it was sent (as a Swiss's ``/why``)."""
    assert message.from_user is not None
    user = message.from_user.id
    if message.chat.id > 0:
        await message.answer(await teams.why_text(tournament.id, user, t.lang))
        return
    sent = await teams.why_privately(tournament.id, user)
    await message.reply(t("swiss.insight_sent" if sent else "swiss.insight_open_private"))


@routes.message(Command("pending"), TEAMS)
async def pending(
    message: Message, t: Tr, tournament: Tournament, teams: TeamsService, roles: Roles
) -> None:
    """The current round's games without a result, and where each stands."""
    if await permitted(message, roles, tournament, Role.JUDGE, t) is None:
        return
    await message.answer(await teams.pending_view(tournament.id, t.lang))


@routes.message(Command("next_round"), TEAMS)
async def next_round(
    message: Message, t: Tr, tournament: Tournament, teams: TeamsService, roles: Roles
) -> None:
    actor = await permitted(message, roles, tournament, Role.JUDGE, t)
    if actor is None:
        return
    await committed(await teams.next_round(tournament.id, actor))


async def join(call: Call, teams: TeamsService) -> None:
    await call.message.reply(call.t("teams.join_how"))


async def add(call: Call, teams: TeamsService) -> None:
    """``/add @first @second Team name``; in a duel-set release ``/add @first @second 1 2 Team
    name`` with each player's deck by its number in the list."""
    words = call.words
    first = await teams.find_player(words[0]) if words else None
    second = await teams.find_player(words[1]) if len(words) > 1 else None
    rest = words[2:]
    decks = None
    if len(rest) > 2 and rest[0].isdigit() and rest[1].isdigit():
        decks, rest = (int(rest[0]), int(rest[1])), rest[2:]
    name = " ".join(rest)
    if first is None or second is None or not name:
        await call.message.reply(call.t("teams.add_usage"))
        return
    await teams.add_team(call.tournament.id, first, second, name, call.actor, decks)
    await call.message.reply(
        call.t("teams.team_in", team=name, first=first.display_name, second=second.display_name)
    )


async def extend(call: Call, teams: TeamsService) -> None:
    """``/extend <minutes>``: the current round's end moved (the time-up told anew)."""
    words = call.words
    if len(words) != 1 or not words[0].isdigit() or not 1 <= int(words[0]) <= MAX_EXTEND:
        await call.message.reply(call.t("teams.extend_usage", max=MAX_EXTEND))
        return
    after, until = await teams.extend(call.tournament.id, call.actor, int(words[0]))
    await call.message.reply(call.t("teams.extend_done", time=until))
    await committed(after)


async def result(call: Call, teams: TeamsService) -> None:
    """``/result <round> <table> <board: 1, 2, d> <a|b|ta|tb|na|nb|nn|draw|dl> [reason]``
    (``na``/``nb``/``nn``: who did not come, ``bot.teams.service.ABSENCE``)."""
    words = call.words
    boards = {"1": 1, "2": 2, "d": 3}
    ok = len(words) >= 4 and words[0].isdigit() and words[1].isdigit() and words[2] in boards
    if not ok:
        await call.message.reply(call.t("teams.result_usage"))
        return
    number, table, board = int(words[0]), int(words[1]), boards[words[2]]
    reason = " ".join(words[4:])
    after = await teams.result(
        call.tournament.id, call.actor, number, table, board, words[3].lower(), reason
    )
    await call.message.reply(call.t("teams.result_done"))
    await committed(after)


commands = steps.event_commands(
    TeamsService, add=add, extend=extend, join=join, result=result, queue="teams"
)
