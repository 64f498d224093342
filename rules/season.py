"""A season's table (issue 27, item 5): points by place, the best N results, ties explained.

An organiser defines a season for his club's group: a name, its first and last day, the
points by place and how many best results count. Every tournament of the group finished
within those days adds each of its players' final places (``Result``); this module scores them.

Clauses (each tested by itself in ``tests/unit/test_season.py``):

1. **Points by place.** Place *p* earns the table's *p*-th number; a place beyond the table
   earns 0 (so one table serves a field of any size: a field smaller than the table uses its
   start, a larger one scores its tail 0). Players who share a place (a team's players) each
   earn it. The default table is ``DEFAULT_POINTS``: 25 18 15 12 10 8 6 4 2 1.
2. **Best N.** A player's ``best`` highest-scoring results count (all of them while he has
   fewer); the rest are shown as dropped. The default is ``DEFAULT_BEST`` (4).
3. **Order.** More points first. Equal points: the countback over all his results of the
   season (counted or dropped) — more first places, then more second places, and so on, down
   to the lowest place anyone had (so more tournaments played decides last: the counts add up
   to them); otherwise the players share the place (listed by club number).
4. **Explained.** Each row tied on points with the row above says what put it below
   (``Tie``): the place it had fewer of, or a shared place.

Errors are ``SeasonError`` (a ``ValueError``): a table that is empty, too long or not
non-increasing whole numbers, a ``best`` below 1, a place below 1.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

__all__ = [
    "DEFAULT_BEST",
    "DEFAULT_POINTS",
    "Result",
    "Row",
    "Scoring",
    "SeasonError",
    "Tie",
    "TieBy",
    "points_for",
    "table",
]

DEFAULT_POINTS: tuple[int, ...] = (25, 18, 15, 12, 10, 8, 6, 4, 2, 1)
DEFAULT_BEST = 4
#: the longest table an organiser may type (a longer field scores its tail 0)
MAX_PLACES = 64
MAX_POINTS = 1000


class SeasonError(ValueError):
    """A season's scoring that cannot be (see the module docstring)."""


@dataclass(frozen=True, slots=True)
class Scoring:
    """The points by place and how many best results count."""

    points: tuple[int, ...] = DEFAULT_POINTS
    best: int = DEFAULT_BEST

    def __post_init__(self) -> None:
        if not self.points or len(self.points) > MAX_PLACES:
            raise SeasonError(f"a table of 1 to {MAX_PLACES} places, not {len(self.points)}")
        if any(p < 0 or p > MAX_POINTS for p in self.points):
            raise SeasonError(f"points from 0 to {MAX_POINTS}")
        if any(b > a for a, b in zip(self.points, self.points[1:], strict=False)):
            raise SeasonError("a lower place never earns more than a higher one")
        if self.best < 1:
            raise SeasonError("at least one result counts")


@dataclass(frozen=True, slots=True)
class Result:
    """A player's final place in one finished tournament of the season."""

    tournament: int
    player: int
    place: int

    def __post_init__(self) -> None:
        if self.place < 1:
            raise SeasonError(f"place {self.place}")


def points_for(scoring: Scoring, place: int) -> int:
    """Clause 1: the points of ``place``."""
    if place < 1:
        raise SeasonError(f"place {place}")
    return scoring.points[place - 1] if place <= len(scoring.points) else 0


class TieBy(StrEnum):
    """What put a row below the row above it with as many points (clause 4)."""

    PLACES = "places"  #: fewer results of ``Tie.place`` (the first place where they differ)
    SHARED = "shared"  #: nothing: they share the place


@dataclass(frozen=True, slots=True)
class Tie:
    by: TieBy
    #: clause 3's place where the countback differs (``PLACES``), else 0
    place: int = 0
    #: how many of that place this row has, and the row above
    mine: int = 0
    theirs: int = 0


@dataclass(frozen=True, slots=True)
class Row:
    """A player's line of the table."""

    rank: int
    player: int
    points: int
    #: the points of the results counted (best first) and of the rest (dropped)
    counted: tuple[int, ...]
    dropped: tuple[int, ...]
    #: his places, in the order the tournaments finished
    places: tuple[int, ...]
    tie: Tie | None = None

    @property
    def played(self) -> int:
        return len(self.places)


def _countback(places: Iterable[int], deepest: int) -> tuple[int, ...]:
    seen = Counter(places)
    return tuple(seen[p] for p in range(1, deepest + 1))


def _tie(upper: Row, lower: Row, deepest: int) -> Tie:
    """Clause 4: why ``lower`` is below ``upper`` (equal points)."""
    mine, theirs = _countback(lower.places, deepest), _countback(upper.places, deepest)
    for place, (a, b) in enumerate(zip(mine, theirs, strict=True), start=1):
        if a != b:
            return Tie(TieBy.PLACES, place, a, b)
    return Tie(TieBy.SHARED)


def table(scoring: Scoring, results: Sequence[Result]) -> list[Row]:
    """The season's table over ``results`` (each in the order its tournament finished)."""
    places: dict[int, list[int]] = defaultdict(list)
    for result in results:
        places[result.player].append(result.place)
    deepest = max((r.place for r in results), default=1)
    rows = []
    for player, his in places.items():
        scored = sorted((points_for(scoring, p) for p in his), reverse=True)
        counted, dropped = scored[: scoring.best], scored[scoring.best :]
        rows.append(Row(0, player, sum(counted), tuple(counted), tuple(dropped), tuple(his)))

    def key(row: Row) -> tuple[int, tuple[int, ...], int]:
        back = _countback(row.places, deepest)
        return (-row.points, tuple(-n for n in back), row.player)

    rows.sort(key=key)
    ranked: list[Row] = []
    for index, row in enumerate(rows):
        above = ranked[-1] if ranked else None
        if above is None or above.points != row.points:
            ranked.append(_ranked(row, index + 1, None))
            continue
        tie = _tie(above, row, deepest)
        rank = above.rank if tie.by is TieBy.SHARED else index + 1
        ranked.append(_ranked(row, rank, tie))
    return ranked


def _ranked(row: Row, rank: int, tie: Tie | None) -> Row:
    return Row(rank, row.player, row.points, row.counted, row.dropped, row.places, tie)
