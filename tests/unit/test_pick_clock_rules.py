"""The pick clock of a draft (rules.limited.clock), clause by clause and row by row of Table 2."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.limited.clock import (
    BOOSTER_EVENT,
    PAUSE_EVENT,
    RESUME_EVENT,
    REVIEW,
    Direction,
    Pause,
    Phase,
    booster_plan,
    booster_seconds,
    default_strictness,
    direction,
    pick_seconds,
    position,
    replay_clock,
    running_time,
)

T0 = datetime(2026, 11, 30, 18, 0, tzinfo=UTC)
S = timedelta(seconds=1)

# Table 2, row by row: (booster size, pick, seconds).
TABLE_2 = [
    *[(12, pick, secs) for pick, secs in enumerate(range(55, 0, -5), start=1)],
    *[(7, pick, secs) for pick, secs in enumerate(range(30, 0, -5), start=1)],
]


@pytest.mark.parametrize(("size", "pick", "seconds"), TABLE_2)
def test_table_2_each_pick(size: int, pick: int, seconds: int) -> None:
    assert pick_seconds(size)[pick - 1] == seconds
    begins = sum(pick_seconds(size)[: pick - 1])
    at_start = position(size, T0, (), T0 + begins * S)
    assert (at_start.phase, at_start.pick, at_start.seconds) == (Phase.PICK, pick, seconds)
    assert at_start.ends_at == T0 + (begins + seconds) * S
    last_second = position(size, T0, (), T0 + (begins + seconds - 1) * S)
    assert (last_second.pick, last_second.left) == (pick, S)


def test_table_2_lengths_and_totals() -> None:
    """11 timed picks of a 12-card booster (the 12th card is passed, not chosen), 6 of a
    7-card one; with the review minute, 6 min 30 s and 2 min 45 s."""
    assert pick_seconds(12) == (55, 50, 45, 40, 35, 30, 25, 20, 15, 10, 5)
    assert pick_seconds(7) == (30, 25, 20, 15, 10, 5)
    assert booster_seconds(12) == 330 + 60
    assert booster_seconds(7) == 105 + 60
    with pytest.raises(ValueError):
        pick_seconds(10)


def test_review_minute_then_done() -> None:
    """601.7: one minute to look at the cards once the last card is passed."""
    review = position(12, T0, (), T0 + 330 * S)
    assert (review.phase, review.seconds, review.left) == (Phase.REVIEW, 60, REVIEW)
    assert review.ends_at == T0 + 390 * S
    done = position(12, T0, (), T0 + 390 * S)
    assert (done.phase, done.ends_at, done.left) == (Phase.DONE, None, timedelta(0))
    assert position(7, T0, (), T0 + 164 * S).phase is Phase.REVIEW
    assert position(7, T0, (), T0 + 165 * S).phase is Phase.DONE


def test_pass_left_on_odd_right_on_even() -> None:
    """601.6.3."""
    assert [direction(n) for n in (1, 2, 3, 4)] == [
        Direction.LEFT,
        Direction.RIGHT,
        Direction.LEFT,
        Direction.RIGHT,
    ]
    with pytest.raises(ValueError):
        direction(0)


def test_booster_plan_twelve_first_one_to_four() -> None:
    """601.10: 12-card boosters first; 601.4: one to four boosters."""
    assert booster_plan([7, 12, 7, 12]) == (12, 12, 7, 7)
    assert booster_plan([12]) == (12,)
    for bad in ([], [12] * 5, [12, 10]):
        with pytest.raises(ValueError):
            booster_plan(bad)


def test_amateur_default_for_one_and_two_boosters() -> None:
    """601.4."""
    assert default_strictness([12]) == "amateur"
    assert default_strictness([12, 7]) == "amateur"
    assert default_strictness([12, 12, 12]) is None
    assert default_strictness([7, 7, 7, 7]) is None


def test_pause_stops_the_clock_and_shifts_the_end() -> None:
    """Paused 20 s into pick 1 for 90 s: pick 1 ends 90 s later than it would."""
    pauses = (Pause(T0 + 20 * S, T0 + 110 * S),)
    during = position(12, T0, (Pause(T0 + 20 * S),), T0 + 60 * S)
    assert (during.phase, during.pick, during.paused, during.ends_at) == (
        Phase.PICK,
        1,
        True,
        None,
    )
    assert during.left == 35 * S
    after = position(12, T0, pauses, T0 + 111 * S)
    assert (after.pick, after.ends_at, after.paused) == (1, T0 + 145 * S, False)


def test_replay_of_the_log() -> None:
    at = T0.isoformat
    events: list[tuple[str, dict[str, Any]]] = [
        (BOOSTER_EVENT, {"draft": 1, "booster": 1, "size": 12, "at": at()}),
        (PAUSE_EVENT, {"at": (T0 + 10 * S).isoformat()}),
        (PAUSE_EVENT, {"at": (T0 + 12 * S).isoformat()}),  # ignored: already paused
        (RESUME_EVENT, {"at": (T0 + 40 * S).isoformat()}),
        (RESUME_EVENT, {"at": (T0 + 50 * S).isoformat()}),  # ignored: running
        ("sw_result", {"round": 1}),
    ]
    clock = replay_clock(events)
    booster = clock.current
    assert booster is not None
    assert booster.pauses == (Pause(T0 + 10 * S, T0 + 40 * S),)
    assert booster.direction is Direction.LEFT
    assert booster.at(T0 + 60 * S).ends_at == T0 + 85 * S
    assert clock.started_in(1) == 1 and clock.started_in(2) == 0


def test_a_draft_is_under_way_from_its_first_booster_until_its_last_is_reviewed() -> None:
    """The deck lists wait for the pool (601.9, ``rules.decks.window``): a draft of two 12-card
    boosters is under way from booster 1's start (390 s each: 330 s of picks, the review
    minute) until booster 2's review ends, between the boosters too; never started: not."""
    booster = booster_seconds(12)
    assert booster == 390

    def event(number: int, start: datetime) -> tuple[str, dict[str, Any]]:
        return BOOSTER_EVENT, {"draft": 1, "booster": number, "size": 12, "at": start.isoformat()}

    assert not replay_clock([]).drafting(1, 2, T0)
    first = replay_clock([event(1, T0)])
    assert first.drafting(1, 2, T0 + (booster - 1) * S)
    assert first.drafting(1, 2, T0 + 3600 * S)  # booster 2 still to come
    assert not first.drafting(1, 1, T0 + booster * S)  # a one-booster draft: done
    assert not first.drafting(2, 2, T0)  # another draft (a Marathon's next) not started
    second_at = T0 + 600 * S
    both = replay_clock([event(1, T0), event(2, second_at)])
    assert both.drafting(1, 2, second_at + (booster - 1) * S)
    assert not both.drafting(1, 2, second_at + booster * S)


