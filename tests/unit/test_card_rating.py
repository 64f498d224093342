from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.card_rating import (
    START_RATING,
    START_RATING_CENTS,
    k_factor,
    rating_changes,
    tournament_coefficient,
)
from rules.results import MatchRecord, Outcome, PlayerId


def test_a_new_player_starts_at_1200() -> None:
    assert START_RATING == 1200
    assert START_RATING_CENTS == 120_000  # ratings are kept in hundredths


@pytest.mark.parametrize(
    ("participants", "coefficient"),
    [(4, "0.8"), (12, "0.8"), (13, "1.2"), (24, "1.2"), (25, "1.6"), (48, "1.6"), (49, "2")],
)
def test_coefficient_boundaries(participants: int, coefficient: str) -> None:
    assert tournament_coefficient(participants) == Fraction(coefficient)


def test_k_is_base_times_coefficient() -> None:
    assert k_factor(30) == pytest.approx(16 * 1.6)
    assert k_factor(30, base_k=20) == pytest.approx(32)


outcomes = st.sampled_from([o for o in Outcome if o is not Outcome.BYE])


@given(st.floats(800, 2400), st.floats(800, 2400), outcomes, st.integers(4, 100))
def test_changes_of_a_game_sum_to_zero(a: float, b: float, outcome: Outcome, n: int) -> None:
    changes = rating_changes({"a": a, "b": b}, [MatchRecord(1, "a", "b", outcome)], participants=n)
    assert changes["a"] + changes["b"] == 0


def test_bye_is_not_rated_and_games_use_start_ratings() -> None:
    ratings: dict[PlayerId, float] = {"a": 1200.0, "b": 1200.0, "c": 1200.0}
    records = [
        MatchRecord(1, "a", "b", Outcome.TECHNICAL_WIN),
        MatchRecord(1, "c", None, Outcome.BYE),
        MatchRecord(2, "a", "c", Outcome.CLEAN_WIN),
    ]
    changes = rating_changes(ratings, records, participants=10)
    one_win = round(16 * 0.8 * 0.5 * 100)
    assert changes == {"a": 2 * one_win, "b": -one_win, "c": -one_win}
