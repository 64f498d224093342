"""Number of Swiss rounds and size of the Top by participants (spec section 4, Table 4).

The source's table is lost; the defaults below are the bot's choice and both numbers can be
overridden by the organiser.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "MIN_PARTICIPANTS",
    "TOP_SIZES",
    "Sizes",
    "TooFewPlayers",
    "TournamentSize",
    "default_top",
    "fitted",
    "fitting_top",
    "max_swiss_rounds",
    "tournament_size",
]

MIN_PARTICIPANTS = 4
Sizes = tuple[int, int]
"""Swiss rounds and the Top's size (0: no Top), as the organiser chose them."""
#: The sizes a Top can have (0: no Top).
TOP_SIZES = (0, 2, 4, 8, 16, 32)


class TooFewPlayers(ValueError):
    """A Swiss tournament needs at least :data:`MIN_PARTICIPANTS` players."""


@dataclass(frozen=True, slots=True)
class TournamentSize:
    """How many Swiss rounds are played and how many players go to the Top (0: no Top)."""

    swiss_rounds: int
    top_size: int


def _default(participants: int) -> TournamentSize:
    # §6 «в два этапа»: every tournament has a Top; a small field plays a final of the best two.
    if participants <= 5:
        return TournamentSize(3, 2)
    if participants <= 8:
        return TournamentSize(3, 4)
    if participants <= 16:
        return TournamentSize(4, 4)
    if participants <= 32:
        return TournamentSize(5, 8)
    if participants <= 64:
        return TournamentSize(6, 8)
    if participants <= 128:
        return TournamentSize(7, 16)
    return TournamentSize((participants - 1).bit_length(), 16)  # ceil(log2 n)


def tournament_size(
    participants: int, *, swiss_rounds: int | None = None, top_size: int | None = None
) -> TournamentSize:
    """Rounds and Top size for ``participants`` players; keyword arguments override the table.

    4–5 → 3 rounds, Top 2 (a final); 6–8 → 3 rounds, Top 4; 9–16 → 4, Top 4;
    17–32 → 5, Top 8; 33–64 → 6, Top 8; 65–128 → 7, Top 16; more → ⌈log2 n⌉ rounds, Top 16.
    """
    if participants < MIN_PARTICIPANTS:
        raise TooFewPlayers(f"at least {MIN_PARTICIPANTS} players are needed, got {participants}")
    size = _default(participants)
    rounds = size.swiss_rounds if swiss_rounds is None else swiss_rounds
    top = size.top_size if top_size is None else top_size
    if rounds < 1:
        raise ValueError(f"at least one Swiss round is needed, got {rounds}")
    if top not in TOP_SIZES or top > participants:
        raise ValueError(f"the Top must be 0 or a power of two up to the field, got {top}")
    return TournamentSize(rounds, top)


def default_top(participants: int) -> int:
    """The Top size the table gives ``participants`` players (below the minimum: a final)."""
    return _default(max(participants, MIN_PARTICIPANTS)).top_size


def fitting_top(players: int) -> int:
    """The largest Top ``players`` eligible players can fill (0: fewer than two)."""
    return max((size for size in TOP_SIZES if size <= players), default=0)


def max_swiss_rounds(participants: int) -> int:
    """The most Swiss rounds a field can play with no pair meeting twice: a round robin's
    length, n − 1 rounds for an even field, n for an odd one (a bye each round, each player's
    bye once). An upper bound: the pairings of earlier rounds can leave no rematch-free round
    sooner (the bot then tells the judge, who can start the Top with ``/top``)."""
    return participants if participants % 2 else participants - 1


def fitted(people: int, chosen: Sizes) -> Sizes:
    """``chosen`` cut to what ``people`` players can play: rounds without a rematch, a Top no
    bigger than the field."""
    rounds, top_size = chosen
    return min(rounds, max_swiss_rounds(people)), min(top_size, fitting_top(people))
