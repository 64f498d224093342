"""A tournament announced ahead (``rules.ahead``): the start as people type it in the club's time
zone, and the timetable of reminders, the check-in and the start's prompt (spec §7)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.ahead import (
    InThePast,
    NoTime,
    StartError,
    Step,
    TooFar,
    parse_start,
    still_true,
    timetable,
)

MOSCOW = ZoneInfo("Europe/Moscow")
#: Friday 4 December 2026, 20:00 in Moscow (17:00 UTC)
NOW = datetime(2026, 12, 4, 17, 0, tzinfo=UTC)


def local(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=MOSCOW)


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("12.12 19:00", local(2026, 12, 12, 19, 0)),
        ("12.12.2026 19:00", local(2026, 12, 12, 19, 0)),
        ("12.12.26 19.00", local(2026, 12, 12, 19, 0)),
        ("12/12 9:30", local(2026, 12, 12, 9, 30)),
        ("2026-12-12 19:00", local(2026, 12, 12, 19, 0)),
        ("19:00 12.12", local(2026, 12, 12, 19, 0)),
        ("завтра 19:00", local(2026, 12, 5, 19, 0)),
        ("Завтра в 19:00", local(2026, 12, 5, 19, 0)),
        ("tomorrow at 7:05", local(2026, 12, 5, 7, 5)),
        ("послезавтра 10:00", local(2026, 12, 6, 10, 0)),
        ("сегодня 21:00", local(2026, 12, 4, 21, 0)),
        ("21:00", local(2026, 12, 4, 21, 0)),
        # a day without a year that has passed this year is next year's
        ("10.01 19:00", local(2027, 1, 10, 19, 0)),
        # a weekday: the next one; today (a Friday) while its time is ahead, else next week
        ("в пятницу 21:00", local(2026, 12, 4, 21, 0)),
        ("пт 19:00", local(2026, 12, 11, 19, 0)),
        ("в субботу 12:00", local(2026, 12, 5, 12, 0)),
        ("Mon 18:00", local(2026, 12, 7, 18, 0)),
        ("в четверг, 19:00", local(2026, 12, 10, 19, 0)),
    ],
)
def test_a_start_is_read_in_the_clubs_time_zone(typed: str, meant: datetime) -> None:
    assert parse_start(typed, NOW, MOSCOW) == meant


def test_the_same_words_mean_another_moment_in_another_zone() -> None:
    berlin = parse_start("12.12 19:00", NOW, ZoneInfo("Europe/Berlin"))
    moscow = parse_start("12.12 19:00", NOW, MOSCOW)
    assert berlin - moscow == timedelta(hours=2)


@pytest.mark.parametrize(
    ("typed", "error"),
    [
        ("04.12 19:00", InThePast),  # today, earlier
        ("сегодня 20:00", InThePast),  # this very minute
        ("19:59", InThePast),
        ("вчера 21:00", InThePast),
        ("yesterday 23:00", InThePast),
        ("03.12.2026 19:00", InThePast),
        ("01.12.2025 19:00", InThePast),
        ("12.12", NoTime),
        ("завтра", NoTime),
        ("12.12.2028 19:00", TooFar),
        ("31.02 19:00", StartError),
        ("32.12 19:00", StartError),
        ("12.12 25:00", StartError),
        ("скоро", StartError),
        ("завтра пятница 19:00", StartError),
        ("12.12 13.12 19:00", StartError),
        ("", NoTime),
    ],
)
def test_what_names_no_moment_ahead_is_refused(typed: str, error: type[StartError]) -> None:
    with pytest.raises(error):
        parse_start(typed, NOW, MOSCOW)


def test_each_refusal_has_its_answer() -> None:
    keys = {cls.key for cls in (StartError, NoTime, InThePast, TooFar)}
    assert keys == {"ahead.bad_date", "ahead.no_time", "ahead.past", "ahead.too_far"}


def test_announced_days_ahead_every_step_comes_in_order() -> None:
    starts = local(2026, 12, 12, 19, 0)
    assert timetable(starts, NOW, check_in=True) == [
        (Step.DAY, local(2026, 12, 11, 19, 0)),
        (Step.HOUR, local(2026, 12, 12, 18, 0)),
        (Step.CHECK_IN, local(2026, 12, 12, 18, 30)),
        (Step.START, starts),
    ]


def test_without_the_check_in_there_is_no_check_in_step() -> None:
    steps = [step for step, _ in timetable(local(2026, 12, 12, 19), NOW, check_in=False)]
    assert steps == [Step.DAY, Step.HOUR, Step.START]


def test_announced_the_same_evening_the_steps_already_past_are_left_out() -> None:
    # 20:00 now, the start at 20:50: no day-before reminder, no hour-before one
    starts = local(2026, 12, 4, 20, 50)
    assert timetable(starts, NOW, check_in=True) == [
        (Step.CHECK_IN, local(2026, 12, 4, 20, 20)),
        (Step.START, starts),
    ]


def test_announced_for_tomorrow_evening_the_day_before_reminder_is_still_ahead() -> None:
    steps = [step for step, _ in timetable(local(2026, 12, 5, 20, 30), NOW, check_in=True)]
    assert steps == list(Step)
    steps = [step for step, _ in timetable(local(2026, 12, 5, 19, 30), NOW, check_in=True)]
    assert steps == [Step.HOUR, Step.CHECK_IN, Step.START]


def test_announced_less_than_half_an_hour_ahead_the_check_in_opens_at_once() -> None:
    starts = local(2026, 12, 4, 20, 20)
    assert timetable(starts, NOW, check_in=True) == [(Step.CHECK_IN, NOW), (Step.START, starts)]


def test_a_late_reminder_is_sent_only_until_the_next_one_is_due() -> None:
    starts = local(2026, 12, 12, 19, 0)
    assert still_true(Step.DAY, starts, local(2026, 12, 11, 23, 0))
    assert not still_true(Step.DAY, starts, local(2026, 12, 12, 18, 0))
    assert still_true(Step.HOUR, starts, local(2026, 12, 12, 18, 59))
    assert not still_true(Step.HOUR, starts, starts)
    assert still_true(Step.CHECK_IN, starts, starts + timedelta(hours=1))
    assert still_true(Step.START, starts, starts + timedelta(hours=5))


@given(
    minutes=st.integers(min_value=1, max_value=60 * 24 * 30),
    check_in=st.booleans(),
)
def test_every_step_is_ahead_ordered_and_ends_with_the_start(minutes: int, check_in: bool) -> None:
    starts = NOW + timedelta(minutes=minutes)
    steps = timetable(starts, NOW, check_in)
    assert steps[-1] == (Step.START, starts)
    moments = [due for _, due in steps]
    assert moments == sorted(moments) and all(due >= NOW for due in moments)
    assert (Step.CHECK_IN in dict(steps)) == check_in
    if check_in:
        assert dict(steps)[Step.CHECK_IN] == max(NOW, starts - timedelta(minutes=30))
    assert (Step.DAY in dict(steps)) == (minutes > 24 * 60)


@given(minutes=st.integers(min_value=1, max_value=60 * 24 * 300))
def test_a_typed_moment_ahead_reads_back_as_itself(minutes: int) -> None:
    moment = (NOW + timedelta(minutes=minutes)).astimezone(MOSCOW)
    typed = moment.strftime("%d.%m.%Y %H:%M")
    assert parse_start(typed, NOW, MOSCOW) == moment
