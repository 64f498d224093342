"""The line that says why a deadline comes late, in both languages and the club's time zone."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from bot.deadlines import Overdue
from bot.late import from_payload, late_note, to_payload
from bot.texts import Texts

MOSCOW = ZoneInfo("Europe/Moscow")
OVERDUE = Overdue(
    due_at=datetime(2026, 11, 30, 20, 0, tzinfo=UTC),
    down_since=datetime(2026, 11, 30, 18, 40, tzinfo=UTC),
    back_at=datetime(2026, 12, 1, 3, 30, tzinfo=UTC),
)


def test_late_line_names_the_downtime_and_the_moment_in_the_club_zone() -> None:
    texts = Texts()

    def t(lang: str) -> Callable[..., str]:
        return lambda key, **values: texts.get(lang, key, **values)

    assert late_note(t("en"), OVERDUE, MOSCOW, "koth.late_expired") == (
        "⚠️ Late: the bot was offline from 30.11.2026 21:40 to 01.12.2026 06:30; "
        "the main time ended at 30.11.2026 23:00."
    )
    assert late_note(t("ru"), OVERDUE, MOSCOW, "swiss.late_table_time", table=3) == (
        "⚠️ С опозданием: бот был недоступен с 30.11.2026 21:40 до 01.12.2026 06:30; "
        "дополнительное время стола 3 закончилось в 30.11.2026 23:00."
    )


def test_unknown_start_of_downtime_and_the_payload_round_trip() -> None:
    texts = Texts()
    unknown = Overdue(OVERDUE.due_at, None, OVERDUE.back_at)
    line = late_note(
        lambda key, **values: texts.get("en", key, **values), unknown, MOSCOW, "late.job"
    )
    assert (
        line == "⚠️ Late: the bot was offline until 01.12.2026 06:30; "
        "these messages were due at 30.11.2026 23:00."
    )
    assert from_payload(to_payload(OVERDUE)) == OVERDUE
    assert from_payload(to_payload(unknown)) == unknown
    assert from_payload(None) is None
