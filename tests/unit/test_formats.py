"""One format per kind of value (``bot.formats``), in the reader's language through the texts."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from bot import formats
from bot.formats import Joined, Money, Points, Rating, RatingChange, Share
from bot.texts import Texts

MOSCOW = ZoneInfo("Europe/Moscow")
G, NBSP = "\u202f", "\u00a0"


def test_days_and_moments_are_day_month_year_in_the_club_zone() -> None:
    assert formats.day(date(2025, 6, 15)) == "15.06.2025"
    evening = datetime(2025, 6, 15, 20, 0, tzinfo=UTC)
    assert formats.clock(evening, MOSCOW) == "23:00"
    assert formats.moment(evening, MOSCOW) == "15.06.2025 23:00"
    assert formats.moment(datetime(2025, 6, 15, 21, 30, tzinfo=UTC), MOSCOW) == "16.06.2025 00:30"


def test_a_bonus_names_the_last_day_it_counts() -> None:
    """It stops counting at 00:00 of its expiry date (``rules.koth.bonus_expiry``)."""
    assert formats.last_day(date(2025, 6, 15)) == "14.06.2025"
    assert formats.last_day(date(2025, 3, 1)) == "28.02.2025"


def test_money_groups_thousands_with_a_narrow_no_break_space() -> None:
    assert formats.money(6500) == f"6{G}500{NBSP}₽"
    assert formats.money(1_000_000) == f"1{G}000{G}000{NBSP}₽"
    assert formats.money(900) == f"900{NBSP}₽"


def test_ratings_points_and_shares_take_the_readers_decimal_mark() -> None:
    assert formats.rating(119360, "ru") == "1193,60"
    assert formats.rating(119360, "en") == "1193.60"
    assert formats.rating_change(1240, "ru") == "+12,40"
    assert formats.rating_change(-310, "en") == "\u22123.10"
    assert formats.rating_change(0, "ru") == "+0,00"
    assert [formats.points(t, "ru") for t in (30, 29, 55, 0)] == ["3", "2,9", "5,5", "0"]
    assert formats.points(25, "en") == "2.5"
    assert formats.share(2 / 3, "ru") == "66,7%"
    assert Rating.of(Decimal("914.015")).cents == 91402  # half up, as the regulation prints


def test_the_texts_write_each_value_in_the_readers_language() -> None:
    texts = Texts()
    values = {"name": "Кубок", "delta": RatingChange(-1240), "rating": Rating(119360)}
    values["discipline"] = "Берсерк"
    ru = texts.get("ru", "swiss.rating_private", **values)
    en = texts.get("en", "swiss.rating_private", **values)
    assert "−12,40" in ru and "1193,60" in ru
    assert "−12.40" in en and "1193.60" in en
    fund = texts.get("ru", "koth.board_fund", fund=Money(6500))
    assert fund.endswith(f"6{G}500{NBSP}₽") and "₽ ₽" not in fund
    joined = Joined([Points(29), Share(0.5), "3"]).text("ru")
    assert joined == "2,9 · 50,0% · 3"


def test_points_are_a_number_for_selectors() -> None:
    """A whole number stays whole (CLDR «3 очка»), a fraction a float («2,9 очка»)."""
    from bot.formats import Countable, Points

    assert Points(30).number() == 3 and isinstance(Points(30).number(), int)
    assert Points(29).number() == 2.9
    assert isinstance(Points(0), Countable)
