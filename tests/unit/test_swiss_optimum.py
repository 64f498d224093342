"""The engine against networkx's exact matching on rounds of simulated tournaments."""

import random

from benchmarks.pairing import Round, exact_cost, play
from rules.results import PlayerId
from rules.swiss import Pair, pairing_cost


def test_engine_reaches_the_exact_optimum_on_simulated_rounds() -> None:
    rng = random.Random(20240)
    checked = 0
    mismatches: list[tuple[int, int, tuple[int, int], tuple[int, int] | None]] = []
    while checked < 220:
        size = rng.randint(4, 64)

        def check(
            problem: Round, pairs: list[Pair], bye: PlayerId | None, size: int = size
        ) -> None:
            nonlocal checked
            checked += 1
            reference = exact_cost(problem, bye)
            ours = pairing_cost(pairs, problem.points)
            if reference is None or reference[0] != ours:
                mismatches.append((size, problem.round_number, ours, reference and reference[0]))

        play(size, rng.randrange(2**32), check)
    assert mismatches == []
