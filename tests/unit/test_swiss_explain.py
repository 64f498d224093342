"""``/why``'s explanation of a Swiss pairing (``rules.swiss.explain``) against brute force: the
reasons of every table are exactly the cost terms that distinguish the chosen pairing from the
best one without that table, the rematches avoided exactly the former opponents whose table
would have cost no more, the bye's passed-over players exactly those whose bye fails."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.swiss.explain import (
    BYE_HAD_ONE,
    BYE_NO_PAIRING,
    REMATCH,
    ByeWhy,
    Cost,
    TableWhy,
    explain,
    pair_round_explained,
)
from rules.swiss.pairing import NoLegalPairing

Pairs = list[tuple[str, str]]


def matchings(players: list[str]) -> Iterator[Pairs]:
    """Every perfect matching of ``players`` (an even number)."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for i, other in enumerate(rest):
        for tail in matchings(rest[:i] + rest[i + 1 :]):
            yield [(first, other), *tail]


def legal(pairs: Pairs, forbidden: set[frozenset[str]]) -> bool:
    return all(frozenset(pair) not in forbidden for pair in pairs)


@st.composite
def rounds(draw: st.DrawFn) -> tuple[list[str], dict[str, int], set[frozenset[str]], set[str]]:
    size = draw(st.integers(4, 9))
    players = [chr(ord("a") + i) for i in range(size)]
    points = {p: draw(st.sampled_from([0, 10, 30, 40, 60, 70, 90])) for p in players}
    pairs = [frozenset((a, b)) for i, a in enumerate(players) for b in players[i + 1 :]]
    played = set(draw(st.lists(st.sampled_from(pairs), max_size=2 * size)))
    had_bye = set(draw(st.lists(st.sampled_from(players), max_size=size)))
    ranking = sorted(players, key=lambda p: -points[p])
    return ranking, points, played, had_bye


@settings(max_examples=150, deadline=None)
@given(rounds())
def test_the_reasons_are_the_terms_that_distinguish_the_chosen_pairing(
    problem: tuple[list[str], dict[str, int], set[frozenset[str]], set[str]],
) -> None:
    ranking, points, played, had_bye = problem
    try:
        explanation = pair_round_explained(ranking, points, played, had_bye, 7, round_number=3)
    except NoLegalPairing:
        return
    seated = [p for p in ranking if p != explanation.bye]
    every = [m for m in matchings(seated) if legal(m, played)]
    chosen = Cost.of(list(explanation.pairs), points)
    assert chosen == min(Cost.of(m, points) for m in every)
    for player in seated:
        why = explanation.of(player)
        assert isinstance(why, TableWhy)
        others = [Cost.of(m, points) for m in every if frozenset(why_pair(why)) not in pairs_of(m)]
        if others:
            assert why.alternative == min(others)
            assert why.reasons == tuple(
                term
                for term in ("floats", "squares")
                if getattr(chosen, term) != getattr(min(others), term)
            )
        else:
            assert why.alternative is None
            assert why.reasons == (REMATCH,)
        assert set(why.avoided) == brute_avoided(
            player, why.opponent, seated, points, played, chosen
        )
        assert why.group == points[player] and why.floated == (
            points[player] != points[why.opponent]
        )


def why_pair(why: TableWhy[str]) -> tuple[str, str]:
    return why.player, why.opponent


def pairs_of(pairs: Pairs) -> set[frozenset[str]]:
    return {frozenset(pair) for pair in pairs}


def brute_avoided(
    player: str,
    opponent: str,
    seated: list[str],
    points: dict[str, int],
    played: set[frozenset[str]],
    chosen: Cost,
) -> set[str]:
    found = set()
    for other in seated:
        if other in (player, opponent) or frozenset((player, other)) not in played:
            continue
        rest = [p for p in seated if p not in (player, other)]
        costs = [
            Cost.of([(player, other), *m], points) for m in matchings(rest) if legal(m, played)
        ]
        if costs and min(costs) <= chosen:
            found.add(other)
    return found


