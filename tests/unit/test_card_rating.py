from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.card_rating import (
    START_RATING,
    START_RATING_CENTS,
    k_factor,
    rated_games,
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


# §3 rates «каждой партии»: every game of a match. Hand calculation for A 1300 vs B 1200 in a
# tournament of ≤12 players, K = 16 × 0.8 = 12.8: E(A) = 1 / (1 + 10^(−100/400)) = 0.640065;
# a game A wins: 12.8 × (1 − 0.640065) = +4.607 → +4.61; a game A loses: 12.8 × (0 − 0.640065)
# = −8.193 → −8.19; a drawn game: 12.8 × (0.5 − 0.640065) = −1.793 → −1.79.
A_WINS, A_LOSES, A_DRAWS = 461, -819, -179


@pytest.mark.parametrize(
    ("outcome", "games", "expected"),
    [
        (Outcome.CLEAN_WIN, (2, 1), 2 * A_WINS + A_LOSES),  # three updates: +1.03
        (Outcome.CLEAN_WIN, (2, 0), 2 * A_WINS),  # two updates: +9.22
        (Outcome.LOSS, (1, 2), A_WINS + 2 * A_LOSES),  # −11.77
        (Outcome.DRAW, (1, 1), A_WINS + A_LOSES),  # a game each: −3.58 (= two drawn games)
        (Outcome.DRAW, (0, 0), A_DRAWS),  # no game decided at time: one drawn game
        (Outcome.CLEAN_WIN, (0, 0), A_WINS),  # a single-game tournament's win
        (Outcome.TECHNICAL_WIN, (2, 0), A_WINS),  # the one game that should have been played
        (Outcome.TECHNICAL_LOSS, (0, 2), A_LOSES),
        (Outcome.DOUBLE_LOSS, (0, 0), 0),  # nobody won: not rated
    ],
)
def test_each_game_of_a_match_is_rated(
    outcome: Outcome, games: tuple[int, int], expected: int
) -> None:
    record = MatchRecord(1, "a", "b", outcome, *games)
    changes = rating_changes({"a": 1300.0, "b": 1200.0}, [record], participants=9)
    assert changes == {"a": expected, "b": -expected}


def test_rated_games_order_a_wins_then_b_wins_and_nothing_without_an_opponent() -> None:
    assert rated_games(MatchRecord(1, "a", "b", Outcome.CLEAN_WIN, 2, 1)) == [1.0, 1.0, 0.0]
    assert rated_games(MatchRecord(1, "a", "b", Outcome.LOSS, 1, 2)) == [1.0, 0.0, 0.0]
    assert rated_games(MatchRecord(1, "a", None, Outcome.BYE)) == []
    assert rated_games(MatchRecord(1, "a", None, Outcome.TECHNICAL_LOSS)) == []  # a missed round
    assert rated_games(MatchRecord(1, "a", "b", Outcome.DOUBLE_LOSS)) == []


def test_a_two_one_match_between_equals_is_plus_one_game() -> None:
    # 1200 vs 1200: each game ±6.40; 2–1 = +6.40 + 6.40 − 6.40 = +6.40.
    record = MatchRecord(1, "a", "b", Outcome.CLEAN_WIN, 2, 1)
    assert rating_changes({"a": 1200.0, "b": 1200.0}, [record], participants=4)["a"] == 640


# Section 3 rates «каждой партии, в которой он принимал или должен был принять участие»: the
# games a penalty's game loss credited (``rules.penalties``) are games lost; in a match a penalty
# ended they are rated, then the technical rest of the match is one game unless they won it.
@pytest.mark.parametrize(
    ("outcome", "games", "credited", "expected"),
    [
        # two game losses of B in a best of three: A's 2–0, two games won by A
        (Outcome.TECHNICAL_WIN, (2, 0), (2, 0), [1.0, 1.0]),
        # one game loss of B, then his match loss: the credited game and the technical one
        (Outcome.TECHNICAL_WIN, (2, 0), (1, 0), [1.0, 1.0]),
        # one game loss of A, then B's match loss: A's credited game, then B loses the rest
        (Outcome.TECHNICAL_LOSS, (0, 2), (1, 0), [1.0, 0.0]),
        # a match loss (or a disqualification) with nothing credited: one technical game
        (Outcome.TECHNICAL_LOSS, (0, 2), (0, 0), [0.0]),
        # a double loss after a credited game: only that game
        (Outcome.DOUBLE_LOSS, (0, 0), (0, 1), [0.0]),
    ],
)
def test_the_games_a_penalty_credited_are_rated(
    outcome: Outcome, games: tuple[int, int], credited: tuple[int, int], expected: list[float]
) -> None:
    record = MatchRecord(1, "a", "b", outcome, *games, *credited)
    assert rated_games(record) == expected


def test_a_played_match_with_a_credited_game_rates_the_score_as_reported() -> None:
    """The players report the final score with the credited game in it (``rules.penalties``):
    2–1 is three games, the credited one among them, whatever ``credited`` says."""
    record = MatchRecord(1, "a", "b", Outcome.CLEAN_WIN, 2, 1, credited_a=1)
    assert rated_games(record) == [1.0, 1.0, 0.0]
