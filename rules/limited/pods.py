"""Seating a draft's players at tables (pods), the rounds inside them, and the Top from them
(601.5).

- **Tables** (601.5.1, 601.5.2): 8 to 16 players each, as equal as possible (sizes differ by at
  most one, the larger tables first), the number of tables a power of two (1, 2, 4, …): the
  fewest tables that keep every table at 16 or fewer. A field under 8 sits at one table (the
  club's smallest draft: the minimum field is 4, 601.2).
- **Random seating** (601.5.3): a published seed (``secrets``, drawn by the bot) and a
  deterministic shuffle anyone can re-check by hand or in a few lines of any language
  (``shuffled``): the players sorted by club ID, then a Fisher–Yates shuffle whose ``i``-th
  swap takes ``int(sha256(f"{seed}:{i}")) mod (i + 1)``; the shuffled list is cut into the
  tables in order, each table's players in seat order.
- **Seating by the standings** (601.5.6, a draft that is a later stage of a tournament, the
  Marathon's drafts 2, 3…): the standings, best first, cut into the tables in order; each
  table's players sit in standings order.
- **Neighbours**: the seats go round the table; a player's *left* neighbour is the next seat
  (he passes odd boosters to him, 601.6.3), his *right* one the seat before.
- **Rounds inside the pods** (601.5.4): 3 when every table has fewer than 8 players (a field
  under 8 at its one table), otherwise 4 («если на большей части столов 8 или более»: tables
  of 8–16 beyond one, so always). The organiser does not choose them.
- **The Top** (601.5.5): the same number from every table, at least two; seeded across the
  tables (``top_from_pods``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from rules.swiss.pairing import pair_round

__all__ = [
    "MAX_TABLE",
    "MIN_TABLE",
    "Seat",
    "pair_in_pods",
    "pod_of",
    "pod_rounds",
    "pod_top_size",
    "seat_by_standings",
    "seat_randomly",
    "seats",
    "shuffled",
    "table_count",
    "table_sizes",
    "top_from_pods",
]

MIN_TABLE, MAX_TABLE = 8, 16
"""A draft table seats 8 to 16 players (601.5.1)."""
SMALL_TABLE_ROUNDS, FULL_TABLE_ROUNDS = 3, 4
"""Rounds inside the pods: every table under 8 players → 3, otherwise 4 (601.5.4)."""
MIN_FROM_TABLE = 2
"""The Top takes at least two players from each table (601.5.5)."""


def table_count(players: int) -> int:
    """How many tables ``players`` sit at: the fewest, a power of two, with at most 16 at
    each (so, beyond one table, at least 8 at each: halving the count would put over 16)."""
    count = 1
    while players > count * MAX_TABLE:
        count *= 2
    return count


def table_sizes(players: int) -> list[int]:
    """The size of each table, the larger first, differing by at most one."""
    count = table_count(players)
    base, extra = divmod(players, count)
    return [base + 1] * extra + [base] * (count - extra)


def shuffled(players: Sequence[int], seed: str) -> list[int]:
    """The players in the seating order the seed gives (see the module's docstring): the same
    seed and players always give the same order, whatever order they are passed in."""
    order = sorted(players)
    for i in range(len(order) - 1, 0, -1):
        digest = hashlib.sha256(f"{seed}:{i}".encode()).digest()
        j = int.from_bytes(digest, "big") % (i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def _cut(order: Sequence[int]) -> list[list[int]]:
    pods: list[list[int]] = []
    start = 0
    for size in table_sizes(len(order)):
        pods.append(list(order[start : start + size]))
        start += size
    return pods


def seat_randomly(players: Sequence[int], seed: str) -> list[list[int]]:
    """The tables of a random seating (601.5.3), each in seat order."""
    return _cut(shuffled(players, seed))


def seat_by_standings(ranked: Sequence[int]) -> list[list[int]]:
    """The tables of a seating by the standings (601.5.6): ``ranked`` best first, cut into
    equal parts in order, the best part at table 1."""
    return _cut(ranked)


@dataclass(frozen=True, slots=True)
class Seat:
    """Where a player sits: his table and seat (both from 1) and his two neighbours (``None``
    alone at a table)."""

    player: int
    table: int
    seat: int
    left: int | None
    right: int | None


def seats(pods: Sequence[Sequence[int]]) -> dict[int, Seat]:
    """Every seated player's seat; the left neighbour is the next seat round the table."""
    out: dict[int, Seat] = {}
    for table, pod in enumerate(pods, start=1):
        size = len(pod)
        for index, player in enumerate(pod):
            left = pod[(index + 1) % size] if size > 1 else None
            right = pod[(index - 1) % size] if size > 1 else None
            out[player] = Seat(player, table, index + 1, left, right)
    return out


def pod_rounds(sizes: Sequence[int]) -> int:
    """Swiss rounds of a draft (601.5.4): 3 when every table seats fewer than 8, else 4."""
    return SMALL_TABLE_ROUNDS if all(size < MIN_TABLE for size in sizes) else FULL_TABLE_ROUNDS


def pod_top_size(tables: int, wanted: int) -> int:
    """The Top's size for ``tables`` pods when ``wanted`` was chosen (0: no Top): the same
    number from every table, at least two (601.5.5), so a multiple of the tables of at least
    twice their number; a power of two like any bracket."""
    if wanted <= 0:
        return 0
    return max(wanted, MIN_FROM_TABLE * tables)


def top_from_pods(
    pods: Sequence[Sequence[int]], ranked: Sequence[int], size: int
) -> list[int] | None:
    """The Top's seeds, ``size // len(pods)`` from each table (601.5.5), or ``None`` when a
    table has too few of the ``ranked`` players (the players still in, best of the Swiss
    first).

    Each table's players keep their order in ``ranked``. The seeds go tier by tier: every
    table's first, then every table's second, and so on; inside each tier the tables come in
    the order of their first players' ranks. The bracket pairs seed ``i`` with ``size + 1 − i``
    (``rules.top``), which, with an even number of tables, always pairs two different tables
    in the Top's first round: a table's winner meets another table's last qualifier."""
    per_table = size // len(pods) if pods else 0
    if per_table < 1 or per_table * len(pods) != size:
        return None
    place = {player: index for index, player in enumerate(ranked)}
    tiers: list[list[int]] = []
    for pod in pods:
        mine = sorted((p for p in pod if p in place), key=place.__getitem__)
        if len(mine) < per_table:
            return None
        tiers.append(mine[:per_table])
    tiers.sort(key=lambda table: place[table[0]])
    return [table[tier] for tier in range(per_table) for table in tiers]


def pod_of(pods: Sequence[Sequence[int]]) -> Mapping[int, int]:
    """Each seated player's table (from 1)."""
    return {player: table for table, pod in enumerate(pods, start=1) for player in pod}


def pair_in_pods(
    pods: Sequence[Sequence[int]],
    ranking: Sequence[int],
    points: Mapping[int, int],
    played: Collection[frozenset[int]],
    had_bye: Collection[int],
    seed: int,
    *,
    round_number: int,
) -> tuple[list[tuple[int, int]], list[int]]:
    """A Swiss round inside the pods (601.5.4: players meet only players of their own table):
    each table paired on its own by ``rules.swiss.pair_round`` over its ``ranking`` players
    (the players to pair, best first), with its own bye when it has an odd number; the pairs
    of table 1 first. Players of ``ranking`` seated at no table (a late entrant) sit at the
    smallest one. :class:`rules.swiss.NoLegalPairing` when a table has no rematch-free
    pairing."""
    tables = [list(pod) for pod in pods] or [[]]
    seated = {p for pod in tables for p in pod}
    for player in sorted(p for p in ranking if p not in seated):  # stable round to round
        min(tables, key=len).append(player)
    place = {player: index for index, player in enumerate(ranking)}
    pairs: list[tuple[int, int]] = []
    byes: list[int] = []
    for number, pod in enumerate(tables, start=1):
        order = sorted((p for p in pod if p in place), key=place.__getitem__)
        if not order:
            continue
        found, bye = pair_round(
            order,
            {p: points.get(p, 0) for p in order},
            played,
            had_bye,
            seed + number * 100_003,
            round_number=round_number,
        )
        pairs.extend(found)
        byes.extend([] if bye is None else [bye])
    return pairs, byes
