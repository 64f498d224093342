"""The Arena's rules (605), clause by clause."""

from __future__ import annotations

import pytest

from rules.arena import (
    LAST_ENTRY_DAY,
    ArAnswer,
    ArApprove,
    ArChallenge,
    ArChoice,
    ArDayEnd,
    ArDisqualify,
    ArenaError,
    ArEntry,
    ArExcuse,
    ArFinish,
    ArResult,
    ArStart,
    ArVoid,
    ArWeekEnd,
    Exit,
    State,
    Status,
    is_week_end,
    may_choose,
    prize_cards,
    replay,
    week_of,
)
from tests.unit.arena_events import end_days, game, started


def test_605_1_four_players_start_three_do_not() -> None:
    three = replay([ArEntry(1, -1), ArEntry(2, -1), ArEntry(3, -1)])
    assert not three.may_start()
    three.apply(ArEntry(4, 0))
    assert three.may_start()


def test_605_2_no_entry_in_the_last_week() -> None:
    state = started(1, 2, 3, 4)
    state.check_entry(5, LAST_ENTRY_DAY)
    with pytest.raises(ArenaError, match="last_week"):
        state.check_entry(5, LAST_ENTRY_DAY + 1)
    assert LAST_ENTRY_DAY == 20 and week_of(LAST_ENTRY_DAY + 1) == 3


def test_605_3_each_entry_brings_five_new_sectors() -> None:
    state = started(1, 2, 3, 4)
    assert [state.count(p) for p in (1, 2, 3, 4)] == [5, 5, 5, 5]
    assert state.sectors_of(2) == [6, 7, 8, 9, 10]
    assert len(state.owner) == 20


def test_605_3_the_winner_takes_both_stakes_a_draw_returns_them() -> None:
    state = started(1, 2, 3, 4)
    game(state, 1, 1, 2, 0, winner=1)
    assert (state.count(1), state.count(2)) == (6, 4)
    assert state.challenges[1].stake == 10  # the loser's highest-numbered sector
    assert state.owner[10] == 1
    game(state, 2, 3, 4, 0, winner=None)
    assert (state.count(3), state.count(4)) == (5, 5)


def test_a_result_counts_only_once_a_judge_approves_it() -> None:
    state = started(1, 2, 3, 4)
    for event in (ArChallenge(1, 1, 2, 0), ArAnswer(1, True), ArResult(1, 2, "standard", 0)):
        state.apply(event)
    assert state.challenges[1].status is Status.REPORTED
    assert (state.count(1), state.count(2)) == (5, 5)
    state.apply(ArApprove(1))
    assert (state.count(1), state.count(2)) == (4, 6)
    with pytest.raises(ArenaError, match="nothing_to_approve"):
        state.check_approve(1)


def test_605_6_two_players_meet_at_most_once_a_day() -> None:
    state = started(1, 2, 3, 4)
    state.apply(ArChallenge(1, 1, 2, 3))
    with pytest.raises(ArenaError, match="once_a_day"):
        state.check_challenge(2, 1, 3)
    state.check_challenge(1, 3, 3)  # another opponent the same day
    state.check_challenge(1, 2, 4)  # the same one the next day


def test_a_challenge_needs_both_players_in_and_the_arena_under_way() -> None:
    before = replay([ArEntry(p, -1) for p in (1, 2, 3, 4)])
    with pytest.raises(ArenaError, match="not_running"):
        before.check_challenge(1, 2, 0)
    state = started(1, 2, 3, 4)
    with pytest.raises(ArenaError, match="self"):
        state.check_challenge(1, 1, 0)
    with pytest.raises(ArenaError, match="opponent_not_in"):
        state.check_challenge(1, 9, 0)
    with pytest.raises(ArenaError, match="not_in"):
        state.check_challenge(9, 1, 0)


def test_only_the_challenged_player_answers_and_only_once() -> None:
    state = started(1, 2, 3, 4)
    state.apply(ArChallenge(1, 1, 2, 0))
    with pytest.raises(ArenaError, match="not_yours"):
        state.check_answer(1, 1)
    state.apply(ArAnswer(1, accepted=False))
    with pytest.raises(ArenaError, match="answered"):
        state.check_answer(1, 2)


def test_unanswered_by_the_days_end_is_a_refusal() -> None:
    state = started(1, 2, 3, 4)
    state.apply(ArChallenge(1, 1, 2, 0))
    state.apply(ArDayEnd(0))
    c = state.challenges[1]
    assert c.status is Status.REFUSED and c.unanswered
    assert state.refused[2] == {0}
    with pytest.raises(ArenaError, match="answered"):
        state.check_answer(1, 2)


