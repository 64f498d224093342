"""The events of an Arena (605), typed: what its log stores (``rules.arena.state`` replays them).

Each is a frozen dataclass; ``NAME`` is its kind in the log and its fields the payload's keys.
Days are numbered from the Arena's start date (day 0; a negative day is before the start), so
the rules never read a clock: the service turns ``now`` into a day number.

- ``ar_entry``     a judge approved a player's entry on ``day``: five new base sectors (605.3);
- ``ar_start``     the Arena is under way (at least four players in, 605.1);
- ``ar_challenge`` ``challenger`` challenged ``challenged`` on ``day`` (its number ``id``);
- ``ar_answer``    the challenged player accepted or refused it;
- ``ar_format``    a player named the format of the game to be reported (605.6);
- ``ar_result``    the game's result, confirmed by both players or recorded by a judge, with the
  format played (605.6); it counts once a judge approves it (``ar_approve``);
- ``ar_approve``   a judge (or someone he authorised) approved a result: the stakes move;
- ``ar_day_end``   the day is over: its unanswered challenges are refusals, refusals on two days
  in a row cost a sector that turns neutral (605.6);
- ``ar_excuse``    a judge accepted the reason of a player's refusals on ``day``;
- ``ar_week_end``  the week is over (605.4): exits at 12, for no game, offers at 8 and 10;
- ``ar_choice``    a player's answer to his offer: leave with the prize or stay;
- ``ar_void``      a judge voided a (falsified) result; ``ar_disqualify`` disqualified a player;
- ``ar_finish``    the fourth week is over; ``ar_cancel`` the Arena was cancelled.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class ArEntry:
    NAME: ClassVar[str] = "ar_entry"
    player: int
    day: int


@dataclass(frozen=True, slots=True)
class ArStart:
    NAME: ClassVar[str] = "ar_start"
    day: int = 0


@dataclass(frozen=True, slots=True)
class ArChallenge:
    NAME: ClassVar[str] = "ar_challenge"
    id: int
    challenger: int
    challenged: int
    day: int


@dataclass(frozen=True, slots=True)
class ArAnswer:
    NAME: ClassVar[str] = "ar_answer"
    challenge: int
    accepted: bool


@dataclass(frozen=True, slots=True)
class ArFormat:
    NAME: ClassVar[str] = "ar_format"
    challenge: int
    format: str


@dataclass(frozen=True, slots=True)
class ArResult:
    NAME: ClassVar[str] = "ar_result"
    challenge: int
    #: the winner's club id; ``None``: a draw
    winner: int | None
    format: str
    day: int


@dataclass(frozen=True, slots=True)
class ArApprove:
    NAME: ClassVar[str] = "ar_approve"
    challenge: int


@dataclass(frozen=True, slots=True)
class ArDayEnd:
    NAME: ClassVar[str] = "ar_day_end"
    day: int


@dataclass(frozen=True, slots=True)
class ArExcuse:
    NAME: ClassVar[str] = "ar_excuse"
    player: int
    day: int


@dataclass(frozen=True, slots=True)
class ArWeekEnd:
    NAME: ClassVar[str] = "ar_week_end"
    week: int


@dataclass(frozen=True, slots=True)
class ArChoice:
    NAME: ClassVar[str] = "ar_choice"
    player: int
    week: int
    leave: bool


@dataclass(frozen=True, slots=True)
class ArVoid:
    NAME: ClassVar[str] = "ar_void"
    challenge: int


@dataclass(frozen=True, slots=True)
class ArDisqualify:
    NAME: ClassVar[str] = "ar_disqualify"
    player: int


@dataclass(frozen=True, slots=True)
class ArFinish:
    NAME: ClassVar[str] = "ar_finish"
    #: every player's rating change (cents), applied at the end (605.5)
    changes: Mapping[int, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ArCancel:
    NAME: ClassVar[str] = "ar_cancel"


ArenaEvent = (
    ArEntry
    | ArStart
    | ArChallenge
    | ArAnswer
    | ArFormat
    | ArResult
    | ArApprove
    | ArDayEnd
    | ArExcuse
    | ArWeekEnd
    | ArChoice
    | ArVoid
    | ArDisqualify
    | ArFinish
    | ArCancel
)
#: every event an Arena replays, by its kind in the log
EVENTS: tuple[type[ArenaEvent], ...] = (
    ArEntry,
    ArStart,
    ArChallenge,
    ArAnswer,
    ArFormat,
    ArResult,
    ArApprove,
    ArDayEnd,
    ArExcuse,
    ArWeekEnd,
    ArChoice,
    ArVoid,
    ArDisqualify,
    ArFinish,
    ArCancel,
)
