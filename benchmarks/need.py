"""``/need`` benchmark: its worst case on a 64-player Swiss (6 rounds, Top 8).

Run with ``.venv/bin/python -m benchmarks.need`` (``--players``, ``--rounds``, ``--top``,
``--seed``). It plays one seeded Swiss with the engine (random results: clean wins and
losses, some draws) and asks ``rules.swiss.need`` for every player at every moment the answer
is hardest: after each complete round (the rounds left unpaired) and, inside each round, with
its last 1, 2, 3, 4 or 8 tables still open (``--open``). Later rounds are ranked as the bot
ranks them (``rules.standings.compute_standings`` with the default tie-breaks after the
results so far and the supposed ones). It reports, per moment, whether the answer was exact
or bounds and the slowest player's time; the last line is the figures as JSON. The worst
case is the largest exact walk: the round before the last with three tables open (27
pairings of 64 players, within ``rules.swiss.need.EXACT_LIMIT``).

With ``--why`` it times ``/why`` instead: every round of the same Swiss paired with its
explanation (``rules.swiss.explain``), and the slowest player's explanation of each round
(each is a few pairings of the round: the best one without his table, and one per former
opponent).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Sequence

from rules.results import MatchRecord, Outcome, PlayerId, points
from rules.standings import DEFAULT_TIE_BREAKS, compute_standings
from rules.swiss import pair_round, pairing_scores
from rules.swiss.explain import pair_round_explained
from rules.swiss.need import Field, Rank, need


def random_outcome(rng: random.Random) -> Outcome:
    return Outcome.DRAW if rng.random() < 0.1 else rng.choice((Outcome.CLEAN_WIN, Outcome.LOSS))


def ranker(players: list[PlayerId], records: list[MatchRecord], seed: int) -> Rank:
    def rank(extra: Sequence[MatchRecord]) -> list[PlayerId]:
        rows = compute_standings(
            players, [*records, *extra], seed=seed, tie_breaks=DEFAULT_TIE_BREAKS
        )
        return [row.player for row in rows]

    return rank


def moment(
    players: list[PlayerId],
    records: list[MatchRecord],
    open_tables: list[tuple[PlayerId, PlayerId]],
    at: tuple[int, int, int],
) -> tuple[Field, Rank]:
    """The question's field after ``records``, ``open_tables`` of round ``number`` open."""
    number, rounds_left, top = at
    totals = dict.fromkeys(players, 0)
    for record in records:
        totals[record.player_a] += points(record.outcome_a)
        if record.player_b is not None:
            totals[record.player_b] += points(record.outcome_b)
    rank = ranker(players, records, 7)
    played = frozenset(
        frozenset((r.player_a, r.player_b)) for r in records if r.player_b is not None
    ) | frozenset(frozenset(t) for t in open_tables)
    field = Field(
        points=totals,
        scores=pairing_scores(players, records),
        played=played,
        had_bye=frozenset(r.player_a for r in records if r.player_b is None),
        order=tuple(rank([])),
        open_tables=tuple(open_tables),
        rounds_left=rounds_left,
        top=top,
        round=number,
    )
    return field, rank


def ask_everyone(field: Field, rank: Rank) -> tuple[float, bool]:
    """The slowest player's answer (seconds) and whether the answers were exact."""
    slowest, exact = 0.0, True
    for player in field.order:
        started = time.perf_counter()
        answer = need(field, player, rank=rank)
        slowest = max(slowest, time.perf_counter() - started)
        exact = exact and answer.exact
    return slowest, exact


def time_why(players: list[PlayerId], rounds: int, seed: int) -> None:
    """The slowest explanation of each round of a seeded Swiss (``--why``)."""
    rng = random.Random(seed)
    records: list[MatchRecord] = []
    slowest = 0.0
    for number in range(1, rounds + 1):
        explanation = pair_round_explained(
            list(ranker(players, records, 7)([])),
            pairing_scores(players, records),
            {frozenset((r.player_a, r.player_b)) for r in records if r.player_b is not None},
            {r.player_a for r in records if r.player_b is None},
            seed,
            round_number=number,
        )
        worst = 0.0
        for player in players:
            started = time.perf_counter()
            explanation.of(player)
            worst = max(worst, time.perf_counter() - started)
        print(f"round {number}: slowest /why {worst * 1000:.0f} ms")
        slowest = max(slowest, worst)
        records += [MatchRecord(number, a, b, random_outcome(rng)) for a, b in explanation.pairs]
        if explanation.bye is not None:
            records.append(MatchRecord(number, explanation.bye, None, Outcome.BYE))
    print(json.dumps({"players": len(players), "why_slowest_ms": round(slowest * 1000)}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--top", type=int, default=8)
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--open", type=int, nargs="*", default=[0, 1, 2, 3, 4, 8])
    parser.add_argument("--why", action="store_true", help="time /why's explanations instead")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    players: list[PlayerId] = list(range(1, args.players + 1))
    if args.why:
        time_why(players, args.rounds, args.seed)
        return
    records: list[MatchRecord] = []
    figures: list[dict[str, object]] = []
    for number in range(1, args.rounds + 1):
        rank = ranker(players, records, 7)
        pairs, bye = pair_round(
            list(rank([])),
            pairing_scores(players, records),
            {frozenset((r.player_a, r.player_b)) for r in records if r.player_b is not None},
            {r.player_a for r in records if r.player_b is None},
            args.seed,
            round_number=number,
        )
        results = [MatchRecord(number, a, b, random_outcome(rng)) for a, b in pairs]
        if bye is not None:
            results.append(MatchRecord(number, bye, None, Outcome.BYE))
        for still_open in args.open:
            if still_open > len(pairs):
                continue
            done = results[: len(pairs) - still_open] + results[len(pairs) :]
            field, rank_now = moment(
                players,
                records + done,
                list(pairs[len(pairs) - still_open :]),
                (number, args.rounds - number, args.top),
            )
            slowest, exact = ask_everyone(field, rank_now)
            kind = "exact" if exact else "bounds"
            print(f"round {number}, {still_open} open: slowest {slowest * 1000:.0f} ms ({kind})")
            figures.append(
                {"round": number, "open": still_open, "ms": round(slowest * 1000), "exact": exact}
            )
        records += results
    worst = max(figures, key=lambda f: int(str(f["ms"])))
    print(json.dumps({"players": args.players, "worst": worst, "moments": figures}))


if __name__ == "__main__":
    main()
