"""Penalties (``rules.penalties``), clause by clause: a warning changes nothing, a game loss
(single game / best of three), a match loss, a disqualification (open match, past results,
prizes), no open match, the Top, and what is rated."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from rules.card_rating import rating_changes
from rules.penalties import (
    ALREADY_DISQUALIFIED,
    NO_OPEN_MATCH,
    Effect,
    PenaltyKind,
    effect,
    penalty_kind,
    penalty_payload,
    result_payload,
)
from rules.places import final_places, prize_order
from rules.results import Outcome, PlayerId
from rules.swiss import SWISS, TOP
from tests.unit.swiss_events import replay_log

Event = tuple[str, dict[str, Any]]


def begin(players: list[int]) -> Event:
    ratings = {str(p): 120_000 for p in players}
    return "sw_begin", {"seed": 7, "rounds": 3, "top": 2, "ratings": ratings}


def paired(
    number: int, tables: list[list[int]], bye: int | None = None, stage: str = SWISS
) -> Event:
    return "sw_round", {"round": number, "stage": stage, "gen": 0, "tables": tables, "bye": bye}


def result(number: int, table: int, outcome: Outcome, games: list[int] | None = None) -> Event:
    return "sw_result", {
        "round": number,
        "table": table,
        "outcome_a": outcome.value,
        "games": games,
    }


def given_penalty(
    events: list[Event], player: int, kind: PenaltyKind, best_of: int = 1
) -> tuple[list[Event], Effect | str]:
    """The events after a judge gives the penalty, as the bot stores them (the penalty, then
    the result it sets); the events unchanged when it is refused."""
    done = effect(replay_log(events), player, kind, best_of)
    if isinstance(done, str):
        return events, done
    more: list[Event] = [("sw_penalty", penalty_payload(player, kind, "why", done))]
    if (set_result := result_payload(done)) is not None:
        more.append(("sw_result", set_result))
    return events + more, done


ROUND_1 = [begin([1, 2, 3, 4]), paired(1, [[1, 2], [3, 4]])]


def test_kinds_are_typed_as_the_judge_writes_them() -> None:
    assert penalty_kind("DQ") is PenaltyKind.DQ
    assert penalty_kind("game_loss") is PenaltyKind.GAME_LOSS
    assert penalty_kind("ban") is None


def test_a_warning_is_recorded_and_changes_nothing() -> None:
    events, done = given_penalty(ROUND_1, 1, PenaltyKind.WARNING)
    state = replay_log(events)
    assert done == Effect()
    assert state.current is not None and state.current.open_tables() == [1, 2]
    assert state.points() == replay_log(ROUND_1).points()
    assert [(p.player, p.kind, p.reason, p.round) for p in state.penalties] == [
        (1, "warning", "why", None)
    ]
    assert not state.dropped and not state.disqualified


def test_a_game_loss_in_a_single_game_is_the_match_lost() -> None:
    events, _ = given_penalty(ROUND_1, 2, PenaltyKind.GAME_LOSS)
    state = replay_log(events)
    assert state.current is not None
    assert state.current.results[1].outcome_a is Outcome.TECHNICAL_WIN
    assert state.points() == {1: 25, 2: 0}
    assert state.penalties[0].round == 1 and state.penalties[0].table == 1


def test_a_game_loss_in_a_best_of_three_credits_one_game_and_the_match_goes_on() -> None:
    events, done = given_penalty(ROUND_1, 3, PenaltyKind.GAME_LOSS, best_of=3)
    state = replay_log(events)
    assert isinstance(done, Effect) and done.game_credited and done.result is None
    assert state.current is not None and state.current.open_tables() == [1, 2]
    assert state.penalty_games == {"r1t2p0": {4: 1}}
    # The players report 2–1 for 4 with the penalty game counted: all three games are rated
    # (section 3: the game 3 should have played is a game he lost), 1200s: 4 gets +6.40.
    events.append(result(1, 2, Outcome.LOSS, [1, 2]))
    state = replay_log(events)
    rated = [r for r in state.rated_records() if r.player_a == 3]
    assert [(r.games_a, r.games_b) for r in rated] == [(1, 2)]
    start: dict[PlayerId, float] = dict.fromkeys([1, 2, 3, 4], 1200.0)
    assert rating_changes(start, rated, participants=4) == {1: 0, 2: 0, 3: -640, 4: 640}


def test_a_second_game_loss_in_the_same_match_loses_the_match() -> None:
    events, _ = given_penalty(ROUND_1, 3, PenaltyKind.GAME_LOSS, best_of=3)
    events, done = given_penalty(events, 3, PenaltyKind.GAME_LOSS, best_of=3)
    state = replay_log(events)
    assert isinstance(done, Effect) and not done.game_credited
    assert state.current is not None
    found = state.current.results[2]
    assert (found.outcome_a, found.games, found.penalty) == (Outcome.TECHNICAL_LOSS, (0, 2), True)
    # Rated as the two games 3 should have played and lost: 2 × 6.40 between 1200s.
    start: dict[PlayerId, float] = dict.fromkeys([1, 2, 3, 4], 1200.0)
    changes = rating_changes(start, state.rated_records(), participants=4)
    assert changes[3] == -1280 and changes[4] == 1280


def test_a_match_loss_is_a_technical_loss_of_the_open_match_and_is_rated() -> None:
    events, _ = given_penalty(ROUND_1, 1, PenaltyKind.MATCH_LOSS)
    events.append(result(1, 2, Outcome.CLEAN_WIN))
    state = replay_log(events)
    assert state.points() == {1: 0, 2: 25, 3: 30, 4: 0}
    assert [(r.player_a, r.player_b) for r in state.rated_records()] == [(1, 2), (3, 4)]
    start: dict[PlayerId, float] = dict.fromkeys([1, 2, 3, 4], 1200.0)
    changes = rating_changes(start, state.rated_records(), participants=4)
    # Section 3: the game 1 should have played is a game lost, as a judge's technical result.
    assert changes[1] == -changes[2] == -640 and changes[3] == -changes[4] == 640


def test_a_judges_own_technical_result_is_still_rated() -> None:
    """Spec §1: a technical loss given by the judge for an absence counts in the rating, as a
    penalty's does."""
    state = replay_log([*ROUND_1, result(1, 1, Outcome.TECHNICAL_LOSS)])
    start: dict[PlayerId, float] = dict.fromkeys([1, 2, 3, 4], 1200.0)
    changes = rating_changes(start, state.rated_records(), participants=4)
    assert changes[1] == -640 and changes[2] == 640


