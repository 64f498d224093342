"""Swiss rounds and the Top in the chat.

Players: Join button, ``/start t-<id>``, ``/join``, ``/drop``, ``/pairings``, ``/standings``.
Organisers: ``/add`` (reply, @username or club id; during the Swiss: a late entrant with 0 points
from the next round), ``/begin``.
Judges (and organisers): ``/next_round`` (refused while a table of the round is open, naming
them; after the last Swiss round it pairs the Top, after the Top's final the tournament ends by
itself), ``/repair`` (delete and re-pair the current round while no result is in),
``/result <table> <a|b|draw|ta|tb>`` (record or correct a result of the current round — until the
next round is paired), ``/extend <minutes>`` (the round) or ``/extend <table> <minutes>``,
``/drop`` as a reply (drop that player), ``/export`` (CSV).
"""

from __future__ import annotations

import html
from typing import Any

from aiogram import F, Router
from aiogram.dispatcher.event.bases import SkipHandler
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import CallbackQuery, Message

from bot import directory
from bot.registry import Registry
from bot.roles import Role, Roles
from bot.sender import Sender
from bot.swiss import AfterCommit, Refused, SwissService
from bot.texts import Tr
from db import players, tournaments
from db.database import Database
from db.models import Player
from db.tournaments import Tournament
from handlers.filters import CurrentTournament, LinkedTournament
from handlers.swiss_callbacks import SwJoinCb
from handlers.swiss_wizard import router as wizard_router

router = Router(name=__name__)
router.include_router(wizard_router)


async def run(message: Message, t: Tr, action: Any) -> bool:
    """Await ``action`` (returns an after-commit coroutine); show a refusal as a reply."""
    try:
        after: AfterCommit = await action
    except Refused as exc:
        await message.reply(t(exc.key, **exc.values))
        return False
    await after()
    return True


async def allowed(
    message: Message, roles: Roles, tournament: Tournament, need: Role, t: Tr
) -> bool:
    assert message.from_user is not None
    ok = await roles.can(
        message.from_user.id, need, chat_id=tournament.chat_id, tournament_id=tournament.id
    )
    if not ok:
        key = "common.organisers_only" if need is Role.ORGANISER else "common.not_allowed"
        await message.reply(t(key))
    return ok


# ---------------------------------------------------------------- registration
async def _join(tournament_id: int, player: Player, swiss: SwissService, t: Tr) -> str:
    status = await swiss.join(tournament_id, player.id)
    return t(f"swiss.join_{status}", name=player.display_name)


@router.callback_query(SwJoinCb.filter())
async def join_button(
    query: CallbackQuery, callback_data: SwJoinCb, t: Tr, swiss: SwissService, registry: Registry
) -> None:
    user = query.from_user
    player = await registry.ensure_player(user.id, user.first_name, user.last_name)
    text = await _join(callback_data.t, player, swiss, t)
    await query.answer(text, show_alert=True)


@router.message(CommandStart(deep_link=True), F.chat.type == "private", LinkedTournament("swiss"))
async def deep_link(
    message: Message, t: Tr, tournament: Tournament, swiss: SwissService, registry: Registry
) -> None:
    assert message.from_user is not None
    user = message.from_user
    player = await registry.ensure_player(user.id, user.first_name, user.last_name)
    await message.answer(await _join(tournament.id, player, swiss, t))


@router.message(Command("join"), CurrentTournament("swiss"))
async def join(
    message: Message, t: Tr, tournament: Tournament, swiss: SwissService, registry: Registry
) -> None:
    assert message.from_user is not None
    user = message.from_user
    player = await registry.ensure_player(user.id, user.first_name, user.last_name)
    await message.reply(await _join(tournament.id, player, swiss, t))


@router.message(Command("drop"), CurrentTournament("swiss"))
async def drop(
    message: Message,
    t: Tr,
    tournament: Tournament,
    swiss: SwissService,
    registry: Registry,
    roles: Roles,
) -> None:
    assert message.from_user is not None
    target = message.from_user
    actor: int | None = None
    replied = message.reply_to_message
    other = replied.from_user if replied is not None else None
    if other is not None and not other.is_bot and other.id != target.id:
        if not await allowed(message, roles, tournament, Role.JUDGE, t):
            return
        actor = message.from_user.id
        target = other
    player = await registry.player_of(target.id)
    status = "not_in" if player is None else await swiss.drop(tournament.id, player.id, actor)
    name = player.display_name if player else target.full_name
    await message.reply(t(f"swiss.drop_{status}", name=name))


@router.message(Command("add"), CurrentTournament("swiss"))
async def add(
    message: Message,
    command: CommandObject,
    t: Tr,
    tournament: Tournament,
    swiss: SwissService,
    registry: Registry,
    roles: Roles,
    db: Database,
) -> None:
    if not await allowed(message, roles, tournament, Role.ORGANISER, t):
        return
    assert message.from_user is not None
    player: Player | None = None
    replied = message.reply_to_message
    arg = (command.args or "").split()[0] if command.args else ""
    if replied is not None and replied.from_user is not None and not replied.from_user.is_bot:
        u = replied.from_user
        player = await registry.ensure_player(u.id, u.first_name, u.last_name)
    elif arg.startswith("@"):
        async with db.read() as tx:
            user = await players.tg_user_by_username(tx, arg)
        if user is not None:
            player = await registry.ensure_player(user.id, user.first_name, user.last_name)
    elif arg.isdigit():
        async with db.read() as tx:
            player = await players.by_id(tx, int(arg))
    if player is None:
        await message.reply(t("swiss.add_usage"))
        return
    status = await swiss.join(tournament.id, player.id, actor=message.from_user.id)
    await message.reply(t(f"swiss.join_{status}", name=player.display_name))


