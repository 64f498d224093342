"""Days and moments as people type them in a command or a wizard's answer.

``31.08.2026`` (or ``2026-08-31``), and for a moment a time after it: ``31.08.2026 19:00``. A
moment without a time is that day's midnight; it is in the club's time zone.
"""

from __future__ import annotations

from datetime import date, datetime, time, tzinfo


def parse_day(text: str) -> date | None:
    """The day ``text`` writes, ``None`` when it writes none."""
    text = text.strip()
    try:
        if "." in text:
            dd, mm, yyyy = text.split(".")
            if len(yyyy) != 4:
                return None
            return date(int(yyyy), int(mm), int(dd))
        return date.fromisoformat(text)
    except ValueError:
        return None


def parse_moment(text: str, zone: tzinfo) -> datetime | None:
    """The moment ``text`` writes (a day, then maybe HH:MM), in ``zone``; ``None`` if none."""
    words = text.split()
    if not 1 <= len(words) <= 2 or (day := parse_day(words[0])) is None:
        return None
    at = time()
    if len(words) == 2:
        hh, _, mm = words[1].partition(":")
        try:
            at = time(int(hh), int(mm))
        except ValueError:
            return None
    return datetime.combine(day, at, zone)