@settings(max_examples=120, deadline=None)
@given(rounds())
def test_the_bye_passes_over_exactly_the_players_below_who_cannot_take_it(
    problem: tuple[list[str], dict[str, int], set[frozenset[str]], set[str]],
) -> None:
    ranking, points, played, had_bye = problem
    if len(ranking) % 2 == 0:
        ranking = ranking[:-1]
    try:
        explanation = pair_round_explained(ranking, points, played, had_bye, 7, round_number=3)
    except NoLegalPairing:
        return
    assert explanation.bye is not None
    why = explanation.of(explanation.bye)
    assert isinstance(why, ByeWhy)

    def can_take(candidate: str) -> bool:
        rest = [p for p in ranking if p != candidate]
        return any(legal(m, played) for m in matchings(rest))

    second = explanation.bye in had_bye
    for other, reason in why.below:
        if other in had_bye and not second:
            assert reason == BYE_HAD_ONE
        else:
            assert reason == BYE_NO_PAIRING and not can_take(other)
    below = ranking[ranking.index(explanation.bye) + 1 :]
    assert {p for p, _ in why.below} >= set(below)
    assert why.second == second


def test_a_float_from_an_odd_group_names_the_floats_term() -> None:
    # a, b, c on 3 points, d on 0: one of the three must float; c (lowest) meets d.
    points = {"a": 30, "b": 30, "c": 30, "d": 0}
    explanation = pair_round_explained(
        ["a", "b", "c", "d"], points, set(), set(), 1, round_number=2
    )
    assert set(explanation.pairs) == {("a", "b"), ("c", "d")}
    why = explanation.of("c")
    assert isinstance(why, TableWhy)
    assert why.floated and why.group_size == 3 and why.opponent_group_size == 1
    # a–d or b–d instead costs the same: the ranking's order decided (the lowest floats).
    assert why.reasons == ()


def test_a_rematch_avoided_at_the_price_of_a_float() -> None:
    # a and b (3 points) met already: each floats to a 0-point player.
    points = {"a": 30, "b": 30, "c": 0, "d": 0}
    played = {frozenset(("a", "b"))}
    explanation = pair_round_explained(
        ["a", "b", "c", "d"], points, played, set(), 1, round_number=2
    )
    why = explanation.of("a")
    assert isinstance(why, TableWhy)
    assert why.floated and why.avoided == ("b",)
    assert why.reasons == ()  # a–d, b–c costs the same as a–c, b–d
    assert why.chosen == Cost(4, 1800)


def test_the_only_table_left_is_a_rematch_reason() -> None:
    points = {"a": 30, "b": 30, "c": 0, "d": 0}
    played = {frozenset(("a", "b")), frozenset(("a", "d"))}
    explanation = pair_round_explained(
        ["a", "b", "c", "d"], points, played, set(), 1, round_number=2
    )
    why = explanation.of("a")
    assert isinstance(why, TableWhy) and why.opponent == "c" and why.reasons == (REMATCH,)


def test_a_bye_passes_over_who_had_one() -> None:
    points = {"a": 30, "b": 0, "c": 0}
    explanation = pair_round_explained(["a", "b", "c"], points, set(), {"c"}, 1, round_number=2)
    assert explanation.bye == "b"
    why = explanation.of("b")
    assert isinstance(why, ByeWhy) and why.below == (("c", BYE_HAD_ONE),) and not why.second


def test_a_duel_set_bye_goes_by_rating() -> None:
    points = {"a": 30, "b": 0, "c": 0}
    explanation = explain(
        ["a", "b", "c"], points, set(), set(), [("b", "c")], "a", bye_order=["a", "c", "b"]
    )
    why = explanation.of("a")
    assert isinstance(why, ByeWhy) and why.rule == "rating" and why.below == ()


def test_round_one_is_drawn() -> None:
    points = dict.fromkeys("abcd", 0)
    explanation = pair_round_explained(list("abcd"), points, set(), set(), 5, round_number=1)
    why = explanation.of("a")
    assert isinstance(why, TableWhy) and why.drawn and not why.floated
    assert explanation.of("z") is None


@pytest.mark.parametrize("size", [6, 8])
def test_a_whole_group_explained_costs_nothing_more(size: int) -> None:
    players = [chr(ord("a") + i) for i in range(size)]
    points = dict.fromkeys(players, 30)
    explanation = pair_round_explained(players, points, set(), set(), 1, round_number=2)
    assert explanation.cost == Cost(0, 0)
    for player in players:
        why = explanation.of(player)
        assert isinstance(why, TableWhy) and why.reasons == () and why.avoided == ()
