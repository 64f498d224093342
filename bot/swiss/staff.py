"""Telling a tournament's staff (its organiser and judges) what they must know at once.

A drop changes the next pairing, so the organiser who runs the rounds and the judges hear of it
privately whoever dropped the player: the player himself (``/drop``) or a judge (a reply with
``/drop``; that judge is not told his own action again).
"""

from __future__ import annotations

from bot.swiss.core import SwissCore
from db import players, tournaments
from db.tournaments import Tournament


async def staff_of(core: SwissCore, tournament: Tournament) -> list[int]:
    """The Telegram ids of the tournament's organiser (its creator) and its judges."""
    async with core.db.read() as tx:
        judges = await tournaments.judges(tx, tournament.id)
    return list(dict.fromkeys([tournament.created_by, *judges]))


async def announce_drop(
    core: SwissCore, tournament: Tournament, player_id: int, actor: int | None
) -> None:
    """Each of the staff but ``actor`` learns who dropped, in which round, and by whose word."""
    async with core.db.read() as tx:
        player = await players.by_id(tx, player_id)
        state = await core.state(tx, tournament.id)
    if player is None:
        return
    rnd = state.current
    key = "swiss.staff_drop_self" if actor is None else "swiss.staff_drop_judge"
    for user_id in await staff_of(core, tournament):
        if user_id == actor:
            continue
        t = core.t(await core.lang(user_id))
        text = t(
            key,
            tournament=tournament.name,
            name=player.display_name,
            round=rnd.number if rnd else 0,
        )
        await core.notifier.to_user(user_id, "", text, fallback_chat=None)
