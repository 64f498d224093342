"""What a player still needs for the Top (``/need``): exact bounds over the remaining rounds.

The question, for player X in a Swiss with a Top of ``top`` players: over **every outcome** of
the rest of the Swiss — each open table of the round being played, then each later round as the
pairing engine (``rules.swiss.pairing``) would pair it after those results — how many of the
players still in finish with more points than X, and with as many. X is in the Top for sure
when fewer than ``top`` others finish with at least his points; he is in on points only (the
tie-breaks decide) when fewer than ``top`` finish with more but ``top`` or more with at least
as many; he is out when ``top`` or more finish with more.

**Outcomes.** A table ends won by either player (3–0) or drawn (1–1); a bye gives 2.9 and
counts as a win for the score groups (``rules.swiss.score_groups``). **Default**: technical
results (2.5), double losses and drops are a judge's decision about a no-show or a penalty, not
a result the tables play, and are left out; so are a semi-closed event's auto-wins (402) and a
draft's pods, which the service does not ask about. The players who dropped take no place in
the Top (``bot.swiss.top.eligible``) and are not counted.

**Answers** (:class:`Need`), each in X's points still to score (tenths), over the scores X can
still reach: ``sure`` the fewest with which every outcome puts him in whatever the tie-breaks;
``sure_on_points`` the fewest with which no outcome puts ``top`` players above him on points (a
tie may still be decided against him); ``possible`` the fewest with which some outcome puts
him in whatever the tie-breaks; ``possible_on_ties`` the fewest with which some outcome leaves
him level enough for the tie-breaks to put him in. ``None``: no score does; 0: whatever he
scores (also when the least he can score is more than nothing, a bye being sure).

**Exact or bounds.** Where the outcomes to walk are few (``EXACT_LIMIT``) every
one is walked (``exact``): the rounds before the last are enumerated table by table with the
engine's pairings; the last round's tables are independent, so its best and worst cases are
taken table by table. Otherwise the answer is **proven bounds** (``exact`` false) from a
relaxation: the open tables as they are, every later round worth anything from 0 to 3 points to
each player independently (no pairing). Every real outcome is one of the relaxation's, so
``sure`` and ``sure_on_points`` are then scores that surely suffice (the exact ones may be
lower) and ``possible`` and ``possible_on_ties`` scores below which nothing suffices (the exact
ones may be higher); ``already in`` and ``out of reach`` remain exact.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from rules.results import BYE_POINTS, MatchRecord, Outcome, PlayerId, points
from rules.swiss.pairing import NoLegalPairing, pair_round

__all__ = ["EXACT_LIMIT", "Field", "Need", "Rank", "Tally", "need", "tally_need"]

P = PlayerId

EXACT_LIMIT = 120_000
"""The exact walk's budget: the pairings it computes times the square of the players (a
pairing with rematches to avoid is a weighted matching, and the larger the field the more
often it needs one); beyond, the proven bounds answer. 729 pairings of 12 players (two
rounds left after round 3 of 5) fit, as do 27 of 64 (the last round with three tables open):
``benchmarks.need``."""
_WIN, _DRAW = points(Outcome.CLEAN_WIN), points(Outcome.DRAW)
#: a table's outcomes: (A's points, B's points, A's outcome)
_TABLE = ((_WIN, 0, Outcome.CLEAN_WIN), (_DRAW, _DRAW, Outcome.DRAW), (0, _WIN, Outcome.LOSS))
_GAINS = (0, _DRAW, _WIN)


@dataclass(frozen=True, slots=True)
class Field:
    """The Swiss as it stands, for the question (every number in tenths)."""

    #: the standings points of every player still in (not dropped)
    points: Mapping[P, int]
    #: their pairing scores (``rules.swiss.score_groups``)
    scores: Mapping[P, int]
    #: the pairs who met (rematches are never paired)
    played: frozenset[frozenset[P]]
    had_bye: frozenset[P]
    #: the current standings of the players still in, best first
    order: tuple[P, ...]
    #: the tables of the round being played that have no result yet
    open_tables: tuple[tuple[P, P], ...] = ()
    #: the Swiss rounds not paired yet
    rounds_left: int = 0
    top: int = 0
    #: the last round number paired (the next is paired as ``round + 1``)
    round: int = 0
    #: players at an open table who dropped: their table is still played, but they are not
    #: paired again and take no place in the Top
    out: frozenset[P] = frozenset()


@dataclass(frozen=True, slots=True)
class Need:
    """X's answer (points still to score, tenths; ``None``: no score does)."""

    sure: int | None
    sure_on_points: int | None
    possible: int | None
    possible_on_ties: int | None
    #: the most X can still score
    most: int
    #: every outcome was walked (``False``: the bounds of the relaxation)
    exact: bool

    @property
    def already_in(self) -> bool:
        return self.sure == 0

    @property
    def out_of_reach(self) -> bool:
        return self.possible_on_ties is None


