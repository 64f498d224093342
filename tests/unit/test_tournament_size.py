"""Rounds and Top by the field (``rules.tournament_size``, spec section 4 and §6 «в два этапа»)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.tournament_size import (
    TooFewPlayers,
    TournamentSize,
    default_top,
    fitted,
    fitting_top,
    max_swiss_rounds,
    tournament_size,
)


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (4, TournamentSize(3, 2)),
        (5, TournamentSize(3, 2)),
        (6, TournamentSize(3, 4)),
        (8, TournamentSize(3, 4)),
        (9, TournamentSize(4, 4)),
        (16, TournamentSize(4, 4)),
        (17, TournamentSize(5, 8)),
        (64, TournamentSize(6, 8)),
        (128, TournamentSize(7, 16)),
        (129, TournamentSize(8, 16)),
    ],
)
def test_every_field_has_a_top_by_default(players: int, expected: TournamentSize) -> None:
    assert tournament_size(players) == expected
    assert default_top(players) == expected.top_size


def test_the_organiser_may_choose_no_top_but_not_one_bigger_than_the_field() -> None:
    assert tournament_size(6, top_size=0).top_size == 0
    with pytest.raises(ValueError):
        tournament_size(6, top_size=8)
    with pytest.raises(TooFewPlayers):
        tournament_size(3)


def test_a_field_plays_at_most_a_round_robin_without_rematches() -> None:
    assert [max_swiss_rounds(n) for n in (4, 5, 6, 7, 9)] == [3, 5, 5, 7, 9]


def test_the_largest_top_that_fits() -> None:
    assert [fitting_top(n) for n in (1, 2, 3, 7, 8, 9, 40)] == [0, 2, 2, 4, 8, 8, 32]


def test_begin_cuts_a_misfit_to_what_the_field_can_play() -> None:
    assert fitted(4, (4, 2)) == (3, 2)  # four players cannot play four rounds
    assert fitted(6, (3, 8)) == (3, 4)
    assert fitted(9, (4, 0)) == (4, 0)


@given(st.integers(min_value=4, max_value=300))
def test_the_default_always_fits_the_field(players: int) -> None:
    size = tournament_size(players)
    assert fitted(players, (size.swiss_rounds, size.top_size)) == (
        size.swiss_rounds,
        size.top_size,
    )
    assert 2 <= size.top_size <= players
