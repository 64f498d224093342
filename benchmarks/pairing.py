"""Pairing benchmark: simulated Swiss tournaments, timed round by round.

Run with ``.venv/bin/python -m benchmarks.pairing``. For every size it plays one seeded
tournament with random results (and a few drops) over the number of rounds from the default
table, and reports the slowest round's pairing time. Up to 128 players every round is also
solved exactly with ``networkx.max_weight_matching`` on the same cost (bye chosen the same way)
and with ``swisspair`` (a C++ pairer). The last line is the figures as JSON.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import networkx as nx
import swisspair

from rules.results import MatchRecord, Outcome, PlayerId, outcomes_from_games, technical_outcomes
from rules.standings import compute_standings
from rules.swiss import Pair, pair_round, pairing_cost
from rules.tournament_size import tournament_size

SIZES = (16, 64, 128, 256, 1024)
EXACT_LIMIT = 128


@dataclass
class Round:
    """One round's pairing problem, as handed to the pairer."""

    ranking: list[PlayerId]
    points: dict[PlayerId, int]
    played: set[frozenset[PlayerId]]
    had_bye: set[PlayerId]
    round_number: int


@dataclass
class Tournament:
    """A simulated tournament: players, records, and the pairing problem of each round."""

    players: list[PlayerId]
    records: list[MatchRecord] = field(default_factory=list)
    dropped: set[PlayerId] = field(default_factory=set)


def random_result(rng: random.Random, round_number: int, a: PlayerId, b: PlayerId) -> MatchRecord:
    """A plausible random result: mostly clean 2–0/2–1 wins, some draws and technical results."""
    roll = rng.random()
    if roll < 0.08:
        outcome, _ = outcomes_from_games(1, 1, agreed=rng.random() < 0.5)
        return MatchRecord(round_number, a, b, outcome, 1, 1)
    if roll < 0.13:
        outcome, _ = technical_outcomes(a_wins=rng.random() < 0.5)
        return MatchRecord(round_number, a, b, outcome)
    games = rng.choice([(2, 0), (2, 1), (1, 2), (0, 2)])
    outcome, _ = outcomes_from_games(*games)
    return MatchRecord(round_number, a, b, outcome, *games)


def current_round(tournament: Tournament, round_number: int, seed: int) -> Round:
    """The pairing problem of ``round_number`` from the records so far."""
    standings = compute_standings(tournament.players, tournament.records, seed=seed)
    ranking = [row.player for row in standings if row.player not in tournament.dropped]
    played = {
        frozenset((r.player_a, r.player_b)) for r in tournament.records if r.player_b is not None
    }
    had_bye = {r.player_a for r in tournament.records if r.player_b is None}
    points = {row.player: row.points for row in standings}
    return Round(ranking, points, played, had_bye, round_number)


def play(
    size: int, seed: int, on_round: Callable[[Round, list[Pair], PlayerId | None], None]
) -> None:
    """Play a whole Swiss tournament of ``size`` players; ``on_round`` sees every pairing."""
    rng = random.Random(seed)
    tournament = Tournament([f"p{i}" for i in range(size)])
    for round_number in range(1, tournament_size(size).swiss_rounds + 1):
        problem = current_round(tournament, round_number, seed)
        pairs, bye = pair_round(
            problem.ranking,
            problem.points,
            problem.played,
            problem.had_bye,
            seed,
            round_number=round_number,
        )
        on_round(problem, pairs, bye)
        tournament.records += [random_result(rng, round_number, a, b) for a, b in pairs]
        if bye is not None:
            tournament.records.append(MatchRecord(round_number, bye, None, Outcome.BYE))
        for player in problem.ranking:
            if rng.random() < 0.01:
                tournament.dropped.add(player)


def exact_cost(problem: Round, bye: PlayerId | None) -> tuple[tuple[int, int], list[Pair]] | None:
    """The optimum (floats, squares) by networkx on the players other than ``bye``."""
    players = [p for p in problem.ranking if p != bye]
    points = problem.points
    spread = max(points[p] for p in players) - min(points[p] for p in players)
    float_unit = len(players) * spread * spread + 1
    graph = nx.Graph()
    graph.add_nodes_from(players)
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            if frozenset((a, b)) in problem.played:
                continue
            diff = points[a] - points[b]
            cost = (float_unit if diff else 0) + diff * diff
            graph.add_edge(a, b, weight=2 * float_unit - cost)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) != len(players):
        return None
    pairs = [(a, b) for a, b in matching]
    return pairing_cost(pairs, points), pairs


