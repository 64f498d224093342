"""The Swiss state replayed from the event log (``rules.swiss.state``), clause by clause:
points, pairs and byes, corrections and re-pairings, the Top, late entrants, reported results."""

from __future__ import annotations

import pytest

from rules.results import Claim, Outcome
from rules.swiss import (
    LATE_POLICIES,
    SWISS,
    TOP,
    LatePolicy,
    Result,
    Round,
    draws_allowed,
    late_policy,
    points_text,
    result_from_claim,
)
from rules.top import BracketError, DrawInTop
from tests.unit.swiss_events import begin, replay_log, result, round_event


def test_replay_gives_points_played_pairs_and_byes() -> None:
    state = replay_log(
        [
            begin([1, 2, 3, 4, 5]),
            round_event(1, [[1, 2], [3, 4]], 5),
            result(1, 1, Outcome.CLEAN_WIN),
            result(1, 2, Outcome.DRAW),
            round_event(2, [[1, 3], [5, 2]], 4),
            result(2, 1, Outcome.TECHNICAL_LOSS),
        ]
    )
    assert state.started and state.total_rounds == 3 and state.top_size == 2
    assert state.points() == {1: 30, 2: 0, 3: 35, 4: 39, 5: 29}
    assert state.played() == {frozenset(p) for p in ((1, 2), (3, 4), (1, 3), (5, 2))}
    assert state.had_bye() == {5, 4}
    current = state.current
    assert current is not None and current.open_tables() == [2] and not current.complete
    assert current.key(2) == "r2t2p0"
    records = state.records()
    assert [r.round_number for r in records] == [1, 1, 1, 2, 2]
    assert state.find_game("r2t2p0") == (current, 2)
    # Anything but a key the state made finds nothing: forged or mistyped button data.
    for forged in ("r02t2p0", "r2t02p0", "r2t3p0", "r2t0p0", "r9t1p0", "r2t2p1", "r2t2", "x"):
        assert state.find_game(forged) is None, forged


def test_a_correction_replaces_the_result_and_a_repairing_replaces_the_round() -> None:
    state = replay_log(
        [
            begin([1, 2, 3, 4]),
            round_event(1, [[1, 2], [3, 4]], None),
            result(1, 1, Outcome.CLEAN_WIN),
            result(1, 1, Outcome.LOSS),  # the judge's correction
            round_event(2, [[1, 3], [2, 4]], None),
            round_event(2, [[1, 4], [2, 3]], None, gen=1),  # re-paired before any result
            ("sw_drop", {"player": 4}),
        ]
    )
    assert state.points() == {1: 0, 2: 30}
    assert len(state.rounds) == 2
    current = state.current
    assert current is not None and current.gen == 1 and current.tables == [(1, 4), (2, 3)]
    assert state.find_game("r2t1p0") is None  # the old key is dead
    assert state.find_game("r2t1p1") is not None
    assert state.dropped == {4}


def test_top_winners_and_champion() -> None:
    state = replay_log(
        [
            begin([1, 2, 3, 4]),
            ("sw_top", {"seeds": [3, 1, 4, 2]}),
            round_event(4, [[3, 2], [1, 4]], None, stage=TOP),
            result(4, 1, Outcome.CLEAN_WIN),
            result(4, 2, Outcome.LOSS),
        ]
    )
    assert state.top_winners() == [3, 4]
    assert state.top_champion() is None
    state = replay_log(
        [
            begin([1, 2, 3, 4]),
            ("sw_top", {"seeds": [3, 1, 4, 2]}),
            round_event(4, [[3, 2], [1, 4]], None, stage=TOP),
            result(4, 1, Outcome.CLEAN_WIN),
            result(4, 2, Outcome.LOSS),
            round_event(5, [[3, 4]], None, stage=TOP),
            result(5, 1, Outcome.TECHNICAL_LOSS),
        ]
    )
    assert state.top_champion() == 4
    assert state.points() == {}  # the Top adds no Swiss points


def test_late_entrant_keeps_his_rating_at_entry() -> None:
    state = replay_log([begin([1, 2]), ("sw_join", {"player": 9, "rating": 130_000})])
    assert state.ratings[9] == 130_000


def test_claims_become_outcomes_of_player_a() -> None:
    win_b = Claim(winner=2, games=(1, 2))
    assert result_from_claim(win_b, 1) == Result(Outcome.LOSS, (1, 2))
    tech_a = Claim(winner=1, technical=True)
    assert result_from_claim(tech_a, 1) == Result(Outcome.TECHNICAL_WIN, None)
    agreed = Claim(draw=True, agreed=True)
    assert result_from_claim(agreed, 1).outcome_a is Outcome.AGREED_DRAW


def test_points_text() -> None:
    assert [points_text(v) for v in (0, 29, 30, 55, 120)] == ["0", "2.9", "3", "5.5", "12"]


