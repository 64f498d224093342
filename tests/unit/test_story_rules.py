"""Story Constructed (607), clause by clause: 607.1 the rules announced three days ahead, 607.2
the minimum, 607.4.2 the captains and the pairing round with its reserves, 607.4.4 the loser
out, 607.4.5 the end, 607.4.6 the places, 607.4.7 the draws."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from rules.results import Claim, Outcome
from rules.story import (
    AgreedDraw,
    NotYourTurn,
    RulesTooLate,
    StAnswer,
    State,
    StateError,
    StBegin,
    StCaptain,
    StGame,
    StJoin,
    StName,
    StOrder,
    StVote,
    UnknownGame,
    apply,
    check_rules_change,
    elect,
    story_points,
)
from rules.story.games import game_key, outcome_from_claim, parse_game_key
from rules.story.pairing import answers, nominees
from tests.unit.story_events import begun, pair, result

WIN, LOSS, DRAW = Outcome.CLEAN_WIN, Outcome.LOSS, Outcome.DRAW
START = datetime(2026, 12, 10, 18, 0, tzinfo=UTC)


# -- 607.1 ------------------------------------------------------------------------------------


def test_607_1_rules_change_three_days_ahead_is_accepted() -> None:
    check_rules_change(START - timedelta(days=3), START)
    check_rules_change(START - timedelta(days=5), START)


def test_607_1_rules_change_two_days_ahead_names_the_start_it_would_need() -> None:
    now = START - timedelta(days=2)
    with pytest.raises(RulesTooLate) as refused:
        check_rules_change(now, START)
    assert refused.value.needed == now + timedelta(days=3)
    assert refused.value.needed > START


# -- 607.2, 607.4.2 captains --------------------------------------------------------------------


def test_607_2_three_players_cannot_begin() -> None:
    state = State()
    for player, side in ((1, 0), (2, 0), (3, 1)):
        apply(state, StJoin(player, side))
    apply(state, StCaptain(0, 1))
    apply(state, StCaptain(1, 3))
    with pytest.raises(StateError):
        apply(state, StBegin(seed=1, attacking=0))


def test_both_sides_need_a_captain_to_begin() -> None:
    state = State()
    for player, side in ((1, 0), (2, 0), (3, 1), (4, 1)):
        apply(state, StJoin(player, side))
    apply(state, StCaptain(0, 1))
    with pytest.raises(StateError):
        apply(state, StBegin(seed=1, attacking=0))


def test_election_single_leader_is_captain() -> None:
    assert elect([1, 2, 3], {1: 2, 2: 2, 3: 1}).captain == 2


def test_election_tie_goes_to_the_organiser_with_the_leaders() -> None:
    found = elect([1, 2, 3, 4], {1: 2, 2: 1, 3: 2, 4: 1})
    assert found.captain is None and found.tied == (1, 2)


def test_election_no_vote_offers_every_member() -> None:
    found = elect([5, 6, 7], {})
    assert found.captain is None and found.tied == (5, 6, 7)


def test_a_vote_for_the_other_side_is_refused() -> None:
    state = State()
    apply(state, StJoin(1, 0))
    apply(state, StJoin(2, 1))
    with pytest.raises(StateError):
        apply(state, StVote(1, 2))


def test_moving_side_drops_the_captaincy_and_the_vote() -> None:
    state = State()
    for player, side in ((1, 0), (2, 0), (3, 1)):
        apply(state, StJoin(player, side))
    apply(state, StVote(2, 1))
    apply(state, StCaptain(0, 1))
    apply(state, StJoin(1, 1))
    assert 0 not in state.captains and state.members == ([2], [3, 1])
    assert state.election(0).captain is None


def test_no_join_after_the_start() -> None:
    state = begun([1, 2], [3, 4])
    with pytest.raises(StateError):
        apply(state, StJoin(9, 0))


# -- 607.4.2 the pairing round ----------------------------------------------------------------


def test_607_4_2_attacker_names_defender_answers_until_one_side_is_paired() -> None:
    state = begun([1, 2, 3], [4, 5])
    assert state.waiting_side() == 0 and state.nominees() == [1, 2, 3]
    assert state.answers() == []  # the defender waits for a name
    apply(state, StName(1, 2))
    assert state.waiting_side() == 1 and state.answers() == [4, 5]
    assert state.nominees() == []
    apply(state, StAnswer(1, 5))
    assert state.current is not None and state.current.pairs == [(2, 5)]
    pair(state, 3, 4)
    rnd = state.current
    assert state.pairing_done(rnd) and state.reserves(rnd) == [1]
    assert state.waiting_side() is None


def test_607_4_2_a_name_not_on_offer_is_refused() -> None:
    state = begun([1, 2], [3, 4])
    with pytest.raises(NotYourTurn):
        apply(state, StName(1, 3))  # a defender
    apply(state, StName(1, 1))
    with pytest.raises(NotYourTurn):
        apply(state, StName(1, 2))  # a second name before the answer
    with pytest.raises(NotYourTurn):
        apply(state, StAnswer(1, 2))  # his own side's player


def test_607_4_2_reserves_go_through_without_points() -> None:
    state = begun([1, 2, 3], [4])
    pair(state, 1, 4)
    result(state, 1, WIN)
    assert state.ended and state.winner == 0
    rows = {row.player: row for row in state.standings()}
    assert rows[2].points == 0 and not rows[2].defeated


def test_the_next_round_opens_when_every_game_is_in() -> None:
    state = begun([1, 2, 3], [4, 5, 6])
    for a, d in ((1, 4), (2, 5), (3, 6)):
        pair(state, a, d)
    result(state, 1, WIN)
    result(state, 2, LOSS)
    assert len(state.rounds) == 1  # table 3 still plays
    result(state, 3, WIN)
    assert len(state.rounds) == 2
    assert state.current is not None and state.current.players == ((1, 3), (5,))


# -- 607.4.4, 607.4.5 --------------------------------------------------------------------------


def test_607_4_4_the_loser_is_out_the_winner_goes_through() -> None:
    state = begun([1, 2], [3, 4])
    pair(state, 1, 3)
    pair(state, 2, 4)
    result(state, 1, LOSS)
    result(state, 2, Outcome.TECHNICAL_WIN)
    assert state.out() == {1, 4}
    assert state.alive(0) == [2] and state.alive(1) == [3]


def test_607_4_5_the_end_when_a_side_is_all_out() -> None:
    state = begun([1, 2], [3, 4])
    pair(state, 1, 3)
    pair(state, 2, 4)
    result(state, 1, WIN)
    assert not state.ended
    result(state, 2, WIN)
    assert state.ended and state.winner == 0 and len(state.rounds) == 1


def test_a_double_loss_puts_both_out() -> None:
    state = begun([1, 2], [3, 4])
    pair(state, 1, 3)
    pair(state, 2, 4)
    result(state, 1, Outcome.DOUBLE_LOSS)
    result(state, 2, WIN)
    assert state.out() == {1, 3, 4} and state.winner == 0


def test_a_closed_round_takes_no_result() -> None:
    state = begun([1, 2, 5], [3, 4, 6])
    for a, d in ((1, 3), (2, 4), (5, 6)):
        pair(state, a, d)
    for table, outcome in ((1, WIN), (2, LOSS), (3, WIN)):
        result(state, table, outcome)
    assert len(state.rounds) == 2
    with pytest.raises(UnknownGame):
        apply(state, StGame(1, 1, LOSS))


# -- 607.4.7 draws ------------------------------------------------------------------------------


def test_607_4_7_no_agreed_draw() -> None:
    state = begun([1, 2], [3, 4])
    pair(state, 1, 3)
    with pytest.raises(AgreedDraw):
        result(state, 1, Outcome.AGREED_DRAW)


def test_607_4_7_a_draw_gives_no_points_and_both_go_through() -> None:
    assert story_points(DRAW) == 0
    state = begun([1, 2], [3, 4])
    pair(state, 1, 3)
    pair(state, 2, 4)
    result(state, 1, DRAW)
    result(state, 2, WIN)
    assert state.alive(0) == [1, 2] and state.alive(1) == [3]
    assert {row.player: row.points for row in state.standings()}[1] == 0


def test_607_4_7_who_drew_do_not_meet_in_the_next_round() -> None:
    state = begun([1, 2], [3, 4, 5])
    pair(state, 1, 3)
    pair(state, 2, 4)
    result(state, 1, DRAW)
    result(state, 2, DRAW)
    apply(state, StName(2, 1))
    assert state.answers() == [4, 5]  # not 3, whom he drew with


def test_607_4_7_last_players_of_their_sides_may_meet_again() -> None:
    state = begun([1, 2], [3, 4])
    pair(state, 1, 3)
    pair(state, 2, 4)
    result(state, 1, DRAW)
    result(state, 2, Outcome.DOUBLE_LOSS)
    rnd = state.current
    assert rnd is not None and rnd.players == ((1,), (3,)) and not rnd.forbidden
    apply(state, StName(2, 1))
    assert state.answers() == [3]


def test_a_name_that_would_leave_two_who_drew_as_the_last_pair_is_not_offered() -> None:
    # 2 drew 4 last round: if 1 took 3, 2 and 4 would be left as the last pair
    assert answers(1, [1, 2], [3, 4], {frozenset((2, 4))}) == [4]
    assert nominees([1, 2], [3, 4], {frozenset((2, 4))}) == [1, 2]


# -- 607.4.6 places -----------------------------------------------------------------------------


def test_607_4_6_the_undefeated_rank_above_the_eliminated_whatever_the_points() -> None:
    state = begun([1, 2, 3], [4, 5])
    pair(state, 1, 4)
    pair(state, 2, 5)
    result(state, 1, WIN)  # 1: 3 points
    result(state, 2, LOSS)  # 5: 3 points, 2 out
    pair(state, 1, 5)  # round 2: 1 and 3 against 5; 3 in reserve
    result(state, 1, LOSS)  # 5: 6 points, 1 out
    pair(state, 3, 5)  # round 3
    result(state, 1, WIN)
    assert state.ended and state.winner == 0
    places = [row.player for row in state.standings()]
    assert places[0] == 3  # undefeated, 3 points
    assert places[1] == 5  # out, 6 points
    assert set(places[2:]) == {1, 2, 4}
    assert places[2] == 1  # 3 points


def test_607_4_6_at_equal_points_the_winning_side_ranks_higher() -> None:
    state = begun([1, 2], [3, 4])
    pair(state, 1, 3)
    pair(state, 2, 4)
    result(state, 1, WIN)
    result(state, 2, LOSS)  # 4 wins 3 points, 2 out
    pair(state, 1, 4)
    result(state, 1, WIN)  # side 0 wins; 1 undefeated, 6 points
    rows = state.standings()
    # 4 (3 points, out, losing side) and 2, 3 (0 points, out)
    assert [r.player for r in rows][:2] == [1, 4]


def test_607_4_6_level_undefeated_winners_are_ordered_by_their_captain() -> None:
    state = begun([1, 2, 3], [4, 5])
    pair(state, 1, 4)
    pair(state, 2, 5)
    result(state, 1, WIN)
    result(state, 2, WIN)
    assert state.ended and state.winner == 0
    # 1 and 2: undefeated, 3 points, Buchholz 0, one clean win each: level
    assert state.level_groups() == [(1, 2)]
    apply(state, StOrder((2, 1)))
    assert state.level_groups() == []
    assert [r.player for r in state.standings()][:3] == [2, 1, 3]


def test_607_4_6_a_player_the_captain_named_ranks_above_those_he_has_not_yet() -> None:
    state = begun([1, 2, 3, 4], [5, 6, 7])
    for attacker, defender in ((1, 5), (2, 6), (3, 7)):
        pair(state, attacker, defender)
    for table in (1, 2, 3):
        result(state, table, WIN)
    assert state.level_groups() == [(1, 2, 3)]
    apply(state, StOrder((3,)))  # place 1 named, places 2 and 3 not yet
    assert state.standings()[0].player == 3
    assert state.level_groups() == [(1, 2, 3)]


# -- a report as the attacker's outcome -------------------------------------------------------


def test_a_report_is_stored_from_the_attackers_side() -> None:
    assert outcome_from_claim(Claim(winner=1), 1, 2) is Outcome.CLEAN_WIN
    assert outcome_from_claim(Claim(winner=2, technical=True), 1, 2) is Outcome.TECHNICAL_LOSS
    assert outcome_from_claim(Claim(draw=True), 1, 2) is Outcome.DRAW
    assert outcome_from_claim(Claim(double_loss=True), 1, 2) is Outcome.DOUBLE_LOSS
    with pytest.raises(AgreedDraw):
        outcome_from_claim(Claim(draw=True, agreed=True), 1, 2)
    assert parse_game_key(game_key(3, 7)) == (3, 7) and parse_game_key("r1t2b1p1") is None
