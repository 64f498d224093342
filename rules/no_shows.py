"""No-shows (issue 27, item 7): a technical loss for absence — the player did not come to the
table — recorded in any kind of tournament (``rules.memory.Played.no_shows``, said through the
kind contract). A club remembers them across tournaments so that an organiser learns of a
player who keeps not coming; nothing is decided for him.

Choices, where the regulations are silent:

- a no-show is counted once per tournament (the evening he did not come), dated by the
  tournament's start: a player absent in two rounds of one evening missed one evening;
- a player is *flagged* by ``FLAGGED`` (3) no-shows within ``WINDOW`` (60 days) up to ``now``;
  a no-show dated exactly ``WINDOW`` before ``now`` still counts, one a moment older does not.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

__all__ = ["FLAGGED", "WINDOW", "NoShow", "flagged", "per_tournament", "recent"]

#: how far back no-shows count towards a flag
WINDOW = timedelta(days=60)
#: how many no-shows within ``WINDOW`` flag a player
FLAGGED = 3


@dataclass(frozen=True, slots=True, order=True)
class NoShow:
    """``player`` did not come in ``tournament``, which started ``at``."""

    at: datetime
    tournament: int
    player: int


def per_tournament(no_shows: Iterable[NoShow]) -> list[NoShow]:
    """One no-show per player and tournament (the earliest dated), oldest first."""
    kept: dict[tuple[int, int], NoShow] = {}
    for each in sorted(no_shows):
        kept.setdefault((each.player, each.tournament), each)
    return sorted(kept.values())


def recent(no_shows: Iterable[NoShow], player: int, now: datetime) -> list[NoShow]:
    """``player``'s no-shows within ``WINDOW`` up to ``now`` (none after it), oldest first."""
    return [
        each
        for each in per_tournament(no_shows)
        if each.player == player and now - WINDOW <= each.at <= now
    ]


def flagged(no_shows: Iterable[NoShow], player: int, now: datetime) -> list[NoShow]:
    """``player``'s recent no-shows when they are ``FLAGGED`` or more, else an empty list."""
    found = recent(no_shows, player, now)
    return found if len(found) >= FLAGGED else []
