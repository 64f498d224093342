"""Seating a draft (601.5), clause by clause, the booster plans (601.4, 601.10, 608.7) and the
Marathon's drafts (608), with property tests of the seating's invariants."""

from __future__ import annotations

import hashlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.swiss.pods import new_seed
from handlers.swiss import wizard_limited
from rules.limited.boosters import (
    DRAFT_PLANS,
    MARATHON_PLANS,
    is_plan,
    opening_order,
    plan_name,
    plan_of,
)
from rules.limited.heroes import plan_makes_deck
from rules.limited.marathon import (
    draft_due,
    drafts_for_sealed,
    first_sealed_round,
    sealed_pool,
    sealed_round,
    seating_of_draft,
)
from rules.limited.pods import (
    pair_in_pods,
    pod_of,
    pod_rounds,
    pod_top_size,
    seat_by_standings,
    seat_randomly,
    seats,
    shuffled,
    table_count,
    table_sizes,
    top_from_pods,
)
from rules.top import bracket_order
from tests.unit.swiss_events import replay_log


# -- 601.5.1 / 601.5.2: tables of 8–16, as equal as possible, a power of two of them
@pytest.mark.parametrize(
    ("players", "sizes"),
    [
        (4, [4]),
        (7, [7]),
        (8, [8]),
        (16, [16]),
        (17, [9, 8]),
        (20, [10, 10]),
        (32, [16, 16]),
        (33, [9, 8, 8, 8]),
        (50, [13, 13, 12, 12]),
        (65, [9, 8, 8, 8, 8, 8, 8, 8]),
    ],
)
def test_table_sizes_601_5_1_and_2(players: int, sizes: list[int]) -> None:
    assert table_sizes(players) == sizes
    assert table_count(players) == len(sizes)


@settings(max_examples=200)
@given(st.integers(min_value=1, max_value=600))
def test_tables_are_a_power_of_two_of_8_to_16_players_differing_by_one(players: int) -> None:
    sizes = table_sizes(players)
    count = len(sizes)
    assert count & (count - 1) == 0  # 1, 2, 4, 8 …
    assert sum(sizes) == players
    assert max(sizes) - min(sizes) <= 1
    assert max(sizes) <= 16
    if players >= 8:
        assert min(sizes) >= 8
    else:
        assert sizes == [players]  # under 8: one table