def test_605_6_refusing_two_days_running_costs_a_sector_that_turns_neutral() -> None:
    state = started(1, 2, 3, 4)
    state.apply(ArChallenge(1, 1, 2, 0))
    state.apply(ArAnswer(1, accepted=False))
    state.apply(ArDayEnd(0))
    assert state.count(2) == 5  # one day is no streak
    state.apply(ArChallenge(2, 3, 2, 1))  # left unanswered
    state.apply(ArDayEnd(1))
    assert state.count(2) == 4
    assert state.owner[10] is None and state.neutral() == [10]
    assert state.penalties == {(2, 1): 10}


def test_a_third_day_of_refusals_starts_a_new_streak() -> None:
    state = started(1, 2, 3, 4)
    for day in range(4):
        state.apply(ArChallenge(day + 1, 1, 2, day))
        state.apply(ArDayEnd(day))
    assert state.count(2) == 3  # days 0–1 and days 2–3, not 1–2
    assert set(state.penalties) == {(2, 1), (2, 3)}


def test_a_day_without_refusal_breaks_the_streak() -> None:
    state = started(1, 2, 3, 4)
    state.apply(ArChallenge(1, 1, 2, 0))
    end_days(state, 0, 1)
    state.apply(ArChallenge(2, 1, 2, 2))
    state.apply(ArDayEnd(2))
    assert state.count(2) == 5


def test_a_judge_excuse_returns_the_sector() -> None:
    state = started(1, 2, 3, 4)
    for day in range(2):
        state.apply(ArChallenge(day + 1, 1, 2, day))
        state.apply(ArDayEnd(day))
    assert state.count(2) == 4
    state.apply(ArExcuse(2, 1))
    assert state.count(2) == 5 and state.neutral() == []


def test_an_excuse_before_the_days_end_prevents_the_loss() -> None:
    state = started(1, 2, 3, 4)
    state.apply(ArChallenge(1, 1, 2, 0))
    state.apply(ArDayEnd(0))
    state.apply(ArExcuse(2, 1))
    state.apply(ArChallenge(2, 1, 2, 1))
    state.apply(ArAnswer(2, accepted=False))
    state.apply(ArDayEnd(1))
    assert state.count(2) == 5


def test_605_4_losing_every_sector_is_out_at_once() -> None:
    state = started(1, 2, 3, 4)
    for day in range(5):
        game(state, day + 1, 1, 2, day, winner=1)
    assert not state.is_in(2)
    entry = state.entries[1]
    assert entry.exit is Exit.RUINED and entry.sectors == 0
    assert state.count(1) == 10


def test_605_4_twelve_leave_automatically_with_three_cards() -> None:
    state = started(1, 2, 3, 4, 5, 6, 7, 8)
    for number, loser in enumerate((2, 3, 4, 5, 6, 7, 8), start=1):
        game(state, number, 1, loser, number - 1, winner=1)
    assert state.count(1) == 12
    state.apply(ArWeekEnd(0))
    entry = state.entries[0]
    assert entry.exit is Exit.AUTO and entry.prize == 3 and entry.sectors == 12
    assert len(state.neutral()) == 12


def test_605_4_eight_and_ten_choose_and_may_leave_with_cards() -> None:
    state = started(1, 2, 3, 4, 5, 6)
    for number, loser in enumerate((2, 3, 4), start=1):
        game(state, number, 1, loser, 0, winner=1)
    game(state, 4, 5, 6, 1, winner=None)
    state.apply(ArWeekEnd(0))
    assert state.count(1) == 8 and state.offers == {1: 0}
    state.check_choice(1, 0)
    with pytest.raises(ArenaError, match="no_offer"):
        state.check_choice(5, 0)
    state.apply(ArChoice(1, 0, leave=True))
    assert state.entries[0].exit is Exit.CHOSE and state.entries[0].prize == 1


def test_staying_keeps_the_player_in() -> None:
    state = started(1, 2, 3, 4)
    for number, loser in enumerate((2, 3, 4), start=1):
        game(state, number, 1, loser, 0, winner=1)
    state.apply(ArWeekEnd(0))
    state.apply(ArChoice(1, 0, leave=False))
    assert state.is_in(1) and state.offers == {}


def test_605_6_no_game_in_a_week_is_out_with_what_the_sectors_give() -> None:
    state = started(1, 2, 3, 4)
    game(state, 1, 1, 2, 0, winner=1)
    state.apply(ArWeekEnd(0))
    assert state.is_in(1) and state.is_in(2)
    assert not state.is_in(3) and state.entries[2].exit is Exit.INACTIVE
    assert state.entries[2].sectors == 5 and state.entries[2].prize == 0


