"""The events of a Story Constructed tournament (607), typed: what its log stores
(``rules.story.state`` replays them). Each is a frozen dataclass; ``NAME`` is its kind in the log
and its fields the payload's keys, as in ``rules.teams.events``. Sides are 0 and 1.

- ``st_join``    a player joins a side before the start (again: he moves to the other side);
- ``st_leave``   a player leaves before the start;
- ``st_vote``    a member votes for a captain of his side (his later vote replaces it);
- ``st_captain`` a side's captain: named by the organiser (any time) or elected at the start;
- ``st_begin``   the start: the seed of the draw of lots, the attacking side (607.4.1), the
  players' ratings at the start (cents); round 1 opens;
- ``st_name``    the attacking captain (or a judge for him) names a player of his side still
  unpaired in the round (607.4.2);
- ``st_answer``  the defending captain names the opponent: the pair is made (its table is the
  pairs made so far + 1); the one that completes the round's pairing carries the round's end;
- ``st_game``    a game's final result from the attacker's side; a later one for the same game
  of the current round is a judge's correction;
- ``st_robin``   607.4.6: the winning captain has the level players play a round robin (its
  games: ``rules.story.robin``);
- ``st_robin_game`` a round-robin game's final result (the ``robin``-th round robin, from 1; its
  ``table``), from its first player's side; a later one for the same game is a judge's
  correction;
- ``st_order``   607.4.6: the winning captain's order of undefeated players level in everything;
- ``st_finish``  the end, with the rating changes (cents); ``st_cancel`` cancelled.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from rules.results import Outcome


@dataclass(frozen=True, slots=True)
class StJoin:
    NAME: ClassVar[str] = "st_join"
    player: int
    side: int


@dataclass(frozen=True, slots=True)
class StLeave:
    NAME: ClassVar[str] = "st_leave"
    player: int


@dataclass(frozen=True, slots=True)
class StVote:
    NAME: ClassVar[str] = "st_vote"
    voter: int
    candidate: int


@dataclass(frozen=True, slots=True)
class StCaptain:
    NAME: ClassVar[str] = "st_captain"
    side: int
    player: int
    elected: bool = False


@dataclass(frozen=True, slots=True)
class StBegin:
    NAME: ClassVar[str] = "st_begin"
    seed: int
    attacking: int
    ratings: Mapping[int, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class StName:
    NAME: ClassVar[str] = "st_name"
    round: int
    player: int


@dataclass(frozen=True, slots=True)
class StAnswer:
    NAME: ClassVar[str] = "st_answer"
    round: int
    player: int
    ends_at: str | None = None


@dataclass(frozen=True, slots=True)
class StGame:
    NAME: ClassVar[str] = "st_game"
    round: int
    table: int
    outcome_a: Outcome
    penalty: bool = False
    reason: str | None = None
    #: the players who did not come to the table (a technical loss for absence: a no-show)
    absent: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class StOrder:
    NAME: ClassVar[str] = "st_order"
    players: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class StRobin:
    NAME: ClassVar[str] = "st_robin"
    players: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class StRobinGame:
    NAME: ClassVar[str] = "st_robin_game"
    robin: int
    table: int
    outcome_a: Outcome
    absent: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class StFinish:
    NAME: ClassVar[str] = "st_finish"
    changes: Mapping[int, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class StCancel:
    NAME: ClassVar[str] = "st_cancel"


StoryEvent = (
    StJoin
    | StLeave
    | StVote
    | StCaptain
    | StBegin
    | StName
    | StAnswer
    | StGame
    | StOrder
    | StRobin
    | StRobinGame
    | StFinish
    | StCancel
)
#: every event a Story tournament replays, by its kind in the log
EVENTS: tuple[type[StoryEvent], ...] = (
    StJoin,
    StLeave,
    StVote,
    StCaptain,
    StBegin,
    StName,
    StAnswer,
    StGame,
    StOrder,
    StFinish,
    StCancel,
    StRobin,
    StRobinGame,
)
