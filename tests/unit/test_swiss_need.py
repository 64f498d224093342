"""``/need`` (``rules.swiss.need``): exact against brute force on small fields, the bounds on
either side of the exact answer, and cases worked out by hand."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.results import PlayerId
from rules.swiss.need import Field, Need, need
from rules.swiss.pairing import NoLegalPairing
from tests.need_brute import brute_need


@st.composite
def fields(draw: st.DrawFn) -> tuple[Field, PlayerId]:
    size = draw(st.integers(4, 7))
    players: list[PlayerId] = [chr(ord("a") + i) for i in range(size)]
    points = {p: draw(st.sampled_from([0, 10, 20, 29, 30, 40, 59, 60, 90])) for p in players}
    scores = {p: v + 1 if v % 10 == 9 else v for p, v in points.items()}
    pairs = [frozenset((a, b)) for i, a in enumerate(players) for b in players[i + 1 :]]
    played = frozenset(draw(st.lists(st.sampled_from(pairs), max_size=size)))
    had_bye = frozenset(draw(st.lists(st.sampled_from(players), max_size=2)))
    order = tuple(sorted(players, key=lambda p: -points[p]))
    shuffled = draw(st.permutations(players))
    open_count = draw(st.integers(0, min(2, size // 2)))
    open_tables = tuple((shuffled[2 * i], shuffled[2 * i + 1]) for i in range(open_count))
    rounds_left = draw(st.integers(0, 2 if size <= 5 else 1))
    out = frozenset(draw(st.lists(st.sampled_from(players), max_size=1)))
    if out and not any(p in t for t in open_tables for p in out):
        points = {p: v for p, v in points.items() if p not in out}
        scores = {p: v for p, v in scores.items() if p not in out}
        order = tuple(p for p in order if p not in out)
        out = frozenset()
    situation = Field(
        points=points,
        scores=scores,
        played=played,
        had_bye=had_bye,
        order=order,
        open_tables=open_tables,
        rounds_left=rounds_left,
        top=draw(st.integers(1, 4)),
        round=2,
        out=out,
    )
    player = draw(st.sampled_from([p for p in order if p not in out]))
    return situation, player


@settings(max_examples=200, deadline=None)
@given(fields())
def test_exact_answers_match_brute_force(problem: tuple[Field, PlayerId]) -> None:
    situation, player = problem
    try:
        expected = brute_need(situation, player)
    except NoLegalPairing:
        return
    got = need(situation, player)
    assert got.exact
    assert (got.sure, got.sure_on_points, got.possible, got.possible_on_ties, got.most) == (
        expected.sure,
        expected.sure_on_points,
        expected.possible,
        expected.possible_on_ties,
        expected.most,
    )


@settings(max_examples=200, deadline=None)
@given(fields())
def test_the_bounds_hold_the_exact_answer_between_them(problem: tuple[Field, PlayerId]) -> None:
    situation, player = problem
    try:
        exact = brute_need(situation, player)
    except NoLegalPairing:
        return
    bound = need(situation, player, limit=-1)
    assert not bound.exact
    least = exact.gains[0]

    def raw(true: int | None) -> int | None:
        """An exact answer in points scored (0 stands for the least he can score)."""
        return least if true == 0 else true

    # a safe score: every score X can really reach from it on suffices
    for safe, true in ((bound.sure, exact.sure), (bound.sure_on_points, exact.sure_on_points)):
        reached = [g for g in exact.gains if safe is not None and g >= safe]
        sure = raw(true)
        assert all(sure is not None and g >= sure for g in reached)
    # a floor: no score below it can suffice
    for floor, true in (
        (bound.possible, exact.possible),
        (bound.possible_on_ties, exact.possible_on_ties),
    ):
        possible = raw(true)
        assert possible is None or (floor is not None and floor <= possible)
    assert bound.already_in <= (exact.sure == 0)
    assert bound.out_of_reach <= (exact.possible_on_ties is None)


def four() -> Field:
    """After two rounds: a beat d and b; b beat c; c beat d. Only a–c and b–d are left."""
    met = [("a", "d"), ("b", "c"), ("a", "b"), ("c", "d")]
    return Field(
        points={"a": 60, "b": 30, "c": 30, "d": 0},
        scores={"a": 60, "b": 30, "c": 30, "d": 0},
        played=frozenset(frozenset(pair) for pair in met),
        had_bye=frozenset(),
        order=("a", "b", "c", "d"),
        rounds_left=1,
        top=2,
        round=2,
    )


def test_hand_case_second_place_in_four() -> None:
    # b meets d, a meets c. b wins (6): alone second if a wins, level with a and c if c wins.
    # b draws (4): second if a wins, level with c on a draw, behind a and c if c wins.
    # b loses (3): level with c and d behind a if a wins, behind a and c if c wins.
    assert need(four(), "b") == Need(
        sure=None, sure_on_points=30, possible=10, possible_on_ties=0, most=30, exact=True
    )


def test_hand_case_last_can_only_tie_in() -> None:
    # d beats b (3): with a winning, a 9 and b, c, d on 3 — the tie-breaks decide second.
    assert need(four(), "d") == Need(
        sure=None, sure_on_points=None, possible=None, possible_on_ties=30, most=30, exact=True
    )


def test_hand_case_leader_already_in_a_top_three() -> None:
    answer = need(replace(four(), top=3), "a")
    assert answer.already_in and answer.sure == 0


def test_hand_case_no_rounds_left() -> None:
    situation = replace(four(), rounds_left=0)
    assert need(situation, "b") == Need(
        sure=None, sure_on_points=0, possible=None, possible_on_ties=0, most=0, exact=True
    )
    assert need(situation, "d").out_of_reach


def test_hand_case_an_open_table_of_the_last_round() -> None:
    # Round 3 is being played: a–c is in (a won: 9), b–d is open. b wins: 6, second alone.
    situation = replace(
        four(),
        points={"a": 90, "b": 30, "c": 30, "d": 0},
        open_tables=(("b", "d"),),
        rounds_left=0,
        round=3,
    )
    assert need(situation, "b") == Need(
        sure=10, sure_on_points=0, possible=10, possible_on_ties=0, most=30, exact=True
    )


def test_a_dropped_player_at_an_open_table_takes_no_place() -> None:
    situation = Field(
        points={"a": 30, "b": 30, "c": 0},
        scores={"a": 30, "b": 30, "c": 0},
        played=frozenset(),
        had_bye=frozenset(),
        order=("a", "b", "c"),
        open_tables=(("a", "b"),),
        top=1,
        round=2,
        out=frozenset({"a"}),
    )
    assert need(situation, "b").sure == 0


def test_an_unknown_player_is_refused() -> None:
    with pytest.raises(ValueError, match="not in the field"):
        need(four(), "z")
