"""The Overlord series, clause by clause (``rules.series``): Table 5 (606.2) in every column
and place, the weekly limit (606.5) across week boundaries in the club's time zone, the end
(606.7, 606.10, 606.11) and the challenge (606.8, 606.9.5); properties by hypothesis."""

from __future__ import annotations

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.series import (
    MIN_HELD,
    BadExtension,
    BadPeriod,
    Challenge,
    CrystalsError,
    Ending,
    SerAsked,
    SerChallenge,
    SerEnded,
    SerExtended,
    SerHeld,
    SerJoined,
    TooManyCrystals,
    WeekFull,
    after_challenge,
    at_period_end,
    awarded,
    check_period,
    check_used,
    check_week,
    crystals,
    end_moment,
    extended,
    past_official_end,
    replay,
    week_of,
)

MOSCOW = ZoneInfo("Europe/Moscow")

# (field, [crystals of places 1..4]) as Table 5 prints them, one row per column's both edges
TABLE_5 = [
    (6, [1, 0, 0, 0]),
    (7, [1, 0, 0, 0]),
    (8, [2, 1, 0, 0]),
    (15, [2, 1, 0, 0]),
    (16, [3, 2, 1, 0]),
    (31, [3, 2, 1, 0]),
    (32, [4, 3, 2, 1]),
    (64, [4, 3, 2, 1]),
]


@pytest.mark.parametrize(("field", "row"), TABLE_5)
def test_table_5_every_column_and_place(field: int, row: list[int]) -> None:
    assert [crystals(place, field) for place in (1, 2, 3, 4)] == row
    assert crystals(5, field) == 0  # no column gives the fifth place anything


def test_a_place_outside_the_field_is_an_error() -> None:
    with pytest.raises(CrystalsError):
        crystals(0, 8)
    with pytest.raises(CrystalsError):
        crystals(9, 8)


def test_awarded_names_only_who_earns_crystals() -> None:
    assert awarded([11, 12, 13, 14, 15, 16]) == {11: 1}
    assert awarded([11, 12, 13, 14, 15, 16, 17, 18, 19]) == {11: 2, 12: 1}
    assert awarded(list(range(100, 117))) == {100: 3, 101: 2, 102: 1}
    # the field counts who took part though fewer are placed (a column by the participants)
    assert awarded([1, 2, 3], field=8) == {1: 2, 2: 1}


@given(st.integers(min_value=1, max_value=200), st.data())
def test_crystals_never_grow_down_the_places(field: int, data: st.DataObject) -> None:
    place = data.draw(st.integers(min_value=1, max_value=field))
    assert crystals(place, field) >= (crystals(place + 1, field) if place < field else 0)
    # a larger field never gives the same place fewer
    assert crystals(place, field + 1) >= crystals(place, field)


@given(st.lists(st.integers(), min_size=1, max_size=60, unique=True))
def test_the_winner_always_earns_and_the_total_is_the_column(placed: list[int]) -> None:
    given_out = awarded(placed)
    assert given_out[placed[0]] >= 1
    column_total = sum(crystals(p, len(placed)) for p in range(1, min(4, len(placed)) + 1))
    assert sum(given_out.values()) == column_total


def test_week_is_the_club_time_zones() -> None:
    # Sunday 22:30 UTC is Monday 01:30 in Moscow: the next week there
    sunday_utc = datetime(2026, 6, 7, 22, 30, tzinfo=UTC)
    assert week_of(sunday_utc, UTC) == (2026, 23)
    assert week_of(sunday_utc, MOSCOW) == (2026, 24)


def test_a_third_in_a_week_is_refused_naming_the_two() -> None:
    monday = datetime(2026, 6, 1, 19, tzinfo=MOSCOW)
    held = {3: monday, 5: datetime(2026, 6, 6, 19, tzinfo=MOSCOW)}
    with pytest.raises(WeekFull) as refused:
        check_week(held, datetime(2026, 6, 7, 23, 59, tzinfo=MOSCOW), MOSCOW)
    assert refused.value.taken == (3, 5)
    check_week(held, datetime(2026, 6, 8, 0, 0, tzinfo=MOSCOW), MOSCOW)  # the next Monday
    check_week({3: monday}, monday, MOSCOW)  # a second one is fine


