"""Norms (3.4), bonuses (3.3), tournament Elo (3.2, 6.10), participants and money (2.2–7.3)."""

from datetime import date, timedelta
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.elo import elo_change_cents
from rules.koth import (
    BONUS,
    ContributionError,
    EntryFeeError,
    ParticipantCountError,
    RatingInputError,
    active_bonuses,
    average_display,
    average_exact,
    bonus_expiry,
    check_entry_fee,
    check_participants,
    effective_rating,
    elo_delta,
    main_time,
    norm_for,
    norms,
    prize_fund,
    split_fees,
    table_time_share,
    tournament_elo_cents,
)

# --- norms (3.4) ---------------------------------------------------------------------------------


def test_worked_example_of_the_spec() -> None:
    ratings = {"a": 1100, "b": 980, "c": 900.1, "d": 850, "e": 740}
    average, result = norms(ratings)
    assert average_display(ratings.values()) == Decimal("914.02")
    assert average == pytest.approx(914.02)
    assert result == {"a": 14, "b": 12, "c": 10, "d": 9, "e": 8}


def test_1100_is_two_steps_above_not_three() -> None:
    # 185.98 / 62 = 2.9997: the fraction is dropped, never rounded (3.4.2).
    assert norm_for(1100, Fraction("914.02")) == 10 + 2 * 2


def test_float_trap_exactly_two_steps() -> None:
    # Average 1000.10; 124.00 / 62 is exactly 2 in decimal, 1.999… in binary floats.
    ratings = {"hi": 1124.10, "lo": 876.10}
    assert average_exact(ratings.values()) == Fraction("1000.10")
    _, result = norms(ratings)
    assert result["hi"] == 10 + 2 * 2
    assert result["lo"] == 10 - 2


def test_rating_equal_to_average_gets_ten() -> None:
    _, result = norms({"a": 1000, "b": 1000, "c": 1000, "d": 1000})
    assert set(result.values()) == {10}


def test_norm_is_never_below_one() -> None:
    _, result = norms({"strong": 3000, "weak": 100, "x": 1500, "y": 1500})
    assert result["weak"] == 1


def test_norms_accept_decimal_ratings() -> None:
    _, result = norms({"a": Decimal("1124.10"), "b": Decimal("876.10")})
    assert result == {"a": 14, "b": 8}


def test_average_of_nothing_is_rejected() -> None:
    with pytest.raises(RatingInputError):
        average_exact([])


@given(
    st.lists(
        st.decimals(min_value=100, max_value=3000, places=2, allow_nan=False),
        min_size=4,
        max_size=6,
    )
)
def test_norms_follow_the_formula_exactly(ratings: list[Decimal]) -> None:
    by_player = dict(enumerate(ratings))
    _, result = norms(by_player)
    average = sum((Fraction(r) for r in ratings), Fraction(0)) / len(ratings)
    for player, rating in by_player.items():
        diff = Fraction(rating) - average
        expected = 10 + int(diff / 62) * 2 if diff > 0 else 10 - int(-diff / 62)
        assert result[player] == max(1, expected)


# --- bonuses (3.3) -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("granted", "expires"),
    [
        (date(2024, 1, 15), date(2024, 4, 15)),
        (date(2023, 11, 30), date(2024, 2, 29)),  # leap year
        (date(2022, 11, 30), date(2023, 2, 28)),
        (date(2024, 10, 31), date(2025, 1, 31)),  # across the year end
        (date(2024, 12, 31), date(2025, 3, 31)),
        (date(2024, 3, 31), date(2024, 6, 30)),  # June has 30 days
    ],
)
def test_bonus_lives_three_calendar_months(granted: date, expires: date) -> None:
    assert bonus_expiry(granted) == expires


def test_bonus_is_gone_on_its_expiry_date() -> None:
    granted = date(2024, 1, 15)
    assert active_bonuses([granted], date(2024, 4, 14)) == [granted]
    assert active_bonuses([granted], date(2024, 4, 15)) == []


def test_bonus_counts_from_its_grant_day_not_before() -> None:
    granted = date(2024, 1, 15)
    assert active_bonuses([granted], date(2024, 1, 15)) == [granted]
    assert active_bonuses([granted], date(2024, 1, 14)) == []


def test_bonuses_stack_and_expire_independently() -> None:
    first, second = date(2024, 1, 10), date(2024, 2, 20)
    grants = [first, second]
    assert effective_rating(1000, grants, date(2024, 3, 1)) == 1000 + 2 * BONUS
    assert effective_rating(1000, grants, date(2024, 4, 10)) == 1000 + BONUS
    assert effective_rating(1000, grants, date(2024, 5, 20)) == 1000
    assert BONUS == 80


