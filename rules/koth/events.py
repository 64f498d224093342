"""King of the Hill's facts of the start, as its ``begin`` event stores them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Begun:
    """What ``/begin`` fixed: the order of play (4.1), each player's norm of wins (3.3, the
    organiser's changes included), the starting ratings the norms come from (hundredths,
    the bonuses counted: 3.2) and their average as the norms table showed it."""

    order: tuple[int, ...]
    norms: Mapping[int, int]
    ratings: Mapping[int, int]
    average: str