def test_late_entrants_missed_rounds_become_records_without_an_opponent() -> None:
    events = [
        begin([1, 2, 3, 4]),
        round_event(1, [[1, 2], [3, 4]], None),
        result(1, 1, Outcome.CLEAN_WIN),
        result(1, 2, Outcome.CLEAN_WIN),
        round_event(2, [[1, 3], [2, 4]], None),
        ("sw_join", {"player": 8, "rating": 120_000, "missed": [1, 2], "as": "bye"}),
        ("sw_join", {"player": 9, "rating": 120_000, "missed": [1, 2], "as": "loss"}),
        ("sw_join", {"player": 7, "rating": 120_000, "missed": [], "as": "zero"}),
        ("sw_join", {"player": 6, "rating": 120_000}),  # an entrant logged before the setting
    ]
    state = replay_log(events)
    missed = {(r.round_number, r.player_a, r.outcome_a) for r in state.missed_records()}
    assert missed == {
        (1, 8, Outcome.BYE),
        (2, 8, Outcome.BYE),
        (1, 9, Outcome.TECHNICAL_LOSS),
        (2, 9, Outcome.TECHNICAL_LOSS),
    }
    points = state.points()
    assert points[8] == 58 and points[9] == 0 and 7 not in points and 6 not in points
    assert all(r.player_b is None for r in state.missed_records())
    # Missed rounds credited as byes (2.9) are his bye (issue 11, item 8); losses are not.
    assert state.had_bye() == {8}
    assert len(state.records(TOP)) == 0


def test_missed_rounds_are_the_rounds_without_a_seat() -> None:
    state = replay_log(
        [
            begin([1, 2, 3]),
            round_event(1, [[1, 2]], 3),
            round_event(2, [[3, 1]], 2),
        ]
    )
    assert state.rounds_missed_by(9) == [1, 2]
    assert state.rounds_missed_by(3) == []  # a bye is not a missed round


# --- no draws in the Top (section 6) ------------------------------------------------------------


def test_swiss_games_may_be_drawn_and_top_games_may_not() -> None:
    assert draws_allowed(SWISS) and not draws_allowed(TOP)
    assert Round(1, SWISS, 0, [(1, 2)], None).draws_allowed
    assert not Round(4, TOP, 0, [(1, 2)], None).draws_allowed


def test_a_draw_reported_in_the_top_is_refused() -> None:
    with pytest.raises(DrawInTop):
        result_from_claim(Claim(draw=True), 1, draws=False)
    with pytest.raises(DrawInTop):
        result_from_claim(Claim(draw=True, agreed=True), 1, draws=False)
    # The Top's report is just the winner.
    assert result_from_claim(Claim(winner=2), 1, draws=False) == Result(Outcome.LOSS)


# --- late entrants (section 4) ------------------------------------------------------------------


def test_late_policies_are_zero_a_technical_loss_or_a_bye_for_each_missed_round() -> None:
    assert LATE_POLICIES == ("zero", "loss", "bye")
    assert LatePolicy.ZERO.missed_as is None
    assert LatePolicy.LOSS.missed_as is Outcome.TECHNICAL_LOSS
    assert LatePolicy.BYE.missed_as is Outcome.BYE


def test_an_unknown_or_missing_late_policy_is_the_default_zero() -> None:
    assert [late_policy(name) for name in LATE_POLICIES] == list(LatePolicy)
    assert late_policy(None) is LatePolicy.ZERO
    assert late_policy("forfeit") is LatePolicy.ZERO


def test_a_late_entrant_who_rejoins_keeps_every_missed_round_once() -> None:
    state = replay_log(
        [
            begin([1, 2, 3, 4]),
            round_event(1, [[1, 2], [3, 4]], None),
            ("sw_join", {"player": 9, "rating": 120_000, "missed": [1], "as": "loss"}),
            ("sw_drop", {"player": 9}),
            round_event(2, [[1, 3], [2, 4]], None),
            ("sw_join", {"player": 9, "rating": 150_000, "missed": [1, 2], "as": "loss"}),
        ]
    )
    assert state.missed[9] == (Outcome.TECHNICAL_LOSS, [1, 2])
    assert 9 not in state.dropped
    assert state.ratings[9] == 120_000  # his rating at his first entry


def test_the_top_is_paired_from_the_results_of_its_earlier_rounds() -> None:
    seeded = [begin([1, 2, 3, 4]), ("sw_top", {"seeds": [3, 1, 4, 2]})]
    semis = [
        round_event(4, [[3, 2], [1, 4]], None, stage=TOP),
        result(4, 1, Outcome.CLEAN_WIN),
        result(4, 2, Outcome.LOSS),
    ]
    final = [round_event(5, [[3, 4]], None, stage=TOP), result(5, 1, Outcome.TECHNICAL_LOSS)]
    assert replay_log(seeded).top_pairs(4) == ([(3, 2), (1, 4)], None)  # seeds 1–4 and 2–3
    state = replay_log([*seeded, *semis])
    assert state.top_pairs(5) == ([(3, 4)], None)
    assert state.top_pairs(4) == ([(3, 2), (1, 4)], None)  # re-pairing round 4 ignores it
    assert replay_log([*seeded, *semis, *final]).top_pairs(6) == ([], 4)


