"""609: the Heroes tournament's pure rules (rules.limited.heroes), clause by clause."""

from __future__ import annotations

import itertools
import random
import secrets
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.limited.heroes import (
    DECK_MINIMUM,
    FIELD,
    HAND,
    ROUNDS,
    RandomBelow,
    by_hand,
    champion,
    deal,
    field_problem,
    numbered_set,
    parse_set,
    reveals,
    rounds_for,
    swap,
)
from rules.results import MatchRecord, Outcome
from tests.unit.swiss_events import replay_log

SET = ["Марил де Конт", "Лунный", "Горный", "Лесной", "Степной", "Тёмный", "Огненный", "Водный"]
PLAYERS = list(range(1, 9))


def source(draws: list[int]) -> RandomBelow:
    """A random source that answers ``draws`` in turn, checking each is in range."""
    it = iter(draws)

    def randbelow(n: int) -> int:
        value = next(it)
        assert 0 <= value < n
        return value

    return randbelow


def every_draw_sequence(n: int) -> Iterator[list[int]]:
    """All answers a Fisher–Yates shuffle of ``n`` items can get (``randbelow(i + 1)`` for i
    from n-1 down to 1): n! sequences, each equally likely from a uniform source."""
    ranges = [range(i + 1) for i in range(n - 1, 0, -1)]
    for combo in itertools.product(*ranges):
        yield list(combo)


# -- 609.2, 609.8: the field


def test_exactly_eight_players() -> None:
    assert field_problem(8, unifying=False) is None
    assert field_problem(7, unifying=False) == "exactly_eight"
    assert field_problem(9, unifying=False) == "exactly_eight"
    assert field_problem(16, unifying=False) == "exactly_eight"


@pytest.mark.parametrize(
    ("players", "ok"),
    [(8, True), (16, True), (24, True), (12, False), (7, False), (0, False), (17, False)],
)
def test_a_unifying_tournament_takes_a_multiple_of_eight(players: int, ok: bool) -> None:
    assert (field_problem(players, unifying=True) is None) is ok
    if not ok:
        assert field_problem(players, unifying=True) == "multiple_of_eight"


@pytest.mark.parametrize(
    ("players", "rounds"), [(8, 3), (16, 4), (24, 5), (32, 5), (40, 6), (64, 6), (72, 7)]
)
def test_a_unifying_tournament_plays_rounds_for_a_single_winner(players: int, rounds: int) -> None:
    assert rounds_for(players, unifying=True) == rounds
    assert 2 ** (rounds - 1) < players <= 2**rounds  # one fewer round could leave two unbeaten


def test_three_rounds_and_the_regulation_numbers() -> None:
    assert rounds_for(8, unifying=False) == ROUNDS == 3  # 609.7
    assert (FIELD, DECK_MINIMUM, HAND) == (8, 30, 15)  # 609.2, 609.5, 609.6


# -- 609.3: the set


def test_the_organiser_names_eight_heroes() -> None:
    assert parse_set("; ".join(SET)) == SET
    assert parse_set("\n".join(SET)) == SET
    assert parse_set(" A ;B;C; D;E;F;G;  H  h2 ") == ["A", "B", "C", "D", "E", "F", "G", "H h2"]
    assert parse_set("; ".join(SET[:7])) is None  # seven
    assert parse_set("; ".join([*SET, "Девятый"])) is None  # nine
    assert parse_set("; ".join([*SET[:7], "лунный"])) is None  # twice, in another case
    assert parse_set("; ".join([*SET[:7], "x" * 61])) is None  # too long
    assert parse_set("") is None


def test_an_unnamed_set_is_numbered() -> None:
    assert numbered_set() == ["#1", "#2", "#3", "#4", "#5", "#6", "#7", "#8"]


# -- 609.4: the deal


def test_every_assignment_is_reachable_exactly_once() -> None:
    """Every one of the 8! assignments comes from exactly one sequence of draws: with a
    uniform source each is equally likely, so each player gets each hero with chance 1/8."""
    seen = Counter(
        tuple(deal(PLAYERS, SET, source(draws)).items()) for draws in every_draw_sequence(8)
    )
    assert len(seen) == 40320 and set(seen.values()) == {1}
    first_hero = Counter(dict(assignment)[1] for assignment in seen)
    assert set(first_hero.values()) == {5040}  # 8!/8: each hero equally often for player 1


def test_a_hero_given_by_hand_stays_and_the_rest_are_dealt_uniformly() -> None:
    """The footnote: the strongest hero to the least experienced player, the rest as usual."""
    given = {5: "Марил де Конт"}
    seen = {
        tuple(deal(PLAYERS, SET, source(draws), given).items()) for draws in every_draw_sequence(7)
    }
    assert len(seen) == 5040  # 7!: every assignment of the other seven heroes
    assert all(dict(a)[5] == "Марил де Конт" for a in seen)


def test_a_given_hero_must_be_of_the_set() -> None:
    with pytest.raises(ValueError):
        deal(PLAYERS, SET, secrets.randbelow, {1: "Чужой"})
    with pytest.raises(ValueError):
        deal(PLAYERS, SET, secrets.randbelow, {1: SET[0], 2: SET[0]})
    with pytest.raises(ValueError):
        deal(PLAYERS[:7], SET, secrets.randbelow)


@given(st.randoms(use_true_random=False), st.sampled_from([1, 2, 3]))
def test_each_player_one_hero_no_hero_twice_per_copy(rng: random.Random, copies: int) -> None:
    players = list(range(100, 100 + FIELD * copies))
    dealt = deal(players, SET, rng.randrange)
    assert sorted(dealt) == players  # each player exactly one hero
    assert Counter(dealt.values()) == Counter(SET * copies)  # each hero once per copy