# --- properties -------------------------------------------------------------------------------

sizes = st.sampled_from([7, 12])


@st.composite
def pause_lists(draw: st.DrawFn) -> tuple[Pause, ...]:
    """Closed pauses after the start, in order, not overlapping (in whole seconds)."""
    gaps = draw(st.lists(st.tuples(st.integers(0, 200), st.integers(1, 300)), max_size=5))
    pauses, moment = [], T0
    for gap, length in gaps:
        start = moment + gap * S
        pauses.append(Pause(start, start + length * S))
        moment = start + length * S
    return tuple(pauses)


@given(sizes)
def test_picks_sum_to_the_booster_time(size: int) -> None:
    """Walking from end to end visits every pick once and ends with the review."""
    now, seen = T0, []
    while (where := position(size, T0, (), now)).phase is not Phase.DONE:
        seen.append((where.phase, where.pick, where.seconds))
        assert where.ends_at is not None
        now = where.ends_at
    assert now - T0 == booster_seconds(size) * S
    assert [s for phase, _, s in seen if phase is Phase.PICK] == list(pick_seconds(size))
    assert seen[-1] == (Phase.REVIEW, len(pick_seconds(size)), 60)


@given(sizes, pause_lists(), st.data())
def test_the_clock_never_runs_while_paused(
    size: int, pauses: tuple[Pause, ...], data: st.DataObject
) -> None:
    """Between two moments of one pause nothing moves: neither the running time, nor the
    pick, nor what is left of it; while a paused booster shows no end time."""
    if not pauses:
        return
    pause = data.draw(st.sampled_from(pauses))
    assert pause.stop is not None
    length = int((pause.stop - pause.start).total_seconds())
    a, b = sorted(data.draw(st.lists(st.integers(0, length - 1), min_size=2, max_size=2)))
    first, second = pause.start + a * S, pause.start + b * S
    assert running_time(T0, pauses, first) == running_time(T0, pauses, second)
    here, there = position(size, T0, pauses, first), position(size, T0, pauses, second)
    assert (here.phase, here.pick, here.left) == (there.phase, there.pick, there.left)
    if here.phase is not Phase.DONE:
        assert here.paused and here.ends_at is None


@given(sizes, pause_lists(), st.integers(0, 3000), st.integers(1, 600))
def test_the_clock_runs_at_the_wall_clock_s_pace_outside_pauses(
    size: int, pauses: tuple[Pause, ...], offset: int, step: int
) -> None:
    """Over any stretch, the running time grows by the stretch minus its paused part."""
    begin, end = T0 + offset * S, T0 + (offset + step) * S
    paused = sum(
        (max(min(p.stop or end, end) - max(p.start, begin), timedelta(0)) for p in pauses),
        timedelta(0),
    )
    grown = running_time(T0, pauses, end) - running_time(T0, pauses, begin)
    assert grown == end - begin - paused


@given(sizes, pause_lists(), st.integers(0, 400))
def test_pauses_shift_every_later_end_by_their_length(
    size: int, pauses: tuple[Pause, ...], running: int
) -> None:
    """The moment the clock reaches a running time is that time plus the pauses before it."""
    unpaused = position(size, T0, (), T0 + running * S)
    shift = timedelta(0)
    moment = T0 + running * S
    for pause in pauses:
        if pause.start <= moment:
            assert pause.stop is not None
            shift += pause.stop - pause.start
            moment = T0 + running * S + shift
    paused = position(size, T0, pauses, moment)
    assert (paused.phase, paused.pick, paused.left) == (
        unpaused.phase,
        unpaused.pick,
        unpaused.left,
    )
    if unpaused.ends_at is not None and not paused.paused:
        assert paused.ends_at == unpaused.ends_at + shift
