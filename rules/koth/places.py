"""The final table's places of a King-of-the-Hill tournament.

The regulation names only the winner. The club's final table ranks the others by how close
each came to his own norm: the smaller remainder (norm − wins, 6.7) first, then more wins,
then the fixed order of play (5.3), the order the board lists them in.
"""

from __future__ import annotations

from typing import TypeVar

from rules.koth.state import KothState

P = TypeVar("P")


def final_places(state: KothState[P]) -> list[P]:
    """Every player, first place first: the winner (when there is one), then the rest by
    remainder, wins and the fixed order."""

    def rank(player: P) -> tuple[int, int, int]:
        return (state.remainder_of(player), -state.wins[player], state.position(player))

    rest = sorted((p for p in state.order if p != state.winner), key=rank)
    return rest if state.winner is None else [state.winner, *rest]
