"""The events of an Overlord series, typed: what its log stores (``rules.series.state`` replays
them; ``db.series``). Each is a frozen dataclass; ``NAME`` is its kind in the log:

- ``ser_joined``    a tournament created in the series: its id and when it is held (its start,
  else its creation), for the weekly limit (606.5);
- ``ser_held``      a series tournament finished: its field, its winner and each player's
  crystals (Table 5, 606.2); its winner's right to a challenge (606.3);
- ``ser_asked``     the winner asked for his game against the Overlord deck (the button);
- ``ser_challenge`` the judge's record of that game: ``result`` a ``rules.series.end.Challenge``
  value, the crystals the challenger spent on his squad (606.8);
- ``ser_extended``  the period extended to a new last day (606.11);
- ``ser_ended``     the series over: ``ending`` a ``rules.series.end.Ending`` value; the winner
  when the Overlord was beaten.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class SerJoined:
    NAME: ClassVar[str] = "ser_joined"
    tournament: int
    at: datetime


@dataclass(frozen=True, slots=True)
class SerHeld:
    NAME: ClassVar[str] = "ser_held"
    tournament: int
    field: int
    winner: int | None
    crystals: Mapping[int, int]


@dataclass(frozen=True, slots=True)
class SerAsked:
    NAME: ClassVar[str] = "ser_asked"
    tournament: int


@dataclass(frozen=True, slots=True)
class SerChallenge:
    NAME: ClassVar[str] = "ser_challenge"
    tournament: int
    result: str
    used: int = 0


@dataclass(frozen=True, slots=True)
class SerExtended:
    NAME: ClassVar[str] = "ser_extended"
    ends_on: date


@dataclass(frozen=True, slots=True)
class SerEnded:
    NAME: ClassVar[str] = "ser_ended"
    ending: str
    winner: int | None = None


SeriesEvent = SerJoined | SerHeld | SerAsked | SerChallenge | SerExtended | SerEnded
EVENTS: tuple[type[SeriesEvent], ...] = (
    SerJoined,
    SerHeld,
    SerAsked,
    SerChallenge,
    SerExtended,
    SerEnded,
)
