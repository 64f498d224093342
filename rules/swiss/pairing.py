"""Swiss pairing (spec section 4): score groups, floats, one bye, never a rematch.

Contract of :func:`pair_round`:

* **Bye** (odd field): the lowest-ranked player who has not had a bye, among the choices that
  still leave a legal pairing of the others; when every such choice fails (or everyone had a
  bye), the lowest-ranked player overall whose bye leaves a legal pairing.
* **Hard constraint**: no two players meet twice. When no rematch-free pairing exists at all,
  :class:`NoLegalPairing` is raised (the bot shows it to the judge) — never a silent rematch.
* **Cost**, minimised lexicographically over the rematch-free pairings of the others:
  (1) the number of players paired outside their score group (a *float*),
  (2) the sum of the squared score differences of the pairs (in tenths).
  The engine returns an exact optimum of this cost (see *Algorithm*).
* **Ties** between optimal pairings: inside a score group the engine prefers the Dutch order,
  the top half against the bottom half (1st vs (k/2+1)-th, ...); a player who floats down is
  the lowest-ranked one who can, and he meets the highest-ranked possible opponent of the next
  group. The result depends only on the arguments, so it is reproducible.
* **Round 1** (``round_number == 1``; or, when ``round_number`` is omitted, when nobody has
  points or games yet): the ranking is shuffled with ``random.Random(seed)`` and then paired by
  the same rules, so the first round is random and reproducible from the stored seed. Later
  rounds do not use the seed.

Algorithm. Without rematch constraints the optimum is known in closed form: every odd score
group sends exactly one player to the next odd group (odd groups paired consecutively from the
top), even groups pair internally; this is a lower bound of the cost. The *fast path* tries to
realise that bound segment by segment with small searches; when it succeeds the pairing is
provably optimal. When rematches make it impossible the engine solves the exact problem with a
weighted blossom matching (``rules.matching``; integer weights encoding the lexicographic cost),
after shrinking every large score group to a fixed number of representatives — safe because a
group of at least ``6d + 5`` players (``d`` = most games any player has played) always pairs
internally and never needs more than ``2d + 1`` floaters. Up to ``_GLOBAL_EXACT_LIMIT`` (128)
players that exact solve covers the whole field, so the result is the global optimum. In larger
fields it covers a window of score groups around each failed segment (growing until the window
can be paired), which keeps every round of a 1024-player event well under a second; the rest of
the field stays at its lower bound, but optimality across the window's edge is not proven.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Hashable, Iterator, Mapping, Sequence
from typing import TypeVar

from rules.matching import max_weight_matching
from rules.results import PlayerId

__all__ = [
    "NoLegalPairing",
    "Pair",
    "PairingError",
    "best_pairs",
    "pair_round",
    "pairing_cost",
    "pairing_order",
]

Pair = tuple[PlayerId, PlayerId]
P = TypeVar("P", bound=Hashable)
"""A player id type: club IDs in the bot, letters in tests."""

_GLOBAL_EXACT_LIMIT = 128
"""Up to this many players a failed fast path is repaired by one global exact solve."""
_WINDOW_PLAYERS = 48
"""Beyond it, players taken on each side of a failed segment into an exact window."""
_SEARCH_BUDGET = 5_000
"""Steps a score group's backtracking search may take before the exact solver takes over."""


class PairingError(ValueError):
    """The arguments of :func:`pair_round` are inconsistent (duplicates, missing points)."""


class NoLegalPairing(PairingError):
    """Every pairing of the active players repeats a game: the judge has to decide."""


def pair_round(
    ranking: Sequence[P],
    points: Mapping[P, int],
    played: Collection[frozenset[P]],
    had_bye: Collection[P],
    seed: int,
    *,
    round_number: int | None = None,
) -> tuple[list[tuple[P, P]], P | None]:
    """Pair the next round; returns the pairs (higher-ranked player first) and the bye.

    ``ranking`` lists the active players best first (dropped players are left out, late
    entrants included with their points); ``points`` are in tenths; ``played`` holds the pairs
    who already met; ``had_bye`` the players who already had a bye.
    Raises :class:`NoLegalPairing` when no rematch-free pairing exists.
    """
    order, _ = pairing_order(ranking, points, played, seed, round_number=round_number)
    index = {player: i for i, player in enumerate(order)}
    engine = _Engine([points[p] for p in order], _forbidden(index, played))
    pairs, bye = engine.solve([player in had_bye for player in order])
    return [(order[a], order[b]) for a, b in pairs], (None if bye is None else order[bye])


