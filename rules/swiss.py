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
weighted blossom matching (integer weights encoding the lexicographic cost), after shrinking
every large score group to a fixed number of representatives — safe because a group of at least
``6d + 5`` players (``d`` = most games any player has played) always pairs internally and never
needs more than ``2d + 1`` floaters. Up to ``_GLOBAL_EXACT_LIMIT`` (128) players that exact
solve covers the whole field, so the result is the global optimum. In larger fields it covers a
window of score groups around each failed segment (growing until the window can be paired),
which keeps every round of a 1024-player event well under a second; the rest of the field stays
at its lower bound, but optimality across the window's edge is not proven.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Hashable, Iterator, Mapping, Sequence
from typing import TypeVar

from rules.results import PlayerId

__all__ = ["NoLegalPairing", "Pair", "PairingError", "pair_round", "pairing_cost"]

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
    index = {player: i for i, player in enumerate(order)}
    forbidden: list[set[int]] = [set() for _ in order]
    for pair in played:
        met = [index[p] for p in pair if p in index]
        if len(met) == 2:
            forbidden[met[0]].add(met[1])
            forbidden[met[1]].add(met[0])
    engine = _Engine([points[p] for p in order], forbidden)
    pairs, bye = engine.solve([player in had_bye for player in order])
    return [(order[a], order[b]) for a, b in pairs], (None if bye is None else order[bye])


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


# -- maximum-weight matching in general graphs ------------------------------------------------


def max_weight_matching(
    vertices: int, edges: Sequence[tuple[int, int, int]], *, max_cardinality: bool = False
) -> list[int]:
    """Edmonds' primal-dual blossom algorithm, O(n³), exact on integer weights.

    ``edges`` are ``(u, v, weight)`` over vertices ``0..vertices-1``. Returns ``mate`` with
    ``mate[v]`` the partner of ``v`` or -1. With ``max_cardinality`` the matching has maximum
    size and, among those, maximum weight.
    """
    if not edges:
        return [-1] * vertices
    return _Blossom(vertices, edges, max_cardinality).run()


