"""Registration: creating a tournament, joining (late entrants too), dropping, the roster.

Whoever enters, by any way in (the Join button, the deep link, ``/join``, ``/add``, the
organiser's approval of a request), passes ``join``: a closed tournament (403) refuses a player
who is not invited unless the organiser himself adds him; once it runs a player's own entry is
only a request (``bot.swiss.entry``). A player who enters without the registration 101.2 asks
for is asked to complete it (privately, or with a mention in the group).
"""

from __future__ import annotations

import random
from dataclasses import asdict
from typing import Any

from aiogram.utils.deep_linking import create_start_link
from aiogram.utils.keyboard import InlineKeyboardBuilder

import bot.swiss.staff as staff
from bot.notify import mention
from bot.swiss.buttons import SwConsentCb
from bot.swiss.core import DEFAULT_SETTINGS, SwissCore
from bot.swiss.settings import card
from bot.texts import Html
from db import chats, players, tournaments
from db.database import Tx
from db.models import Player
from db.tournaments import Tournament
from rules.admission import admits, missing_fields, tournament_kind
from rules.card_rating import START_RATING_CENTS
from rules.swiss import LatePolicy, late_policy
from rules.swiss.events import (
    SwDrop,
    SwJoin,
)


async def create(
    core: SwissCore,
    chat_id: int,
    name: str,
    options: dict[str, Any],
    user_id: int,
    announced_in: int | None = None,
) -> int:
    """A tournament of the game ``options["discipline"]`` (classic ``berserk`` or ``heroes``:
    its rating pool), base K ``options["base_k"]`` (default ``BERSERK_K``); ``announced_in``:
    the message of the group that becomes its registration message (kept: its end settles
    it, ``KindCore.close_registration``)."""
    settings = dict(DEFAULT_SETTINGS)
    settings["base_k"] = core.settings.berserk_k
    settings.update(options)
    discipline = str(settings.pop("discipline", "berserk"))
    settings["seed"] = random.SystemRandom().randrange(1, 2**31)
    async with core.db.transaction() as tx:
        now = core.now().isoformat()
        tid = await tournaments.create(
            tx, chat_id, discipline, "swiss", name, settings, user_id, now
        )
        await core.audit(tx, tid, user_id, "swiss_created", settings)
        created = await tournaments.get(tx, tid)
        assert created is not None
        for listener in core.listeners:  # a series' week may refuse it (606.5)
            await listener.created(tx, created)
        if announced_in is not None:
            await core.keep_registration(tx, tid, (chat_id, announced_in))
    return tid


async def join(
    core: SwissCore,
    tournament_id: int,
    player_id: int,
    actor: int | None = None,
    late: str | None = None,
    *,
    remind: bool = True,
) -> str:
    """``enter`` the player; when he is in by now, ask him to complete his registration if it
    lacks a required field (``remind=False``: the caller does, after its own message: see
    ``entered``). Someone an organiser adds who is not in the tournament's group is asked
    first (``asked``; ``cannot_ask`` when the bot cannot write to him): a group's admin enters
    nobody of another group without his consent (issue 29)."""
    if actor is not None:
        asked = await ask_consent(core, tournament_id, player_id, actor)
        if asked is not None:
            return asked
    elif (held := await held_entry(core, tournament_id, player_id)) is not None:
        return held
    status = await enter(core, tournament_id, player_id, actor, late)
    if remind and entered(status):
        await remind_to_register(core, tournament_id, player_id)
    return status


async def held_entry(core: SwissCore, tournament_id: int, player_id: int) -> str | None:
    """A player entering an open tournament by himself passes the gate (``bot.no_shows``):
    ``held`` when his entry waits for an organiser's approval (``bot.swiss.entry``, as a late
    entry's request), ``None`` to go on. One already in, or where the tournament would refuse
    him anyway, goes on (``enter`` says why)."""
    if core.gate is None:
        return None
    async with core.db.read() as tx:
        tournament = await tournaments.get(tx, tournament_id)
        if tournament is None or tournament.status != "registration" or not tournament.is_open:
            return None  # once it runs, every own entry is a request already
        if player_id in await core.everyone(tx, tournament_id):
            return None
    return "held" if await core.gate.entering(tournament, player_id) else None


