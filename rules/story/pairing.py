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
    need = min(len(attackers), len(defenders))
    return forbidden if matching_size(attackers, defenders, forbidden) == need else ()


def answers(
    nominee: int,
    attackers: Sequence[int],
    defenders: Sequence[int],
    forbidden: Collection[Pair] = (),
) -> list[int]:
    """The unpaired defenders the defending captain may answer ``nominee`` with."""
    refused = _effective(attackers, defenders, forbidden)
    need = min(len(attackers), len(defenders))
    rest = [a for a in attackers if a != nominee]
    return [
        d
        for d in defenders
        if _allowed(nominee, d, refused)
        and matching_size(rest, [x for x in defenders if x != d], refused) == need - 1
    ]


def nominees(
    attackers: Sequence[int], defenders: Sequence[int], forbidden: Collection[Pair] = ()
) -> list[int]:
    """The unpaired attackers the attacking captain may name (each has an answer)."""
    if not attackers or not defenders:
        return []
    return [a for a in attackers if answers(a, attackers, defenders, forbidden)]