def pairing_order(
    ranking: Sequence[P],
    points: Mapping[P, int],
    played: Collection[frozenset[P]],
    seed: int,
    *,
    round_number: int | None = None,
) -> tuple[list[P], bool]:
    """The order :func:`pair_round` pairs in, and whether it was drawn by lot (round 1: the
    ranking shuffled with the seed); checks the arguments (:class:`PairingError`)."""
    order = list(ranking)
    if len(set(order)) != len(order):
        raise PairingError("a player appears twice in the ranking")
    missing = [player for player in order if player not in points]
    if missing:
        raise PairingError(f"no points for {missing!r}")
    first = round_number == 1 or (
        round_number is None and not played and not any(points[p] for p in order)
    )
    if first:
        random.Random(seed).shuffle(order)
    return order, first


def best_pairs(
    order: Sequence[P], points: Mapping[P, int], forbidden: Collection[frozenset[P]]
) -> list[tuple[P, P]] | None:
    """The engine's cheapest pairing of all of ``order`` (an even number, no bye) that meets
    no ``forbidden`` pair, by the cost :func:`pair_round` minimises; ``None`` if none exists.
    What a pairing's explanation (``rules.swiss.explain``) weighs the chosen pairing against."""
    if len(order) % 2:
        raise PairingError("an odd number of players has no pairing without a bye")
    index = {player: i for i, player in enumerate(order)}
    engine = _Engine([points[p] for p in order], _forbidden(index, forbidden))
    pairs = engine.pair_even(list(range(len(order))))
    return None if pairs is None else [(order[a], order[b]) for a, b in pairs]


def _forbidden(index: Mapping[P, int], played: Collection[frozenset[P]]) -> list[set[int]]:
    forbidden: list[set[int]] = [set() for _ in index]
    for pair in played:
        met = [index[p] for p in pair if p in index]
        if len(met) == 2:
            forbidden[met[0]].add(met[1])
            forbidden[met[1]].add(met[0])
    return forbidden


def pairing_cost(pairs: Sequence[tuple[P, P]], points: Mapping[P, int]) -> tuple[int, int]:
    """The cost the engine minimises: (players outside their score group, sum of squares)."""
    floats = sum(2 for a, b in pairs if points[a] != points[b])
    return floats, sum((points[a] - points[b]) ** 2 for a, b in pairs)


