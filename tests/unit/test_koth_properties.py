"""Property tests: random legal tournaments always end with one winner, in bounded time.

Bound on games (no judge actions): in the main time, the last circle and the extra games every
win goes to a player still fighting for the title, and nobody passes norm − 1 without ending the
tournament (5.9), except the one game that ends the extra games; W's extra wins are part of his
own norm − 1. So at most Σ(norm − 1) + 1 games happen before a final, and a final or mini-
tournament among at most n players adds at most n − 1 (or n − 2 after W's losing game):
games ≤ Σ(norm − 1) + n − 1 = Σ norm − 1.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.koth import (
    DecidedBy,
    Event,
    KothState,
    LeaveError,
    Phase,
    apply_event,
    extra_turn_passed,
    replay,
    replay_from,
    start,
)

PLAYERS = "abcdef"


def random_tournament(
    data: st.DataObject, *, judge: bool = False
) -> tuple[tuple[str, ...], dict[str, int], list[Event], KothState[str]]:
    """Play a random legal tournament: games of the pair at the table with a random winner,
    one expiry at a random game number, random leaves of eliminated players (and, with
    ``judge``, a few random judge eliminations/reinstatements)."""
    order = tuple(PLAYERS[: data.draw(st.integers(4, 6), label="n")])
    norms = {p: data.draw(st.integers(1, 6), label=f"norm {p}") for p in order}
    expire_at = data.draw(st.integers(0, sum(norms.values())), label="expire at game")
    judge_budget = 3 if judge else 0
    state, events = start(order, norms), []
    while state.phase is not Phase.FINISHED:
        event = _next_event(data, state, expire_at)
        if judge_budget and state.expired and data.draw(st.integers(0, 4)) == 0:
            judge_budget -= 1
            event = _judge_event(data, state) or event
        state = apply_event(state, event)
        events.append(event)
        assert len(events) < 500
    return order, norms, events, state


def _next_event(data: st.DataObject, state: KothState[str], expire_at: int) -> Event:
    if state.phase is Phase.MAIN and state.game_count == expire_at:
        return ("expire",)
    may_leave = sorted(p for p in state.eliminated if p not in state.left)
    if may_leave and data.draw(st.integers(0, 3)) == 0:
        return ("leave", data.draw(st.sampled_from(may_leave)))
    assert state.next_pair is not None
    winner = data.draw(st.sampled_from(state.next_pair))
    loser = state.next_pair[1] if winner == state.next_pair[0] else state.next_pair[0]
    return ("game", winner, loser)


def _judge_event(data: st.DataObject, state: KothState[str]) -> Event | None:
    if state.phase not in (Phase.LAST_CIRCLE, Phase.EXTRA):
        return None
    assert state.next_pair is not None
    free = [p for p in state.order if p not in state.next_pair]
    player = data.draw(st.sampled_from(free))
    return ("reinstate" if player in state.eliminated else "eliminate", player)


@settings(max_examples=300)
@given(st.data())
def test_random_tournament_ends_with_one_winner_within_the_bound(data: st.DataObject) -> None:
    _, norms, _, state = random_tournament(data)
    assert state.winner is not None
    assert state.decided_by is not None
    assert state.next_pair is None
    assert state.game_count <= sum(norms.values()) - 1
    assert state.winner not in state.eliminated  # an eliminated player never wins
    if not state.expired:
        assert state.decided_by is DecidedBy.NORM
    if state.decided_by is DecidedBy.NORM:
        assert state.remainder[state.winner] <= 0


@settings(max_examples=300)
@given(st.data())
def test_no_game_after_the_last_circle_is_rated(data: st.DataObject) -> None:
    _, _, _, state = random_tournament(data)
    for game in state.history:
        assert game.rated == (game.phase in (Phase.MAIN, Phase.LAST_CIRCLE))
    flags = list(state.rated)
    assert flags == sorted(flags, reverse=True)  # rated games first, then unrated only


@settings(max_examples=300)
@given(st.data())
def test_circles_bring_each_player_to_the_table_at_most_once(data: st.DataObject) -> None:
    _, _, _, state = random_tournament(data)
    circle_games = [g for g in state.history if g.phase in (Phase.MAIN, Phase.LAST_CIRCLE)]
    for circle in {g.circle for g in circle_games}:
        games = [g for g in circle_games if g.circle == circle]
        losers = [g.loser for g in games]
        assert len(losers) == len(set(losers))
        assert len(games) <= len(state.order) - 1


@settings(max_examples=300)
@given(st.data())
def test_eliminated_players_do_not_play_again_in_the_last_circle(data: st.DataObject) -> None:
    _, _, _, state = random_tournament(data)
    for player, why in state.eliminated.items():
        if why.game is None:
            continue
        later = state.history[why.game :]
        for game in later:
            if game.phase is Phase.LAST_CIRCLE:
                assert player not in (game.winner, game.loser)


@settings(max_examples=200)
@given(st.data())
def test_replaying_a_prefix_then_the_rest_equals_replaying_all(data: st.DataObject) -> None:
    order, norms, events, state = random_tournament(data)
    cut = data.draw(st.integers(0, len(events)), label="cut")
    assert replay(order, norms, events) == state
    assert replay_from(replay(order, norms, events[:cut]), events[cut:]) == state


@settings(max_examples=300)
@given(st.data())
def test_with_judge_actions_the_tournament_still_ends_with_one_winner(
    data: st.DataObject,
) -> None:
    order, norms, events, state = random_tournament(data, judge=True)
    assert state.winner is not None
    assert state.winner not in state.eliminated
    assert replay(order, norms, events) == state


@settings(max_examples=300)
@given(st.data())
def test_leaving_then_staying_where_allowed_changes_nothing(data: st.DataObject) -> None:
    """6.7 with the later choice winning: an eliminated player who leaves and, while his extra
    game has not yet come, stays again, leaves the tournament exactly as it was; once it has
    come (or a final is set), staying is refused."""
    order, norms, events, _ = random_tournament(data)
    cut = data.draw(st.integers(0, len(events) - 1), label="cut")
    state = replay(order, norms, events[:cut])
    present = sorted(p for p in state.eliminated if p not in state.left)
    if not present:
        return
    player = data.draw(st.sampled_from(present), label="player")
    left = apply_event(state, ("leave", player))
    try:
        back = apply_event(left, ("stay", player))
    except LeaveError:  # a final is set (no extra games left), or his turn has passed
        if left.phase is not Phase.FINAL:
            assert left.phase is Phase.EXTRA and extra_turn_passed(left, player)
        return
    assert back == state
