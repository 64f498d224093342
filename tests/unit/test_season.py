"""A season's table (``rules.season``), clause by clause, then properties."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.season import (
    DEFAULT_BEST,
    DEFAULT_POINTS,
    Result,
    Scoring,
    SeasonError,
    Tie,
    TieBy,
    points_for,
    table,
)


def results(*places: tuple[int, dict[int, int]]) -> list[Result]:
    """(tournament, {player: place}) in the order the tournaments finished."""
    return [Result(t, p, place) for t, field in places for p, place in field.items()]


# -- clause 1: points by place


def test_default_table_and_best() -> None:
    assert DEFAULT_POINTS == (25, 18, 15, 12, 10, 8, 6, 4, 2, 1) and DEFAULT_BEST == 4
    assert Scoring() == Scoring(DEFAULT_POINTS, DEFAULT_BEST)


def test_a_place_earns_its_number_and_beyond_the_table_nothing() -> None:
    scoring = Scoring((10, 6, 3))
    assert [points_for(scoring, p) for p in (1, 2, 3, 4, 40)] == [10, 6, 3, 0, 0]


def test_a_small_field_uses_the_start_of_the_table_a_large_one_scores_its_tail_zero() -> None:
    scoring = Scoring((10, 6, 3))
    small = table(scoring, results((1, {7: 1, 8: 2})))
    assert [(r.player, r.points) for r in small] == [(7, 10), (8, 6)]
    large = table(scoring, results((1, {p: p for p in range(1, 7)})))
    assert [r.points for r in large] == [10, 6, 3, 0, 0, 0]
    assert [r.rank for r in large] == [1, 2, 3, 4, 5, 6]  # the zeros ordered by their places


def test_players_sharing_a_place_each_earn_it() -> None:
    rows = table(Scoring((10, 6)), results((1, {1: 1, 2: 1, 3: 2, 4: 2})))
    assert {r.player: r.points for r in rows} == {1: 10, 2: 10, 3: 6, 4: 6}


def test_a_table_must_be_whole_non_increasing_and_best_at_least_one() -> None:
    for points in ((), (3, 5), (-1,), tuple(range(100, 0, -1))):
        with pytest.raises(SeasonError):
            Scoring(points)
    with pytest.raises(SeasonError):
        Scoring((3, 2), best=0)
    with pytest.raises(SeasonError):
        Result(1, 1, 0)
    with pytest.raises(SeasonError):
        points_for(Scoring(), 0)


# -- clause 2: the best N


def test_only_the_best_n_count_the_rest_are_dropped() -> None:
    scoring = Scoring((10, 6, 3, 1), best=2)
    rows = table(scoring, results((1, {1: 4}), (2, {1: 1}), (3, {1: 3}), (4, {1: 2})))
    (row,) = rows
    assert row.counted == (10, 6) and row.dropped == (3, 1) and row.points == 16
    assert row.places == (4, 1, 3, 2) and row.played == 4


def test_fewer_results_than_n_all_count() -> None:
    (row,) = table(Scoring((10, 6), best=5), results((1, {1: 2}), (2, {1: 2})))
    assert row.counted == (6, 6) and row.dropped == () and row.points == 12


# -- clause 3 and 4: the order and why


def test_more_points_first() -> None:
    rows = table(Scoring((10, 6, 3)), results((1, {1: 3, 2: 1, 3: 2})))
    assert [r.player for r in rows] == [2, 3, 1] and all(r.tie is None for r in rows)


def test_equal_points_more_first_places_first_and_said_so() -> None:
    scoring = Scoring((10, 5, 0))
    rows = table(scoring, results((1, {1: 1, 2: 2, 3: 3}), (2, {1: 3, 2: 2, 3: 1})))
    # 1: 10 + 0, 2: 5 + 5, 3: 0 + 10 — all 10; 1 and 3 have a win each, 2 none
    assert [r.points for r in rows] == [10, 10, 10]
    assert [r.player for r in rows][2] == 2
    assert rows[2].tie == Tie(TieBy.PLACES, place=1, mine=0, theirs=1)
    # 1 and 3: one 1st and one 3rd each, as many played: they share the place
    assert rows[1].tie == Tie(TieBy.SHARED) and rows[1].rank == rows[0].rank == 1
    assert rows[2].rank == 3


def test_countback_goes_down_to_the_first_place_that_differs() -> None:
    scoring = Scoring((8, 4, 2, 2), best=1)
    # both have one 1st (8 counted); 1 also has a 2nd, 2 a 3rd
    rows = table(scoring, results((1, {1: 1, 2: 3}), (2, {1: 2, 2: 1})))
    assert [r.player for r in rows] == [1, 2]
    assert rows[1].tie == Tie(TieBy.PLACES, place=2, mine=0, theirs=1)


def test_a_lower_place_counts_back_too() -> None:
    scoring = Scoring((5, 0), best=1)
    rows = table(scoring, results((1, {1: 1, 2: 2}), (2, {2: 1, 3: 2})))
    # 1 and 2: one win each (5); 2 also has a 2nd: the countback decides before the played
    assert [r.player for r in rows][:2] == [2, 1]
    assert rows[1].tie == Tie(TieBy.PLACES, place=2, mine=0, theirs=1)
    many = table(Scoring((5,), best=1), results((1, {1: 1, 2: 1}), (2, {2: 9})))
    # 2nd place and below score 0, but places below the table still count back: 9th
    assert [r.player for r in many] == [2, 1]
    assert many[1].tie is not None and many[1].tie.by is TieBy.PLACES


def test_more_results_of_the_same_place_ranks_higher() -> None:
    # two 1st places against one, best 1: more played, seen by the countback
    rows = table(Scoring((5,), best=1), [Result(1, 1, 1), Result(1, 2, 1), Result(2, 2, 1)])
    assert [r.player for r in rows] == [2, 1]
    assert rows[1].tie == Tie(TieBy.PLACES, place=1, mine=1, theirs=2)


def test_shared_rows_are_listed_by_club_number() -> None:
    rows = table(Scoring((5, 5)), results((1, {9: 1, 4: 2})))
    assert [r.player for r in rows] == [9, 4]  # countback: 9 has the first place
    rows = table(Scoring((5,)), results((1, {9: 1, 4: 1})))
    assert [r.player for r in rows] == [4, 9] and rows[1].tie == Tie(TieBy.SHARED)
    assert [r.rank for r in rows] == [1, 1]


def test_nothing_finished_is_an_empty_table() -> None:
    assert table(Scoring(), []) == []


# -- properties


@st.composite
def seasons(draw: st.DrawFn) -> tuple[Scoring, list[Result]]:
    points = sorted(draw(st.lists(st.integers(0, 30), min_size=1, max_size=8)), reverse=True)
    scoring = Scoring(tuple(points), draw(st.integers(1, 5)))
    made = []
    for tournament in range(draw(st.integers(0, 6))):
        field = draw(st.lists(st.integers(1, 9), min_size=1, max_size=9, unique=True))
        made += [Result(tournament, p, place) for place, p in enumerate(field, start=1)]
    return scoring, made


@given(seasons())
def test_every_player_once_points_are_his_best_n_and_the_order_holds(
    season: tuple[Scoring, list[Result]],
) -> None:
    scoring, made = season
    rows = table(scoring, made)
    assert sorted(r.player for r in rows) == sorted({r.player for r in made})
    for row in rows:
        his = sorted(points_for(scoring, r.place) for r in made if r.player == row.player)
        assert row.points == sum(his[::-1][: scoring.best]) == sum(row.counted)
        assert len(row.counted) == min(scoring.best, len(his))
        assert sorted(row.counted + row.dropped) == his
        assert all(c >= d for c in row.counted for d in row.dropped)
    for upper, lower in itertools.pairwise(rows):
        assert upper.points >= lower.points
        assert (lower.tie is None) == (upper.points != lower.points)
        assert (lower.rank == upper.rank) == (lower.tie == Tie(TieBy.SHARED))
        assert lower.rank >= upper.rank


@given(seasons(), st.integers(1, 9))
def test_one_more_result_never_lowers_a_players_points(
    season: tuple[Scoring, list[Result]], place: int
) -> None:
    scoring, made = season
    before = {r.player: r.points for r in table(scoring, made)}
    after = {r.player: r.points for r in table(scoring, [*made, Result(99, 1, place)])}
    assert after[1] >= before.get(1, 0)
