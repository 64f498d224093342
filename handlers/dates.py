"""Days and moments as people type them in a command or a wizard's answer.

``31.08.2026`` (or ``2026-08-31``). A moment (a day and a time) is read by
``rules.ahead.parse_start``, the one reader of every start.
"""

from __future__ import annotations

from datetime import date


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
