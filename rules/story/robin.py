"""607.4.6: the round robin the winning captain may start among undefeated players of his side
level in everything, and the order it gives.

Every pair of the level players plays once; the pairs are drawn up in the order the players are
given (their joining order), table 1 first. **Default** (the club's reading, the regulation
names no scoring for it): a game's round-robin points are counted in halves — a win (clean or
technical) 2, a draw by time 1, a loss, a technical loss and either side of a double loss 0,
i.e. the usual win 1, draw ½, loss 0. The order is by those points; players still level share a
rank and the captain orders them with his buttons as before. These points order only the level
players among themselves: the Story points and tie-breaks of 607.4.6 are the knockout's alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations

from rules.results import Outcome, opposite

__all__ = ["RobinError", "robin_complete", "robin_pairs", "robin_points", "robin_ranks"]


class RobinError(ValueError):
    """A round robin that cannot be played: fewer than two players, or a player twice."""


def robin_pairs(players: Sequence[int]) -> list[tuple[int, int]]:
    """Every pair of ``players`` once, the earlier joiner first; table ``i`` is item ``i - 1``."""
    if len(players) < 2 or len(set(players)) != len(players):
        raise RobinError(f"a round robin needs two or more distinct players: {players!r}")
    return list(combinations(players, 2))


def _halves(outcome: Outcome) -> int:
    """The first player's round-robin points of a game, in halves (see the module docstring)."""
    match outcome:
        case Outcome.CLEAN_WIN | Outcome.TECHNICAL_WIN:
            return 2
        case Outcome.DRAW | Outcome.AGREED_DRAW:
            return 1
        case _:
            return 0


def robin_points(
    players: Sequence[int], pairs: Sequence[tuple[int, int]], results: Mapping[int, Outcome]
) -> dict[int, int]:
    """Each player's round-robin points in halves, from the results recorded so far
    (``results`` by table, from the first player's side)."""
    points = dict.fromkeys(players, 0)
    for table, outcome in results.items():
        a, b = pairs[table - 1]
        points[a] += _halves(outcome)
        points[b] += _halves(opposite(outcome))
    return points


def robin_complete(pairs: Sequence[tuple[int, int]], results: Mapping[int, Outcome]) -> bool:
    """Whether every game of the round robin has its result."""
    return all(table in results for table in range(1, len(pairs) + 1))


def robin_ranks(
    players: Sequence[int], pairs: Sequence[tuple[int, int]], results: Mapping[int, Outcome]
) -> dict[int, int]:
    """Each player's rank by round-robin points, 1 the most; players level share a rank (the
    next rank after a shared one is one more: ranks only order, they are not places)."""
    points = robin_points(players, pairs, results)
    levels = sorted(set(points.values()), reverse=True)
    return {p: levels.index(points[p]) + 1 for p in players}
