"""rules.no_shows: the 60-day window, one per tournament, the third flags (issue 27, item 7)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from rules.no_shows import FLAGGED, WINDOW, NoShow, flagged, per_tournament, recent

START = datetime(2026, 9, 1, 19, tzinfo=UTC)


def at(days: float) -> datetime:
    return START + timedelta(days=days)


def test_three_within_sixty_days_flag_the_player() -> None:
    shows = [NoShow(at(0), 1, 7), NoShow(at(20), 2, 7), NoShow(at(59), 3, 7)]
    assert flagged(shows, 7, at(59)) == shows
    assert flagged(shows, 8, at(59)) == []


def test_two_do_not_flag() -> None:
    shows = [NoShow(at(0), 1, 7), NoShow(at(20), 2, 7)]
    assert recent(shows, 7, at(21)) == shows
    assert flagged(shows, 7, at(21)) == []


def test_the_window_drops_a_no_show_older_than_sixty_days() -> None:
    shows = [NoShow(at(0), 1, 7), NoShow(at(20), 2, 7), NoShow(at(40), 3, 7)]
    fourth = NoShow(at(61), 4, 7)
    assert recent([*shows, fourth], 7, at(61)) == [*shows[1:], fourth]
    # exactly sixty days back still counts
    assert len(recent(shows, 7, at(60))) == 3


def test_a_no_show_after_now_is_not_counted() -> None:
    shows = [NoShow(at(10), 1, 7)]
    assert recent(shows, 7, at(5)) == []


def test_one_per_tournament() -> None:
    shows = [NoShow(at(0), 1, 7), NoShow(at(0.1), 1, 7), NoShow(at(1), 2, 7)]
    assert per_tournament(shows) == [NoShow(at(0), 1, 7), NoShow(at(1), 2, 7)]
    assert flagged([*shows, NoShow(at(0.2), 1, 7)], 7, at(2)) == []


shows_strategy = st.lists(
    st.builds(
        NoShow,
        st.floats(min_value=0, max_value=200).map(at),
        st.integers(min_value=1, max_value=12),
        st.integers(min_value=1, max_value=3),
    ),
    max_size=30,
)


@given(shows_strategy, st.floats(min_value=0, max_value=200), st.integers(1, 3))
def test_recent_is_exactly_the_distinct_tournaments_in_the_window(
    shows: list[NoShow], day: float, player: int
) -> None:
    now = at(day)
    found = recent(shows, player, now)
    # by brute force: each tournament of the player's with a no-show inside the window, dated
    # by its earliest no-show, counts once
    earliest: dict[int, datetime] = {}
    for each in shows:
        if each.player == player:
            earliest[each.tournament] = min(earliest.get(each.tournament, each.at), each.at)
    expected = {tid for tid, when in earliest.items() if now - WINDOW <= when <= now}
    assert {each.tournament for each in found} == expected
    assert len(found) == len(expected)
    assert found == sorted(found)
    assert (flagged(shows, player, now) != []) == (len(expected) >= FLAGGED)
