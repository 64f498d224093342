from hypothesis import given
from hypothesis import strategies as st

from rules.elo import elo_change_cents, elo_delta, expected_score, rating_cents, round_rating

ratings = st.floats(min_value=100, max_value=3000, allow_nan=False)


def test_equal_ratings_win_gives_half_k() -> None:
    assert elo_delta(1500, 1500, 1, 20) == 10.0
    assert elo_delta(1500, 1500, 0, 20) == -10.0
    assert elo_delta(1500, 1500, 0.5, 20) == 0.0


def test_expected_score_of_400_points_gap_is_ten_to_one() -> None:
    assert abs(expected_score(1400, 1000) - 10 / 11) < 1e-12


def test_underdog_win_gains_more_than_favourite_win() -> None:
    assert elo_delta(1000, 1400, 1, 20) > elo_delta(1400, 1000, 1, 20)


@given(ratings, ratings, st.sampled_from([0.0, 0.5, 1.0]), st.sampled_from([16, 20, 32]))
def test_changes_of_a_game_sum_to_zero(a: float, b: float, score: float, k: int) -> None:
    assert elo_change_cents(a, b, score, k) + elo_change_cents(b, a, 1 - score, k) == 0


def test_typed_rating_rounds_half_up() -> None:
    assert str(round_rating("900.125")) == "900.13"
    assert rating_cents("900.1") == 90010
