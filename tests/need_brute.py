"""``/need`` by brute force, for the tests (``rules.swiss.need``): every outcome of every table
of every remaining round walked to the end, each later round paired by the engine over the
standings by points (ties: the current order), and the four answers read off the leaves by
their definitions. Deliberately naive: it shares nothing with the walk it checks but the
pairing engine."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import product

from rules.results import MatchRecord, Outcome, PlayerId
from rules.swiss.need import Field
from rules.swiss.pairing import pair_round

WIN, DRAW, BYE = 30, 10, 29
RESULTS = ((WIN, 0), (DRAW, DRAW), (0, WIN))


@dataclass(frozen=True, slots=True)
class Answer:
    sure: int | None
    sure_on_points: int | None
    possible: int | None
    possible_on_ties: int | None
    most: int
    #: every score X can still reach
    gains: tuple[int, ...] = ()


Rank = Callable[[Sequence[MatchRecord]], Sequence[PlayerId]]
OUTCOMES = (Outcome.CLEAN_WIN, Outcome.DRAW, Outcome.LOSS)


def leaves(
    situation: Field, player: PlayerId, rank: Rank | None = None
) -> list[tuple[int, int, int]]:
    """(X's gain, others at least level, others above) of every outcome; the later rounds
    ranked by ``rank`` (the results supposed so far given), by default by points, then the
    current order."""
    found: list[tuple[int, int, int]] = []
    position = {p: i for i, p in enumerate(situation.order)}
    start = situation.round if situation.open_tables else situation.round + 1
    stages = situation.rounds_left + (1 if situation.open_tables else 0)

    def go(
        number: int,
        left: int,
        pts: dict[PlayerId, int],
        supposed: list[MatchRecord],
        scores: dict[PlayerId, int],
        played: set[frozenset[PlayerId]],
        byes: set[PlayerId],
    ) -> None:
        if left == 0:
            mine = pts[player]
            rivals = [v for p, v in pts.items() if p != player and p not in situation.out]
            gain = mine - situation.points[player]
            found.append((gain, sum(v >= mine for v in rivals), sum(v > mine for v in rivals)))
            return
        tables: Sequence[tuple[PlayerId, PlayerId]]
        if number == situation.round and situation.open_tables:
            tables, bye = situation.open_tables, None
        else:
            if rank is None:
                ranked = sorted(pts, key=lambda p: (-pts[p], position[p]))
            else:
                ranked = list(rank(supposed))
            ranking = [p for p in ranked if p not in situation.out]
            tables, bye = pair_round(ranking, scores, played, byes, 0, round_number=number)
        for results in product(RESULTS, repeat=len(tables)):
            p2, s2 = dict(pts), dict(scores)
            for (a, b), (x, y) in zip(tables, results, strict=True):
                p2[a] += x
                p2[b] += y
                s2[a] += x
                s2[b] += y
            if bye is not None:
                p2[bye] += BYE
                s2[bye] += WIN
            records = [
                MatchRecord(number, a, b, OUTCOMES[RESULTS.index(r)])
                for (a, b), r in zip(tables, results, strict=True)
            ]
            if bye is not None:
                records.append(MatchRecord(number, bye, None, Outcome.BYE))
            go(
                number + 1,
                left - 1,
                p2,
                supposed + records if left > 1 else supposed,
                s2,
                played | {frozenset(t) for t in tables},
                byes if bye is None else byes | {bye},
            )

    go(
        start,
        stages,
        dict(situation.points),
        [],
        dict(situation.scores),
        set(situation.played),
        set(situation.had_bye),
    )
    return found


def brute_need(situation: Field, player: PlayerId, rank: Rank | None = None) -> Answer:
    every = leaves(situation, player, rank)
    gains = sorted({gain for gain, _, _ in every})
    top = situation.top

    def sure(column: int) -> int | None:
        return next(
            (v for v in gains if all(leaf[column] < top for leaf in every if leaf[0] >= v)), None
        )

    def possible(column: int) -> int | None:
        return min((leaf[0] for leaf in every if leaf[column] < top), default=None)

    def needed(found: int | None) -> int | None:
        return 0 if found == gains[0] else found

    return Answer(
        needed(sure(1)),
        needed(sure(2)),
        needed(possible(1)),
        needed(possible(2)),
        gains[-1],
        tuple(gains),
    )
