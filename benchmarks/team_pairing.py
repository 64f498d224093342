"""Team pairing benchmark: simulated team events (604 by match, 610 duel sets), timed round by
round, every round checked against the exact optimum.

Run with ``.venv/bin/python -m benchmarks.team_pairing`` (``--seed``, ``--sizes 16 64 256``,
``--exact-limit``: the largest field whose rounds networkx re-solves, all by default). For every
size and format it plays one seeded event with random games (clean wins and losses, draws,
technical results, the deciding games 604.4 makes due) and a few team drops over the rounds of
610.6, pairing each round with ``rules.teams.pair_next``. It reports the slowest round's
pairing, and, per round, whether the pairing has the exact optimum cost: the same cost
(teams outside their score group, squared score differences) solved by
``networkx.max_weight_matching`` over the same teams (the bye taken out) with the same pairs
kept apart (rematches, and the pairs 610.4 leaves no mirror-free assignment unless they had to
be allowed). It also counts rematches (must be 0) and the matches left with a mirror game. The
last line is the figures as JSON.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from benchmarks.pairing import Round, exact_cost
from rules.results import Outcome, PlayerId
from rules.swiss import pairing_cost
from rules.teams import (
    DECIDING,
    NoLegalPairing,
    Scoring,
    State,
    TeamPairing,
    TmBegin,
    TmDrop,
    TmGame,
    TmRound,
    TmTeam,
    apply,
    default_rounds,
    pair_next,
    replay,
)

SIZES = (16, 64, 256)
FORMATS = (Scoring.BY_MATCH, Scoring.DUEL)
DECKS = ("слуа", "вампиры", "гномы")


def random_game(rng: random.Random) -> Outcome:
    """A game's outcome for team A's player: mostly played to a clean result."""
    roll = rng.random()
    if roll < 0.08:
        return Outcome.DRAW
    if roll < 0.13:
        return rng.choice((Outcome.TECHNICAL_WIN, Outcome.TECHNICAL_LOSS))
    return rng.choice((Outcome.CLEAN_WIN, Outcome.LOSS))


def start(size: int, seed: int, scoring: Scoring) -> State:
    """An event of ``size`` teams; in 610 a fifth of the teams hold one deck twice, so that some
    pairs of teams have no mirror-free assignment."""
    rng = random.Random(seed)
    events: list[TmTeam | TmBegin] = []
    ratings: dict[int, int] = {}
    for team in range(1, size + 1):
        first, second = 2 * team, 2 * team + 1
        ratings[first] = rng.randint(1000_00, 1600_00)
        ratings[second] = rng.randint(1000_00, 1600_00)
        decks: tuple[str | None, str | None] = (None, None)
        if scoring is Scoring.DUEL:
            one = rng.choice(DECKS)
            other = one if rng.random() < 0.2 else rng.choice([d for d in DECKS if d != one])
            decks = (one, other)
        events.append(TmTeam(team, f"Команда {team}", first, second, *decks))
    swap = scoring is Scoring.DUEL
    teams = tuple(range(1, size + 1))
    events.append(TmBegin(seed, default_rounds(size), scoring.value, ratings, teams, swap))
    return replay(events)


def problem_of(state: State, pairing: TeamPairing, round_number: int) -> Round:
    """The pairing problem the engine solved, as ``benchmarks.pairing.exact_cost`` reads it."""
    points: dict[PlayerId, int] = {team: score for team, score in state.pairing_scores().items()}
    played: set[frozenset[PlayerId]] = {frozenset(pair) for pair in pairing.avoided}
    return Round(
        ranking=list(state.active()),
        points=points,
        played=played,
        had_bye=set(state.had_bye()),
        round_number=round_number,
    )


def play(
    size: int,
    seed: int,
    scoring: Scoring,
    on_round: Callable[[State, TeamPairing, int, float], None],
) -> State:
    """Play a whole team event; ``on_round`` sees the state before each pairing, the pairing,
    the round's number and the seconds it took. A round that cannot be paired without a
    rematch (a small field late in the event) ends it."""
    rng = random.Random(seed + 1)
    state = start(size, seed, scoring)
    for number in range(1, state.planned_rounds + 1):
        began = time.perf_counter()
        try:
            pairing = pair_next(state)
        except NoLegalPairing:  # every pairing repeats a team match: the judge's call
            break
        elapsed = time.perf_counter() - began
        on_round(state, pairing, number, elapsed)
        crossed = tuple(t for t, c in enumerate(pairing.crossed, start=1) if c)
        apply(state, TmRound(number, 0, pairing.matches, pairing.bye, crossed))
        for table in range(1, len(pairing.matches) + 1):
            for board in (1, 2):
                apply(state, TmGame(number, table, board, random_game(rng)))
            if state.deciding_players(number, table) is not None:
                decider = rng.choice((Outcome.CLEAN_WIN, Outcome.LOSS, Outcome.DRAW))
                apply(state, TmGame(number, table, DECIDING, decider))
        for team in state.active():
            if rng.random() < 0.01:
                apply(state, TmDrop(team))
    return state


@dataclass
class Report:
    """The figures of one size and format."""

    teams: int
    scoring: str
    rounds: int = 0
    slowest_s: float = 0.0
    exact_checked: bool = False
    all_optimal: bool = True
    slowest_exact_s: float = 0.0
    rematches: int = 0
    mirror_matches: int = 0
    crossed_matches: int = 0
    #: the most pairs of teams one round kept apart for 610.4 alone (no mirror-free assignment)
    mirror_bound_pairs: int = 0


def measure(size: int, seed: int, scoring: Scoring, exact_limit: int) -> Report:
    """Play one event and collect its figures."""
    report = Report(size, scoring.value, exact_checked=size <= exact_limit)

    def on_round(state: State, pairing: TeamPairing, number: int, elapsed: float) -> None:
        report.rounds += 1
        report.slowest_s = max(report.slowest_s, elapsed)
        played = state.played()
        report.rematches += sum(frozenset(m) in played for m in pairing.matches)
        report.mirror_matches += len(pairing.mirrors)
        report.crossed_matches += sum(pairing.crossed)
        bound = len(pairing.avoided - played)
        report.mirror_bound_pairs = max(report.mirror_bound_pairs, bound)
        if not report.exact_checked:
            return
        problem = problem_of(state, pairing, number)
        began = time.perf_counter()
        reference = exact_cost(problem, pairing.bye)
        report.slowest_exact_s = max(report.slowest_exact_s, time.perf_counter() - began)
        ours = pairing_cost(list(pairing.matches), problem.points)
        report.all_optimal &= reference is not None and reference[0] == ours

    play(size, seed, scoring, on_round)
    return report


def main() -> None:
    """Print a line per size and format, then all the figures as one line of JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--exact-limit", type=int, default=max(SIZES))
    args = parser.parse_args()
    reports = [
        measure(size, args.seed, scoring, args.exact_limit)
        for size in args.sizes
        for scoring in FORMATS
    ]
    for r in reports:
        line = (
            f"{r.teams:4d} teams, {r.scoring:8s}, {r.rounds} rounds: slowest round"
            f" {r.slowest_s * 1e3:8.2f} ms | rematches {r.rematches}"
            f" | crossed {r.crossed_matches}, mirror {r.mirror_matches},"
            f" kept apart for 610.4 {r.mirror_bound_pairs}"
        )
        if r.exact_checked:
            line += (
                f" | optimal on every round: {r.all_optimal}"
                f" | networkx {r.slowest_exact_s * 1e3:9.2f} ms"
            )
        print(line)
    print(json.dumps([vars(r) for r in reports]))


if __name__ == "__main__":
    main()