def entered(status: str) -> bool:
    """``join``'s status says he is in by it (and may be asked to complete his registration)."""
    return status == "joined" or status.startswith("late")


def consent_key(tournament_id: int, player_id: int, actor: int) -> str:
    """The outbox key of the question to a player whom ``actor`` adds: its being sent is what
    makes his «yes» valid (a forged button asks nothing)."""
    return f"sw:{tournament_id}:consent:{player_id}:{actor}"


async def ask_consent(
    core: SwissCore, tournament_id: int, player_id: int, actor: int
) -> str | None:
    """``None`` when the player may be added at once (he is in the tournament's group, or adds
    himself); else he is asked privately: ``asked``, or ``cannot_ask``."""
    async with core.db.read() as tx:
        player = await players.by_id(tx, player_id)
        tournament = await tournaments.get(tx, tournament_id)
        group = await chats.title(tx, tournament.chat_id) if tournament else None
    if player is None or tournament is None or player.telegram_id == actor:
        return None
    if player.telegram_id is not None and await core.notifier.in_chat(
        player.telegram_id, tournament.chat_id
    ):
        return None
    if player.telegram_id is None or not await core.notifier.reachable(player.telegram_id):
        return "cannot_ask"
    t = core.t(await core.lang(player.telegram_id))
    text = t("swiss.consent_ask", tournament=tournament.name, group=group or "—")
    builder = InlineKeyboardBuilder()
    builder.button(text=t("swiss.btn_join"), callback_data=SwConsentCb(t=tournament_id, by=actor))
    key = consent_key(tournament_id, player_id, actor)
    sent = await core.outbox.send_once(key, player.telegram_id, text, builder.as_markup())
    return "asked" if sent is not None else "cannot_ask"


async def consented(core: SwissCore, tournament_id: int, player_id: int, actor: int) -> str:
    """His «yes» to ``ask_consent``: entered as the organiser would have (``join``'s
    statuses), or ``not_asked`` when no such question was sent to him."""
    if await core.outbox.sent(consent_key(tournament_id, player_id, actor)) is None:
        return "not_asked"
    status = await enter(core, tournament_id, player_id, actor, None)
    if status == "joined" or status.startswith("late"):
        await remind_to_register(core, tournament_id, player_id)
    return status


async def enter(
    core: SwissCore, tournament_id: int, player_id: int, actor: int | None, late: str | None
) -> str:
    """``joined`` / ``already`` / ``closed`` / ``disqualified``, or for a late entrant (he
    plays from the next round) ``late`` (0 points), ``late_loss`` or ``late_bye`` (his missed
    rounds count so; ``late`` overrides the tournament's setting). A player asking by himself
    (no ``actor``) gets ``not_invited`` from a closed tournament that did not invite him, and
    once the tournament runs ``request``: only an organiser lets him in
    (``bot.swiss.entry``)."""
    async with core.db.transaction() as tx:
        tournament = await tournaments.get(tx, tournament_id)
        if tournament is None or not tournament.is_open:
            return "closed"
        state = await core.state(tx, tournament_id)
        if state.seeds is not None or state.heroes:  # a Heroes tournament's field is fixed
            return "closed"
        if player_id in state.disqualified:  # rules.penalties: he does not come back
            return "disqualified"
        if actor is None and not admitted(tournament, player_id):
            listed = await core.everyone(tx, tournament_id)
            return "already" if player_id in listed else "not_invited"
        if tournament.status == "running" and actor is None:
            listed = await core.everyone(tx, tournament_id)
            return "already" if player_id in listed else "request"
        now = core.now().isoformat()
        if not await tournaments.add_participant(tx, tournament_id, player_id, now):
            return "already"
        if tournament.status != "running":
            return "joined"
        policy = late_policy(late or card(tournament).late)
        missed = state.rounds_missed_by(player_id) if policy.missed_as else []
        rating = await players.rating(tx, player_id, tournament.discipline) or START_RATING_CENTS
        joined = SwJoin(player_id, rating, tuple(missed), policy.value)
        await core.record(tx, tournament_id, joined, actor)
        payload = {"player": player_id, "rating": rating, "missed": missed, "as": policy.value}
        await core.audit(tx, tournament_id, actor, "late_entrant", payload)
    return "late" if policy is LatePolicy.ZERO else f"late_{policy.value}"


