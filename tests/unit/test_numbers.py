"""bot.numbers: typed numbers parsed exactly and bounded before any rounding (issue 10, item 10)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot import numbers
from bot.errors import UserError
from bot.numbers import Bound
from bot.texts import Texts

BOUNDS = [value for value in vars(numbers).values() if isinstance(value, Bound)]


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "NaN",
        "nan",
        "Infinity",
        "-inf",
        "1e3",
        "1E3",
        "0x10",
        "1_000",
        "²",
        "٣",
        "-1",
        "+1",
        "1.",
        ".5",
        "1.5",
        "1,5",
        "9" * 25,
        "9" * 500,
        "12a",
        "1 2",
    ],
)
def test_whole_refuses_anything_but_ascii_digits_in_range(text: str) -> None:
    with pytest.raises(UserError) as refused:
        numbers.whole(text, numbers.CLUB_ID)
    assert refused.value.key == "numbers.club_id"


def test_whole_takes_both_ends_of_the_range_and_surrounding_spaces() -> None:
    assert numbers.whole("1", numbers.NORM) == 1
    assert numbers.whole(" 99 ", numbers.NORM) == 99
    with pytest.raises(UserError):
        numbers.whole("100", numbers.NORM)
    assert numbers.whole("9" * 16, numbers.TELEGRAM_ID) == 10**16 - 1
    with pytest.raises(UserError):
        numbers.whole("1" + "0" * 16, numbers.TELEGRAM_ID)


def test_a_rating_is_bounded_on_the_typed_value_before_rounding() -> None:
    """4999.999 used to pass ``< 5000`` and become 5000.00; 0.001 would become 0.00."""
    for text in ["4999.999", "4999.995", "0.001", "0.009", "0", "5000", "NaN", "1e3", "-1"]:
        with pytest.raises(UserError):
            numbers.decimal(text, numbers.RATING)
    assert numbers.decimal("4999.99", numbers.RATING) == Decimal("4999.99")
    assert numbers.decimal("0,01", numbers.RATING) == Decimal("0.01")


def test_ratings_are_rounded_half_away_from_zero_on_entry() -> None:
    """3.1: a rating typed with more decimals is rounded as every rating is (not to even)."""
    assert numbers.hundredths(numbers.decimal("1100,005", numbers.RATING)) == 110001
    assert numbers.hundredths(numbers.decimal("1100.015", numbers.RATING)) == 110002
    assert numbers.hundredths(numbers.decimal("900.1", numbers.RATING)) == 90010
    assert numbers.hundredths(numbers.decimal("4999.989", numbers.RATING)) == 499999


def test_is_whole_tells_a_number_from_a_name() -> None:
    assert numbers.is_whole("12")
    assert not numbers.is_whole("²")
    assert not numbers.is_whole("@ann")
    assert not numbers.is_whole("")


def _shown(value: Decimal, lang: str) -> str:
    """How the locale texts write a bound: ru "4 999,99", en "4,999.99"."""
    whole, _, fraction = f"{value:,}".partition(".")
    if lang == "ru":
        return whole.replace(",", " ") + ("," + fraction if fraction else "")
    return whole + ("." + fraction if fraction else "")


@pytest.mark.parametrize("bound", BOUNDS, ids=lambda b: b.name)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_refusal_names_its_range(bound: Bound, lang: str) -> None:
    text = Texts().get(lang, bound.key)
    if bound is numbers.TELEGRAM_ID:  # "at most 16 digits" says 1 … 10**16 - 1
        assert "16" in text
        return
    assert _shown(bound.low, lang) in text, text
    assert _shown(bound.high, lang) in text, text
