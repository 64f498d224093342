"""The King of the Hill final table's places (``rules.koth.places``): the winner first, then
the smaller remainder to the norm, more wins, the fixed order."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.koth import replay
from rules.koth.places import final_places

ORDER = ["ann", "bob", "cid", "dan"]


def test_the_winner_then_the_remainder_then_wins_then_the_order() -> None:
    norms = {"ann": 2, "bob": 3, "cid": 3, "dan": 5}
    state = replay(ORDER, norms, [("game", "ann", "bob"), ("game", "ann", "cid")])
    assert state.winner == "ann"
    # bob and cid: remainder 3, no wins; dan: remainder 5; bob before cid by the order
    assert final_places(state) == ["ann", "bob", "cid", "dan"]


def test_more_wins_first_on_the_same_remainder() -> None:
    norms = {"ann": 3, "bob": 2, "cid": 3, "dan": 3}
    games = [("game", "ann", "bob"), ("game", "cid", "ann"), ("game", "cid", "dan")]
    state = replay(ORDER, norms, games)
    # ann 1 win (remainder 2), bob 0 (2), cid 2 (1), dan 0 (3); no winner yet
    assert state.winner is None
    assert final_places(state) == ["cid", "ann", "bob", "dan"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.booleans(), min_size=1, max_size=12))
def test_every_player_once_the_winner_first_remainders_never_fall(results: list[bool]) -> None:
    norms = {"ann": 4, "bob": 3, "cid": 4, "dan": 4}
    games: list[tuple[object, ...]] = []
    state = replay(ORDER, norms, games)
    for king_wins in results:
        if state.winner is not None or state.next_pair is None:
            break
        a, b = state.next_pair
        games.append(("game", a, b) if king_wins else ("game", b, a))
        state = replay(ORDER, norms, games)
    places = final_places(state)
    assert sorted(places) == sorted(ORDER)
    rest = places
    if state.winner is not None:
        assert places[0] == state.winner
        rest = places[1:]
    remainders = [state.remainder_of(p) for p in rest]
    assert remainders == sorted(remainders)