class _Engine:
    """Players are indices in ranking order (0 is the best)."""

    def __init__(self, points: list[int], forbidden: list[set[int]]) -> None:
        self.points = points
        self.forbidden = forbidden

    def solve(self, had_bye: list[bool]) -> tuple[list[tuple[int, int]], int | None]:
        everyone = list(range(len(self.points)))
        if len(everyone) % 2 == 0:
            pairs = self.pair_even(everyone)
            if pairs is None:
                raise NoLegalPairing("every pairing repeats a game")
            return pairs, None
        lowest_first = everyone[::-1]
        candidates = [p for p in lowest_first if not had_bye[p]]
        candidates += [p for p in lowest_first if had_bye[p]]
        for bye in candidates:
            pairs = self.pair_even([p for p in everyone if p != bye])
            if pairs is not None:
                return pairs, bye
        raise NoLegalPairing("every choice of the bye leaves a rematch")

    def pair_even(self, players: list[int]) -> list[tuple[int, int]] | None:
        segments = _segments(self.score_groups(players))
        solved = [self.solve_segment(segment) for segment in segments]
        if all(pairs is not None for pairs in solved):
            pairs: list[tuple[int, int]] | None = [
                pair for segment_pairs in solved for pair in segment_pairs or []
            ]
        elif len(players) <= _GLOBAL_EXACT_LIMIT:
            pairs = self.exact([group for segment in segments for group in segment])
        else:
            pairs = self.repair_windows(segments, solved)
        if pairs is None:
            return None
        return sorted((min(a, b), max(a, b)) for a, b in pairs)

    def score_groups(self, players: list[int]) -> list[list[int]]:
        by_points: dict[int, list[int]] = {}
        for player in sorted(players):
            by_points.setdefault(self.points[player], []).append(player)
        return [by_points[value] for value in sorted(by_points, reverse=True)]

    def repair_windows(
        self, segments: list[list[list[int]]], solved: list[list[tuple[int, int]] | None]
    ) -> list[tuple[int, int]] | None:
        """Large fields: solve exactly a window of segments around each failed one.

        The window grows by ``_WINDOW_PLAYERS`` players on each side until it can be paired;
        segments outside every window keep their lower-bound pairing.
        """
        reach = _WINDOW_PLAYERS
        while True:
            windows = _windows(segments, [s is None for s in solved], reach)
            if windows == [(0, len(segments))]:
                return self.exact([group for segment in segments for group in segment])
            pairs: list[tuple[int, int]] = []
            covered: set[int] = set()
            for low, high in windows:
                inner = self.exact([g for segment in segments[low:high] for g in segment])
                if inner is None:
                    break
                pairs += inner
                covered.update(range(low, high))
            else:
                outside = (solved[i] or [] for i in range(len(segments)) if i not in covered)
                return pairs + [pair for segment_pairs in outside for pair in segment_pairs]
            reach *= 2

    # -- fast path: realise the unconstrained lower bound -------------------------------------

    def solve_segment(self, segment: list[list[int]]) -> list[tuple[int, int]] | None:
        """Pairs of a segment at its lower bound: inner pairs, plus one float if it is odd."""
        if len(segment) == 1:
            return self.match_group(segment[0])
        pairs = self.float_between(segment[0], segment[-1])
        for group in segment[1:-1]:
            if pairs is None:
                return None
            inner = self.match_group(group)
            pairs = None if inner is None else pairs + inner
        return pairs

    def float_between(self, upper: list[int], lower: list[int]) -> list[tuple[int, int]] | None:
        """One player of ``upper`` meets one of ``lower``; both groups otherwise pair inside."""
        rest_of_lower: dict[int, list[tuple[int, int]] | None] = {}
        for floater in reversed(upper):
            rest_of_upper = self.match_group([p for p in upper if p != floater])
            if rest_of_upper is None:
                continue
            for partner in lower:
                if partner in self.forbidden[floater]:
                    continue
                if partner not in rest_of_lower:
                    rest_of_lower[partner] = self.match_group([p for p in lower if p != partner])
                inner = rest_of_lower[partner]
                if inner is not None:
                    return [(floater, partner), *rest_of_upper, *inner]
        return None

    def match_group(self, group: list[int]) -> list[tuple[int, int]] | None:
        """A rematch-free pairing inside ``group`` in Dutch order, or ``None`` if not found.

        Depth-first search: the best unpaired player takes the first legal partner in the order
        of :func:`_dutch_order`; the search gives up after ``_SEARCH_BUDGET`` tries.
        """
        size = len(group)
        paired = [False] * size
        firsts: list[int] = []
        chosen: list[int] = []
        frames: list[Iterator[int]] = []
        budget = _SEARCH_BUDGET

        def open_frame(start: int) -> bool:
            while start < size and paired[start]:
                start += 1
            if start == size:
                return False
            paired[start] = True
            firsts.append(start)
            frames.append(_dutch_order(start, size))
            return True

        if not open_frame(0):
            return []
        while frames:
            banned = self.forbidden[group[firsts[-1]]]
            for other in frames[-1]:
                if paired[other] or group[other] in banned:
                    continue
                budget -= 1
                if budget < 0:
                    return None
                paired[other] = True
                chosen.append(other)
                if not open_frame(firsts[-1] + 1):
                    return [(group[a], group[b]) for a, b in zip(firsts, chosen, strict=True)]
                break
            else:
                frames.pop()
                paired[firsts.pop()] = False
                if chosen:
                    paired[chosen.pop()] = False
        return None

    # -- exact solver ---------------------------------------------------------------------------

    def exact(self, groups: list[list[int]]) -> list[tuple[int, int]] | None:
        """Minimum-cost rematch-free pairing by weighted matching, or ``None`` if none exists."""
        players = {p for group in groups for p in group}
        degree = max((len(self.forbidden[p] & players) for p in players), default=0)
        kept: list[list[int]] = []
        aside: list[tuple[int, int]] = []
        for group in groups:
            core, inner = self.shrink(group, degree)
            kept.append(core)
            aside += inner
        matched = self.weighted_pairs(kept)
        if matched is None:
            return None
        return matched + aside

    def shrink(self, group: list[int], degree: int) -> tuple[list[int], list[tuple[int, int]]]:
        """Keep ``4d + 3`` (or ``4d + 4``) representatives; the middle pairs inside."""
        keep = 4 * degree + 3 + (len(group) - 4 * degree - 3) % 2
        if len(group) - keep < 2 * degree + 2:
            return group, []
        top = (keep + 1) // 2
        bottom = keep - top
        middle = group[top : len(group) - bottom]
        inner = self.match_group(middle)
        if inner is None:  # cannot happen by Dirac's theorem; stay exact anyway
            return group, []
        return group[:top] + group[len(group) - bottom :], inner

    def weighted_pairs(self, groups: list[list[int]]) -> list[tuple[int, int]] | None:
        players = [p for group in groups for p in group]
        slot = {p: i for i, p in enumerate(players)}
        group_of = {p: g for g, group in enumerate(groups) for p in group}
        offset = {p: i for group in groups for i, p in enumerate(group)}
        spread = max(self.points[p] for p in players) - min(self.points[p] for p in players)
        square_unit = len(players) * len(players) + 1  # above any sum of tie terms
        float_unit = square_unit * (len(players) * spread * spread + 1)
        edges: list[tuple[int, int, int]] = []
        for i, a in enumerate(players):
            for b in players[i + 1 :]:
                if b in self.forbidden[a]:
                    continue
                if group_of[a] == group_of[b]:  # tie term: Dutch distance
                    cost = abs(offset[b] - offset[a] - len(groups[group_of[a]]) // 2)
                else:  # tie term: bottom of the upper group against top of the lower
                    upper, lower = (a, b) if self.points[a] > self.points[b] else (b, a)
                    squares = (self.points[a] - self.points[b]) ** 2
                    tie = len(groups[group_of[upper]]) - 1 - offset[upper] + offset[lower]
                    cost = float_unit + square_unit * squares + tie
                edges.append((slot[a], slot[b], 2 * float_unit - cost))
        mate = max_weight_matching(len(players), edges, max_cardinality=True)
        if any(m < 0 for m in mate):
            return None
        return [(players[i], players[m]) for i, m in enumerate(mate) if i < m]


def _segments(groups: list[list[int]]) -> list[list[list[int]]]:
    """Split score groups as the lower bound pairs them.

    An even group alone is a segment; an odd group, the even groups below it and the next odd
    group form one (the two odd groups exchange one float).
    """
    segments: list[list[list[int]]] = []
    current: list[list[int]] = []
    for group in groups:
        if current:
            current.append(group)
            if len(group) % 2:
                segments.append(current)
                current = []
        elif len(group) % 2:
            current = [group]
        else:
            segments.append([group])
    return segments


def _windows(
    segments: list[list[list[int]]], failed: list[bool], reach: int
) -> list[tuple[int, int]]:
    """Ranges [low, high) of segments: each failed one widened by ``reach`` players a side."""
    sizes = [sum(len(group) for group in segment) for segment in segments]
    windows: list[tuple[int, int]] = []
    for index in (i for i, bad in enumerate(failed) if bad):
        low, high, above, below = index, index + 1, 0, 0
        while low > 0 and above < reach:
            low -= 1
            above += sizes[low]
        while high < len(segments) and below < reach:
            below += sizes[high]
            high += 1
        if windows and low <= windows[-1][1]:
            low = windows.pop()[0]
        windows.append((low, high))
    return windows


def _dutch_order(position: int, size: int) -> Iterator[int]:
    """Partners for ``position`` in a group of ``size``: nearest to half a group below first."""
    target = position + size // 2
    if target < size:
        yield target
    for distance in range(1, size):
        for other in (target - distance, target + distance):
            if 0 <= other < size and other != position:
                yield other
