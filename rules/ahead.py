"""A tournament announced ahead (spec §7, 607.1, 611.2): its start typed as people type a date,
and what is told before it (pure: ``now`` and the club's time zone are arguments).

The start is typed in the club's time zone, forgivingly: ``12.12 19:00``, ``12.12.2026 19:00``,
``12.12.26 19.00``, ``2026-12-12 19:00``, ``завтра 19:00``, ``сегодня в 19:00``,
``tomorrow 7:30``, ``пятница 19:00`` / ``в пт 19:00`` / ``fri 19:00`` (the next such day: today
when its time is still ahead). Without a year a day means this year's, or next year's when
this year's has passed (``10.01`` typed in December). A time is needed; a moment in the past,
and one more than ``FURTHEST`` ahead, are refused.

The timetable (``timetable``): the day-before reminder (``DAY_BEFORE``), the hour-before one,
the check-in's opening (``CHECK_IN_BEFORE``; at once when the start is nearer) and the start
itself, the reminders only when still ahead at the announcement. A step that fires late (the
bot was down) still says something true only while ``still_true``: a reminder whose next step
came due is left out (no "tomorrow" an hour before), the start's prompt and the check-in never
are.
"""

from __future__ import annotations

import enum
import re
from datetime import date, datetime, time, timedelta, tzinfo

DAY_BEFORE = timedelta(days=1)
HOUR_BEFORE = timedelta(hours=1)
#: the check-in opens this long before the start (issue 27, item 3)
CHECK_IN_BEFORE = timedelta(minutes=30)
#: the furthest ahead a tournament may be announced
FURTHEST = timedelta(days=366)


class StartError(ValueError):
    """The typed start is not a moment the bot can use (``key`` names the answer)."""

    key = "ahead.bad_date"


class NoTime(StartError):
    """A day without a time of day (``12.12``)."""

    key = "ahead.no_time"


class InThePast(StartError):
    """The moment has passed."""

    key = "ahead.past"


class TooFar(StartError):
    """More than ``FURTHEST`` ahead."""

    key = "ahead.too_far"


class Step(enum.StrEnum):
    """What happens before (and at) an announced start."""

    DAY = "day"  #: the registered players are reminded the day before
    HOUR = "hour"  #: … and an hour before
    CHECK_IN = "check_in"  #: the check-in opens: «Я на месте»
    START = "start"  #: the organiser is offered «Начать»


#: how long before the start each step comes
BEFORE: dict[Step, timedelta] = {
    Step.DAY: DAY_BEFORE,
    Step.HOUR: HOUR_BEFORE,
    Step.CHECK_IN: CHECK_IN_BEFORE,
    Step.START: timedelta(0),
}

_RELATIVE = {
    "вчера": -1,  # always in the past: refused as such, not as a word the bot cannot read
    "yesterday": -1,
    "сегодня": 0,
    "today": 0,
    "завтра": 1,
    "tomorrow": 1,
    "послезавтра": 2,
}
#: weekday names and abbreviations (Monday is 0), Russian in each case a date takes after «в»
_WEEKDAYS = {
    **dict.fromkeys(("понедельник", "пн", "monday", "mon"), 0),
    **dict.fromkeys(("вторник", "вт", "tuesday", "tue"), 1),
    **dict.fromkeys(("среда", "среду", "ср", "wednesday", "wed"), 2),
    **dict.fromkeys(("четверг", "чт", "thursday", "thu"), 3),
    **dict.fromkeys(("пятница", "пятницу", "пт", "friday", "fri"), 4),
    **dict.fromkeys(("суббота", "субботу", "сб", "saturday", "sat"), 5),
    **dict.fromkeys(("воскресенье", "вс", "sunday", "sun"), 6),
}
_FILLER = frozenset({"в", "во", "at", "on", "на", "к"})
_TIME = re.compile(r"^([01]?\d|2[0-3])[:.\-]([0-5]\d)$")
_DAY = re.compile(r"^(\d{1,2})[./](\d{1,2})(?:[./](\d{2}|\d{4}))?$")
_ISO_DAY = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$")