@router.message(Command("players"), CurrentTournament("swiss"))
async def roster(message: Message, t: Tr, tournament: Tournament, swiss: SwissService) -> None:
    names = await swiss.roster(tournament.id)
    await message.answer(t("swiss.roster", count=len(names), names=", ".join(names) or "—"))


# ---------------------------------------------------------------- rounds
@router.message(Command("begin"), CurrentTournament("swiss"))
async def begin(
    message: Message, t: Tr, tournament: Tournament, swiss: SwissService, roles: Roles
) -> None:
    if not await allowed(message, roles, tournament, Role.ORGANISER, t):
        return
    assert message.from_user is not None
    await run(message, t, swiss.begin(tournament.id, message.from_user.id))


@router.message(Command("next_round"), CurrentTournament("swiss"))
async def next_round(
    message: Message,
    command: CommandObject,
    t: Tr,
    tournament: Tournament,
    swiss: SwissService,
    roles: Roles,
) -> None:
    if not await allowed(message, roles, tournament, Role.JUDGE, t):
        return
    assert message.from_user is not None
    again = (command.args or "").strip().lower() == "again"
    await run(message, t, swiss.next_round(tournament.id, message.from_user.id, again=again))


@router.message(Command("repair"), CurrentTournament("swiss"))
async def repair(
    message: Message, t: Tr, tournament: Tournament, swiss: SwissService, roles: Roles
) -> None:
    if not await allowed(message, roles, tournament, Role.JUDGE, t):
        return
    assert message.from_user is not None
    await run(message, t, swiss.next_round(tournament.id, message.from_user.id, again=True))


@router.message(Command("result"), CurrentTournament("swiss"))
async def result(
    message: Message,
    command: CommandObject,
    t: Tr,
    tournament: Tournament,
    swiss: SwissService,
    roles: Roles,
) -> None:
    if not await allowed(message, roles, tournament, Role.JUDGE, t):
        return
    assert message.from_user is not None
    parts = (command.args or "").split()
    if len(parts) != 2 or not parts[0].isdigit():
        await message.reply(t("swiss.result_usage"))
        return
    done = await run(
        message,
        t,
        swiss.correct(tournament.id, int(parts[0]), parts[1].lower(), message.from_user.id),
    )
    if done:
        await message.reply(t("swiss.result_recorded", table=int(parts[0])))


@router.message(Command("extend"), CurrentTournament("swiss"))
async def extend(
    message: Message,
    command: CommandObject,
    t: Tr,
    tournament: Tournament,
    swiss: SwissService,
    roles: Roles,
) -> None:
    if not await allowed(message, roles, tournament, Role.JUDGE, t):
        return
    assert message.from_user is not None
    parts = (command.args or "").split()
    if not parts or len(parts) > 2 or not all(p.isdigit() for p in parts):
        await message.reply(t("swiss.extend_usage"))
        return
    minutes = int(parts[-1])
    table = int(parts[0]) if len(parts) == 2 else None
    if not 1 <= minutes <= 180:
        await message.reply(t("swiss.extend_usage"))
        return
    try:
        after, until = await swiss.extend(tournament.id, table, minutes, message.from_user.id)
    except Refused as exc:
        await message.reply(t(exc.key, **exc.values))
        return
    await after()
    key = "swiss.extended_round" if table is None else "swiss.extended_table"
    await message.reply(t(key, table=table or 0, minutes=minutes, until=until))


# ---------------------------------------------------------------- views
@router.message(Command("standings"), CurrentTournament("swiss"))
async def standings(message: Message, t: Tr, tournament: Tournament, swiss: SwissService) -> None:
    await message.answer(await swiss.standings_view(tournament.id, t.lang))


@router.message(Command("pairings"), CurrentTournament("swiss"))
async def pairings(message: Message, t: Tr, tournament: Tournament, swiss: SwissService) -> None:
    text = await swiss.pairings_view(tournament.id, t.lang)
    await message.answer(text or t("swiss.no_round_yet"))


@router.message(Command("export"))
async def export(
    message: Message,
    command: CommandObject,
    t: Tr,
    db: Database,
    swiss: SwissService,
    roles: Roles,
    sender: Sender,
) -> None:
    """Standings and every result as CSV text (finished tournaments too: ``/export <id>``)."""
    assert message.from_user is not None
    wanted = directory.id_argument(command.args)
    if wanted is not None:
        async with db.read() as tx:
            tournament = await tournaments.get(tx, wanted)
    else:
        async with db.read() as tx:
            found = [
                x
                for x in await tournaments.recent(tx, 50)
                if x.kind == "swiss" and (message.chat.id > 0 or x.chat_id == message.chat.id)
            ]
        tournament = found[0] if found else None
    if tournament is None or tournament.kind != "swiss":
        raise SkipHandler
    if not await allowed(message, roles, tournament, Role.JUDGE, t):
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
