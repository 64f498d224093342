"""The Arena (605): a four-week league of challenges and staked sectors on the map of Laar —
the pure rules, one import for callers.

- the numbers (four weeks, five base sectors, the prize thresholds): ``rules.arena.prizes``
- the events, and the state replayed from them with its checks: ``rules.arena.events``,
  ``rules.arena.state``
"""

from __future__ import annotations

from rules.arena.events import (
    EVENTS,
    ArAnswer,
    ArApprove,
    ArCancel,
    ArChallenge,
    ArChoice,
    ArDayEnd,
    ArDisqualify,
    ArenaEvent,
    ArEntry,
    ArExcuse,
    ArFinish,
    ArFormat,
    ArResult,
    ArStart,
    ArVoid,
    ArWeekEnd,
)
from rules.arena.prizes import (
    AUTO_EXIT,
    BASE_SECTORS,
    DAYS,
    FORMATS,
    LAST_ENTRY_DAY,
    MIN_PLAYERS,
    WEEK,
    WEEKS,
    is_week_end,
    may_choose,
    prize_cards,
    week_of,
)
from rules.arena.state import ArenaError, Challenge, Entry, Exit, State, Status, replay

__all__ = [
    "AUTO_EXIT",
    "BASE_SECTORS",
    "DAYS",
    "EVENTS",
    "FORMATS",
    "LAST_ENTRY_DAY",
    "MIN_PLAYERS",
    "WEEK",
    "WEEKS",
    "ArAnswer",
    "ArApprove",
    "ArCancel",
    "ArChallenge",
    "ArChoice",
    "ArDayEnd",
    "ArDisqualify",
    "ArEntry",
    "ArExcuse",
    "ArFinish",
    "ArFormat",
    "ArResult",
    "ArStart",
    "ArVoid",
    "ArWeekEnd",
    "ArenaError",
    "ArenaEvent",
    "Challenge",
    "Entry",
    "Exit",
    "State",
    "Status",
    "is_week_end",
    "may_choose",
    "prize_cards",
    "replay",
    "week_of",
]