def parse_start(text: str, now: datetime, zone: tzinfo) -> datetime:
    """The moment ``text`` names, aware, in ``zone``; ``StartError`` (its subclasses) when it
    names none, none with a time, or one in the past or too far ahead."""
    words = [w for w in text.lower().replace(",", " ").split() if w not in _FILLER]
    local_now = now.astimezone(zone)
    clock_word = _clock_word(words)
    at = None if clock_word is None else _time_of(words.pop(clock_word))
    day: date | None = None
    weekday: int | None = None
    for word in words:
        if word in _RELATIVE and day is None and weekday is None:
            day = local_now.date() + timedelta(days=_RELATIVE[word])
        elif word in _WEEKDAYS and day is None and weekday is None:
            weekday = _WEEKDAYS[word]
        elif day is None and weekday is None and (found := _date_of(word, local_now.date())):
            day = found
        else:
            raise StartError(word)
    if at is None:
        raise NoTime(text)
    if day is None:
        day = _next_weekday(local_now, at, weekday)
    moment = datetime.combine(day, at, tzinfo=zone)
    if moment <= now:
        raise InThePast(text)
    if moment - now > FURTHEST:
        raise TooFar(text)
    return moment


def _clock_word(words: list[str]) -> int | None:
    """Which word is the time of day: one with a colon (``19:00``), else the last one that
    reads as a time (``19.00`` after ``12.12``: a day comes first, a time last)."""
    timed = [i for i, word in enumerate(words) if _TIME.match(word)]
    with_colon = [i for i in timed if ":" in words[i]]
    if with_colon:
        return with_colon[0]
    return timed[-1] if timed and (len(words) > 1 or "." not in words[timed[-1]]) else None


def _time_of(word: str) -> time:
    found = _TIME.match(word)
    assert found is not None
    return time(int(found[1]), int(found[2]))


def _date_of(word: str, today: date) -> date | None:
    """``12.12``, ``12.12.26``, ``12/12/2026``, ``2026-12-12`` (``None``: not a date;
    ``StartError`` for a date that does not exist, ``31.02``)."""
    if (iso := _ISO_DAY.match(word)) is not None:
        year, month, day = int(iso[1]), int(iso[2]), int(iso[3])
    elif (dotted := _DAY.match(word)) is not None:
        day, month = int(dotted[1]), int(dotted[2])
        if dotted[3] is None:
            return _without_year(day, month, today)
        year = int(dotted[3]) + (2000 if len(dotted[3]) == 2 else 0)
    else:
        return None
    try:
        return date(year, month, day)
    except ValueError as exc:
        raise StartError(word) from exc


def _without_year(day: int, month: int, today: date) -> date:
    """This year's day, or next year's when this year's has passed (or does not exist)."""
    for year in (today.year, today.year + 1):
        try:
            found = date(year, month, day)
        except ValueError:
            continue
        if found >= today:
            return found
    raise StartError(f"{day}.{month}")


def _next_weekday(local_now: datetime, at: time, weekday: int | None) -> date:
    """The day a time alone (today) or a weekday (the next one whose ``at`` is ahead) means."""
    today = local_now.date()
    if weekday is None:
        return today
    ahead = (weekday - today.weekday()) % 7
    if ahead == 0 and at <= local_now.time().replace(tzinfo=None):
        ahead = 7
    return today + timedelta(days=ahead)


def timetable(starts: datetime, now: datetime, check_in: bool) -> list[tuple[Step, datetime]]:
    """The steps still ahead of ``now`` for a start at ``starts``, in order: the reminders
    whose moment is ahead; the check-in's when it is on (at once when the start is nearer than
    ``CHECK_IN_BEFORE``: ``/begin`` asks who checked in, so everyone must have been asked); the
    start's always."""
    steps: list[tuple[Step, datetime]] = []
    for step in Step:
        due = starts - BEFORE[step]
        if step is Step.CHECK_IN and check_in and starts > now:
            steps.append((step, max(due, now)))
        elif step is Step.START or (step is not Step.CHECK_IN and due > now):
            steps.append((step, due))
    return steps


def still_true(step: Step, starts: datetime, now: datetime) -> bool:
    """Whether ``step``, firing at ``now`` (perhaps late), still says something true: a
    reminder until the next reminder is due (the day's until an hour before, the hour's until
    the start); the check-in and the start's prompt always (the organiser has not begun)."""
    if step is Step.DAY:
        return now < starts - HOUR_BEFORE
    if step is Step.HOUR:
        return now < starts
    return True
