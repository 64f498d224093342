"""Final places after the Top (``rules.places``, spec section 6), clause by clause."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.places import final_places
from rules.top import BracketError, top_state

SWISS = ["s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9"]


def test_no_top_the_places_are_the_swiss_standings() -> None:
    assert final_places(SWISS, [], []) == SWISS


def test_top_4_the_swiss_leader_loses_his_semi_final() -> None:
    # Semi-finals s1–s4 and s2–s3: s4 beats the leader, s2 beats s3; s4 wins the final.
    places = final_places(SWISS, SWISS[:4], ["s4", "s2", "s4"])
    assert places == ["s4", "s2", "s1", "s3", "s5", "s6", "s7", "s8", "s9"]


def test_semi_final_losers_are_ordered_by_their_swiss_rank_not_by_who_beat_them() -> None:
    # s3 beats s2 and then loses the final: the semi losers s1 and s2 are 3rd and 4th.
    assert final_places(SWISS, SWISS[:4], ["s1", "s3", "s1"])[:4] == ["s1", "s3", "s2", "s4"]
    assert final_places(SWISS, SWISS[:4], ["s4", "s3", "s3"])[:4] == ["s3", "s4", "s1", "s2"]


def test_top_8_quarter_final_losers_come_after_semi_final_losers() -> None:
    # Quarter-finals 1–8, 4–5, 2–7, 3–6; the lower seed wins each, then 8, 7, then 8.
    winners = ["s8", "s5", "s7", "s6", "s8", "s7", "s8"]
    places = final_places(SWISS, SWISS[:8], winners)
    assert places == ["s8", "s7", "s5", "s6", "s1", "s2", "s3", "s4", "s9"]


def test_a_final_of_two() -> None:
    assert final_places(SWISS[:5], SWISS[:2], ["s2"]) == ["s2", "s1", "s3", "s4", "s5"]


def test_a_top_stopped_early_keeps_the_players_still_in_above_the_eliminated() -> None:
    # Only one semi-final played (s4 beat s1): s2 and s3 are still in, s4 won a match.
    assert final_places(SWISS, SWISS[:4], ["s4"])[:4] == ["s4", "s2", "s3", "s1"]
    assert final_places(SWISS, SWISS[:4], [])[:4] == SWISS[:4]


def test_a_winner_who_did_not_play_that_match_is_refused() -> None:
    with pytest.raises(BracketError):
        final_places(SWISS, SWISS[:4], ["s2"])
    with pytest.raises(BracketError):
        final_places(SWISS, SWISS[:2], ["s1", "s1"])
    with pytest.raises(BracketError):
        final_places(SWISS, ["x", "s1"], [])


def played_top(
    players: int, size: int, rng: random.Random, complete: bool
) -> tuple[list[str], list[str], list[str]]:
    standings = [f"p{i}" for i in range(players)]
    rng.shuffle(standings)
    seeds = standings[:size]
    winners: list[str] = []
    state = top_state(seeds, winners)
    while state.champion is None:
        for pair in state.pairs:
            if not complete and rng.random() < 0.2:
                return standings, seeds, winners
            winners.append(str(rng.choice(pair)))
        state = top_state(seeds, winners)
    return standings, seeds, winners


@st.composite
def tops(draw: st.DrawFn, complete: bool) -> tuple[list[str], list[str], list[str]]:
    players = draw(st.integers(min_value=4, max_value=40))
    size = draw(st.sampled_from([s for s in (2, 4, 8, 16, 32) if s <= players]))
    return played_top(players, size, random.Random(draw(st.integers())), complete)


@given(tops(complete=True))
def test_a_played_top_places_winner_first_finalist_second_top_above_the_rest(
    top: tuple[list[str], list[str], list[str]],
) -> None:
    standings, seeds, winners = top
    places = final_places(standings, seeds, winners)
    assert sorted(places) == sorted(standings)  # a permutation: places 1..n, each once
    final = top_state(seeds, winners[:-1]).pairs[0]
    assert places[0] == winners[-1]
    assert places[1] == (final[1] if final[0] == winners[-1] else final[0])
    assert set(places[: len(seeds)]) == set(seeds)  # every Top player above every other
    assert places[len(seeds) :] == [p for p in standings if p not in seeds]


@given(tops(complete=False))
def test_any_top_so_far_gives_a_permutation_with_the_top_above_the_rest(
    top: tuple[list[str], list[str], list[str]],
) -> None:
    standings, seeds, winners = top
    places = final_places(standings, seeds, winners)
    assert sorted(places) == sorted(standings)
    assert set(places[: len(seeds)]) == set(seeds)
    # Who lost earlier is placed lower; losers of one round keep their Swiss order.
    rank = {p: i for i, p in enumerate(places)}
    swiss = {p: i for i, p in enumerate(standings)}
    wins = {p: winners.count(p) for p in seeds}
    for a in seeds:
        for b in seeds:
            if wins[a] > wins[b]:
                assert rank[a] < rank[b]
    losers_first_round = [p for p in places[: len(seeds)] if wins[p] == 0]
    if len(winners) >= len(seeds) // 2:
        assert losers_first_round == sorted(losers_first_round, key=swiss.__getitem__)
