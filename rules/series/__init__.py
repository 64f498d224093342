"""The Overlord series (606): the pure rules, one import for callers.

- Table 5's crystals by place and field: ``rules.series.crystals``
- at most two series tournaments a week in a city: ``rules.series.week``
- the end (beaten, 15 held, fewer, extended) and the challenge's result: ``rules.series.end``
- the events, and the state replayed from them: ``rules.series.events``, ``rules.series.state``
"""

from __future__ import annotations

from rules.series.crystals import CrystalsError, awarded, column, crystals
from rules.series.end import (
    MIN_HELD,
    BadExtension,
    BadPeriod,
    Challenge,
    Ending,
    SeriesError,
    TooManyCrystals,
    after_challenge,
    at_period_end,
    check_period,
    check_used,
    end_moment,
    extended,
    past_official_end,
)
from rules.series.events import (
    EVENTS,
    SerAsked,
    SerChallenge,
    SerEnded,
    SerExtended,
    SerHeld,
    SeriesEvent,
    SerJoined,
)
from rules.series.state import Duel, SeriesState, apply, replay
from rules.series.week import WEEKLY_LIMIT, WeekFull, check_week, same_week, week_of

#: the fewest players a series tournament begins with (606.1)
SERIES_FIELD = 6

__all__ = [
    "EVENTS",
    "MIN_HELD",
    "SERIES_FIELD",
    "WEEKLY_LIMIT",
    "BadExtension",
    "BadPeriod",
    "Challenge",
    "CrystalsError",
    "Duel",
    "Ending",
    "SerAsked",
    "SerChallenge",
    "SerEnded",
    "SerExtended",
    "SerHeld",
    "SerJoined",
    "SeriesError",
    "SeriesEvent",
    "SeriesState",
    "TooManyCrystals",
    "WeekFull",
    "after_challenge",
    "apply",
    "at_period_end",
    "awarded",
    "check_period",
    "check_used",
    "check_week",
    "column",
    "crystals",
    "end_moment",
    "extended",
    "past_official_end",
    "replay",
    "same_week",
    "week_of",
]
