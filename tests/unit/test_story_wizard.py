"""The Story Constructed wizard's answers: the start as the organiser types it (the club's
time), and the settings the wizard stores."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from handlers.story.wizard import chosen, parse_start

MOSCOW = ZoneInfo("Europe/Moscow")


def test_the_start_is_read_in_the_clubs_time() -> None:
    start = parse_start(" 10.12.2026 18:00 ", MOSCOW)
    assert start == datetime(2026, 12, 10, 15, 0, tzinfo=UTC)


def test_a_start_not_in_the_form_is_refused() -> None:
    for text in ("10.12.2026", "2026-12-10 18:00", "31.02.2026 10:00", "завтра"):
        assert parse_start(text, MOSCOW) is None


def test_the_settings_the_wizard_stores() -> None:
    data = {
        "name": "Война стихий",
        "sides": ["Свет", "Тьма"],
        "attack": "1",
        "cards": [None, ["Ледяной ёж"]],
        "start": "2026-12-10T18:00:00+03:00",
        "rules": "",
        "time": "50",
        "strict": "highest",
    }
    assert chosen(data, 16) == {
        "sides": ["Свет", "Тьма"],
        "attacking": 1,
        "cards": [None, ["Ледяной ёж"]],
        "start": "2026-12-10T18:00:00+03:00",
        "rules": "",
        "round_minutes": 50,
        "strictness": "highest",
        "captain_minutes": 3,
        "base_k": 16,
    }
