"""Building Story tournaments for the unit tests: sides joined, captains named, begun."""

from __future__ import annotations

from collections.abc import Sequence

from rules.results import Outcome
from rules.story import (
    StAnswer,
    State,
    StBegin,
    StCaptain,
    StGame,
    StJoin,
    StName,
    apply,
)


def begun(attackers: Sequence[int], defenders: Sequence[int], seed: int = 1) -> State:
    """Side 0 (attacking) of ``attackers``, side 1 of ``defenders``, their first players the
    captains, begun: round 1 is open."""
    state = State()
    for side, members in enumerate((attackers, defenders)):
        for player in members:
            apply(state, StJoin(player, side))
        apply(state, StCaptain(side, members[0]))
    apply(state, StBegin(seed=seed, attacking=0))
    return state


def pair(state: State, attacker: int, defender: int) -> int:
    """The captains make the pair; its table."""
    rnd = state.current
    assert rnd is not None
    apply(state, StName(rnd.number, attacker))
    apply(state, StAnswer(rnd.number, defender))
    return len(rnd.pairs)


def result(state: State, table: int, outcome: Outcome) -> None:
    rnd = state.current
    assert rnd is not None
    apply(state, StGame(rnd.number, table, outcome))
