"""Sides and captains (607.2, 607.3, 607.4.1–607.4.2): the minimum of players, a side's
election of its captain by its members' votes.

**Default** (spec §3): each member votes with a button for a member of his own side; the one
with the most votes is the captain; a tie, or no vote at all, is settled by the organiser (who
may also name a captain at any time, overriding the vote).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

__all__ = ["ATTACK", "DEFENCE", "MIN_PLAYERS", "SIDES", "Election", "elect", "other"]

#: 607.2: at least four players
MIN_PLAYERS = 4
SIDES = (0, 1)
ATTACK, DEFENCE = "attack", "defence"


def other(side: int) -> int:
    """The opposing side."""
    return 1 - side


@dataclass(frozen=True, slots=True)
class Election:
    """A side's vote: the elected captain, or (``None``) the candidates level at the top (all
    the members when nobody voted) for the organiser to choose from."""

    captain: int | None
    tied: tuple[int, ...] = ()
    votes: Mapping[int, int] | None = None


def elect(members: Sequence[int], votes: Mapping[int, int]) -> Election:
    """The side's election from ``votes`` (voter → candidate); only a member's vote for a
    member counts. A single leader is elected; a tie or no vote leaves it to the organiser."""
    counted = Counter(c for v, c in votes.items() if v in members and c in members)
    if not counted:
        return Election(None, tuple(members), {})
    top = max(counted.values())
    leaders = tuple(m for m in members if counted.get(m, 0) == top)
    tally = dict(counted)
    if len(leaders) == 1:
        return Election(leaders[0], (), tally)
    return Election(None, leaders, tally)
