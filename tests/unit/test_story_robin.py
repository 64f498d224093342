"""607.4.6's round robin among level undefeated winners, clause by clause: every pair once on
numbered tables; points win 1, draw ½ (counted in halves); the ranks order the level players,
who still level are left to the captain; its games put nobody out and are rated; and hypothesis
properties (every pair plays exactly once; the places of the level players are a permutation of
them, ordered by the round robin's points)."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.results import Outcome
from rules.story import (
    AgreedDraw,
    State,
    StateError,
    StOrder,
    StRobin,
    StRobinGame,
    UnknownGame,
    apply,
)
from rules.story.games import parse_game_key, parse_robin_key, robin_key
from rules.story.robin import RobinError, robin_complete, robin_pairs, robin_points, robin_ranks
from tests.unit.story_events import begun, pair, result

WIN, LOSS, DRAW = Outcome.CLEAN_WIN, Outcome.LOSS, Outcome.DRAW
OUTCOMES = (WIN, LOSS, DRAW, Outcome.TECHNICAL_WIN, Outcome.TECHNICAL_LOSS, Outcome.DOUBLE_LOSS)


def three_level() -> State:
    """«Side 0» wins with 1, 2 and 3 undefeated and level (a clean win each), 4 in reserve."""
    state = begun([1, 2, 3, 4], [5, 6, 7])
    for attacker, defender in ((1, 5), (2, 6), (3, 7)):
        pair(state, attacker, defender)
    for table in (1, 2, 3):
        result(state, table, WIN)
    assert state.ended and state.winner == 0
    return state


# -- the pairs ------------------------------------------------------------------------------


def test_every_pair_plays_once_on_numbered_tables() -> None:
    assert robin_pairs([7, 3, 9]) == [(7, 3), (7, 9), (3, 9)]
    assert len(robin_pairs([1, 2, 3, 4])) == 6


def test_a_round_robin_needs_two_distinct_players() -> None:
    with pytest.raises(RobinError):
        robin_pairs([1])
    with pytest.raises(RobinError):
        robin_pairs([1, 1, 2])


def test_robin_keys_are_not_round_keys() -> None:
    assert parse_robin_key(robin_key(1, 3)) == (1, 3)
    assert parse_game_key(robin_key(1, 3)) is None
    assert parse_robin_key("r1t3") is None


# -- the points (win 1, draw ½, in halves) ------------------------------------------------------


def test_a_win_is_one_point_a_draw_half_a_double_loss_nothing() -> None:
    pairs = robin_pairs([1, 2, 3])
    results = {1: WIN, 2: DRAW, 3: Outcome.DOUBLE_LOSS}
    assert robin_points([1, 2, 3], pairs, results) == {1: 3, 2: 0, 3: 1}


def test_a_technical_win_counts_as_a_win() -> None:
    pairs = robin_pairs([1, 2])
    assert robin_points([1, 2], pairs, {1: Outcome.TECHNICAL_LOSS}) == {1: 0, 2: 2}


def test_ranks_share_a_rank_at_equal_points() -> None:
    pairs = robin_pairs([1, 2, 3])
    results = {1: WIN, 2: LOSS, 3: WIN}  # 1 beats 2, 3 beats 1, 2 beats 3: a cycle
    assert robin_ranks([1, 2, 3], pairs, results) == {1: 1, 2: 1, 3: 1}
    assert robin_ranks([1, 2, 3], pairs, {1: WIN, 2: WIN, 3: DRAW}) == {1: 1, 2: 2, 3: 2}
    assert not robin_complete(pairs, {1: WIN})


# -- in the tournament ----------------------------------------------------------------------


def test_the_winning_captain_starts_a_round_robin_of_a_level_group() -> None:
    state = three_level()
    assert state.level_groups() == [(1, 2, 3)] and state.may_robin((1, 2, 3))
    apply(state, StRobin((1, 2, 3)))
    assert state.open_robin() == 1
    assert state.robins[0].pairs == [(1, 2), (1, 3), (2, 3)]
    assert state.robins[0].tables_of(3) == [2, 3]


def test_only_a_level_group_nobody_ordered_may_play_a_round_robin() -> None:
    state = three_level()
    with pytest.raises(StateError):
        apply(state, StRobin((1, 2)))  # not the whole group
    with pytest.raises(StateError):
        apply(state, StRobin((1, 2, 4)))  # 4 (a reserve, no points) is not level with them
    apply(state, StOrder((2,)))
    assert not state.may_robin((1, 2, 3))


def test_round_robin_points_order_the_level_players() -> None:
    state = three_level()
    apply(state, StRobin((1, 2, 3)))
    apply(state, StRobinGame(1, 1, LOSS))  # 2 beats 1
    apply(state, StRobinGame(1, 2, DRAW))  # 1 and 3 draw
    assert state.open_robin() == 1  # not complete: no order yet
    assert state.level_groups() == [(1, 2, 3)]
    apply(state, StRobinGame(1, 3, DRAW))  # 2 and 3 draw: 2 has 1½, 3 has 1, 1 has ½
    assert state.open_robin() is None
    assert state.robin_points() == {1: 1, 2: 3, 3: 2}
    assert state.level_groups() == []
    assert [r.player for r in state.standings()][:4] == [2, 3, 1, 4]


def test_who_stay_level_after_it_are_ordered_by_the_captain() -> None:
    state = three_level()
    apply(state, StRobin((1, 2, 3)))
    for table, outcome in ((1, WIN), (2, WIN), (3, DRAW)):  # 1 two wins; 2 and 3 ½ each
        apply(state, StRobinGame(1, table, outcome))
    assert state.level_groups() == [(2, 3)]
    assert not state.may_robin((2, 3))  # one round robin: the captain orders the rest
    apply(state, StOrder((3, 2)))
    assert state.level_groups() == []
    assert [r.player for r in state.standings()][:3] == [1, 3, 2]


def test_its_games_put_nobody_out_change_no_story_points_and_are_rated() -> None:
    state = three_level()
    before = {r.player: r.points for r in state.standings()}
    apply(state, StRobin((1, 2, 3)))
    for table in (1, 2, 3):
        apply(state, StRobinGame(1, table, WIN))
    assert state.alive(0) == [1, 2, 3, 4]
    assert {r.player: r.points for r in state.standings()} == before
    robin_games = [m for m in state.rated_records() if m.round_number == 2]
    assert [(m.player_a, m.player_b, m.outcome_a) for m in robin_games] == [
        (1, 2, WIN),
        (1, 3, WIN),
        (2, 3, WIN),
    ]


def test_a_round_robin_game_refuses_an_agreed_draw_and_an_unknown_table() -> None:
    state = three_level()
    apply(state, StRobin((1, 2, 3)))
    with pytest.raises(AgreedDraw):
        apply(state, StRobinGame(1, 1, Outcome.AGREED_DRAW))
    with pytest.raises(UnknownGame):
        apply(state, StRobinGame(1, 4, WIN))
    with pytest.raises(UnknownGame):
        apply(state, StRobinGame(2, 1, WIN))


# -- properties -----------------------------------------------------------------------------


@given(st.lists(st.integers(1, 10_000), min_size=2, max_size=9, unique=True))
def test_every_pair_plays_exactly_once(players: list[int]) -> None:
    pairs = robin_pairs(players)
    met = [frozenset(p) for p in pairs]
    assert len(met) == len(set(met)) == len(players) * (len(players) - 1) // 2
    assert set(met) == {frozenset(c) for c in combinations(players, 2)}


@given(st.integers(2, 6), st.data())
def test_the_order_is_a_permutation_of_the_level_players_by_points(
    size: int, data: st.DataObject
) -> None:
    winners = list(range(1, size + 1))
    state = begun(winners, list(range(101, 101 + size)))
    for attacker in winners:
        pair(state, attacker, attacker + 100)
    for table in range(1, size + 1):
        result(state, table, WIN)
    group = tuple(winners)
    assert state.level_groups() == [group]
    apply(state, StRobin(group))
    for table in range(1, len(state.robins[0].pairs) + 1):
        apply(state, StRobinGame(1, table, data.draw(st.sampled_from(OUTCOMES))))
    while state.level_groups():  # the captain orders who is still level
        apply(
            state,
            StOrder((*sorted(state.order, key=state.order.__getitem__), *state.level_groups()[0])),
        )
    top = [r.player for r in state.standings()][:size]
    assert sorted(top) == winners
    points = state.robin_points()
    assert [points[p] for p in top] == sorted((points[p] for p in top), reverse=True)