def test_a_disqualification_loses_the_open_match_keeps_the_past_and_drops_him() -> None:
    played = [*ROUND_1, result(1, 1, Outcome.CLEAN_WIN), result(1, 2, Outcome.DRAW)]
    played.append(paired(2, [[1, 3], [2, 4]]))
    events, _ = given_penalty(played, 1, PenaltyKind.DQ)
    state = replay_log(events)
    first, before = state.round(1), replay_log(played).round(1)
    assert first is not None and before is not None and first.results == before.results
    assert state.points() == {1: 30, 2: 0, 3: 35, 4: 10}
    assert 1 in state.dropped and state.disqualified == {1}
    assert effect(state, 1, PenaltyKind.WARNING) == ALREADY_DISQUALIFIED


def test_a_disqualification_without_an_open_match_only_drops_him() -> None:
    played = [*ROUND_1, result(1, 1, Outcome.CLEAN_WIN), result(1, 2, Outcome.DRAW)]
    events, done = given_penalty(played, 1, PenaltyKind.DQ)
    assert done == Effect(drop=True)
    state = replay_log(events)
    assert state.points() == replay_log(played).points() and state.disqualified == {1}


def test_game_and_match_losses_need_an_open_match() -> None:
    """Before round 1, between rounds and with the bye the judge is told to wait for the next
    match; a warning and a disqualification are given."""
    before = [begin([1, 2, 3])]
    between = [begin([1, 2, 3]), paired(1, [[1, 2]], bye=3), result(1, 1, Outcome.LOSS)]
    for events, player in ((before, 1), (between, 1), (between[:2], 3)):
        for kind in (PenaltyKind.GAME_LOSS, PenaltyKind.MATCH_LOSS):
            assert effect(replay_log(events), player, kind) == NO_OPEN_MATCH
        assert effect(replay_log(events), player, PenaltyKind.WARNING) == Effect()
        assert effect(replay_log(events), player, PenaltyKind.DQ) == Effect(drop=True)


