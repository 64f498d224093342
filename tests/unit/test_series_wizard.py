"""The wizard's answers for another format (611: ``handlers.swiss.wizard_other``) and the
Overlord series' step (606: ``handlers.swiss.wizard_series``), and the days people type
(``handlers.dates``)."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from bot.errors import UserError
from handlers.dates import parse_day
from handlers.swiss import wizard_other as other
from handlers.swiss import wizard_series as series_step

MOSCOW = ZoneInfo("Europe/Moscow")
MONDAY = date(2026, 11, 30)
NOON = datetime(2026, 11, 30, 12, tzinfo=MOSCOW)  #: that Monday's noon


def test_days_and_moments_as_typed() -> None:
    assert parse_day("31.08.2026") == date(2026, 8, 31)
    assert parse_day(" 2026-08-31 ") == date(2026, 8, 31)
    assert parse_day("31.08.26") is None
    assert parse_day("32.08.2026") is None
    assert parse_day("завтра") is None


def test_another_formats_start_three_days_away_or_refused_naming_the_first_day() -> None:
    assert other.take("other_start", "03.12.2026 19:00", NOON, MOSCOW) == (
        "2026-12-03T19:00:00+03:00"
    )
    with pytest.raises(UserError) as refused:
        other.take("other_start", "02.12.2026 23:59", NOON, MOSCOW)
    assert refused.value.key == "swiss.wiz_other_too_soon"
    assert refused.value.values == {"first": "03.12.2026"}
    with pytest.raises(UserError) as unread:
        other.take("other_start", "в четверг", NOON, MOSCOW)
    assert unread.value.key == "swiss.wiz_other_start_bad"


def test_another_formats_name_rules_and_bans() -> None:
    assert other.take("other_name", "  Хаос-драфт ", NOON, MOSCOW) == "Хаос-драфт"
    for bad in ("", "/cancel", "x" * (other.MAX_NAME + 1), "две\nстроки"):
        with pytest.raises(UserError):
            other.take("other_name", bad, NOON, MOSCOW)
    rules = "Колоды по 30.\nБез героев."
    assert other.take("other_rules", rules, NOON, MOSCOW) == rules  # its lines kept
    with pytest.raises(UserError):
        other.take("other_rules", "x" * (other.MAX_RULES + 1), NOON, MOSCOW)
    bans = other.take("other_bans", "Ёж, Страж\nЁж; Дракон", NOON, MOSCOW)
    assert bans == ["Ёж", "Страж", "Дракон"]  # each once, in the order given
    assert other.take("other_bans", "-", NOON, MOSCOW) == []
    assert other.take("other_bans", "нет", NOON, MOSCOW) == []
    with pytest.raises(UserError):
        other.take("other_bans", ", ".join(f"Карта {n}" for n in range(61)), NOON, MOSCOW)


def test_another_formats_settings() -> None:
    data = {
        "fmt": other.OTHER,
        "other_name": "Хаос",
        "other_rules": "Правила",
        "other_bans": ["Ёж"],
        "other_start": "2026-12-03T19:00:00+03:00",
    }
    assert other.settings(data) == {
        "custom_format": {"name": "Хаос", "rules": "Правила", "banned": ["Ёж"]},
        "starts_at": "2026-12-03T19:00:00+03:00",
    }
    assert other.settings({"fmt": "constructed"}) == {}


def test_the_series_step_offers_no_and_each_series_and_stores_the_choice() -> None:
    data = {"fmt": "draft", series_step.OFFERED: {"3": "Архааль, Москва"}}
    assert series_step.values(data) == ("no", "3")
    assert series_step.settings({**data, "ser": "3"}) == {"series": 3}
    assert series_step.settings({**data, "ser": "no"}) == {}
    assert series_step.settings(data) == {}


def test_a_series_past_its_official_end_notes_the_cards_allowed() -> None:
    from bot.texts import Texts

    texts = Texts()

    def t(key: str, **values: object) -> str:
        return texts.get("ru", key, **values)

    data = {series_step.OFFERED: {"3": "Архааль"}, series_step.LATE: {"3": "31.12.2026"}}
    assert "31.12.2026" in series_step.late_note(t, {**data, "ser": "3"})
    assert series_step.late_note(t, {**data, "ser": "no"}) == ""
