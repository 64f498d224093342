"""Why a player was paired as he was (``/why``): read from the cost the pairing minimised.

The Swiss engine (``rules.swiss.pairing``) chooses, over the rematch-free pairings of a round's
players (the bye set aside first), the one of least cost, compared term by term (``TERMS``):
the players paired outside their score group (``floats``), then the sum of the squared score
differences of the pairs (``squares``). An explanation weighs the chosen pairing against the
engine's own best pairing *without that choice*, with the same forbidden pairs and the same bye:

* **a table** X–Y: the best pairing in which X does not meet Y. Its ``reasons`` are the cost
  terms whose values differ between the two (the first one decided); none differ: the two cost
  the same and the order of the ranking decided (the top half of a score group meets its bottom
  half, a floater is the lowest-ranked one who can); no such pairing at all: ``rematch`` (every
  other pairing of the round repeats a game);
* **a rematch avoided** for X: a former opponent Z whose table with X (that one rematch
  allowed) would have cost no more than the chosen pairing: only the ban kept them apart;
* **the bye**: the rule, not a cost: the lowest in the bye order (by rank; by rating in a
  duel-set release, 610.6) who has not had one and whose bye leaves a legal pairing of the
  others; each player below him is listed with why he was passed over.

Pure: the same arguments always give the same explanation.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from rules.swiss.pairing import best_pairs, pair_round, pairing_cost, pairing_order

__all__ = [
    "BYE_HAD_ONE",
    "BYE_NO_PAIRING",
    "REMATCH",
    "TERMS",
    "ByeWhy",
    "Cost",
    "Explanation",
    "TableWhy",
    "explain",
    "pair_round_explained",
]

P = TypeVar("P", bound=Hashable)

TERMS = ("floats", "squares")
"""The cost terms, in the order the engine compares them."""
REMATCH = "rematch"
"""The reason of a table without which every pairing of the round repeats a game."""
BYE_HAD_ONE = "had_bye"
"""Why a lower player did not get the bye: he already had one."""
BYE_NO_PAIRING = "no_pairing"
"""Why a lower player did not get the bye: the others could not be paired without a rematch."""


@dataclass(frozen=True, slots=True, order=True)
class Cost:
    """A pairing's cost terms (``TERMS``), compared in order."""

    floats: int
    squares: int

    @classmethod
    def of(cls, pairs: Sequence[tuple[P, P]], points: Mapping[P, int]) -> Cost:
        return cls(*pairing_cost(pairs, points))

    def differing(self, other: Cost) -> tuple[str, ...]:
        """The terms whose values differ, in the engine's order."""
        return tuple(term for term in TERMS if getattr(self, term) != getattr(other, term))


@dataclass(frozen=True, slots=True)
class TableWhy(Generic[P]):
    """Why ``player`` meets ``opponent`` this round."""

    player: P
    opponent: P
    #: the two score groups (pairing scores, tenths) and how many players of the round are in
    #: each (the bye set aside)
    group: int
    opponent_group: int
    group_size: int
    opponent_group_size: int
    #: the chosen pairing's cost, and the best one's without this table (``None``: none)
    chosen: Cost
    alternative: Cost | None
    #: the cost terms that distinguish the chosen pairing (``REMATCH``: no other exists)
    reasons: tuple[str, ...]
    #: the former opponents only the rematch ban kept from him
    avoided: tuple[P, ...]
    #: round 1: the order was drawn by lot
    drawn: bool

    @property
    def floated(self) -> bool:
        """The table joins two score groups: the higher player floated down."""
        return self.group != self.opponent_group


@dataclass(frozen=True, slots=True)
class ByeWhy(Generic[P]):
    """Why ``player`` has the bye."""

    player: P
    #: ``rank`` (the lowest-ranked first) or ``rating`` (the lowest-rated first, 610.6)
    rule: str
    #: the players passed over (everyone below him in that order, and when he has a second
    #: bye everyone without one), lowest first, each with why he did not get it
    below: tuple[tuple[P, str], ...]
    #: he had a bye already (everyone who had none was passed over)
    second: bool


