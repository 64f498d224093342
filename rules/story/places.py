"""607.4.5–607.4.6 and 607.4.7: a Story tournament's points and places.

Points (tenths): a clean win 30, a technical win 25 (803); a draw, a loss and a reserve round
none (607.4.7; a reserve round: **Default** of the spec). Places: the undefeated first, whatever
the eliminated players' points (607.4.6); then by points; at equal points a player of the
winning side higher; then the usual tie-breaks — **Default**: Buchholz (the sum of the
opponents' Story points), then clean wins — then a complete round robin's ranks among players
level in all that (``rules.story.robin``), then the winning captain's order of players level
in all that (``order``), then the draw of lots from the seed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.results import Outcome

__all__ = ["PlayerRow", "level_groups", "rank", "story_points"]


def story_points(outcome: Outcome) -> int:
    """A game's points in tenths: a draw gives none (607.4.7)."""
    match outcome:
        case Outcome.CLEAN_WIN:
            return 30
        case Outcome.TECHNICAL_WIN:
            return 25
        case _:
            return 0


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """One player's line of the standings (``place`` counts from 1)."""

    place: int
    player: int
    side: int
    points: int
    defeated: bool
    buchholz: int
    clean_wins: int


@dataclass(frozen=True, slots=True)
class Tally:
    player: int
    side: int
    points: int
    defeated: bool
    buchholz: int
    clean_wins: int

    def level_key(self, winner: int | None) -> tuple[int, int, int, int, int]:
        """Everything 607.4.6 orders by before the captain's word."""
        losing_side = 0 if winner is None or self.side == winner else 1
        return (int(self.defeated), -self.points, losing_side, -self.buchholz, -self.clean_wins)


def rank(
    tallies: Sequence[Tally],
    winner: int | None,
    order: Mapping[int, int],
    seed: int,
    robin: Mapping[int, int] | None = None,
) -> list[PlayerRow]:
    """The places (see the module docstring); ``order`` is the captain's index of a player,
    ``robin`` a player's rank in a complete round robin."""
    robin = robin or {}
    lots = list(range(len(tallies)))
    random.Random(seed).shuffle(lots)
    lot = {t.player: lots[i] for i, t in enumerate(tallies)}
    ranked = sorted(
        tallies,
        key=lambda t: (
            *t.level_key(winner),
            robin.get(t.player, 0),
            # the captain names the next place: who he has not named yet come after
            order.get(t.player, len(order) + 1),
            lot[t.player],
        ),
    )
    return [
        PlayerRow(i, t.player, t.side, t.points, t.defeated, t.buchholz, t.clean_wins)
        for i, t in enumerate(ranked, start=1)
    ]


def level_groups(tallies: Sequence[Tally], winner: int | None) -> list[tuple[int, ...]]:
    """607.4.6: the undefeated players of the winning side level in everything, in groups of
    two or more (the winning captain orders each, or has them play a round robin)."""
    if winner is None:
        return []
    groups: dict[tuple[int, ...], list[int]] = {}
    for t in tallies:
        if t.side == winner and not t.defeated:
            groups.setdefault(t.level_key(winner), []).append(t.player)
    return [tuple(g) for _, g in sorted(groups.items()) if len(g) > 1]