@dataclass(slots=True)
class Tally:
    """Per score X can reach: the fewest and the most others finishing above him (``gt``) and
    at least level (``ge``)."""

    max_ge: dict[int, int] = field(default_factory=dict)
    max_gt: dict[int, int] = field(default_factory=dict)
    min_ge: dict[int, int] = field(default_factory=dict)
    min_gt: dict[int, int] = field(default_factory=dict)

    def add(self, gain: int, ge: tuple[int, int], gt: tuple[int, int]) -> None:
        """One outcome (or a set of them): (fewest, most) at least level and above."""
        self.min_ge[gain] = min(self.min_ge.get(gain, ge[0]), ge[0])
        self.max_ge[gain] = max(self.max_ge.get(gain, ge[1]), ge[1])
        self.min_gt[gain] = min(self.min_gt.get(gain, gt[0]), gt[0])
        self.max_gt[gain] = max(self.max_gt.get(gain, gt[1]), gt[1])


def tally_need(tally: Tally, top: int, *, exact: bool) -> Need:
    """The answer from the counts of every outcome (``Need``'s definitions)."""
    gains = sorted(tally.max_ge)

    def fewest_sure(most: dict[int, int]) -> int | None:
        found = None
        for gain in reversed(gains):
            if most[gain] >= top:
                break
            found = gain
        return found

    def fewest_possible(fewest: dict[int, int]) -> int | None:
        return next((gain for gain in gains if fewest[gain] < top), None)

    least = gains[0]

    def needed(found: int | None) -> int | None:
        # the least he can score is scored whatever happens: needing it is needing nothing
        return 0 if found == least else found

    return Need(
        sure=needed(fewest_sure(tally.max_ge)),
        sure_on_points=needed(fewest_sure(tally.max_gt)),
        possible=needed(fewest_possible(tally.min_ge)),
        possible_on_ties=needed(fewest_possible(tally.min_gt)),
        most=gains[-1],
        exact=exact,
    )


Rank = Callable[[Sequence[MatchRecord]], Sequence[P]]
"""The standings (best first) after the given results added to the real ones."""


def need(
    situation: Field, player: P, *, rank: Rank | None = None, limit: int = EXACT_LIMIT
) -> Need:
    """X's answer: exact within the walk's budget (``limit``, ``EXACT_LIMIT``), else proven
    bounds.
    ``rank`` orders the players for the later pairings (default: points, then ``order``)."""
    if player not in situation.points:
        raise ValueError(f"{player!r} is not in the field")
    if _walk_size(situation) * len(situation.points) ** 2 <= limit:
        try:
            return tally_need(_exact(situation, player, rank), situation.top, exact=True)
        except NoLegalPairing:  # a later round the engine cannot pair: the judge will; bound it
            pass
    return tally_need(_relaxed(situation, player), situation.top, exact=False)


def _walk_size(situation: Field) -> int:
    """Pairings the exact walk computes: one per outcome of the rounds before each later one."""
    tables = len(situation.points) // 2
    before = 3 ** len(situation.open_tables) if situation.rounds_left else 1
    total = 0
    for _ in range(situation.rounds_left):
        total += before
        before *= 3**tables
    return total


# -- the exact walk -----------------------------------------------------------------------------


