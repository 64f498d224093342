"""607.4.2 and 607.4.7: who a captain may name while a round's pairs are made.

The attacking captain names a player of his side still unpaired in the round; the defending
captain answers with an unpaired player of his; this repeats until every player of one side has
an opponent, the rest of the larger side being in reserve. Two who drew in the previous round
may not meet again in this one, unless they are the last players of their sides (607.4.7).

A name is offered only when the round can still be completed after it (a maximum matching of
the pairs still allowed keeps its size): a captain's choice never leaves two players who may
not meet as the last pair. Where no complete pairing avoids a rematch at all, the rematch is
allowed (**Default**; with one draw a player per round this happens only to the last players of
their sides, whom 607.4.7 lets meet anyway).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

__all__ = ["answers", "matching_size", "nominees"]

Pair = frozenset[int]


def _allowed(a: int, d: int, forbidden: Collection[Pair]) -> bool:
    return frozenset((a, d)) not in forbidden


def matching_size(
    attackers: Sequence[int], defenders: Sequence[int], forbidden: Collection[Pair]
) -> int:
    """The size of a maximum matching of allowed pairs (augmenting paths; sides are small)."""
    match_of: dict[int, int] = {}

    def augment(a: int, seen: set[int]) -> bool:
        for d in defenders:
            if d in seen or not _allowed(a, d, forbidden):
                continue
            seen.add(d)
            if d not in match_of or augment(match_of[d], seen):
                match_of[d] = a
                return True
        return False

    return sum(1 for a in attackers if augment(a, set()))


def _effective(
    attackers: Sequence[int], defenders: Sequence[int], forbidden: Collection[Pair]
) -> Collection[Pair]:
    """The rematches still refused: none when refusing them would leave no complete round."""
    if _one_each(attackers, defenders, forbidden):  # Hall: only one against one may fail
        one = len(attackers) == 1 and len(defenders) == 1
        return () if one and not _allowed(attackers[0], defenders[0], forbidden) else forbidden
    need = min(len(attackers), len(defenders))
    return forbidden if matching_size(attackers, defenders, forbidden) == need else ()


def _one_each(
    attackers: Sequence[int], defenders: Sequence[int], forbidden: Collection[Pair]
) -> bool:
    """Whether the rematches among these players form a matching (a player drew once a round:
    always so in a tournament)."""
    seated = set(attackers) | set(defenders)
    players = [p for pair in forbidden if pair <= seated for p in pair]
    return len(players) == len(set(players))


def answers(
    nominee: int,
    attackers: Sequence[int],
    defenders: Sequence[int],
    forbidden: Collection[Pair] = (),
) -> list[int]:
    """The unpaired defenders the defending captain may answer ``nominee`` with: those whose
    pair leaves a round that can still be completed.

    When the rematches form a matching (always so in a tournament), the players left are a
    complete bipartite graph less a matching, which (Hall) has a full matching unless one
    player is left on each side and they may not meet: that is checked directly, without a
    matching search, so a round of 64 against 48 stays instant."""
    refused = _effective(attackers, defenders, forbidden)
    allowed = [d for d in defenders if _allowed(nominee, d, refused)]
    rest_a = [a for a in attackers if a != nominee]
    if _one_each(attackers, defenders, refused):
        if len(rest_a) != 1 or len(defenders) != 2:
            return allowed
        return [d for d in allowed if _allowed(rest_a[0], _other(defenders, d), refused)]
    need = min(len(attackers), len(defenders))
    return [
        d
        for d in allowed
        if matching_size(rest_a, [x for x in defenders if x != d], refused) == need - 1
    ]


def _other(pair: Sequence[int], one: int) -> int:
    return pair[1] if pair[0] == one else pair[0]


def nominees(
    attackers: Sequence[int], defenders: Sequence[int], forbidden: Collection[Pair] = ()
) -> list[int]:
    """The unpaired attackers the attacking captain may name (each has an answer)."""
    if not attackers or not defenders:
        return []
    return [a for a in attackers if answers(a, attackers, defenders, forbidden)]
