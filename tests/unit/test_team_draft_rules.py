"""Team Draft's seating (604 with 601.5; ``rules.teams.pods``), Team Sealed's shared pool (604:
each player marks his deck in the team's pool, ``rules.decks.Restriction.team_pool``) and the
team events' later changes (a team removed before the start, a late team, a judge's swap of
opponents, a round's end moved): clause by clause, and properties (hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.card_formats import Format
from rules.decks import DeckRules, Restriction, check_list, parse_list
from rules.limited.pods import MAX_TABLE, MIN_TABLE
from rules.teams import StateError, TeamError, TmTeam, apply, pair_next, replay
from rules.teams.events import TmExtend, TmRemove, TmSwap, TmTop
from rules.teams.pods import seat_teams, side_by_side, table_teams
from tests.unit.team_events import D, L, W, begin, games, round_of, team


# -- Team Draft's tables (601.5 counted in teams; teammates never side by side)
def test_eight_teams_draft_at_one_table_of_16_first_numbers_then_second() -> None:
    teams = [team(n) for n in range(1, 9)]
    (seated,) = seat_teams(teams, "c0ffee")
    table = [int(p) for p in seated]
    assert len(table) == 16
    firsts, seconds = table[:8], table[8:]
    assert [p % 10 for p in firsts] == [1] * 8 and [p % 10 for p in seconds] == [2] * 8
    assert [p // 10 for p in firsts] == [p // 10 for p in seconds]  # the same team order
    assert side_by_side([table], teams) == []


def test_the_seating_follows_its_published_seed() -> None:
    teams = [team(n) for n in range(1, 9)]
    assert seat_teams(teams, "a") == seat_teams(list(reversed(teams)), "a")
    assert seat_teams(teams, "a") != seat_teams(teams, "b")


def test_601_5_more_than_eight_teams_sit_at_two_tables_of_8_to_16() -> None:
    assert table_teams(8) == [8] and table_teams(9) == [5, 4] and table_teams(17) == [5, 4, 4, 4]
    tables = seat_teams([team(n) for n in range(1, 10)], "x")
    assert [len(t) for t in tables] == [10, 8]


def test_side_by_side_finds_teammates_next_to_each_other_round_the_table() -> None:
    teams = [team(1), team(2)]
    assert side_by_side([[11, 12, 21, 22]], teams) == teams
    assert side_by_side([[12, 21, 22, 11]], teams) == teams  # the last seat is next to the first
    assert side_by_side([[11, 21, 12, 22]], teams) == []


def test_one_team_cannot_be_seated() -> None:
    with pytest.raises(TeamError):
        seat_teams([team(1)], "x")


@given(st.integers(min_value=2, max_value=40), st.text(min_size=1, max_size=8))
def test_property_teammates_share_a_table_never_side_by_side(count: int, seed: str) -> None:
    teams = [team(n) for n in range(1, count + 1)]
    tables = seat_teams(teams, seed)
    seated = [p for table in tables for p in table]
    assert sorted(seated) == sorted(p for t in teams for p in t.players)
    assert side_by_side(tables, teams) == []
    for t in teams:
        assert any(t.first in table and t.second in table for table in tables)
    if len(tables) > 1:
        assert all(MIN_TABLE <= len(table) <= MAX_TABLE for table in tables)
    assert max(map(len, tables)) - min(map(len, tables)) <= 2  # equal but for one team


# -- Team Sealed's pool (604: each player marks his deck's cards in the team's pool)
POOL = ["3 Карта 0", "3 Карта 1", "3 Карта 2", "3 Карта 3", "3 Карта 4"]
BIG_POOL = [f"3 Карта {i}" for i in range(24)]  # 72 cards: two products


def listed(main: list[str], side: list[str]) -> str:
    return "\n".join([*main, "Сайд", *side])


def test_the_second_list_of_a_team_holds_the_same_pool_its_own_deck_marked() -> None:
    mate = listed(BIG_POOL[:10], BIG_POOL[10:])  # 30 cards in his deck
    pool = Restriction.team_pool("Грифоны", parse_list(mate)[0])
    rules = DeckRules(fmt=Format.SEALED, restriction=pool)
    mine = listed(BIG_POOL[10:20], BIG_POOL[:10] + BIG_POOL[20:])
    assert check_list(mine, rules).valid


def test_a_card_outside_the_pool_too_many_copies_or_a_pool_card_left_out_are_errors() -> None:
    mate = listed(BIG_POOL[:10], BIG_POOL[10:])
    rules = DeckRules(
        fmt=Format.SEALED, restriction=Restriction.team_pool("Т", parse_list(mate)[0])
    )
    foreign = listed([*BIG_POOL[10:20], "1 Ёж"], BIG_POOL[:10] + BIG_POOL[20:])
    assert "pool_not_allowed" in [p.code for p in check_list(foreign, rules).errors]
    more = listed(["4 Карта 10", *BIG_POOL[11:20]], BIG_POOL[:10] + BIG_POOL[20:])
    assert "pool_over_allowed" in [p.code for p in check_list(more, rules).errors]
    short = listed(BIG_POOL[10:20], BIG_POOL[:10] + BIG_POOL[20:23])
    missing = [p for p in check_list(short, rules).errors if p.code == "pool_missing"]
    assert [p.values["count"] for p in missing] == [3]


def test_a_copy_in_both_teammates_decks_is_an_error() -> None:
    mate = listed(BIG_POOL[:10], BIG_POOL[10:])
    rules = DeckRules(
        fmt=Format.SEALED, restriction=Restriction.team_pool("Т", parse_list(mate)[0])
    )
    shared = listed([*BIG_POOL[9:20]], BIG_POOL[:9] + BIG_POOL[20:])  # «Карта 9» in both decks
    errors = [(p.code, p.values.get("max")) for p in check_list(shared, rules).errors]
    assert ("pool_taken", 0) in errors


# -- the state's later changes
def test_a_team_is_removed_before_the_start_and_never_after() -> None:
    events = [TmTeam(n, f"T{n}", 10 * n + 1, 10 * n + 2) for n in range(1, 6)]
    state = replay([*events, TmRemove(2)])
    assert list(state.teams) == [1, 3, 4, 5]
    started = begin([team(n) for n in range(1, 5)])
    with pytest.raises(StateError):
        apply(started, TmRemove(1))


def test_a_late_team_plays_from_the_next_round_its_missed_rounds_count_nothing() -> None:
    state = begin([team(n) for n in range(1, 5)])
    round_of(state, (1, 2), (3, 4))
    games(state, 1, 1, W, W)
    games(state, 1, 2, W, W)
    apply(state, TmTeam(5, "T5", 51, 52, late=True, ratings={51: 1000_00, 52: 1000_00}))
    assert state.entrants[-1] == 5 and state.late == {5: 2}
    row = next(r for r in state.standings() if r.team == 5)
    assert row.points == 0
    pairing = pair_next(state)
    assert 5 in {t for m in pairing.matches for t in m} | {pairing.bye}
    with pytest.raises(StateError):
        apply(state, TmTeam(6, "T6", 61, 62))  # only a late entry after the start


def test_a_judges_swap_changes_the_opponents_of_two_tables_not_yet_played() -> None:
    state = begin([team(n) for n in range(1, 5)])
    round_of(state, (1, 2), (3, 4))
    apply(state, TmSwap(1, 1, 2))
    rnd = state.round(1)
    assert [(m.a, m.b) for m in rnd.matches] == [(1, 4), (3, 2)]
    assert state.players_of(1, 1, 1) == (11, 41)
    games(state, 1, 1, W, W)
    with pytest.raises(StateError):
        apply(state, TmSwap(1, 1, 2))  # a table that played keeps its opponents


def test_a_rounds_end_is_moved() -> None:
    state = begin([team(n) for n in range(1, 5)])
    round_of(state, (1, 2), (3, 4))
    apply(state, TmExtend(1, "2026-12-04T21:30:00+00:00"))
    assert state.round(1).ends_at == "2026-12-04T21:30:00+00:00"


# -- the Top of teams (the organiser's choice; ``rules.top``'s bracket of team matches)
def test_the_top_seeds_the_best_teams_and_the_bracket_sends_winners_on() -> None:
    state = begin([team(n) for n in range(1, 5)], rounds=1)
    round_of(state, (1, 2), (3, 4))
    games(state, 1, 1, W, W)  # T1 3
    games(state, 1, 2, L, L)  # T4 3
    first, second = [row.team for row in state.standings()][:2]
    assert {first, second} == {1, 4}
    apply(state, TmTop((first, second)))
    pairs, champion = state.top_pairs()
    assert pairs == [(first, second)] and champion is None
    round_of(state, (first, second))
    assert state.in_top(2) and not state.in_top(1)
    games(state, 2, 1, L, L)  # the final: the second seed wins
    assert state.top_pairs() == ([], second)
    assert state.final_order()[:2] == [second, first]
    assert state.team_places()[second] == 1 and state.team_places()[first] == 2
    standings = {row.team: row.points for row in state.standings()}
    assert standings[1] == standings[4] == 30  # the Top counts nothing in the Swiss


def test_a_level_top_match_sends_the_higher_seed_on() -> None:
    state = begin([team(n) for n in range(1, 5)], rounds=1)
    round_of(state, (1, 2), (3, 4))
    games(state, 1, 1, W, W)
    games(state, 1, 2, W, W)
    apply(state, TmTop((1, 3, 2, 4)))
    round_of(state, (1, 4), (3, 2))
    games(state, 2, 1, D, D)  # level: seed 1 goes on
    games(state, 2, 2, L, L)  # seed 4's opponent... T2 wins
    assert state.top_winners() == [1, 2]
    assert state.top_pairs() == ([(1, 2)], None)
