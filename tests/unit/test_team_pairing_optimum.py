"""The team pairing against networkx's exact matching on the rounds of simulated team events
(604 by match, 610 duel sets with some pairs of teams that cannot avoid a mirror)."""

from __future__ import annotations

import random

from benchmarks.pairing import exact_cost
from benchmarks.team_pairing import play, problem_of
from rules.swiss import pairing_cost
from rules.teams import Scoring, State, TeamPairing


def test_team_pairing_reaches_the_exact_optimum_on_simulated_rounds() -> None:
    rng = random.Random(2326)
    checked = 0
    mismatches: list[tuple[int, str, int]] = []
    while checked < 120:
        size = rng.randint(4, 40)
        scoring = rng.choice((Scoring.BY_MATCH, Scoring.BY_SUM, Scoring.DUEL))

        def check(
            state: State,
            pairing: TeamPairing,
            number: int,
            _: float,
            size: int = size,
            scoring: Scoring = scoring,
        ) -> None:
            nonlocal checked
            checked += 1
            problem = problem_of(state, pairing, number)
            assert not {frozenset(m) for m in pairing.matches} & state.played()
            reference = exact_cost(problem, pairing.bye)
            ours = pairing_cost(list(pairing.matches), problem.points)
            if reference is None or reference[0] != ours:
                mismatches.append((size, scoring.value, number))

        play(size, rng.randrange(2**32), scoring, check)
    assert mismatches == []