def test_the_top_is_not_paired_before_it_is_seeded() -> None:
    with pytest.raises(BracketError):
        replay_log([begin([1, 2, 3, 4])]).top_pairs(4)


def test_a_technical_match_counts_two_nil_and_a_double_loss_has_no_winner() -> None:
    tech_b = Claim(winner=2, technical=True)
    assert result_from_claim(tech_b, 1, best_of=3) == Result(Outcome.TECHNICAL_LOSS, (0, 2))
    both = Claim(double_loss=True)
    assert result_from_claim(both, 1, best_of=3) == Result(Outcome.DOUBLE_LOSS, (0, 0))
    with pytest.raises(DrawInTop):
        result_from_claim(both, 1, draws=False)


def test_a_correction_of_an_earlier_round_keeps_its_pairings_and_changes_the_scores() -> None:
    events = [
        begin([1, 2, 3, 4, 5]),
        round_event(1, [[1, 2], [3, 4]], 5),
        result(1, 1, Outcome.CLEAN_WIN),
        result(1, 2, Outcome.CLEAN_WIN),
        round_event(2, [[1, 3], [5, 2]], 4),
    ]
    before = replay_log(events)
    assert before.points() == {1: 30, 2: 0, 3: 30, 4: 29, 5: 29}
    after = replay_log([*events, result(1, 1, Outcome.LOSS)])  # the judge: 2 won table 1
    assert after.points() == {1: 0, 2: 30, 3: 30, 4: 29, 5: 29}
    second = after.round(2)
    assert second is not None and second.tables == [(1, 3), (5, 2)]  # round 2 stands
    assert after.played() == before.played()
    # Score groups: the bye (2.9) is a win like 3; the corrected winner is in the group.
    assert after.pairing_scores() == {1: 0, 2: 30, 3: 30, 4: 30, 5: 30}


def test_a_top_match_winner_changes_only_until_the_next_top_round_is_paired() -> None:
    events = [
        begin([1, 2, 3, 4]),
        ("sw_top", {"seeds": [1, 2, 3, 4]}),
        round_event(4, [[1, 4], [2, 3]], None, stage=TOP),
        result(4, 1, Outcome.CLEAN_WIN),
        result(4, 2, Outcome.CLEAN_WIN),
    ]
    state = replay_log(events)
    flipped = Result(Outcome.LOSS)
    assert state.correction_problem(4, 1, flipped) is None  # the final is not paired yet
    assert state.correction_problem(4, 1, Result(Outcome.DRAW)) == "top_needs_winner"
    assert state.correction_problem(4, 1, Result(Outcome.DOUBLE_LOSS)) == "top_needs_winner"
    state = replay_log([*events, round_event(5, [[1, 2]], None, stage=TOP)])
    assert state.correction_problem(4, 1, flipped) == "top_moved_on"
    assert state.correction_problem(4, 1, Result(Outcome.CLEAN_WIN, (2, 0))) is None  # a score
    assert state.correction_problem(7, 1, flipped) == "no_round"
    assert state.correction_problem(4, 3, flipped) == "no_table"


def test_pods_replay_keeps_the_latest_draft_seating() -> None:
    events = [
        ("sw_pods", {"draft": 1, "pods": [[1, 2, 3, 4]], "how": "random", "seed": "ab"}),
        ("sw_pods", {"draft": 2, "pods": [["4", "3"], [2, 1]], "how": "standings"}),
    ]
    state = replay_log(events)
    assert state.pods == [[4, 3], [2, 1]]
    assert state.drafts == 2
    assert replay_log([]).pods == [] and replay_log([]).drafts == 0


def test_the_complete_rounds_leave_out_a_round_in_play_and_its_bye() -> None:
    """``/standings`` during a round (issue 22, item 11): round 2 is under way, its bye and its
    first result count nothing yet; once it is complete, or before any pairing, all counts."""
    events = [
        begin([1, 2, 3, 4, 5]),
        round_event(1, [[1, 2], [3, 4]], 5),
        result(1, 1, Outcome.CLEAN_WIN),
        result(1, 2, Outcome.DRAW),
        round_event(2, [[1, 3], [5, 2]], 4),
        result(2, 1, Outcome.CLEAN_WIN),
    ]
    state = replay_log(events)
    played = state.complete_swiss()
    assert [r.number for r in played.swiss_rounds()] == [1]
    assert played.points() == {1: 30, 2: 0, 3: 10, 4: 10, 5: 29}
    assert [r.number for r in state.swiss_rounds()] == [1, 2]  # the state itself is untouched
    done = replay_log([*events, result(2, 2, Outcome.LOSS)])
    assert done.complete_swiss() is done
    in_round_1 = replay_log(events[:2]).complete_swiss()
    assert in_round_1.swiss_rounds() == [] and in_round_1.points() == {}