@dataclass(slots=True)
class _Walk:
    points: dict[P, int]
    scores: dict[P, int]
    played: set[frozenset[P]]
    had_bye: set[P]
    records: list[MatchRecord]


def _exact(situation: Field, player: P, rank: Rank | None) -> Tally:
    tally = Tally()
    walk = _Walk(
        dict(situation.points),
        dict(situation.scores),
        set(situation.played),
        set(situation.had_bye),
        [],
    )
    order = rank or _by_points(situation)
    stages = situation.rounds_left + (1 if situation.open_tables else 0)
    if stages == 0:
        ge, gt = _counts(walk.points, player, situation.out)
        tally.add(0, (ge, ge), (gt, gt))
        return tally

    def stage(number: int, left: int, gain: int) -> None:
        if number == situation.round and situation.open_tables:
            tables, bye = list(situation.open_tables), None
        else:
            tables, bye = pair_round(
                [p for p in order(walk.records) if p not in situation.out],
                walk.scores,
                walk.played,
                walk.had_bye,
                0,
                round_number=number,
            )
        if left == 1:
            _last(walk, (tables, bye), player, gain, tally, situation.out)
            return
        for outcome in _outcomes(tables, bye, number):
            undo = _play(walk, outcome)
            stage(number + 1, left - 1, gain + undo.gained(player))
            _unplay(walk, undo)

    stage(situation.round if situation.open_tables else situation.round + 1, stages, 0)
    return tally


def _by_points(situation: Field) -> Rank:
    position = {p: i for i, p in enumerate(situation.order)}

    def rank(records: Sequence[MatchRecord]) -> list[P]:
        total = dict(situation.points)
        for record in records:
            for who, outcome in _sides(record):
                total[who] = total[who] + points(outcome)
        return sorted(total, key=lambda p: (-total[p], position[p]))

    return rank


def _sides(record: MatchRecord) -> Iterator[tuple[P, Outcome]]:
    yield record.player_a, record.outcome_a
    if record.player_b is not None:
        yield record.player_b, record.outcome_b


@dataclass(frozen=True, slots=True)
class _Undo:
    records: tuple[MatchRecord, ...]
    pairs: tuple[frozenset[P], ...]
    bye: P | None
    had_bye_before: bool

    def gained(self, player: P) -> int:
        return sum(points(o) for r in self.records for who, o in _sides(r) if who == player)


def _outcomes(
    tables: Sequence[tuple[P, P]], bye: P | None, number: int
) -> Iterator[tuple[list[MatchRecord], P | None]]:
    def walk(i: int, done: list[MatchRecord]) -> Iterator[list[MatchRecord]]:
        if i == len(tables):
            yield done
            return
        a, b = tables[i]
        for _, _, outcome in _TABLE:
            yield from walk(i + 1, [*done, MatchRecord(number, a, b, outcome)])

    byes = [] if bye is None else [MatchRecord(number, bye, None, Outcome.BYE)]
    for records in walk(0, []):
        yield records + byes, bye


def _play(walk: _Walk, outcome: tuple[list[MatchRecord], P | None]) -> _Undo:
    records, bye = outcome
    pairs = []
    for record in records:
        for who, result in _sides(record):
            walk.points[who] += points(result)
            walk.scores[who] += (
                _WIN if result in (Outcome.CLEAN_WIN, Outcome.BYE) else points(result)
            )
        if record.player_b is not None:
            pairs.append(frozenset((record.player_a, record.player_b)))
    new_pairs = tuple(p for p in pairs if p not in walk.played)
    walk.played.update(new_pairs)
    had = bye is not None and bye in walk.had_bye
    if bye is not None:
        walk.had_bye.add(bye)
    walk.records.extend(records)
    return _Undo(tuple(records), new_pairs, bye, had)


def _unplay(walk: _Walk, undo: _Undo) -> None:
    for record in undo.records:
        for who, result in _sides(record):
            walk.points[who] -= points(result)
            walk.scores[who] -= (
                _WIN if result in (Outcome.CLEAN_WIN, Outcome.BYE) else points(result)
            )
    walk.played.difference_update(undo.pairs)
    if undo.bye is not None and not undo.had_bye_before:
        walk.had_bye.discard(undo.bye)
    del walk.records[len(walk.records) - len(undo.records) :]


