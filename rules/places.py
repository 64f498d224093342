"""Final places of a Swiss + Top tournament (spec section 6, «Final places»).

1 the Top's winner, 2 the finalist, then the losers of each earlier Top round, the later
round first, ordered among themselves by their Swiss rank; then everyone else by the Swiss
standings. The bot has no third-place match (neither the seed nor the spec's bot settings
offer one), so the two semi-final losers are 3rd and 4th by their Swiss rank.

A Top stopped before its end (the organiser finished the tournament early) places the players
still in the bracket above the ones it eliminated: among the Top, more matches won ranks
higher, then being still in, then the Swiss rank. That is the same rule, read on the rounds
played so far.

A disqualified player (``rules.penalties``) gets no place: :func:`prize_order` puts him after
everybody, and everybody who was below him moves up one (the prize of his place goes to the
next player, as a club hands it out).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from typing import TypeVar

from rules.top import BracketError, replay_bracket

__all__ = ["final_places", "prize_order"]

P = TypeVar("P")


def final_places(standings: Sequence[P], seeds: Sequence[P], winners: Sequence[P]) -> list[P]:
    """Everybody in final-place order (place = index + 1).

    ``standings`` is the Swiss standings, best first, every participant once; ``seeds`` the
    Top in seed order (empty: no Top, the places are the standings); ``winners`` the Top's
    match winners so far, match by match, round after round (as ``rules.top.top_state``).
    """
    if len(set(standings)) != len(standings):
        raise BracketError("a player appears twice in the standings")
    if not seeds:
        return list(standings)
    swiss_rank = {player: rank for rank, player in enumerate(standings)}
    missing = [p for p in seeds if p not in swiss_rank]
    if missing:
        raise BracketError(f"Top players missing from the standings: {missing!r}")
    played = replay_bracket(seeds, winners).played
    wins = Counter(winner for _, winner in played)
    out = {a if winner == b else b for (a, b), winner in played}

    def key(player: P) -> tuple[int, int, int]:
        return (-wins[player], 1 if player in out else 0, swiss_rank[player])

    top = sorted(seeds, key=key)
    in_top = set(seeds)
    return top + [player for player in standings if player not in in_top]


def prize_order(places: Sequence[P], disqualified: Collection[P]) -> list[P]:
    """``places`` (best first) with the disqualified players moved after everybody else, each
    group in its order: the players below a disqualified one move up one place each."""
    return [p for p in places if p not in disqualified] + [p for p in places if p in disqualified]
