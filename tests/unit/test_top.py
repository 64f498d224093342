import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.top import BracketError, DrawInTop, bracket_order, top_state, top_winner


def test_standard_top_8_bracket() -> None:
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert bracket_order(4) == [1, 4, 2, 3]
    assert bracket_order(2) == [1, 2]


@pytest.mark.parametrize("size", [2, 4, 8, 16])
def test_seeds_pair_to_size_plus_one_and_one_and_two_meet_only_in_the_final(size: int) -> None:
    order = bracket_order(size)
    assert sorted(order) == list(range(1, size + 1))
    assert all(order[i] + order[i + 1] == size + 1 for i in range(0, size, 2))
    assert (1 in order[: size // 2]) != (2 in order[: size // 2])


def test_bad_sizes_are_rejected() -> None:
    for size in (0, 1, 3, 6, 12):
        with pytest.raises(BracketError):
            bracket_order(size)


@given(st.sampled_from([2, 4, 8, 16]), st.randoms())
def test_replaying_winners_reaches_a_single_champion(size: int, rnd: object) -> None:
    seeds = [f"s{i}" for i in range(1, size + 1)]
    winners: list[str] = []
    state = top_state(seeds, winners)
    rounds = 0
    while state.champion is None:
        rounds += 1
        winners += [rnd.choice(pair) for pair in state.pairs]  # type: ignore[attr-defined]
        state = top_state(seeds, winners)
    assert rounds == size.bit_length() - 1
    assert state.champion == winners[-1]


def test_progress_through_a_top_4() -> None:
    seeds = ["a", "b", "c", "d"]
    assert top_state(seeds, []).pairs == (("a", "d"), ("b", "c"))
    assert top_state(seeds, ["d"]).pairs == (("b", "c"),)
    assert top_state(seeds, ["d", "b"]).pairs == (("d", "b"),)
    assert top_state(seeds, ["d", "b", "b"]).champion == "b"
    with pytest.raises(BracketError):
        top_state(seeds, ["b"])


def test_a_draw_is_rejected_in_the_top() -> None:
    assert top_winner(("a", "b"), 1, 2) == "b"
    with pytest.raises(DrawInTop):
        top_winner(("a", "b"), 1, 1)