def test_a_match_loss_in_the_top_sends_the_opponent_on() -> None:
    swiss = [*ROUND_1, result(1, 1, Outcome.CLEAN_WIN), result(1, 2, Outcome.CLEAN_WIN)]
    top = [*swiss, ("sw_top", {"seeds": [1, 3]}), paired(2, [[1, 3]], stage=TOP)]
    events, _ = given_penalty(top, 1, PenaltyKind.MATCH_LOSS)
    state = replay_log(events)
    assert state.top_winners() == [3] and state.top_champion() == 3


def test_a_disqualified_player_has_no_place_and_the_ones_below_move_up() -> None:
    places = final_places([1, 2, 3, 4, 5], [1, 2], [1])
    assert prize_order(places, {1}) == [2, 3, 4, 5, 1]
    assert prize_order(places, {3}) == [1, 2, 4, 5, 3]
    assert prize_order(places, set()) == places


def test_a_dq_cannot_be_undone_by_a_late_join() -> None:
    events, _ = given_penalty(ROUND_1, 1, PenaltyKind.DQ)
    events.append(("sw_join", {"player": 1, "rating": 120_000, "missed": []}))
    assert 1 in replay_log(events).dropped


KIND = st.sampled_from(list(PenaltyKind))
OUTCOMES = st.sampled_from([Outcome.CLEAN_WIN, Outcome.LOSS, Outcome.DRAW, Outcome.TECHNICAL_WIN])


@given(
    first=st.tuples(OUTCOMES, OUTCOMES),
    settled=st.booleans(),
    player=st.integers(1, 4),
    kinds=st.lists(KIND, min_size=1, max_size=3),
    best_of=st.sampled_from([1, 3]),
)
def test_a_penalty_never_changes_the_past_nor_gains_the_penalised_points(
    first: tuple[Outcome, Outcome],
    settled: bool,
    player: int,
    kinds: list[PenaltyKind],
    best_of: int,
) -> None:
    played = [*ROUND_1, result(1, 1, first[0]), result(1, 2, first[1]), paired(2, [[1, 3], [2, 4]])]
    if settled:
        played.append(result(2, 1, Outcome.DRAW))
    before = replay_log(played)
    events = played
    for kind in kinds:
        events, _ = given_penalty(events, player, kind, best_of)
    after = replay_log(events)
    assert after.round(1).results == before.round(1).results  # type: ignore[union-attr]
    assert after.points().get(player, 0) <= before.points().get(player, 0)
    for other, points in before.points().items():  # nobody else loses anything
        assert after.points().get(other, 0) >= points
    # What a penalty settled is rated (section 3): he never gains by it, his opponent never
    # loses by it; a match still open stays unrated.
    start: dict[PlayerId, float] = dict.fromkeys([1, 2, 3, 4], 1200.0)
    changes = rating_changes(start, after.rated_records(), participants=4)
    settled_before = rating_changes(start, before.rated_records(), participants=4)
    assert changes[player] <= settled_before[player]
    if not settled:
        table = after.round(2)
        assert table is not None
        for number, (a, _) in enumerate(table.tables, start=1):
            if number not in table.results:
                assert not [
                    r for r in after.rated_records() if r.round_number == 2 and r.player_a == a
                ]
    assert after.disqualified <= {player}