def test_effective_rating_keeps_decimals_exactly() -> None:
    assert effective_rating(900.1, [date(2024, 1, 1)], date(2024, 1, 2)) == Decimal("980.1")


@given(st.dates(min_value=date(2000, 1, 1), max_value=date(2100, 1, 1)))
def test_expiry_is_three_months_on_and_never_past_the_month(granted: date) -> None:
    expiry = bonus_expiry(granted)
    assert (expiry.year * 12 + expiry.month) - (granted.year * 12 + granted.month) == 3
    assert expiry.day == granted.day or (expiry + timedelta(days=1)).day == 1
    assert expiry.day <= granted.day


# --- tournament Elo (3.2, 6.10) -----------------------------------------------------------------


def test_one_rated_game_between_equals_moves_half_k() -> None:
    change = tournament_elo_cents({"a": 1500, "b": 1500, "c": 1500}, [("a", "b")], [True])
    assert change == {"a": 1000, "b": -1000, "c": 0}


def test_unrated_games_do_not_move_ratings() -> None:
    change = tournament_elo_cents({"a": 1500, "b": 1400}, [("a", "b"), ("b", "a")], [True, False])
    assert change == {
        "a": elo_change_cents(1500, 1400, 1, 20),
        "b": -elo_change_cents(1500, 1400, 1, 20),
    }


def test_changes_use_the_starting_ratings_for_every_game() -> None:
    games = [("a", "b"), ("a", "b")]
    change = tournament_elo_cents({"a": 1600, "b": 1400}, games, [True, True], k=32)
    assert change["a"] == 2 * elo_change_cents(1600, 1400, 1, 32)
    assert elo_delta(1600, 1400, 1, 32) * 100 == pytest.approx(change["a"] / 2)


def test_games_and_flags_must_match() -> None:
    with pytest.raises(RatingInputError):
        tournament_elo_cents({"a": 1500, "b": 1500}, [("a", "b")], [])


@given(
    st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4), st.booleans()), max_size=30),
    st.lists(st.floats(min_value=500, max_value=2500), min_size=5, max_size=5),
)
def test_tournament_changes_sum_to_zero(
    raw: list[tuple[int, int, bool]], ratings: list[float]
) -> None:
    games = [(w, lo) for w, lo, _ in raw if w != lo]
    flags = [r for w, lo, r in raw if w != lo]
    change = tournament_elo_cents(dict(enumerate(ratings)), games, flags)
    assert sum(change.values()) == 0
    if not any(flags):
        assert set(change.values()) == {0}


# --- participants, main time, money (2.2, 2.3, 6.1, 7.1–7.3) ------------------------------------


@pytest.mark.parametrize("count", [0, 3, 7, 10])
def test_participants_outside_4_to_6_are_refused(count: int) -> None:
    with pytest.raises(ParticipantCountError, match="4 to 6"):
        check_participants(count)


@pytest.mark.parametrize(("count", "hours"), [(4, 3), (5, 4), (6, 5)])
def test_main_time_by_participants(count: int, hours: int) -> None:
    check_participants(count)
    assert main_time(count) == timedelta(hours=hours)


def test_main_time_needs_a_valid_field() -> None:
    with pytest.raises(ParticipantCountError):
        main_time(3)


def test_prize_fund_is_1000_per_player_plus_contributions() -> None:
    assert prize_fund(5) == 5 * 1000
    assert prize_fund(5, [500, 300]) == 5 * 1000 + 500 + 300


def test_negative_contribution_is_refused() -> None:
    with pytest.raises(ContributionError):
        prize_fund(4, [100, -1])


def test_rest_of_the_fees_pays_for_table_time() -> None:
    assert table_time_share(3000, 5) == (3000 - 1000) * 5


def test_entry_fee_minimum_is_2500() -> None:
    check_entry_fee(2500)
    with pytest.raises(EntryFeeError, match="2500"):
        check_entry_fee(2499)
    with pytest.raises(EntryFeeError):
        table_time_share(2000, 4)


@given(st.integers(2500, 10_000), st.integers(4, 6), st.lists(st.integers(0, 5000), max_size=6))
def test_split_accounts_for_every_ruble(fee: int, count: int, contributions: list[int]) -> None:
    split = split_fees(fee, count, contributions)
    assert split.collected == fee * count + sum(contributions)
    assert split.prize == 1000 * count + sum(contributions)
    assert split.prize + split.table_time == split.collected
