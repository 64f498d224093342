"""The events of a Swiss + Top tournament, typed: what its log stores (``rules.swiss.state``
says what each means and replays them). Each is a frozen dataclass; ``NAME`` is its kind in the
log, and its fields are its payload's keys (a trailing ``_`` is dropped there: ``as_`` is
stored as ``as``). ``db.codec`` reads and writes them; a payload's keys the class does not name
(a note for the log, like ``sw_begin``'s format facts or ``sw_pods``' seed) are kept in the log
and ignored here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from rules.results import Outcome


@dataclass(frozen=True, slots=True)
class SwBegin:
    NAME: ClassVar[str] = "sw_begin"
    seed: int
    rounds: int
    top: int
    ratings: Mapping[int, int]
    kind: str | None = None
    privileged: tuple[int, ...] = ()
    auto_rounds: int = 0


@dataclass(frozen=True, slots=True)
class SwRound:
    NAME: ClassVar[str] = "sw_round"
    round: int
    stage: str
    gen: int
    tables: tuple[tuple[int, int], ...]
    bye: int | None = None
    auto: tuple[int, ...] = ()
    more_byes: tuple[int, ...] = ()
    ends_at: str | None = None


@dataclass(frozen=True, slots=True)
class SwResult:
    NAME: ClassVar[str] = "sw_result"
    round: int
    table: int
    outcome_a: Outcome
    games: tuple[int, int] | None = None
    penalty: bool = False
    reason: str | None = None
    #: the players who did not come to the table (a technical loss for absence: a no-show)
    absent: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class SwDrop:
    NAME: ClassVar[str] = "sw_drop"
    player: int


@dataclass(frozen=True, slots=True)
class SwJoin:
    NAME: ClassVar[str] = "sw_join"
    player: int
    rating: int
    missed: tuple[int, ...] = ()
    as_: str | None = None


@dataclass(frozen=True, slots=True)
class SwPods:
    NAME: ClassVar[str] = "sw_pods"
    draft: int
    pods: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class SwHeroes:
    NAME: ClassVar[str] = "sw_heroes"
    heroes: Mapping[int, str]


@dataclass(frozen=True, slots=True)
class SwTop:
    NAME: ClassVar[str] = "sw_top"
    seeds: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SwExtend:
    NAME: ClassVar[str] = "sw_extend"
    round: int
    minutes: int = 0
    table: int | None = None
    ends_at: str | None = None


@dataclass(frozen=True, slots=True)
class SwPenalty:
    NAME: ClassVar[str] = "sw_penalty"
    player: int
    kind: str
    reason: str
    round: int | None = None
    table: int | None = None
    credit: int | None = None


@dataclass(frozen=True, slots=True)
class SwFinish:
    NAME: ClassVar[str] = "sw_finish"
    champion: int | None = None
    changes: Mapping[int, int] = field(default_factory=dict)
    early: bool = False
    unrated: bool = False


@dataclass(frozen=True, slots=True)
class SwCancel:
    NAME: ClassVar[str] = "sw_cancel"


SwissEvent = (
    SwBegin
    | SwRound
    | SwResult
    | SwDrop
    | SwJoin
    | SwPods
    | SwHeroes
    | SwTop
    | SwExtend
    | SwPenalty
    | SwFinish
    | SwCancel
)
#: every event the Swiss replays, by its kind in the log
EVENTS: tuple[type[SwissEvent], ...] = (
    SwBegin,
    SwRound,
    SwResult,
    SwDrop,
    SwJoin,
    SwPods,
    SwHeroes,
    SwTop,
    SwExtend,
    SwPenalty,
    SwFinish,
    SwCancel,
)