def test_a_player_who_entered_during_the_week_is_not_idle_for_it() -> None:
    state = started(1, 2, 3, 4)
    state.apply(ArEntry(5, 3))
    state.apply(ArWeekEnd(0))
    assert state.is_in(5)


def test_605_4_re_entry_brings_five_new_sectors() -> None:
    state = started(1, 2, 3, 4)
    state.apply(ArWeekEnd(0))  # nobody played: all out
    assert state.active == {}
    state.check_entry(1, 8)
    state.apply(ArEntry(1, 8))
    assert state.sectors_of(1) == [21, 22, 23, 24, 25]
    assert len(state.neutral()) == 20


def test_605_6_a_falsified_result_is_voided_and_the_player_disqualified() -> None:
    state = started(1, 2, 3, 4)
    game(state, 1, 1, 2, 0, winner=1)
    state.apply(ArVoid(1))
    assert (state.count(1), state.count(2)) == (5, 5)
    state.apply(ArDisqualify(1))
    assert not state.is_in(1) and state.entries[0].prize == 0
    assert state.entries[0].exit is Exit.DISQUALIFIED
    with pytest.raises(ArenaError, match="disqualified"):
        state.check_entry(1, 5)
    assert 1 not in [p for _, p, _ in state.places()]


def test_a_result_names_a_format_of_the_list() -> None:
    state = started(1, 2, 3, 4)
    state.apply(ArChallenge(1, 1, 2, 0))
    with pytest.raises(ArenaError, match="not_accepted"):
        state.check_result(1, 1, "classic")
    state.apply(ArAnswer(1, accepted=True))
    with pytest.raises(ArenaError, match="format"):
        state.check_result(1, 1, "poker")
    with pytest.raises(ArenaError, match="not_a_player"):
        state.check_result(1, 3, "classic")
    state.check_result(1, None, "campaign")


def test_leaving_lapses_the_players_games_not_yet_counted() -> None:
    state = started(1, 2, 3, 4)
    state.apply(ArChallenge(1, 1, 2, 0))
    state.apply(ArAnswer(1, accepted=True))
    state.apply(ArDisqualify(2))
    assert state.challenges[1].status is Status.LAPSED


def test_places_after_a_re_entry_add_both_entries() -> None:
    state = started(1, 2, 3, 4)
    game(state, 1, 1, 2, 0, winner=1)  # 1: 6, 2: 4
    state.apply(ArWeekEnd(0))  # 3 and 4 idle: out with 5 each
    state.apply(ArEntry(3, 8))
    state.apply(ArFinish())
    places = state.places()
    assert places[0] == (1, 3, 10)  # 5 at the first exit + 5 at the end
    assert [p for _, p, _ in places] == [3, 1, 4, 2]
    assert places[1] == (2, 1, 6) and places[2] == (3, 4, 5) and places[3] == (4, 2, 4)


def test_equal_totals_go_by_more_wins_then_fewer_games() -> None:
    state = started(1, 2, 3, 4)
    game(state, 1, 1, 2, 0, winner=1)
    game(state, 2, 2, 1, 1, winner=2)  # 1 and 2: five each, one win, two games
    game(state, 3, 3, 4, 0, winner=None)  # 3 and 4: five each, no win, one game
    places = state.places()
    assert [(place, p) for place, p, _ in places] == [(1, 1), (1, 2), (3, 3), (3, 4)]


def test_the_end_gives_everyone_still_in_what_his_sectors_give() -> None:
    state = started(1, 2, 3, 4)
    for number, loser in enumerate((2, 3, 4, 2, 3), start=1):
        game(state, number, 1, loser, 0, winner=1)
    state.apply(ArFinish())
    assert state.entries[0].exit is Exit.END and state.entries[0].prize == 2  # ten sectors
    assert state.finished and state.active == {}


@pytest.mark.parametrize(
    ("sectors", "cards"), [(0, 0), (7, 0), (8, 1), (9, 1), (10, 2), (11, 2), (12, 3), (20, 3)]
)
def test_605_4_prize_cards(sectors: int, cards: int) -> None:
    assert prize_cards(sectors) == cards
    assert may_choose(sectors) == (cards in (1, 2))


def test_weeks_and_their_ends() -> None:
    assert [d for d in range(28) if is_week_end(d)] == [6, 13, 20, 27]
    assert [week_of(d) for d in (-3, 0, 6, 7, 27)] == [0, 0, 0, 1, 3]


def test_entry_checks() -> None:
    state: State = started(1, 2, 3, 4)
    with pytest.raises(ArenaError, match="already_in"):
        state.check_entry(1, 2)
    state.apply(ArFinish())
    with pytest.raises(ArenaError, match="over"):
        state.check_entry(9, 2)
    assert replay([ArEntry(1, -1), ArStart()]).started
