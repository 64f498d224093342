"""The Top: seeding it from the final Swiss standings (its rounds: ``State.top_pairs``)."""

from __future__ import annotations

from bot.swiss.core import Core
from db.database import Tx
from db.tournaments import Tournament
from rules.swiss import State


async def seed(core: Core, tx: Tx, tournament: Tournament, state: State, actor: int | None) -> None:
    """Take the best ``state.top_size`` players still in (the ``sw_top`` event: the Top's size
    and first round are read from the log, never stored beside it)."""
    rows = core.standings(tournament, state, await core.everyone(tx, tournament.id))
    seeds = [int(row.player) for row in rows if int(row.player) not in state.dropped]
    seeds = seeds[: state.top_size]
    await core.event(tx, tournament.id, "sw_top", {"seeds": seeds}, actor)
    state.seeds = seeds