class _Blossom:
    """State of the primal-dual algorithm (Galil's formulation, duals doubled to stay integer).

    Edge ``k`` has endpoints ``2k`` and ``2k + 1``; ``endpoint[p]`` is the vertex at ``p`` and
    ``p ^ 1`` the other end. Blossoms are numbered ``n..2n-1``. Labels: 0 free, 1 S (outer),
    2 T (inner); 5 marks blossoms during :meth:`scan`.
    """

    def __init__(self, n: int, edges: Sequence[tuple[int, int, int]], max_cardinality: bool):
        self.n = n
        self.edges = list(edges)
        self.max_cardinality = max_cardinality
        self.endpoint = [v for u, w, _ in edges for v in (u, w)]
        self.neighbours: list[list[int]] = [[] for _ in range(n)]
        for k, (u, w, _) in enumerate(edges):
            self.neighbours[u].append(2 * k + 1)
            self.neighbours[w].append(2 * k)
        top = max(0, max(weight for _, _, weight in edges))
        self.mate = [-1] * n
        self.label = [0] * (2 * n)
        self.label_end = [-1] * (2 * n)
        self.in_blossom = list(range(n))
        self.parent = [-1] * (2 * n)
        self.children: list[list[int]] = [[] for _ in range(2 * n)]
        self.base = list(range(n)) + [-1] * n
        self.endps: list[list[int]] = [[] for _ in range(2 * n)]
        self.best_edge = [-1] * (2 * n)
        self.best_edges: list[list[int] | None] = [None] * (2 * n)
        self.unused = list(range(n, 2 * n))
        self.dual = [top] * n + [0] * n
        self.allowed = [False] * len(edges)
        self.queue: list[int] = []

    def slack(self, k: int) -> int:
        u, w, weight = self.edges[k]
        return self.dual[u] + self.dual[w] - 2 * weight

    def leaves(self, b: int) -> Iterator[int]:
        stack = [b]
        while stack:
            t = stack.pop()
            if t < self.n:
                yield t
            else:
                stack.extend(self.children[t])

    def assign_label(self, w: int, t: int, p: int) -> None:
        while True:
            b = self.in_blossom[w]
            self.label[w] = self.label[b] = t
            self.label_end[w] = self.label_end[b] = p
            self.best_edge[w] = self.best_edge[b] = -1
            if t == 1:
                self.queue.extend(self.leaves(b))
                return
            mate_end = self.mate[self.base[b]]
            w, t, p = self.endpoint[mate_end], 1, mate_end ^ 1

    def scan(self, v: int, w: int) -> int:
        """The base of the blossom closed by edge v–w, or -1 for an augmenting path."""
        path: list[int] = []
        base = -1
        while v != -1 or w != -1:
            b = self.in_blossom[v]
            if self.label[b] & 4:
                base = self.base[b]
                break
            path.append(b)
            self.label[b] = 5
            if self.label_end[b] == -1:
                v = -1
            else:
                v = self.endpoint[self.label_end[b]]
                v = self.endpoint[self.label_end[self.in_blossom[v]]]
            if w != -1:
                v, w = w, v
        for b in path:
            self.label[b] = 1
        return base

    def add_blossom(self, base: int, k: int) -> None:
        v, w, _ = self.edges[k]
        bb, bv, bw = self.in_blossom[base], self.in_blossom[v], self.in_blossom[w]
        b = self.unused.pop()
        self.base[b], self.parent[b], self.parent[bb] = base, -1, b
        path: list[int] = []
        endps: list[int] = []
        while bv != bb:
            self.parent[bv] = b
            path.append(bv)
            endps.append(self.label_end[bv])
            bv = self.in_blossom[self.endpoint[self.label_end[bv]]]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            self.parent[bw] = b
            path.append(bw)
            endps.append(self.label_end[bw] ^ 1)
            bw = self.in_blossom[self.endpoint[self.label_end[bw]]]
        self.children[b], self.endps[b] = path, endps
        self.label[b], self.label_end[b], self.dual[b] = 1, self.label_end[bb], 0
        for leaf in self.leaves(b):
            if self.label[self.in_blossom[leaf]] == 2:
                self.queue.append(leaf)
            self.in_blossom[leaf] = b
        self.collect_best_edges(b, path)

    def collect_best_edges(self, b: int, path: list[int]) -> None:
        best_to = [-1] * (2 * self.n)
        for child in path:
            known = self.best_edges[child]
            if known is None:
                candidates = [p // 2 for leaf in self.leaves(child) for p in self.neighbours[leaf]]
            else:
                candidates = known
            for k in candidates:
                i, j, _ = self.edges[k]
                if self.in_blossom[j] == b:
                    i, j = j, i
                bj = self.in_blossom[j]
                if (
                    bj != b
                    and self.label[bj] == 1
                    and (best_to[bj] == -1 or self.slack(k) < self.slack(best_to[bj]))
                ):
                    best_to[bj] = k
            self.best_edges[child] = None
            self.best_edge[child] = -1
        chosen = [k for k in best_to if k != -1]
        self.best_edges[b] = chosen
        self.best_edge[b] = min(chosen, key=self.slack, default=-1)

    def expand(self, b: int, end_stage: bool) -> None:
        for s in self.children[b]:
            self.parent[s] = -1
            if s < self.n:
                self.in_blossom[s] = s
            elif end_stage and self.dual[s] == 0:
                self.expand(s, end_stage)
            else:
                for leaf in self.leaves(s):
                    self.in_blossom[leaf] = s
        if not end_stage and self.label[b] == 2:
            self.relabel_expanded(b)
        self.label[b] = self.label_end[b] = -1
        self.children[b], self.endps[b] = [], []
        self.base[b] = -1
        self.best_edges[b] = None
        self.best_edge[b] = -1
        self.unused.append(b)

    def relabel_expanded(self, b: int) -> None:
        """Relabel the children of an expanded T-blossom along the even path to its entry."""
        children, endps = self.children[b], self.endps[b]
        entry = self.in_blossom[self.endpoint[self.label_end[b] ^ 1]]
        j = children.index(entry)
        if j & 1:
            j -= len(children)
            step, trick = 1, 0
        else:
            step, trick = -1, 1
        p = self.label_end[b]
        while j != 0:
            self.label[self.endpoint[p ^ 1]] = 0
            self.label[self.endpoint[endps[j - trick] ^ trick ^ 1]] = 0
            self.assign_label(self.endpoint[p ^ 1], 2, p)
            self.allowed[endps[j - trick] // 2] = True
            j += step
            p = endps[j - trick] ^ trick
            self.allowed[p // 2] = True
            j += step
        bv = children[j]
        self.label[self.endpoint[p ^ 1]] = self.label[bv] = 2
        self.label_end[self.endpoint[p ^ 1]] = self.label_end[bv] = p
        self.best_edge[bv] = -1
        j += step
        while children[j] != entry:
            bv = children[j]
            j += step
            if self.label[bv] == 1:
                continue
            labelled = next((v for v in self.leaves(bv) if self.label[v] != 0), -1)
            if labelled >= 0:
                self.label[labelled] = 0
                self.label[self.endpoint[self.mate[self.base[bv]]]] = 0
                self.assign_label(labelled, 2, self.label_end[labelled])

    def augment_blossom(self, b: int, v: int) -> None:
        """Swap matched edges inside blossom ``b`` so that vertex ``v`` becomes its base."""
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= self.n:
            self.augment_blossom(t, v)
        children, endps = self.children[b], self.endps[b]
        i = j = children.index(t)
        if i & 1:
            j -= len(children)
            step, trick = 1, 0
        else:
            step, trick = -1, 1
        while j != 0:
            j += step
            t = children[j]
            p = endps[j - trick] ^ trick
            if t >= self.n:
                self.augment_blossom(t, self.endpoint[p])
            j += step
            t = children[j]
            if t >= self.n:
                self.augment_blossom(t, self.endpoint[p ^ 1])
            self.mate[self.endpoint[p]] = p ^ 1
            self.mate[self.endpoint[p ^ 1]] = p
        self.children[b] = children[i:] + children[:i]
        self.endps[b] = endps[i:] + endps[:i]
        self.base[b] = self.base[self.children[b][0]]

    def augment(self, k: int) -> None:
        v, w, _ = self.edges[k]
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
            while True:
                bs = self.in_blossom[s]
                if bs >= self.n:
                    self.augment_blossom(bs, s)
                self.mate[s] = p
                if self.label_end[bs] == -1:
                    break
                t = self.endpoint[self.label_end[bs]]
                bt = self.in_blossom[t]
                s = self.endpoint[self.label_end[bt]]
                j = self.endpoint[self.label_end[bt] ^ 1]
                if bt >= self.n:
                    self.augment_blossom(bt, j)
                self.mate[j] = self.label_end[bt]
                p = self.label_end[bt] ^ 1

    def scan_queue(self) -> bool:
        """Grow the alternating forest along tight edges; True once the matching augmented."""
        while self.queue:
            v = self.queue.pop()
            for p in self.neighbours[v]:
                k, w = p // 2, self.endpoint[p]
                bw = self.in_blossom[w]
                if self.in_blossom[v] == bw:
                    continue
                kslack = 0
                if not self.allowed[k]:
                    kslack = self.slack(k)
                    self.allowed[k] = kslack <= 0
                if self.allowed[k]:
                    if self.label[bw] == 0:
                        self.assign_label(w, 2, p ^ 1)
                    elif self.label[bw] == 1:
                        base = self.scan(v, w)
                        if base < 0:
                            self.augment(k)
                            return True
                        self.add_blossom(base, k)
                    elif self.label[w] == 0:
                        self.label[w], self.label_end[w] = 2, p ^ 1
                elif self.label[bw] == 1:
                    b = self.in_blossom[v]
                    if self.best_edge[b] == -1 or kslack < self.slack(self.best_edge[b]):
                        self.best_edge[b] = k
                elif self.label[w] == 0 and (
                    self.best_edge[w] == -1 or kslack < self.slack(self.best_edge[w])
                ):
                    self.best_edge[w] = k
        return False

    def find_delta(self) -> tuple[int, int, int]:
        """(kind, delta, edge or blossom) of the next dual update."""
        n = self.n
        kind, delta, target = -1, 0, -1
        if not self.max_cardinality:
            kind, delta = 1, min(self.dual[:n])
        for v in range(n):
            if self.label[self.in_blossom[v]] == 0 and self.best_edge[v] != -1:
                d = self.slack(self.best_edge[v])
                if kind == -1 or d < delta:
                    kind, delta, target = 2, d, self.best_edge[v]
        for b in range(2 * n):
            if self.parent[b] == -1 and self.label[b] == 1 and self.best_edge[b] != -1:
                d = self.slack(self.best_edge[b]) // 2
                if kind == -1 or d < delta:
                    kind, delta, target = 3, d, self.best_edge[b]
        for b in range(n, 2 * n):
            top_t = self.base[b] >= 0 and self.parent[b] == -1 and self.label[b] == 2
            if top_t and (kind == -1 or self.dual[b] < delta):
                kind, delta, target = 4, self.dual[b], b
        if kind == -1:
            kind, delta = 1, max(0, min(self.dual[:n]))
        return kind, delta, target

    def update_duals(self, delta: int) -> None:
        n = self.n
        for v in range(n):
            label = self.label[self.in_blossom[v]]
            if label == 1:
                self.dual[v] -= delta
            elif label == 2:
                self.dual[v] += delta
        for b in range(n, 2 * n):
            if self.base[b] >= 0 and self.parent[b] == -1:
                if self.label[b] == 1:
                    self.dual[b] += delta
                elif self.label[b] == 2:
                    self.dual[b] -= delta

    def stage(self) -> bool:
        """One stage: grow, shrink, expand and update duals until an augmentation (True)."""
        n = self.n
        self.label = [0] * (2 * n)
        self.best_edge = [-1] * (2 * n)
        self.best_edges[n:] = [None] * n
        self.allowed = [False] * len(self.edges)
        self.queue = []
        for v in range(n):
            if self.mate[v] == -1 and self.label[self.in_blossom[v]] == 0:
                self.assign_label(v, 1, -1)
        while not self.scan_queue():
            kind, delta, target = self.find_delta()
            self.update_duals(delta)
            if kind == 1:
                return False
            if kind in (2, 3):
                self.allowed[target] = True
                i, j, _ = self.edges[target]
                if self.label[self.in_blossom[i]] == 0:
                    i = j
                self.queue.append(i)
            else:
                self.expand(target, False)
        for b in range(n, 2 * n):
            if (
                self.parent[b] == -1
                and self.base[b] >= 0
                and self.label[b] == 1
                and self.dual[b] == 0
            ):
                self.expand(b, True)
        return True

    def run(self) -> list[int]:
        for _ in range(self.n):
            if not self.stage():
                break
        return [-1 if p == -1 else self.endpoint[p] for p in self.mate]
