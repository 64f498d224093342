"""The events of a team event, typed: what its log stores (``rules.teams.state`` replays them).

Each is a frozen dataclass; ``NAME`` is its kind in the log and its fields the payload's keys,
as in ``rules.swiss.events``:

- ``tm_team``   a team registered (both players confirmed) or added by an organiser: its
  number, name, first and second number (604.2) and, in 610, each player's deck (610.3);
  ``late``: entered after the start with the organiser's approval (it plays from the next
  round, its missed rounds count nothing), with its players' ratings then (610.6's bye);
- ``tm_remove`` a team taken off the list before the start (its own ``/drop``, a judge's);
- ``tm_pods``   Team Draft's seating at the start (601.5.3 with teammates never side by side:
  ``rules.teams.pods``): the published seed and each table's players in seat order;
- ``tm_begin``  registration closed: the seed of round 1's draw, the rounds, the scoring
  (``rules.teams.settings.Scoring``'s value), whether a team's players may swap boards (610.4),
  the players' ratings at the start (cents) and the teams in (those registered, in order);
- ``tm_round``  a round paired: its tables (team A, team B), the bye, the tables whose boards
  are crossed (610.4); a later one with the same number (``gen`` + 1) replaces it;
- ``tm_game``   one game's final result: ``board`` 1 or 2, or :data:`DECIDING` for the deciding
  game of 604.4; ``outcome_a`` the outcome of team A's player in it. A later one for the same
  game is a judge's correction (808) of any round; the match is recomputed from the corrected
  games (a deciding game no longer due is ignored, one newly due reopens the match);
  ``penalty`` marks the technical loss a penalty gave (counted and rated, section 3);
- ``tm_swap``   a judge's swap of the opponents of two tables of the current round before
  either played (spec §2: a mirror game was left, 610.4): team B of ``table`` and of
  ``other`` change places, their boards assigned anew;
- ``tm_extend`` a judge moved the current round's end (``ends_at``);
- ``tm_top``    the Top of teams seeded after the Swiss rounds (the organiser chose one): the
  teams in seed order; the rounds after it are the bracket's (``rules.top``);
- ``tm_drop``   a team dropped as a whole (not paired from the next round on);
- ``tm_finish`` the end, with the rating changes (cents); ``tm_cancel`` cancelled.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from rules.results import Outcome

DECIDING = 3
"""The ``board`` of a deciding game (604.4) in ``tm_game``."""


@dataclass(frozen=True, slots=True)
class TmTeam:
    NAME: ClassVar[str] = "tm_team"
    team: int
    name: str
    first: int
    second: int
    deck_first: str | None = None
    deck_second: str | None = None
    late: bool = False
    ratings: Mapping[int, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class TmRemove:
    NAME: ClassVar[str] = "tm_remove"
    team: int


@dataclass(frozen=True, slots=True)
class TmPods:
    NAME: ClassVar[str] = "tm_pods"
    seed: str
    pods: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class TmSwap:
    NAME: ClassVar[str] = "tm_swap"
    round: int
    table: int
    other: int


@dataclass(frozen=True, slots=True)
class TmExtend:
    NAME: ClassVar[str] = "tm_extend"
    round: int
    ends_at: str


@dataclass(frozen=True, slots=True)
class TmTop:
    NAME: ClassVar[str] = "tm_top"
    seeds: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TmBegin:
    NAME: ClassVar[str] = "tm_begin"
    seed: int
    rounds: int
    scoring: str
    ratings: Mapping[int, int]
    teams: tuple[int, ...]
    swap: bool = False


@dataclass(frozen=True, slots=True)
class TmRound:
    NAME: ClassVar[str] = "tm_round"
    round: int
    gen: int
    tables: tuple[tuple[int, int], ...]
    bye: int | None = None
    crossed: tuple[int, ...] = ()
    ends_at: str | None = None


@dataclass(frozen=True, slots=True)
class TmGame:
    NAME: ClassVar[str] = "tm_game"
    round: int
    table: int
    board: int
    outcome_a: Outcome
    penalty: bool = False
    reason: str | None = None
    #: the players who did not come to the board (a technical loss for absence: a no-show)
    absent: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class TmDrop:
    NAME: ClassVar[str] = "tm_drop"
    team: int


@dataclass(frozen=True, slots=True)
class TmFinish:
    NAME: ClassVar[str] = "tm_finish"
    changes: Mapping[int, int] = field(default_factory=dict)
    early: bool = False


@dataclass(frozen=True, slots=True)
class TmCancel:
    NAME: ClassVar[str] = "tm_cancel"


TeamEvent = (
    TmTeam
    | TmRemove
    | TmPods
    | TmBegin
    | TmRound
    | TmSwap
    | TmExtend
    | TmTop
    | TmGame
    | TmDrop
    | TmFinish
    | TmCancel
)
#: every event a team event replays, by its kind in the log
EVENTS: tuple[type[TeamEvent], ...] = (
    TmTeam,
    TmRemove,
    TmPods,
    TmBegin,
    TmRound,
    TmSwap,
    TmExtend,
    TmTop,
    TmGame,
    TmDrop,
    TmFinish,
    TmCancel,
)
