"""Kinds of card tournaments (401–403), the privileged players' auto-wins, the registration
101.2 requires (``rules.admission``), and how the replayed state counts auto-wins and late
entrants' credited byes (``rules.swiss.state``), clause by clause."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from rules.admission import (
    MAX_AUTO_ROUNDS,
    REQUIRED_FIELDS,
    TournamentKind,
    admits,
    auto_winners,
    missing_fields,
    too_many_privileged,
    tournament_kind,
)
from rules.results import Outcome
from rules.swiss import SWISS, pair_round
from tests.unit.swiss_events import replay_log

OPEN, SEMI, CLOSED = TournamentKind.OPEN, TournamentKind.SEMI_CLOSED, TournamentKind.CLOSED


def test_401_an_open_tournament_takes_anyone() -> None:
    assert admits(OPEN, 7, invited=[])


def test_402_a_semi_closed_tournament_takes_anyone() -> None:
    assert admits(SEMI, 7, invited=[])


def test_403_a_closed_tournament_takes_only_its_invited_players() -> None:
    assert not admits(CLOSED, 7, invited=[1, 2])
    assert admits(CLOSED, 2, invited=[1, 2])


def test_kinds_by_name_and_the_old_tournaments_are_open() -> None:
    assert [tournament_kind(n) for n in ("open", "semi", "closed")] == [OPEN, SEMI, CLOSED]
    assert tournament_kind(None) is OPEN and tournament_kind("nonsense") is OPEN


def test_402_privileged_players_win_the_first_n_rounds_and_not_after() -> None:
    active = {1, 2, 3, 4, 5, 6}
    assert auto_winners(SEMI, 1, 2, [5, 6], active) == [5, 6]
    assert auto_winners(SEMI, 2, 2, [5, 6], active) == [5, 6]
    assert auto_winners(SEMI, 3, 2, [5, 6], active) == []


def test_402_a_dropped_privileged_player_has_no_auto_win() -> None:
    assert auto_winners(SEMI, 1, 3, [5, 6], {1, 2, 3, 6}) == [6]


def test_privileges_exist_only_in_a_semi_closed_tournament() -> None:
    for kind in (OPEN, CLOSED):
        assert auto_winners(kind, 1, 3, [5, 6], {5, 6}) == []


@given(
    kind=st.sampled_from(list(TournamentKind)),
    number=st.integers(min_value=-2, max_value=10),
    rounds=st.integers(min_value=0, max_value=MAX_AUTO_ROUNDS),
    privileged=st.lists(st.integers(min_value=1, max_value=12), max_size=8),
    active=st.sets(st.integers(min_value=1, max_value=12)),
)
def test_auto_winners_are_active_privileged_once_each_and_only_early(
    kind: TournamentKind, number: int, rounds: int, privileged: list[int], active: set[int]
) -> None:
    winners = auto_winners(kind, number, rounds, privileged, active)
    assert len(winners) == len(set(winners))
    assert set(winners) <= set(privileged) & active
    if winners:
        assert kind is SEMI and 1 <= number <= rounds
    elif kind is SEMI and 1 <= number <= rounds:
        assert not set(privileged) & active


def test_101_2_required_fields_and_the_optional_ones() -> None:
    complete = {f: "x" for f in REQUIRED_FIELDS}
    assert missing_fields(complete) == []
    assert missing_fields({**complete, "nickname": None, "phone": None}) == []
    # No patronymic, answered with a dash (kept as ""), is an answer; never asked is not.
    assert missing_fields({**complete, "patronymic": ""}) == []
    assert missing_fields({"first_name": "Kai", "last_name": "  "}) == [
        "last_name",
        "patronymic",
        "email",
        "city",
    ]


def semi_begin(privileged: list[int], auto_rounds: int) -> tuple[str, dict[str, Any]]:
    ratings = {str(p): 120_000 for p in range(1, 7)}
    payload = {"seed": 1, "rounds": 3, "top": 0, "ratings": ratings}
    payload |= {"kind": "semi", "privileged": privileged, "auto_rounds": auto_rounds}
    return "sw_begin", payload


def test_auto_wins_are_2_9_without_an_opponent_and_count_as_the_bye() -> None:
    state = replay_log(
        [
            semi_begin([5, 6], 1),
            (
                "sw_round",
                {
                    "round": 1,
                    "stage": SWISS,
                    "gen": 0,
                    "tables": [[1, 2], [3, 4]],
                    "bye": None,
                    "auto": [5, 6],
                },
            ),
        ]
    )
    assert state.auto_winners(1, {1, 2, 3, 4, 5, 6}) == [5, 6]
    assert state.auto_winners(2, {1, 2, 3, 4, 5, 6}) == []
    points = state.points()
    assert points[5] == points[6] == 29
    byes = [r for r in state.records() if r.outcome_a is Outcome.BYE]
    assert {(r.player_a, r.player_b) for r in byes} == {(5, None), (6, None)}
    assert state.had_bye() == {5, 6}
    assert state.rounds_missed_by(5) == [] and state.rounds_missed_by(9) == [1]


def test_a_late_entrants_credited_byes_are_his_bye_his_losses_are_not() -> None:
    state = replay_log(
        [
            ("sw_begin", {"seed": 1, "rounds": 3, "top": 0, "ratings": {}}),
            ("sw_round", {"round": 1, "stage": SWISS, "gen": 0, "tables": [[1, 2]], "bye": 3}),
            ("sw_join", {"player": 8, "rating": 120_000, "missed": [1], "as": "bye"}),
            ("sw_join", {"player": 9, "rating": 120_000, "missed": [1], "as": "loss"}),
            ("sw_join", {"player": 10, "rating": 120_000, "missed": [], "as": "bye"}),
        ]
    )
    assert state.had_bye() == {3, 8}


def test_the_privileged_must_leave_two_players_to_play_round_one() -> None:
    assert too_many_privileged(SEMI, 1, [1, 2, 3], {1, 2, 3, 4})
    assert not too_many_privileged(SEMI, 1, [1, 2], {1, 2, 3, 4})
    assert not too_many_privileged(SEMI, 1, [], {1, 2})
    assert not too_many_privileged(OPEN, 1, [1, 2, 3], {1, 2, 3, 4})  # no privileges there


@given(
    credited=st.sets(st.integers(min_value=1, max_value=9), max_size=8),
    auto=st.sets(st.integers(min_value=10, max_value=12), max_size=3),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_whoever_had_2_9_without_a_game_gets_no_bye_while_another_can(
    credited: set[int], auto: set[int], seed: int
) -> None:
    """Late entrants' credited byes and privileged auto-wins are the player's bye: with no
    rematch in the way (a first pairing), the bye goes to someone who had none."""
    everyone = list(range(1, 13))
    events: list[tuple[str, dict[str, Any]]] = [
        ("sw_begin", {"seed": seed, "rounds": 5, "top": 0, "ratings": {}}),
        (
            "sw_round",
            {"round": 1, "stage": SWISS, "gen": 0, "tables": [], "bye": None, "auto": sorted(auto)},
        ),
    ]
    for player in sorted(credited):
        events.append(("sw_join", {"player": player, "rating": 1, "missed": [1], "as": "bye"}))
    state = replay_log(events)
    assert state.had_bye() == credited | auto
    field = everyone[:11]  # an odd field: one bye
    _, bye = pair_round(field, dict.fromkeys(field, 0), set(), state.had_bye(), seed)
    if set(field) - state.had_bye():
        assert bye not in state.had_bye()
