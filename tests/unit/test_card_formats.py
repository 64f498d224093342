from datetime import date

import pytest

from rules.card_formats import (
    LIMITED,
    Format,
    TooSoon,
    check_notice,
    first_start,
    format_of,
    minimum_field,
)


def test_unknown_or_missing_format_is_constructed() -> None:
    assert format_of(None) is Format.CONSTRUCTED
    assert format_of("bogus") is Format.CONSTRUCTED
    assert format_of("sealed") is Format.SEALED


def test_minimum_fields() -> None:
    assert minimum_field(Format.HEROES_TOURNAMENT) == 8
    assert all(minimum_field(f) == 4 for f in LIMITED - {Format.HEROES_TOURNAMENT})
    assert minimum_field(Format.CONSTRUCTED) == 2


def test_another_format_is_announced_three_days_ahead() -> None:
    """611.2: announced on a Monday, it may start on Thursday, not on Wednesday."""
    monday = date(2026, 6, 1)
    assert first_start(monday) == date(2026, 6, 4)
    check_notice(date(2026, 6, 4), monday)
    check_notice(date(2026, 7, 1), monday)
    with pytest.raises(TooSoon) as refused:
        check_notice(date(2026, 6, 3), monday)
    assert refused.value.first == date(2026, 6, 4)
    with pytest.raises(TooSoon):
        check_notice(date(2026, 5, 31), monday)  # a day gone by
