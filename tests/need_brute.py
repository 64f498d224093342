"""``/need`` by brute force, for the tests (``rules.swiss.need``): every outcome of every table
of every remaining round walked to the end, each later round paired by the engine over the
standings by points (ties: the current order), and the four answers read off the leaves by
their definitions. Deliberately naive: it shares nothing with the walk it checks but the
pairing engine."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

from rules.results import PlayerId
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


def leaves(situation: Field, player: PlayerId) -> list[tuple[int, int, int]]:
    """(X's gain, others at least level, others above) of every outcome."""
    found: list[tuple[int, int, int]] = []
    position = {p: i for i, p in enumerate(situation.order)}
    start = situation.round if situation.open_tables else situation.round + 1
    stages = situation.rounds_left + (1 if situation.open_tables else 0)

    def go(
        number: int,
        left: int,
        pts: dict[PlayerId, int],
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
            ranking = sorted(
                (p for p in pts if p not in situation.out), key=lambda p: (-pts[p], position[p])
            )
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
            go(
                number + 1,
                left - 1,
                p2,
                s2,
                played | {frozenset(t) for t in tables},
                byes if bye is None else byes | {bye},
            )

    go(
        start,
        stages,
        dict(situation.points),
        dict(situation.scores),
        set(situation.played),
        set(situation.had_bye),
    )
    return found


def brute_need(situation: Field, player: PlayerId) -> Answer:
    every = leaves(situation, player)
    gains = sorted({gain for gain, _, _ in every})
    top = situation.top

    def sure(column: int) -> int | None:
        return next(
            (v for v in gains if all(leaf[column] < top for leaf in every if leaf[0] >= v)), None
        )

    def possible(column: int) -> int | None:
        return min((leaf[0] for leaf in every if leaf[column] < top), default=None)

    return Answer(sure(1), sure(2), possible(1), possible(2), gains[-1], tuple(gains))
