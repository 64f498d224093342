"""Who plays whom inside a team match: the boards (604.2) and the duel decks (610.4).

604.2: the first number of one team always plays the first number of the other, the second the
second: board 1 and board 2. Teammates are never opponents (610.4), since a team meets another
team, never itself.

610.4 adds: **a player never plays against the same deck as his own**. Our choice where the seed
is silent on how: in a duel-set release the two players of a team may **swap boards for that
match** — the match is *crossed*: A's first number plays B's second, A's second plays B's first.
Swapping B's players instead gives the same two games, so a team match has exactly two
assignments, straight and crossed. The straight one (604.2) is kept whenever it has no mirror;
the crossed one is used when only it has none. Swapping seats keeps the pairing of teams free
(fixed seats alone would forbid every meeting of two teams holding the same two decks on the
same seats, most of a release's field). When neither assignment is mirror-free the pair of
teams *has no assignment* (:func:`mirror_bound`): the pairing avoids it like a rematch; if the
pairing cannot, the match is played straight and flagged for the judge, who may swap (spec §2).
A deck that is unknown (``None``) mirrors nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.results import PlayerId
from rules.teams.teams import Seat, Team

__all__ = ["Assignment", "Board", "assign_boards", "mirror_bound", "mirrors"]


@dataclass(frozen=True, slots=True)
class Board:
    """One game of a team match: team A's player on his seat against team B's."""

    number: int
    seat_a: Seat
    seat_b: Seat
    player_a: PlayerId
    player_b: PlayerId
    deck_a: str | None = None
    deck_b: str | None = None

    @property
    def mirror(self) -> bool:
        """610.4: both players hold the same deck."""
        return self.deck_a is not None and self.deck_a == self.deck_b


@dataclass(frozen=True, slots=True)
class Assignment:
    """The two boards of a team match and whether they are crossed (seats swapped, 610.4)."""

    crossed: bool
    boards: tuple[Board, Board]

    @property
    def mirrors(self) -> int:
        """How many of its games are mirrors (the judge is told of any)."""
        return sum(board.mirror for board in self.boards)


def boards(a: Team, b: Team, *, crossed: bool) -> Assignment:
    """The boards of ``a`` against ``b``: straight (604.2) or crossed (610.4)."""
    made: list[Board] = []
    for number, seat in ((1, Seat.FIRST), (2, Seat.SECOND)):
        other = Seat(3 - seat) if crossed else seat
        made.append(
            Board(number, seat, other, a.player(seat), b.player(other), a.deck(seat), b.deck(other))
        )
    return Assignment(crossed, (made[0], made[1]))


def mirrors(a: Team, b: Team, *, crossed: bool) -> int:
    """The mirror games of ``a`` against ``b`` straight or crossed."""
    return boards(a, b, crossed=crossed).mirrors


def _same(deck: str | None, other: str | None) -> bool:
    return deck is not None and deck == other


def mirror_bound(a: Team, b: Team, *, swap: bool = True) -> bool:
    """Whether every assignment of ``a`` against ``b`` has a mirror game (610.4); ``swap``
    False: only the straight one is allowed (604)."""
    straight = _same(a.deck_first, b.deck_first) or _same(a.deck_second, b.deck_second)
    if not straight:
        return False
    return not swap or _same(a.deck_first, b.deck_second) or _same(a.deck_second, b.deck_first)


def assign_boards(a: Team, b: Team, *, swap: bool = True) -> Assignment:
    """The boards of the match ``a`` – ``b``: straight unless crossing (``swap``, a duel-set
    release) has fewer mirrors (none, when it avoids them); straight when both have as many."""
    straight = boards(a, b, crossed=False)
    if straight.mirrors == 0 or not swap:
        return straight
    crossed = boards(a, b, crossed=True)
    return crossed if crossed.mirrors < straight.mirrors else straight