def admitted(tournament: Tournament, player_id: int) -> bool:
    """Whether the player may enter by himself (403: a closed tournament's invitation list)."""
    kind = tournament_kind(card(tournament).kind)
    return admits(kind, player_id, list(card(tournament).invited))


def register_link_key(tournament_id: int, player_id: int) -> str:
    """The outbox key of the group's one link to the private chat for a player who never
    opened it: once per player per tournament (issue 21, item 11)."""
    return f"sw:{tournament_id}:register_link:{player_id}"


async def remind_to_register(core: SwissCore, tournament_id: int, player_id: int) -> None:
    """Ask a player whose registration lacks a field 101.2 requires to complete it: privately
    when he started the bot, else by one deep link in the tournament's group with a mention,
    once per player per tournament (joining again posts nothing more)."""
    async with core.db.read() as tx:
        player = await players.by_id(tx, player_id)
        tournament = await tournaments.get(tx, tournament_id)
    if player is None or tournament is None or player.telegram_id is None:
        return
    if not missing_fields(asdict(player)):
        return
    t = core.t(await core.lang(player.telegram_id))
    text = t("swiss.complete_registration", tournament=tournament.name)
    told = await core.notifier.to_user(
        player.telegram_id, player.display_name, text, fallback_chat=None
    )
    if told is not None:
        return
    link = await create_start_link(core.sender.bot, "register")
    who = mention(player.telegram_id, player.display_name)
    group_text = core.t(core.group_lang())("swiss.register_link", player=Html(who), link=link)
    key = register_link_key(tournament_id, player_id)
    await core.outbox.send_once(key, tournament.chat_id, group_text)


async def drop(core: SwissCore, tournament_id: int, player_id: int, actor: int | None) -> str:
    """``left`` (before the start) / ``dropped`` / ``not_in``; a drop is announced to the
    tournament's organiser and judges (``bot.swiss.staff``)."""
    status = await leave(core, tournament_id, player_id, actor)
    if status == "dropped":
        async with core.db.read() as tx:
            tournament = await tournaments.get(tx, tournament_id)
        assert tournament is not None
        await staff.announce_drop(core, tournament, player_id, actor)
    return status


async def leave(core: SwissCore, tournament_id: int, player_id: int, actor: int | None) -> str:
    """Take the player off the list (registration) or out of the next rounds (running)."""
    async with core.db.transaction() as tx:
        tournament = await tournaments.get(tx, tournament_id)
        if tournament is None or not tournament.is_open:
            return "not_in"
        if player_id not in await core.active(tx, tournament_id):
            return "not_in"
        if tournament.status == "registration":
            await tournaments.remove_participant(tx, tournament_id, player_id)
            await core.audit(tx, tournament_id, actor, "removed", {"player": player_id})
            return "left"
        await drop_in(core, tx, tournament_id, player_id, actor)
    return "dropped"


async def drop_in(
    core: SwissCore, tx: Tx, tournament_id: int, player_id: int, actor: int | None
) -> None:
    await tournaments.set_participant_status(tx, tournament_id, player_id, "dropped")
    await core.record(tx, tournament_id, SwDrop(player_id), actor)
    await core.audit(tx, tournament_id, actor, "drop", {"player": player_id})


async def roster(core: SwissCore, tournament_id: int) -> list[tuple[str, bool]]:
    """The active players' names, each with whether his registration lacks a required field."""
    async with core.db.read() as tx:
        ids = await core.active(tx, tournament_id)
        names = await core.names(tx, ids)
        lacking = await unregistered(tx, ids)
    return [(names[pid], pid in lacking) for pid in ids]


async def unregistered(tx: Tx, ids: list[int]) -> dict[int, list[str]]:
    """The players of ``ids`` whose registration lacks required fields (101.2), and those."""
    found = await players.many(tx, ids)
    missing = {pid: missing_fields(asdict(player)) for pid, player in found.items()}
    return {pid: fields for pid, fields in missing.items() if fields}


async def find_player(core: SwissCore, arg: str) -> Player | None:
    """The player ``/add`` names: ``@username`` (someone the bot has seen) or a club id."""
    return await core.registry.find_player(arg)