def run_swisspair(problem: Round) -> tuple[float, list[Pair]]:
    """swisspair's pairing of the same round and its time (conversion included)."""
    start = time.perf_counter()
    everyone_had_bye = all(p in problem.had_bye for p in problem.ranking)
    opponents: dict[PlayerId, set[str]] = {p: set() for p in problem.ranking}
    for pair in problem.played:
        a, b = tuple(pair)
        if a in opponents and b in opponents:
            opponents[a].add(str(b))
            opponents[b].add(str(a))
    players = [
        swisspair.Player(
            id=str(p),
            points=problem.points[p],
            rank=rank,
            can_get_bye=everyone_had_bye or p not in problem.had_bye,
            cannot_be_paired_against_ids=opponents[p],
        )
        for rank, p in enumerate(problem.ranking, start=1)
    ]
    matches = swisspair.create_matches(players)
    elapsed = time.perf_counter() - start
    pairs = [(m.p1.id, m.p2.id) for m in matches if m.p2 is not None]
    return elapsed, pairs


@dataclass
class SizeReport:
    """The figures printed for one tournament size."""

    size: int
    rounds: int = 0
    slowest_s: float = 0.0
    exact_checked: bool = False
    all_optimal: bool = True
    slowest_exact_s: float = 0.0
    slowest_swisspair_s: float = 0.0
    our_unequal_pairs: int = 0
    swisspair_unequal_pairs: int = 0
    swisspair_optimal_rounds: int = 0


def measure(size: int, seed: int) -> SizeReport:
    """Play one tournament of ``size`` and collect the timings and optimality checks."""
    report = SizeReport(size, exact_checked=size <= EXACT_LIMIT)

    def on_round(problem: Round, pairs: list[Pair], bye: PlayerId | None) -> None:
        start = time.perf_counter()
        pair_round(
            problem.ranking, problem.points, problem.played, problem.had_bye, seed,
            round_number=problem.round_number,
        )  # fmt: skip
        report.slowest_s = max(report.slowest_s, time.perf_counter() - start)
        report.rounds += 1
        ours = pairing_cost(pairs, problem.points)
        report.our_unequal_pairs += ours[0] // 2
        if not report.exact_checked:
            return
        start = time.perf_counter()
        reference = exact_cost(problem, bye)
        report.slowest_exact_s = max(report.slowest_exact_s, time.perf_counter() - start)
        report.all_optimal &= reference is not None and reference[0] == ours
        sp_time, sp_pairs = run_swisspair(problem)
        report.slowest_swisspair_s = max(report.slowest_swisspair_s, sp_time)
        sp_points: dict[PlayerId, int] = {str(p): v for p, v in problem.points.items()}
        sp_cost = pairing_cost(sp_pairs, sp_points)
        report.swisspair_unequal_pairs += sp_cost[0] // 2
        report.swisspair_optimal_rounds += reference is not None and sp_cost <= reference[0]

    play(size, seed, on_round)
    return report


def main() -> None:
    """Print a line per size, then all the figures as one line of JSON."""
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 2024
    reports = [measure(size, seed) for size in SIZES]
    for r in reports:
        line = (
            f"{r.size:5d} players, {r.rounds:2d} rounds: slowest round {r.slowest_s * 1e3:8.2f} ms"
        )
        if r.exact_checked:
            ratio = r.slowest_s / r.slowest_swisspair_s
            line += (
                f" | optimal on every round: {r.all_optimal}"
                f" | networkx {r.slowest_exact_s * 1e3:8.2f} ms"
                f" | swisspair {r.slowest_swisspair_s * 1e3:7.2f} ms (ours/swisspair {ratio:.2f})"
                f" | unequal pairs ours {r.our_unequal_pairs}, swisspair"
                f" {r.swisspair_unequal_pairs}, swisspair optimal on"
                f" {r.swisspair_optimal_rounds}/{r.rounds} rounds"
            )
        print(line)
    print(json.dumps([vars(r) for r in reports]))


if __name__ == "__main__":
    main()
