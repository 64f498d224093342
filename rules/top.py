"""The Top: a seeded single-elimination bracket after the Swiss rounds (spec section 6).

Seeds come from the final Swiss standings (best first). The standard bracket places seeds so
that 1 and 2 can meet only in the final (Top 8: 1–8, 4–5, 2–7, 3–6). There are no draws: a
match in the Top is reported by its winner only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from rules.results import PlayerId

__all__ = [
    "BracketError",
    "BracketReplay",
    "DrawInTop",
    "TopState",
    "bracket_order",
    "replay_bracket",
    "top_state",
    "top_winner",
]

P = TypeVar("P")


class BracketError(ValueError):
    """The bracket cannot be built or a reported winner did not play that match."""


class DrawInTop(BracketError):
    """A match of the Top was reported as a draw; the Top has no draws (life totals decide)."""


def bracket_order(size: int) -> list[int]:
    """Seed numbers (1-based) in bracket order; ``size`` is a power of two ≥ 2.

    >>> bracket_order(8)
    [1, 8, 4, 5, 2, 7, 3, 6]
    """
    if size < 2 or size & (size - 1):
        raise BracketError(f"a Top has a power-of-two size of at least 2, got {size}")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


@dataclass(frozen=True, slots=True)
class TopState:
    """Where the Top stands: the current round's pairs, or the champion when it is over."""

    round_number: int
    pairs: tuple[tuple[PlayerId, PlayerId], ...]
    champion: PlayerId | None


def top_state(seeds: Sequence[PlayerId], winners: Sequence[PlayerId]) -> TopState:
    """Replay the reported ``winners`` (match by match, round after round) over the bracket.

    ``seeds`` is the Top in seed order (seed 1 first). Returns the pairs still to be played in
    the current round (higher seed first), or the champion with no pairs once one is left.
    """
    replay = replay_bracket(seeds, winners)
    return TopState(replay.round_number, replay.open_pairs, replay.champion)


@dataclass(frozen=True, slots=True)
class BracketReplay(Generic[P]):
    """The bracket replayed: every match decided (its pair and winner), the current round's
    undecided pairs, and the champion once one is left."""

    round_number: int
    played: tuple[tuple[tuple[P, P], P], ...]
    open_pairs: tuple[tuple[P, P], ...]
    champion: P | None


def replay_bracket(seeds: Sequence[P], winners: Sequence[P]) -> BracketReplay[P]:
    """The one replay of the Top's bracket (``top_state``, ``rules.places``): ``seeds`` in
    seed order, ``winners`` match by match, round after round."""
    if len(set(seeds)) != len(seeds):
        raise BracketError("a player cannot hold two seeds")
    alive = [seeds[seed - 1] for seed in bracket_order(len(seeds))]
    pending = list(winners)
    played: list[tuple[tuple[P, P], P]] = []
    round_number = 1
    while len(alive) > 1:
        pairs = [(alive[i], alive[i + 1]) for i in range(0, len(alive), 2)]
        decided = pending[: len(pairs)]
        del pending[: len(pairs)]
        for pair, winner in zip(pairs, decided, strict=False):
            if winner not in pair:
                raise BracketError(f"{winner!r} did not play in {pair}")
            played.append((pair, winner))
        if len(decided) < len(pairs):
            return BracketReplay(round_number, tuple(played), tuple(pairs[len(decided) :]), None)
        alive = decided
        round_number += 1
    if pending:
        raise BracketError("more winners reported than matches in the Top")
    return BracketReplay(round_number, tuple(played), (), alive[0])


def top_winner(pair: tuple[PlayerId, PlayerId], games_first: int, games_second: int) -> PlayerId:
    """The winner of a Top match from its game score; a draw raises :class:`DrawInTop`."""
    if games_first < 0 or games_second < 0:
        raise BracketError("game counts must not be negative")
    if games_first == games_second:
        raise DrawInTop(f"no draws in the Top: {pair[0]!r} {games_first}-{games_second}")
    return pair[0] if games_first > games_second else pair[1]
