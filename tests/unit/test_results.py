import pytest

from rules.results import (
    Claim,
    MatchRecord,
    Outcome,
    ResultError,
    elo_score,
    opposite,
    outcomes_from_games,
    points,
    technical_outcomes,
)


def test_points_table_in_tenths() -> None:
    table = {
        Outcome.CLEAN_WIN: 30,
        Outcome.LOSS: 0,
        Outcome.TECHNICAL_WIN: 25,
        Outcome.TECHNICAL_LOSS: 0,
        Outcome.DRAW: 10,
        Outcome.AGREED_DRAW: 10,
        Outcome.BYE: 29,
        Outcome.DOUBLE_LOSS: 0,
    }
    assert {outcome: points(outcome) for outcome in Outcome} == table


def test_bye_and_technical_win_add_exactly() -> None:
    assert points(Outcome.BYE) + points(Outcome.TECHNICAL_WIN) == 54


@pytest.mark.parametrize(
    ("games", "expected"),
    [
        ((2, 0), (Outcome.CLEAN_WIN, Outcome.LOSS)),
        ((2, 1), (Outcome.CLEAN_WIN, Outcome.LOSS)),
        ((1, 2), (Outcome.LOSS, Outcome.CLEAN_WIN)),
        ((1, 1), (Outcome.DRAW, Outcome.DRAW)),
    ],
)
def test_game_score_decides_the_outcomes(
    games: tuple[int, int], expected: tuple[Outcome, Outcome]
) -> None:
    assert outcomes_from_games(*games) == expected


def test_agreed_draw_needs_equal_games() -> None:
    assert outcomes_from_games(0, 0, agreed=True) == (Outcome.AGREED_DRAW, Outcome.AGREED_DRAW)
    with pytest.raises(ResultError):
        outcomes_from_games(1, 0, agreed=True)


def test_technical_result_and_opposites() -> None:
    assert technical_outcomes(a_wins=False) == (Outcome.TECHNICAL_LOSS, Outcome.TECHNICAL_WIN)
    for outcome in Outcome:
        if outcome is not Outcome.BYE:
            assert opposite(opposite(outcome)) is outcome
    with pytest.raises(ResultError):
        opposite(Outcome.BYE)


def test_bye_is_not_rated_and_technical_results_are() -> None:
    assert elo_score(Outcome.BYE) is None
    assert elo_score(Outcome.TECHNICAL_WIN) == 1.0
    assert elo_score(Outcome.TECHNICAL_LOSS) == 0.0


def test_record_checks_bye_and_opponent() -> None:
    with pytest.raises(ResultError):
        MatchRecord(1, "a", None, Outcome.CLEAN_WIN)
    with pytest.raises(ResultError):
        MatchRecord(1, "a", "b", Outcome.BYE)
    with pytest.raises(ResultError):
        MatchRecord(1, "a", "a", Outcome.DRAW)
    record = MatchRecord(2, "a", "b", Outcome.CLEAN_WIN, 2, 1)
    assert record.outcome_of("b") is Outcome.LOSS
    assert record.games_of("b") == (1, 2)


def test_a_missed_round_is_a_technical_loss_without_an_opponent() -> None:
    missed = MatchRecord(1, "a", None, Outcome.TECHNICAL_LOSS)
    assert not missed.is_bye and missed.opponent_of("a") is None
    assert MatchRecord(1, "a", None, Outcome.BYE).is_bye


# --- claims: a reported or decided result of one game ----------------------------------------


def test_a_claim_names_the_winner_or_a_draw_never_both_nor_neither() -> None:
    assert Claim(winner=7).winner == 7
    assert Claim(draw=True).winner is None
    with pytest.raises(ResultError):
        Claim(winner=7, draw=True)
    with pytest.raises(ResultError):
        Claim()


def test_only_a_draw_is_agreed_and_a_technical_result_has_a_winner() -> None:
    assert Claim(draw=True, agreed=True).agreed
    assert Claim(winner=7, technical=True).technical
    with pytest.raises(ResultError):
        Claim(winner=7, agreed=True)
    with pytest.raises(ResultError):
        Claim(draw=True, technical=True)
    with pytest.raises(ResultError):
        Claim(winner=7, games=(2, -1))


def test_claims_are_frozen_values() -> None:
    claim = Claim(winner=7, games=(2, 1))
    assert claim == Claim(winner=7, games=(2, 1))
    with pytest.raises(AttributeError):
        claim.winner = 8  # type: ignore[misc]


def test_claims_are_stored_as_the_same_json_as_before() -> None:
    claim = Claim(winner=7, technical=True, games=(2, 1))
    stored = {"winner": 7, "draw": False, "agreed": False, "technical": True, "games": [2, 1]}
    assert claim.to_json() == stored
    assert Claim.from_json(stored) == claim
    drawn = Claim(draw=True, agreed=True)
    assert Claim.from_json(drawn.to_json()) == drawn
    assert drawn.to_json()["games"] is None


def test_a_claim_stored_without_newer_keys_reads_with_their_defaults() -> None:
    assert Claim.from_json({"winner": 3}) == Claim(winner=3)
    assert Claim.from_json({"winner": None, "draw": True, "games": None}) == Claim(draw=True)


def test_reports_agree_when_the_result_is_the_same_agreed_or_not() -> None:
    assert Claim(draw=True, agreed=True).same_result(Claim(draw=True))
    assert Claim(winner=1, games=(2, 1)).same_result(Claim(winner=1, games=(2, 1)))
    assert not Claim(winner=1).same_result(Claim(winner=2))
    assert not Claim(winner=1).same_result(Claim(winner=1, technical=True))
    assert not Claim(winner=1, games=(2, 0)).same_result(Claim(winner=1, games=(2, 1)))


def test_double_loss_scores_nothing_for_both_and_is_not_rated() -> None:
    record = MatchRecord(3, "a", "b", Outcome.DOUBLE_LOSS)
    assert record.outcome_b is Outcome.DOUBLE_LOSS
    assert points(record.outcome_a) == points(record.outcome_b) == 0
    assert elo_score(Outcome.DOUBLE_LOSS) is None
    with pytest.raises(ResultError):
        MatchRecord(3, "a", None, Outcome.DOUBLE_LOSS)


def test_double_loss_claim_has_no_winner_and_round_trips() -> None:
    claim = Claim(double_loss=True)
    assert Claim.from_json(claim.to_json()) == claim
    assert not claim.same_result(Claim(draw=True))
    with pytest.raises(ResultError):
        Claim(winner=1, double_loss=True)
    with pytest.raises(ResultError):
        Claim(draw=True, double_loss=True)