def test_the_bot_deals_with_secrets() -> None:
    dealt = deal(PLAYERS, SET, secrets.randbelow)
    assert sorted(dealt.values()) == sorted(SET)


# -- the footnote to 609.4: a swap after the deal


@given(st.permutations(SET), st.sampled_from(PLAYERS), st.sampled_from(SET))
def test_a_swap_gives_the_hero_and_moves_only_two(order: list[str], player: int, hero: str) -> None:
    before = dict(zip(PLAYERS, order, strict=True))
    after, other = swap(before, player, hero)
    assert after[player] == hero
    assert sorted(after.values()) == sorted(SET)  # still no hero twice
    changed = {p for p in PLAYERS if after[p] != before[p]}
    if other is None:
        assert before[player] == hero and not changed
    else:
        assert changed == {player, other} and after[other] == before[player]


def test_a_swap_needs_a_holder_and_a_player() -> None:
    before = dict(zip(PLAYERS, SET, strict=True))
    with pytest.raises(ValueError):
        swap(before, 1, "Чужой")
    with pytest.raises(ValueError):
        swap(before, 99, SET[0])


def test_given_by_hand_follows_the_hero_not_the_player() -> None:
    """Hal was given SET[0]; the judge then gives it to Ann (Hal gets Ann's hero): Ann's came
    by the judge's hand, Hal's by the swap only."""
    dealt = dict(zip(PLAYERS, SET, strict=True))  # player 1 holds SET[0]
    assert by_hand({1: SET[0]}, [], dealt) == {1}
    after, other = swap(dealt, 2, SET[0])
    assert other == 1
    assert by_hand({1: SET[0]}, [(2, SET[0])], after) == {2}
    again, _ = swap(after, 3, SET[0])
    assert by_hand({1: SET[0]}, [(2, SET[0]), (3, SET[0])], again) == {3}
    assert by_hand({}, [], dealt) == set()


@given(
    st.permutations(SET),
    st.lists(st.tuples(st.sampled_from(PLAYERS), st.sampled_from(SET)), max_size=6),
)
def test_the_last_swap_is_always_by_hand_and_only_held_heroes_are(
    order: list[str], gifts: list[tuple[int, str]]
) -> None:
    heroes = dict(zip(PLAYERS, order, strict=True))
    for player, hero in gifts:
        heroes, _ = swap(heroes, player, hero)
    marked = by_hand({}, gifts, heroes)
    if gifts:
        assert gifts[-1][0] in marked
    assert all((p, heroes[p]) in gifts for p in marked)


# -- 609.6: the reveal


def test_each_player_sees_only_his_tables_two_heroes() -> None:
    heroes = dict(zip(PLAYERS, SET, strict=True))
    shown = reveals([(1, 2), (3, 4)], heroes)
    assert shown == [
        (1, 2, SET[0], SET[1]),
        (2, 1, SET[1], SET[0]),
        (3, 4, SET[2], SET[3]),
        (4, 3, SET[3], SET[2]),
    ]


@given(st.permutations(PLAYERS))
def test_a_reveal_shows_every_seated_player_once_and_no_stranger(order: list[int]) -> None:
    heroes = dict(zip(PLAYERS, SET, strict=True))
    tables = [(order[i], order[i + 1]) for i in range(0, 8, 2)]
    shown = reveals(tables, heroes)
    assert sorted(p for p, *_ in shown) == PLAYERS
    for player, opponent, own, theirs in shown:
        assert (player, opponent) in tables or (opponent, player) in tables
        assert (own, theirs) == (heroes[player], heroes[opponent])


# -- 609.7: the champion


def win(n: int, a: int, b: int) -> MatchRecord:
    return MatchRecord(n, a, b, Outcome.CLEAN_WIN)


def test_the_player_who_won_all_three_is_the_champion() -> None:
    records = [win(1, 1, 2), win(1, 3, 4), win(2, 1, 3), win(2, 2, 4), win(3, 1, 2)]
    assert champion(records, 3) == 1


def test_a_technical_win_and_a_bye_count_as_won_rounds() -> None:
    records = [
        MatchRecord(1, 1, 2, Outcome.TECHNICAL_WIN),
        MatchRecord(2, 1, None, Outcome.BYE),
        MatchRecord(3, 3, 1, Outcome.LOSS),
    ]
    assert champion(records, 3) == 1


def test_a_draw_leaves_no_champion() -> None:
    records = [win(1, 1, 2), win(2, 1, 3), MatchRecord(3, 1, 4, Outcome.DRAW)]
    assert champion(records, 3) is None


def test_fewer_rounds_played_leave_no_champion() -> None:
    assert champion([win(1, 1, 2), win(2, 1, 3)], 3) is None


def test_two_unbeaten_leave_no_champion() -> None:
    assert champion([win(1, 1, 2), win(1, 3, 4)], 1) is None


# -- the event log: the heroes survive a restart


def test_the_heroes_are_replayed_from_the_log_the_latest_standing() -> None:
    dealt = {str(p): h for p, h in zip(PLAYERS, SET, strict=True)}
    swapped = {**dealt, "1": SET[4], "5": SET[0]}
    state = replay_log(
        [
            ("sw_heroes", {"heroes": dealt, "set": SET}),
            ("sw_heroes", {"heroes": swapped, "set": SET, "swap": [1, 5]}),
        ]
    )
    assert state.heroes[1] == SET[4] and state.heroes[5] == SET[0] and len(state.heroes) == 8
