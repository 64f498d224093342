"""Registration: creating a tournament, joining (late entrants too), dropping, the roster."""

from __future__ import annotations

import random
from typing import Any

from bot import numbers
from bot.swiss.core import DEFAULT_SETTINGS, Core
from db import players, tournaments
from db.database import Tx
from db.models import Player
from rules.card_rating import START_RATING_CENTS
from rules.swiss import LatePolicy, late_policy


async def create(core: Core, chat_id: int, name: str, options: dict[str, Any], user_id: int) -> int:
    settings = dict(DEFAULT_SETTINGS)
    settings.update(options)
    settings["seed"] = random.SystemRandom().randrange(1, 2**31)
    async with core.db.transaction() as tx:
        now = core.now().isoformat()
        tid = await tournaments.create(
            tx, chat_id, "berserk", "swiss", name, settings, user_id, now
        )
        await core.audit(tx, tid, user_id, "swiss_created", settings)
    return tid


async def join(
    core: Core,
    tournament_id: int,
    player_id: int,
    actor: int | None = None,
    late: str | None = None,
) -> str:
    """``joined`` / ``already`` / ``closed``, or for a late entrant (he plays from the next
    round) ``late`` (0 points), ``late_loss`` or ``late_bye`` (his missed rounds count so;
    ``late`` overrides the tournament's setting). A player asking by himself (no ``actor``)
    once the tournament runs gets ``request``: only an organiser lets him in
    (``bot.swiss.entry``)."""
    async with core.db.transaction() as tx:
        tournament = await tournaments.get(tx, tournament_id)
        if tournament is None or not tournament.is_open:
            return "closed"
        state = await core.state(tx, tournament_id)
        if state.seeds is not None:
            return "closed"
        if tournament.status == "running" and actor is None:
            listed = await core.everyone(tx, tournament_id)
            return "already" if player_id in listed else "request"
        now = core.now().isoformat()
        if not await tournaments.add_participant(tx, tournament_id, player_id, now):
            return "already"
        if tournament.status != "running":
            return "joined"
        policy = late_policy(late or tournament.settings.get("late"))
        missed = state.rounds_missed_by(player_id) if policy.missed_as else []
        rating = await players.rating(tx, player_id, "berserk") or START_RATING_CENTS
        payload = {"player": player_id, "rating": rating, "missed": missed, "as": policy.value}
        await core.event(tx, tournament_id, "sw_join", payload, actor)
        await core.audit(tx, tournament_id, actor, "late_entrant", payload)
    return "late" if policy is LatePolicy.ZERO else f"late_{policy.value}"


async def drop(core: Core, tournament_id: int, player_id: int, actor: int | None) -> str:
    """``left`` (before the start) / ``dropped`` / ``not_in``."""
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
    core: Core, tx: Tx, tournament_id: int, player_id: int, actor: int | None
) -> None:
    await tournaments.set_participant_status(tx, tournament_id, player_id, "dropped")
    await core.event(tx, tournament_id, "sw_drop", {"player": player_id}, actor)
    await core.audit(tx, tournament_id, actor, "drop", {"player": player_id})


async def roster(core: Core, tournament_id: int) -> list[str]:
    async with core.db.read() as tx:
        ids = await core.active(tx, tournament_id)
        names = await core.names(tx, ids)
    return [names[pid] for pid in ids]


async def find_player(core: Core, arg: str) -> Player | None:
    """The player ``/add`` names: ``@username`` (someone the bot has seen) or a club id."""
    if arg.startswith("@"):
        async with core.db.read() as tx:
            user = await players.tg_user_by_username(tx, arg)
        if user is None:
            return None
        return await core.app.registry.ensure_player(user.id, user.first_name, user.last_name)
    if numbers.is_whole(arg):
        async with core.db.read() as tx:
            return await players.by_id(tx, numbers.whole(arg, numbers.CLUB_ID))
    return None