def _counts(final: Mapping[P, int], player: P, out: frozenset[P]) -> tuple[int, int]:
    mine = final[player]
    ge = sum(1 for p, v in final.items() if p != player and p not in out and v >= mine)
    gt = sum(1 for p, v in final.items() if p != player and p not in out and v > mine)
    return ge, gt


def _last(
    walk: _Walk,
    paired: tuple[Sequence[tuple[P, P]], P | None],
    player: P,
    gain: int,
    tally: Tally,
    out: frozenset[P],
) -> None:
    """The last round: its tables are independent, so the fewest and the most players level
    with or above X are sums of each table's own fewest and most."""
    tables, bye = paired
    fixed = dict(walk.points)
    if bye is not None:
        fixed[bye] += BYE_POINTS
    mine = next((t for t in tables if player in t), None)
    others = [t for t in tables if t is not mine]
    own = [(0, 0)] if mine is None else [(a, b) for a, b, _ in _TABLE]
    for a_gain, b_gain in own:
        final = dict(fixed)
        if mine is not None:
            final[mine[0]] += a_gain
            final[mine[1]] += b_gain
        score = final[player]
        rest = {p: v for p, v in final.items() if not any(p in t for t in others)}
        ge, gt = _counts(rest, player, out)
        low_ge = high_ge = ge
        low_gt = high_gt = gt
        for a, b in others:
            ina, inb = a not in out, b not in out
            counts_ge = [
                ina * (final[a] + x >= score) + inb * (final[b] + y >= score) for x, y, _ in _TABLE
            ]
            counts_gt = [
                ina * (final[a] + x > score) + inb * (final[b] + y > score) for x, y, _ in _TABLE
            ]
            low_ge, high_ge = low_ge + min(counts_ge), high_ge + max(counts_ge)
            low_gt, high_gt = low_gt + min(counts_gt), high_gt + max(counts_gt)
        tally.add(score - walk.points[player] + gain, (low_ge, high_ge), (low_gt, high_gt))


# -- the proven bounds --------------------------------------------------------------------------


def _relaxed(situation: Field, player: P) -> Tally:
    """Open tables as they are; each later round worth 0, 1, 2.9 or 3 to each player alone."""
    tally = Tally()
    later = situation.rounds_left
    most_later = _WIN * later
    futures = {0}
    for _ in range(later):
        futures = {f + g for f in futures for g in (*_GAINS, BYE_POINTS)}
    mine = next((t for t in situation.open_tables if player in t), None)
    others = [t for t in situation.open_tables if t is not mine]
    own = [(0, 0)] if mine is None else [(a, b) for a, b, _ in _TABLE]
    for a_gain, b_gain in own:
        now = dict(situation.points)
        if mine is not None:
            now[mine[0]] += a_gain
            now[mine[1]] += b_gain
        seated = {p for t in others for p in t}
        rest = [p for p in now if p != player and p not in seated and p not in situation.out]
        for future in futures:
            score = now[player] + future
            low_ge = sum(now[p] >= score for p in rest)
            high_ge = sum(now[p] + most_later >= score for p in rest)
            low_gt = sum(now[p] > score for p in rest)
            high_gt = sum(now[p] + most_later > score for p in rest)
            for a, b in others:
                ina, inb = a not in situation.out, b not in situation.out
                sides = [(now[a] + x, now[b] + y) for x, y, _ in _TABLE]
                low_ge += min(ina * (u >= score) + inb * (v >= score) for u, v in sides)
                low_gt += min(ina * (u > score) + inb * (v > score) for u, v in sides)
                up = [(u + most_later, v + most_later) for u, v in sides]
                high_ge += max(ina * (u >= score) + inb * (v >= score) for u, v in up)
                high_gt += max(ina * (u > score) + inb * (v > score) for u, v in up)
            tally.add(score - situation.points[player], (low_ge, high_ge), (low_gt, high_gt))
    return tally
