"""The Top: seeding it from the final Swiss standings and pairing its bracket rounds."""

from __future__ import annotations

from bot.swiss.core import Core
from db.database import Tx
from db.tournaments import Tournament
from rules.swiss import State
from rules.top import top_state


async def seed(core: Core, tx: Tx, tournament: Tournament, state: State, actor: int | None) -> None:
    """Take the best ``state.top_size`` players still in (the ``sw_top`` event: the Top's size
    and first round are read from the log, never stored beside it)."""
    rows = core.standings(tournament, state, await core.everyone(tx, tournament.id))
    seeds = [int(row.player) for row in rows if int(row.player) not in state.dropped]
    seeds = seeds[: state.top_size]
    await core.event(tx, tournament.id, "sw_top", {"seeds": seeds}, actor)
    state.seeds = seeds


def pairs_or_champion(
    state: State, number: int, *, repair: bool
) -> tuple[list[tuple[int, int]], int | None]:
    """The pairs of Top round ``number``, or (``[]``, the champion) when the bracket is over."""
    assert state.seeds is not None
    winners = winners_before(state, number) if repair else state.top_winners()
    top = top_state(state.seeds, winners)
    if top.champion is not None:
        return [], int(top.champion)
    return [(int(a), int(b)) for a, b in top.pairs], None


def winners_before(state: State, number: int) -> list[int]:
    earlier = State(rounds=[r for r in state.rounds if r.number < number], seeds=state.seeds)
    return earlier.top_winners()