def test_the_week_boundary_in_utc_and_in_moscow_differ() -> None:
    # two on Sunday evening Moscow; a third at 23:30 Sunday UTC = Monday 02:30 Moscow
    held = {
        1: datetime(2026, 6, 7, 18, tzinfo=MOSCOW),
        2: datetime(2026, 6, 7, 19, tzinfo=MOSCOW),
    }
    late = datetime(2026, 6, 7, 23, 30, tzinfo=UTC)
    check_week(held, late, MOSCOW)  # Monday in the club: a new week
    with pytest.raises(WeekFull):
        check_week(held, late, UTC)  # still Sunday in UTC


def test_the_end_rules() -> None:
    assert after_challenge(Challenge.PLAYER) is Ending.BEATEN
    assert after_challenge(Challenge.OVERLORD) is None
    assert after_challenge(Challenge.DRAW) is None
    assert at_period_end(MIN_HELD) is Ending.KEPT
    assert at_period_end(MIN_HELD + 3) is Ending.KEPT
    assert at_period_end(MIN_HELD - 1) is Ending.NOT_HELD
    assert at_period_end(0) is Ending.NOT_HELD


def test_the_period_and_its_extension() -> None:
    check_period(date(2026, 6, 1), date(2026, 6, 1))
    with pytest.raises(BadPeriod):
        check_period(date(2026, 6, 2), date(2026, 6, 1))
    official = date(2026, 8, 31)
    assert extended(official, official, date(2026, 9, 15)) == date(2026, 9, 15)
    with pytest.raises(BadExtension):
        extended(official, date(2026, 9, 15), date(2026, 9, 10))
    assert past_official_end(official, date(2026, 9, 1))
    assert not past_official_end(official, official)
    # the period is over at the next midnight of the club's time zone
    assert end_moment(official, MOSCOW) == datetime(2026, 9, 1, tzinfo=MOSCOW)


def test_crystals_used_are_from_none_to_all_he_has() -> None:
    assert check_used(0, 3) == 0
    assert check_used(3, 3) == 3
    with pytest.raises(TooManyCrystals):
        check_used(4, 3)
    with pytest.raises(TooManyCrystals):
        check_used(-1, 3)


def test_replay_sums_crystals_and_keeps_them_after_a_lost_challenge() -> None:
    at = datetime(2026, 6, 1, 19, tzinfo=MOSCOW)
    state = replay(
        date(2026, 8, 31),
        [
            SerJoined(1, at),
            SerHeld(1, 9, 11, {11: 2, 12: 1}),
            SerJoined(2, at),
            SerHeld(2, 6, 12, {12: 1}),
            SerAsked(1),
            SerChallenge(1, "overlord", used=2),
        ],
    )
    assert state.table() == [(11, 2), (12, 2)]  # the lost challenge spent none (606.8)
    assert state.held == [1, 2]
    assert state.duels[1].result is Challenge.OVERLORD and state.duels[1].used == 2
    assert state.open_duel(2) is not None and state.running
    state_won = replay(date(2026, 8, 31), [SerHeld(2, 6, 12, {12: 1}), SerChallenge(2, "player")])
    assert state_won.ending is Ending.BEATEN and state_won.winner == 12
    assert not state_won.running


def test_replay_of_an_extension_and_an_end() -> None:
    state = replay(
        date(2026, 8, 31), [SerExtended(date(2026, 9, 30)), SerEnded(Ending.NOT_HELD.value)]
    )
    assert state.extended and state.ends_on == date(2026, 9, 30)
    assert state.ending is Ending.NOT_HELD and state.winner is None