# -- 601.5.3: a random draw, published and re-checkable
def test_the_shuffle_is_fisher_yates_over_sha256_of_the_published_seed() -> None:
    """Re-checked by hand, as the group is told: sort by club ID, swap i with
    sha256("seed:i") mod (i + 1), from the last down."""
    seed = "c0ffee"
    order = [3, 1, 2]
    expected = [1, 2, 3]
    for i in (2, 1):
        j = int.from_bytes(hashlib.sha256(f"{seed}:{i}".encode()).digest(), "big") % (i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert shuffled(order, seed) == expected


def test_same_seed_same_seating_in_any_input_order_another_seed_another() -> None:
    players = list(range(1, 21))
    seed = "5eed"
    assert seat_randomly(players, seed) == seat_randomly(list(reversed(players)), seed)
    assert seat_randomly(players, seed) != seat_randomly(players, "other")


def test_new_seed_is_128_random_bits_in_hex() -> None:
    one, two = new_seed(), new_seed()
    assert len(one) == 32 and int(one, 16) >= 0 and one != two


@settings(max_examples=100)
@given(st.integers(min_value=4, max_value=140), st.text(min_size=1, max_size=20))
def test_everyone_is_seated_exactly_once(players: int, seed: str) -> None:
    ids = list(range(100, 100 + players))
    pods = seat_randomly(ids, seed)
    flat = [p for pod in pods for p in pod]
    assert sorted(flat) == ids
    assert [len(pod) for pod in pods] == table_sizes(players)
    assert set(seats(pods)) == set(ids)


# -- 601.5.6: a later-stage draft seats by the standings, cut into equal parts
def test_standings_seating_cuts_the_table_into_equal_parts_in_order() -> None:
    ranked = list(range(1, 18))  # 17 players: tables of 9 and 8
    pods = seat_by_standings(ranked)
    assert pods == [list(range(1, 10)), list(range(10, 18))]


# -- neighbours: left is the next seat round the table (odd boosters go left, 601.6.3)
def test_each_player_s_table_seat_and_neighbours() -> None:
    found = seats([[5, 6, 7], [8, 9]])
    assert found[5].table == 1 and found[5].seat == 1
    assert (found[5].left, found[5].right) == (6, 7)
    assert (found[7].left, found[7].right) == (5, 6)  # round the table
    assert found[9].table == 2 and found[9].seat == 2 and (found[9].left, found[9].right) == (8, 8)
    assert pod_of([[5, 6], [7]]) == {5: 1, 6: 1, 7: 2}


@settings(max_examples=50)
@given(st.integers(min_value=4, max_value=70))
def test_neighbours_are_mutual(players: int) -> None:
    found = seats(seat_by_standings(list(range(players))))
    for seat in found.values():
        assert seat.left is not None and found[seat.left].right == seat.player


# -- 601.5.4: 3 rounds when every table has under 8, 4 otherwise
def test_pod_rounds_601_5_4() -> None:
    assert pod_rounds([4]) == 3
    assert pod_rounds([7]) == 3
    assert pod_rounds([7, 7]) == 3  # every table under 8
    assert pod_rounds([8]) == 4
    assert pod_rounds([9]) == 4
    assert pod_rounds([10, 10]) == 4
    assert pod_rounds([7, 8, 8, 8]) == 4  # most tables of 8 or more


@given(st.integers(4, 200))
def test_the_seated_field_plays_3_rounds_under_8_else_4(players: int) -> None:
    """601.5.1–601.5.4 together: a field seated by ``table_sizes`` plays 3 rounds only when it
    sits at one table of fewer than 8."""
    assert pod_rounds(table_sizes(players)) == (3 if players < 8 else 4)


# -- 601.5.5: the Top takes as many from each table, at least two
def test_pod_top_size_at_least_two_from_each_table() -> None:
    assert pod_top_size(1, 4) == 4
    assert pod_top_size(2, 2) == 4
    assert pod_top_size(2, 8) == 8
    assert pod_top_size(4, 4) == 8
    assert pod_top_size(2, 0) == 0


def test_top_from_two_tables_seeds_winners_first_and_pairs_across_tables() -> None:
    pods = [[1, 2, 3, 4], [5, 6, 7, 8]]
    ranked = [6, 1, 2, 5, 3, 7, 4, 8]  # 6 and 5 from table 2, 1 and 2 from table 1
    seeds = top_from_pods(pods, ranked, 4)
    assert seeds == [6, 1, 5, 2]  # the winners by rank, then the runners-up in the same order
    table = pod_of(pods)
    for a, b in zip(bracket_order(4)[::2], bracket_order(4)[1::2], strict=True):
        assert table[seeds[a - 1]] != table[seeds[b - 1]]


@settings(max_examples=100)
@given(
    st.sampled_from([2, 4, 8]),
    st.sampled_from([2, 4]),
    st.randoms(use_true_random=False),
)
def test_top_from_pods_is_even_and_crosses_tables(
    tables: int, per_table: int, rnd: random.Random
) -> None:
    players = list(range(tables * 9))
    pods = seat_by_standings(players)
    ranked = list(players)
    rnd.shuffle(ranked)
    size = tables * per_table
    seeds = top_from_pods(pods, ranked, size)
    assert seeds is not None and len(set(seeds)) == size
    table = pod_of(pods)
    counts = {t: sum(1 for s in seeds if table[s] == t) for t in range(1, tables + 1)}
    assert set(counts.values()) == {per_table}
    order = bracket_order(size)
    for a, b in zip(order[::2], order[1::2], strict=True):
        assert table[seeds[a - 1]] != table[seeds[b - 1]]


def test_top_from_pods_refuses_a_table_without_enough_players() -> None:
    assert top_from_pods([[1, 2], [3]], [1, 2, 3], 4) is None
    assert top_from_pods([[1, 2], [3, 4]], [1, 2, 3, 4], 3) is None


# -- rounds inside the pods: nobody meets another table
@settings(max_examples=50, deadline=None)
@given(st.integers(min_value=17, max_value=40), st.integers(min_value=1, max_value=4))
def test_pairing_in_pods_never_crosses_tables(players: int, round_number: int) -> None:
    pods = seat_randomly(list(range(1, players + 1)), "x")
    ranking = list(range(1, players + 1))
    pairs, byes = pair_in_pods(pods, ranking, {}, set(), set(), 7, round_number=round_number)
    table = pod_of(pods)
    assert all(table[a] == table[b] for a, b in pairs)
    assert len(byes) == sum(len(pod) % 2 for pod in pods)  # one bye per odd table
    assert sorted([p for pair in pairs for p in pair] + byes) == ranking


def test_a_late_entrant_sits_at_the_smallest_table() -> None:
    pods = [[1, 2, 3], [4, 5]]
    pairs, byes = pair_in_pods(pods, [1, 2, 3, 4, 5, 6], {}, set(), set(), 1, round_number=2)
    assert len(byes) == 2  # two tables of three
    assert 6 in byes or any(6 in pair and ({4, 5} & set(pair)) for pair in pairs)
    assert all(not ({1, 2, 3} & set(pair) and {4, 5, 6} & set(pair)) for pair in pairs)


# -- booster plans: 601.4, 601.10, 608.7
def test_booster_plans() -> None:
    assert all(is_plan(plan) for plan in DRAFT_PLANS.values())
    assert is_plan((12, 7)) and not is_plan((7, 12))  # 12-card first (601.10)
    assert not is_plan(()) and not is_plan((12,) * 5)  # one to four (601.4)
    assert not is_plan((10,))
    assert opening_order([7, 12, 7, 12]) == [12, 12, 7, 7]
    assert set(MARATHON_PLANS.values()) == {(7, 7), (12,), (12, 12)}  # 608.7
    assert is_plan((12, 12), marathon=True) and not is_plan((12, 12, 12), marathon=True)
    assert plan_of("12x2_7x2") == (12, 12, 7, 7) and plan_of("12x3", marathon=True) is None
    assert plan_name((12, 12, 7)) == "12+12+7"


# -- the Marathon: a draft before each of the first N rounds, one round per draft (608.6)
def test_marathon_drafts_before_rounds() -> None:
    assert draft_due(1, 0, 3) == 1
    assert draft_due(1, 1, 3) is None  # seated: round 1 may be paired
    assert draft_due(2, 1, 3) == 2
    assert draft_due(3, 3, 3) is None
    assert draft_due(4, 3, 3) is None  # Sealed from round 4 (608.4)
    assert draft_due(2, 1, 1) is None
    assert seating_of_draft(1) == "random" and seating_of_draft(2) == "standings"
    assert not sealed_round(3, 3) and sealed_round(4, 3) and sealed_round(2, 1)


# -- 608.4, 603.6: the Sealed part plays every drafted card, a deck of 30: the drafts must reach it
def test_marathon_sealed_pool_and_the_drafts_that_reach_a_deck() -> None:
    assert sealed_pool((7, 7), 2) == 28 and sealed_pool((7, 7), 3) == 42
    assert sealed_pool((12,), 2) == 24 and sealed_pool((12, 12), 2) == 48
    assert drafts_for_sealed((7, 7)) == [3]  # 14, 28: too few
    assert drafts_for_sealed((12,)) == [3]  # 12, 24: too few
    assert drafts_for_sealed((12, 12)) == [3, 2]  # 24: too few; 48
    assert first_sealed_round(4, 3) and not first_sealed_round(3, 3)
    assert not first_sealed_round(5, 3) and first_sealed_round(2, 1)


# -- 609.5: a Heroes tournament's deck is 30 cards + the hero: plans that draft 30 or more
def test_heroes_plans_that_make_a_deck() -> None:
    assert [name for name, plan in DRAFT_PLANS.items() if plan_makes_deck(plan)] == [
        "12x3",
        "12x4",
        "12x2_7x2",
    ]
    assert not plan_makes_deck((7, 7, 7, 7))  # 28
    assert plan_makes_deck((12, 12, 7)) and not plan_makes_deck((12, 7, 7))  # 31; 26


# -- the state: a round paired in pods has a bye per odd pod
def test_a_round_in_pods_keeps_every_bye() -> None:
    state = replay_log(
        [
            ("sw_begin", {"seed": 1, "rounds": 3, "top": 0, "ratings": {}}),
            ("sw_pods", {"draft": 1, "pods": [[1, 2, 3], [4, 5, 6]], "how": "random", "seed": "a"}),
            (
                "sw_round",
                {
                    "round": 1,
                    "stage": "swiss",
                    "gen": 0,
                    "tables": [[1, 2], [4, 5]],
                    "bye": 3,
                    "more_byes": [6],
                },
            ),
        ]
    )
    rnd = state.rounds[0]
    assert rnd.byes == [3, 6] and state.had_bye() == {3, 6}
    assert state.points() == {3: 29, 6: 29}  # 2.9 each, the tables still open
    assert state.pods == [[1, 2, 3], [4, 5, 6]] and state.drafts == 1


# -- the wizard's Limited steps
def test_wizard_steps_of_the_limited_formats() -> None:
    draft = {"fmt": "draft"}
    assert wizard_limited.after("fmt", draft) == "boosters"
    assert wizard_limited.after("fmt", {"fmt": "sealed"}) == "product"  # 603.2
    assert wizard_limited.after("fmt", {"fmt": "constructed"}) == "sub"  # its banned list (612)
    draft["boosters"] = "12x2"
    # 601.4: amateur, its strictness not asked; 601.5.4: its rounds not asked either
    assert wizard_limited.after("boosters", draft) == "top"
    assert draft["strict"] == "amateur"
    big = {"fmt": "draft", "boosters": "12x4"}
    assert wizard_limited.after("boosters", big) == "strict" and "strict" not in big
    marathon = {"fmt": "marathon", "boosters": "7x2"}
    assert wizard_limited.step_values("boosters", marathon, ("12x4",)) == ("7x2", "12", "12x2")
    assert wizard_limited.after("boosters", marathon) == "drafts"
    assert wizard_limited.step_values("drafts", marathon, ("3", "2", "1")) == ("3",)  # 608.4
    assert wizard_limited.step_values("drafts", {**marathon, "boosters": "12x2"}, ()) == ("3", "2")
    heroes = {"fmt": "heroes_tournament"}
    assert wizard_limited.step_values("boosters", heroes, ()) == ("12x3", "12x4", "12x2_7x2")
    assert wizard_limited.step_values("boosters", draft, ()) == tuple(DRAFT_PLANS)
    assert wizard_limited.after("drafts", marathon) == "strict"
    marathon["drafts"] = "2"
    assert wizard_limited.settings(marathon) == {"boosters": [7, 7], "drafts": 2}
    # 601.5.4: a Draft's rounds follow its tables, never a number the wizard stored
    assert wizard_limited.settings(big) == {"boosters": [12, 12, 12, 12], "rounds": None}
    assert wizard_limited.settings({"fmt": "sealed"}) == {"sealed_product": "starter"}
    assert wizard_limited.settings({"fmt": "constructed"}) == {}
