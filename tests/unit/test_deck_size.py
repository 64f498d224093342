"""Table 3 and 601.10: the deck a draft's cards must make."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.limited.deck_size import deck_minimum, drafted_cards, hand_size


@pytest.mark.parametrize(
    ("boosters", "minimum"),
    [
        ([12], None),  # one booster: the cards are the hand at once
        ([7], None),
        ([7, 7], None),  # 14 < 20: no deck, all cards are the hand
        ([12, 12], 20),  # 601.10: two 12-card boosters, a deck of 20 or more
        ([12, 7], None),  # 19 < 20
        ([12, 12, 7], 20),  # 31: from 20 to 32
        ([12, 12, 12], 30),  # 36 ≥ 32
        ([7, 7, 7, 7], 20),  # 28
        ([7, 7, 7, 7, 7], 30),  # 35
    ],
)
def test_table_3(boosters: list[int], minimum: int | None) -> None:
    assert deck_minimum(boosters) == minimum


@pytest.mark.parametrize(
    ("boosters", "hand"),
    [([12], 12), ([7], 7), ([7, 7], 14), ([12, 7], 19), ([12, 12], 15), ([12, 12, 12], 15)],
)
def test_the_hand_is_every_drafted_card_without_a_deck_else_15(
    boosters: list[int], hand: int
) -> None:
    assert hand_size(boosters) == hand


@given(st.lists(st.sampled_from([7, 12]), min_size=2, max_size=4))
def test_a_deck_never_needs_more_cards_than_were_drafted(boosters: list[int]) -> None:
    minimum = deck_minimum(boosters)
    assert minimum is None or minimum <= drafted_cards(boosters)