@dataclass(frozen=True, slots=True)
class Explanation(Generic[P]):
    """A round's pairing with what the engine weighed: asked per player (``of``)."""

    order: tuple[P, ...]
    points: Mapping[P, int]
    forbidden: frozenset[frozenset[P]]
    pairs: tuple[tuple[P, P], ...]
    bye: P | None
    had_bye: frozenset[P]
    #: the bye order, lowest first (``None``: the ranking's, lowest-ranked first)
    bye_order: tuple[P, ...] | None = None
    drawn: bool = False

    @property
    def cost(self) -> Cost:
        return Cost.of(self.pairs, self.points)

    def of(self, player: P) -> TableWhy[P] | ByeWhy[P] | None:
        """Why ``player`` was paired so; ``None`` if he is not in this pairing."""
        if player == self.bye:
            return self.bye_why(player)
        table = next((pair for pair in self.pairs if player in pair), None)
        if table is None:
            return None
        opponent = table[1] if table[0] == player else table[0]
        return self.table_why(player, opponent)

    def seated(self) -> list[P]:
        """The players at the tables, in the pairing's order."""
        return [p for p in self.order if p != self.bye]

    def table_why(self, player: P, opponent: P) -> TableWhy[P]:
        chosen = self.cost
        seated = self.seated()
        without = best_pairs(seated, self.points, self.forbidden | {frozenset((player, opponent))})
        alternative = None if without is None else Cost.of(without, self.points)
        reasons = (REMATCH,) if alternative is None else chosen.differing(alternative)
        sizes = _group_sizes(seated, self.points)
        return TableWhy(
            player=player,
            opponent=opponent,
            group=self.points[player],
            opponent_group=self.points[opponent],
            group_size=sizes[self.points[player]],
            opponent_group_size=sizes[self.points[opponent]],
            chosen=chosen,
            alternative=alternative,
            reasons=reasons,
            avoided=self.avoided(player, opponent, chosen),
            drawn=self.drawn,
        )

    def avoided(self, player: P, opponent: P, chosen: Cost) -> tuple[P, ...]:
        """Former opponents whose table with ``player`` would have cost no more than the chosen
        pairing (the rest of the round paired at its best, still without rematches)."""
        seated = self.seated()
        found: list[P] = []
        for other in seated:
            if other in (player, opponent) or frozenset((player, other)) not in self.forbidden:
                continue
            rest = [p for p in seated if p not in (player, other)]
            pairs = best_pairs(rest, self.points, self.forbidden)
            if pairs is not None and Cost.of([(player, other), *pairs], self.points) <= chosen:
                found.append(other)
        return tuple(found)

    def bye_why(self, player: P) -> ByeWhy[P]:
        """The players the bye passed over, in the order they were tried: those without a bye
        lowest first, then (when every one of them failed) those with one."""
        lowest_first = list(self.bye_order) if self.bye_order else list(self.order[::-1])
        second = player in self.had_bye
        tried = [p for p in lowest_first if p not in self.had_bye]
        if second:
            tried += [p for p in lowest_first if p in self.had_bye]
        passed = tried[: tried.index(player)]
        below = lowest_first[: lowest_first.index(player)]
        why = [(p, BYE_NO_PAIRING) for p in passed]
        why += [(p, BYE_HAD_ONE) for p in below if p not in passed]
        why.sort(key=lambda item: lowest_first.index(item[0]))
        return ByeWhy(player, "rating" if self.bye_order else "rank", tuple(why), second)


def _group_sizes(players: Sequence[P], points: Mapping[P, int]) -> dict[int, int]:
    sizes: dict[int, int] = {}
    for player in players:
        sizes[points[player]] = sizes.get(points[player], 0) + 1
    return sizes


def explain(
    ranking: Sequence[P],
    points: Mapping[P, int],
    played: Collection[frozenset[P]],
    had_bye: Collection[P],
    pairs: Sequence[tuple[P, P]],
    bye: P | None,
    *,
    seed: int = 0,
    round_number: int | None = None,
    bye_order: Sequence[P] | None = None,
) -> Explanation[P]:
    """The explanation of a round paired as ``pairs`` and ``bye`` from these arguments (those
    of :func:`rules.swiss.pairing.pair_round`; ``bye_order`` as in a team duel set)."""
    order, drawn = pairing_order(ranking, points, played, seed, round_number=round_number)
    seated = set(order)
    forbidden = frozenset(
        frozenset(pair) for pair in played if len(pair) == 2 and set(pair) <= seated
    )
    return Explanation(
        order=tuple(order),
        points=dict(points),
        forbidden=forbidden,
        pairs=tuple(pairs),
        bye=bye,
        had_bye=frozenset(had_bye),
        bye_order=None if bye_order is None else tuple(bye_order),
        drawn=drawn,
    )


def pair_round_explained(
    ranking: Sequence[P],
    points: Mapping[P, int],
    played: Collection[frozenset[P]],
    had_bye: Collection[P],
    seed: int,
    *,
    round_number: int | None = None,
) -> Explanation[P]:
    """:func:`rules.swiss.pairing.pair_round` with its explanation: the pairing is the
    explanation's ``pairs`` and ``bye``. Raises :class:`NoLegalPairing` as it does."""
    pairs, bye = pair_round(ranking, points, played, had_bye, seed, round_number=round_number)
    return explain(
        ranking, points, played, had_bye, pairs, bye, seed=seed, round_number=round_number
    )
