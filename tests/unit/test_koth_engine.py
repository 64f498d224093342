"""The King-of-the-Hill engine, clause by clause, with hand-computed scenarios.

Builders: ``koth(events, a=5, b=5, ...)`` replays events for players in keyword order (p1, p2, …)
with the given norms; ``g("a", "b")`` is a game a won against b. Comments show wins (a1 = a has
1 win) and remainders (rem) as they stand after each game.
"""

import pytest

from rules.koth import (
    DecidedBy,
    EliminationReason,
    Event,
    ExpiryError,
    InvalidSetupError,
    JudgeActionError,
    KothState,
    LeaveError,
    Phase,
    TournamentFinishedError,
    UnknownEventError,
    UnknownPlayerError,
    WrongPairError,
    next_challenger,
    replay,
    replay_from,
    start,
)

EXPIRE: Event = ("expire",)


def g(winner: str, loser: str) -> Event:
    return ("game", winner, loser)


def leave(player: str) -> Event:
    return ("leave", player)


def eliminate(player: str) -> Event:
    return ("eliminate", player)


def reinstate(player: str) -> Event:
    return ("reinstate", player)


def declare(player: str) -> Event:
    return ("declare", player)


def koth(events: list[Event], **norms: int) -> KothState[str]:
    return replay(tuple(norms), norms, events)


# Circle 1 where a beats everybody: a3 (rem 2 with norm 5); circle 2 opens with a vs b.
A_SWEEPS = [g("a", "b"), g("a", "c"), g("a", "d")]


# --- start, pairs and circles (5.1–5.7, 6.4) ---------------------------------------------------


def test_game_one_is_p1_against_p2() -> None:
    state = koth([], a=5, b=5, c=5, d=5)
    assert state.next_pair == ("a", "b")
    assert state.king is None
    assert state.phase is Phase.MAIN
    assert state.circle == 1
    assert state.upcoming == ("c", "d")


def test_winner_stays_as_king_and_next_in_order_challenges() -> None:
    state = koth([g("b", "a")], a=5, b=5, c=5, d=5)
    assert state.king == "b"
    assert state.next_pair == ("b", "c")
    assert state.wins == {"a": 0, "b": 1, "c": 0, "d": 0}
    assert state.remainder == {"a": 5, "b": 4, "c": 5, "d": 5}


def test_circle_two_starts_at_position_one_as_soon_as_circle_one_ends() -> None:
    state = koth([g("a", "b"), g("c", "a"), g("c", "d")], a=9, b=9, c=9, d=9)
    assert state.circle == 2
    assert state.next_pair == ("c", "a")
    assert state.upcoming == ("b", "d")


def test_king_who_lost_before_his_position_is_skipped_in_that_circle() -> None:
    circle_one = [g("a", "b"), g("c", "a"), g("c", "d")]
    # Circle 2: c (King) loses to a; b comes next; c's own position 3 is skipped.
    state = koth([*circle_one, g("a", "c"), g("a", "b")], a=9, b=9, c=9, d=9)
    assert state.circle == 2
    assert state.next_pair == ("a", "d")
    assert state.upcoming == ()


def test_king_is_skipped_at_his_own_position() -> None:
    state = koth(A_SWEEPS, a=9, b=9, c=9, d=9)
    assert state.circle == 2
    assert state.next_pair == ("a", "b")  # position 1 is the King himself
    state = replay_from(state, [g("a", "b"), g("a", "c"), g("a", "d")])
    assert state.circle == 3


def test_player_loses_at_most_once_per_circle() -> None:
    events = [g("a", "b"), g("c", "a"), g("c", "d"), g("a", "c"), g("b", "a"), g("d", "b")]
    state = koth(events, a=9, b=9, c=9, d=9)
    for circle in (1, 2):
        losers = [x.loser for x in state.history if x.circle == circle]
        assert len(losers) == len(set(losers))
    assert [x.circle for x in state.history] == [1, 1, 1, 2, 2, 2]
    assert state.circle == 3


def test_wrong_pair_is_rejected_naming_the_expected_pair() -> None:
    state = koth([g("a", "b")], a=5, b=5, c=5, d=5)
    with pytest.raises(WrongPairError, match="a vs c") as caught:
        replay_from(state, [g("a", "d")])
    assert caught.value.expected == ("a", "c")


def test_pair_may_be_reported_in_either_order() -> None:
    state = koth([g("b", "a")], a=5, b=5, c=5, d=5)
    assert state.king == "b"
    assert state.history[0].loser == "a"


@pytest.mark.parametrize(
    "event",
    [("game", "a"), ("game", "a", "a"), ("flip",), ("expire", "now"), (), ("leave",)],
)
def test_malformed_events_are_rejected(event: Event) -> None:
    with pytest.raises((UnknownEventError, WrongPairError)):
        koth([event], a=5, b=5, c=5, d=5)


def test_unknown_player_is_rejected() -> None:
    with pytest.raises(UnknownPlayerError):
        koth([EXPIRE, leave("zed")], a=5, b=5, c=5, d=5)


@pytest.mark.parametrize(
    ("order", "norms"),
    [
        (("a",), {"a": 5}),
        (("a", "a"), {"a": 5}),
        (("a", "b"), {"a": 5}),
        (("a", "b"), {"a": 5, "b": 0}),
        (("a", "b"), {"a": 5, "b": 2.5}),
    ],
)
def test_bad_setup_is_rejected(order: tuple[str, ...], norms: dict[str, int]) -> None:
    with pytest.raises(InvalidSetupError):
        start(order, norms)


# --- the norm wins at once (5.9) ---------------------------------------------------------------


def test_norm_in_main_time_wins_at_once() -> None:
    state = koth([g("a", "b"), g("a", "c")], a=2, b=5, c=5, d=5)
    assert state.phase is Phase.FINISHED
    assert (state.winner, state.decided_by) == ("a", DecidedBy.NORM)
    assert state.next_pair is None


def test_any_event_after_the_end_is_rejected() -> None:
    state = koth([g("a", "b"), g("a", "c")], a=2, b=5, c=5, d=5)
    for event in (g("a", "d"), EXPIRE, declare("b")):
        with pytest.raises(TournamentFinishedError):
            replay_from(state, [event])


# --- main time expires: the last circle (6.2–6.8) -------------------------------------------


def test_circle_in_progress_becomes_last_and_nobody_starts_another() -> None:
    circle_one = [g("a", "b"), g("c", "a"), g("c", "d")]  # c2, a1; circle 2 opens c vs a
    state = koth([*circle_one, EXPIRE], a=5, b=5, c=5, d=5)
    assert state.phase is Phase.LAST_CIRCLE
    assert state.circle == 2
    assert state.next_pair == ("c", "a")
    assert state.eliminated == {}
    # c beats a: c3 (rem 2); a rem 4 > 2 → a out (6.7).
    state = replay_from(state, [g("c", "a")])
    assert state.eliminated["a"].reason is EliminationReason.LAST_CIRCLE_LOSS
    assert state.eliminated["a"].remainder == 4
    assert state.eliminated["a"].leader_remainder == 2
    assert state.next_pair == ("c", "b")


def test_norm_in_the_last_circle_wins_at_once() -> None:
    circle_one = [g("a", "b"), g("c", "a"), g("c", "d")]
    state = koth([*circle_one, EXPIRE, g("c", "a"), g("c", "b"), g("c", "d")], a=5, b=5, c=5, d=5)
    assert (state.winner, state.decided_by) == ("c", DecidedBy.NORM)


def test_sole_leader_after_the_last_circle_wins() -> None:
    # As above but c's norm is 6: after the circle c has 5 wins (rem 1), everybody else is out.
    circle_one = [g("a", "b"), g("c", "a"), g("c", "d")]
    events = [*circle_one, EXPIRE, g("c", "a"), g("c", "b"), g("c", "d")]
    state = koth(events, a=5, b=5, c=6, d=5)
    assert (state.winner, state.decided_by) == ("c", DecidedBy.SOLE_LEADER)
    assert set(state.eliminated) == {"a", "b", "d"}


def test_w_behind_the_leader_goes_to_extra_games() -> None:
    # Last circle 2: a beats b (a4 rem 1; b out), c beats a (c1 rem 4; a, the Leader, stays),
    # c beats d (c2 rem 3; d out). W = c is not a Leader: a is, alone.
    events = [*A_SWEEPS, EXPIRE, g("a", "b"), g("c", "a"), g("c", "d")]
    state = koth(events, a=5, b=5, c=5, d=5)
    assert state.phase is Phase.EXTRA
    assert state.leaders == ("a",)
    assert set(state.eliminated) == {"b", "d"}


def test_earlier_games_of_the_last_circle_eliminate_retroactively() -> None:
    # Circle 1: a1, c2. Circle 2 before expiry: a beats c (a2), a beats b (a3).
    events = [g("a", "b"), g("c", "a"), g("c", "d"), g("a", "c"), g("a", "b"), EXPIRE]
    state = koth(events, a=5, b=5, c=5, d=5)
    # Replayed: after a-c, a rem 3 and c rem 3 are level → c stays; after a-b, b rem 5 vs 2 → out.
    assert list(state.eliminated) == ["b"]
    assert state.eliminated["b"].game == 5
    assert state.eliminated["b"].leader_remainder == 2
    assert state.wins == {"a": 3, "b": 0, "c": 2, "d": 0}
    assert state.next_pair == ("a", "d")
    assert state.leaders == ("a",)


def test_expiry_before_game_one_makes_circle_one_the_last() -> None:
    state = koth([EXPIRE, g("a", "b")], a=2, b=5, c=5, d=5)
    assert state.phase is Phase.LAST_CIRCLE
    assert "b" in state.eliminated


def test_main_time_expires_only_once() -> None:
    with pytest.raises(ExpiryError):
        koth([g("a", "b"), EXPIRE, EXPIRE], a=5, b=5, c=5, d=5)


# --- 6.9.2: W level with other Leaders → final or mini-tournament -------------------------------


def test_two_level_leaders_play_a_final() -> None:
    # Last circle 2: b beats a (b1 rem 4; a rem 2 Leader stays), b beats c (c out),
    # b beats d (b3 rem 2 = a's; d out). W = b level with a → final, fixed order: a first.
    events = [*A_SWEEPS, EXPIRE, g("b", "a"), g("b", "c"), g("b", "d")]
    state = koth(events, a=5, b=5, c=5, d=5)
    assert state.phase is Phase.FINAL
    assert state.finalists == ("a", "b")
    assert state.next_pair == ("a", "b")
    state = replay_from(state, [g("b", "a")])
    assert (state.winner, state.decided_by) == ("b", DecidedBy.FINAL)
    assert state.rated == (True,) * 6 + (False,)


def test_three_level_players_play_a_knockout_mini_tournament() -> None:
    # Expiry before game 1. a beats b: a rem 3, b rem 2 (Leader) stays. c beats a: c rem 2,
    # a rem 3 out. d beats c: d rem 2, c stays. W = d level with b and c.
    events = [EXPIRE, g("a", "b"), g("c", "a"), g("d", "c")]
    state = koth(events, a=4, b=2, c=3, d=3)
    assert state.phase is Phase.FINAL
    assert state.finalists == ("b", "c", "d")
    assert state.is_mini_tournament
    assert state.next_pair == ("b", "c")
    assert state.upcoming == ("d",)
    state = replay_from(state, [g("c", "b")])
    assert state.next_pair == ("c", "d")
    state = replay_from(state, [g("d", "c")])
    assert (state.winner, state.decided_by) == ("d", DecidedBy.MINI_TOURNAMENT)


def test_reaching_the_norm_inside_a_mini_tournament_does_not_end_it() -> None:
    # As above with remainders 1: c's first mini win brings him to his norm, play goes on.
    events = [EXPIRE, g("a", "b"), g("c", "a"), g("d", "c")]
    state = koth(events, a=3, b=1, c=2, d=2)
    assert state.finalists == ("b", "c", "d")
    state = replay_from(state, [g("c", "b")])
    assert state.remainder["c"] == 0
    assert state.phase is Phase.FINAL
    state = replay_from(state, [g("d", "c")])
    assert (state.winner, state.decided_by) == ("d", DecidedBy.MINI_TOURNAMENT)


# --- 6.9.3–6.9.5: extra games --------------------------------------------------------------------

# Retroactive scenario: b out at expiry; d beats a in the last game: W = d (rem 4), Leader a
# (rem 2), c (rem 3) stays in but is no Leader. Extra games: first b (eliminated, after d).
TO_EXTRA = [g("a", "b"), g("c", "a"), g("c", "d"), g("a", "c"), g("a", "b"), EXPIRE, g("d", "a")]


def test_extra_games_start_with_the_eliminated_who_stayed() -> None:
    state = koth(TO_EXTRA, a=5, b=5, c=5, d=5)
    assert state.phase is Phase.EXTRA
    assert state.king == "d"
    assert state.leaders == ("a",)
    assert state.next_pair == ("d", "b")
    assert state.upcoming == ("a",)
    assert "c" not in state.eliminated


def test_w_catches_up_then_plays_the_final_6_9_4a() -> None:
    # d beats b (d2 rem 3), then the Leader a (d3 rem 2 = a's) → final a vs d.
    state = koth([*TO_EXTRA, g("d", "b")], a=5, b=5, c=5, d=5)
    assert state.next_pair == ("d", "a")
    state = replay_from(state, [g("d", "a")])
    assert state.phase is Phase.FINAL
    assert state.finalists == ("a", "d")
    state = replay_from(state, [g("a", "d")])
    assert (state.winner, state.decided_by) == ("a", DecidedBy.FINAL)
    assert state.rated == (True,) * 6 + (False,) * 3
    assert [x.phase for x in state.history[5:]] == [
        Phase.LAST_CIRCLE,
        Phase.EXTRA,
        Phase.EXTRA,
        Phase.FINAL,
    ]


def test_w_loses_and_the_single_leader_wins_6_9_4b() -> None:
    state = koth([*TO_EXTRA, g("d", "b"), g("a", "d")], a=5, b=5, c=5, d=5)
    assert (state.winner, state.decided_by) == ("a", DecidedBy.LAST_LEADER_STANDING)
    assert state.eliminated["d"].reason is EliminationReason.EXTRA_GAME_LOSS


def test_leader_beating_w_reaches_his_norm_and_wins_at_once() -> None:
    # Expiry first. a beats b (a rem 1, b rem 1 stays). c beats a (c rem 2, a stays).
    # d beats c (d rem 3, c out). W = d, Leaders a and b. Extra: c, then a, who reaches his norm.
    events = [EXPIRE, g("a", "b"), g("c", "a"), g("d", "c"), g("d", "c"), g("a", "d")]
    state = koth(events, a=2, b=1, c=3, d=4)
    assert (state.winner, state.decided_by) == ("a", DecidedBy.NORM)


def test_w_loses_and_two_fixed_leaders_play_the_final_6_9_5() -> None:
    # Like the previous one with larger norms: Leaders a and b at rem 2, W = d at rem 4.
    events = [EXPIRE, g("a", "b"), g("c", "a"), g("d", "c")]
    state = koth(events, a=3, b=2, c=4, d=5)
    assert state.leaders == ("a", "b")
    state = replay_from(state, [g("d", "c"), g("a", "d")])
    # a is now at rem 1, b at rem 2, yet both stay Leaders: the final is a vs b.
    assert state.phase is Phase.FINAL
    assert state.finalists == ("a", "b")
    state = replay_from(state, [g("b", "a")])
    assert (state.winner, state.decided_by) == ("b", DecidedBy.FINAL)


def test_w_losing_to_an_eliminated_player_leaves_three_leaders_a_mini_tournament() -> None:
    # 5 players, expiry first. a beats b (a rem 2, b rem 3 out); c beats a (c rem 2, a stays);
    # d beats c (d rem 2, c stays); e beats d (e rem 4, d stays). W = e, Leaders a, c, d.
    events = [EXPIRE, g("a", "b"), g("c", "a"), g("d", "c"), g("e", "d")]
    state = koth(events, a=3, b=3, c=3, d=3, e=5)
    assert state.phase is Phase.EXTRA
    assert state.next_pair == ("e", "b")
    state = replay_from(state, [g("b", "e")])
    assert state.phase is Phase.FINAL
    assert state.finalists == ("a", "c", "d")
    assert state.wins["b"] == 1
    assert "b" in state.eliminated


def test_w_cycles_through_the_leaders_from_p1() -> None:
    # Leaders a, b (rem 2); W = d with norm 7 (rem 6). c first, then a, b, a → level → mini.
    events = [EXPIRE, g("a", "b"), g("c", "a"), g("d", "c"), g("d", "c")]
    state = koth(events, a=3, b=2, c=4, d=7)
    opponents = []
    while state.phase is Phase.EXTRA:
        assert state.next_pair is not None
        opponents.append(state.next_pair[1])
        state = replay_from(state, [g("d", state.next_pair[1])])
    assert opponents == ["a", "b", "a"]
    assert state.finalists == ("a", "b", "d")


# --- leaving (6.7) ---------------------------------------------------------------------------


def test_leaving_player_is_not_called_for_extra_games() -> None:
    state = koth([*TO_EXTRA, leave("b")], a=5, b=5, c=5, d=5)
    assert "b" in state.left
    assert state.next_pair == ("d", "a")


def test_player_who_left_before_the_extra_games_is_skipped() -> None:
    events = [g("a", "b"), g("c", "a"), g("c", "d"), g("a", "c"), g("a", "b"), EXPIRE]
    state = koth([*events, leave("b"), g("d", "a")], a=5, b=5, c=5, d=5)
    assert state.next_pair == ("d", "a")


def test_only_eliminated_players_may_leave_and_only_once() -> None:
    with pytest.raises(LeaveError):
        koth([g("a", "b"), leave("b")], a=5, b=5, c=5, d=5)
    with pytest.raises(LeaveError):
        koth([*TO_EXTRA, leave("b"), leave("b")], a=5, b=5, c=5, d=5)


def stay(player: str) -> Event:
    return ("stay", player)


def test_a_player_who_left_and_changes_his_mind_in_the_last_circle_is_called() -> None:
    # b left, then stays again before the last circle ended: W = d plays b first after all.
    events = [g("a", "b"), g("c", "a"), g("c", "d"), g("a", "c"), g("a", "b"), EXPIRE]
    state = koth([*events, leave("b"), stay("b")], a=5, b=5, c=5, d=5)
    assert "b" not in state.left and "b" in state.eliminated
    state = replay_from(state, [g("d", "a")])
    assert state.next_pair == ("d", "b")


def test_staying_again_is_refused_once_his_extra_game_would_have_started() -> None:
    # b left while called for W's first extra game: a Leader was called in his place.
    state = koth([*TO_EXTRA, leave("b")], a=5, b=5, c=5, d=5)
    assert state.next_pair == ("d", "a")
    with pytest.raises(LeaveError, match="would have started"):
        replay_from(state, [stay("b")])


def test_staying_again_while_an_earlier_stayer_plays_puts_him_back_in_the_queue() -> None:
    # W = b; c (at the table) and d (the judge's elimination) are owed extra games, c first.
    events = [*A_SWEEPS, EXPIRE, eliminate("d"), g("b", "a"), g("b", "c")]
    state = koth([*events, leave("d")], a=5, b=5, c=5, d=5)
    assert state.upcoming == ("a",)
    state = replay_from(state, [stay("d")])
    assert state.upcoming == ("d", "a")
    assert state.next_pair == ("b", "c")


def test_only_a_player_who_left_may_stay_again() -> None:
    with pytest.raises(LeaveError, match="has not left"):
        koth([*TO_EXTRA, stay("b")], a=5, b=5, c=5, d=5)


# --- the judge (8.1–8.2) ---------------------------------------------------------------------


def test_judge_cannot_eliminate_in_main_time() -> None:
    with pytest.raises(JudgeActionError, match="last circle"):
        koth([g("a", "b"), eliminate("d")], a=5, b=5, c=5, d=5)


def test_judge_cannot_touch_the_players_at_the_table() -> None:
    with pytest.raises(JudgeActionError, match="at the table"):
        koth([*A_SWEEPS, EXPIRE, eliminate("b")], a=5, b=5, c=5, d=5)


def test_judge_elimination_in_last_circle_skips_the_player() -> None:
    # d eliminated by hand; after b beats a and c, the circle ends (d skipped).
    events = [*A_SWEEPS, EXPIRE, eliminate("d"), g("b", "a"), g("b", "c")]
    state = koth(events, a=5, b=5, c=5, d=5)
    assert state.eliminated["d"].reason is EliminationReason.JUDGE
    assert state.phase is Phase.EXTRA  # W = b (rem 3) is behind the Leader a (rem 2)
    assert state.next_pair == ("b", "c")
    assert state.upcoming == ("d", "a")


def test_judge_elimination_in_extra_games_applies_6_9_afresh() -> None:
    events = [*A_SWEEPS, EXPIRE, eliminate("d"), g("b", "a"), g("b", "c"), eliminate("a")]
    state = koth(events, a=5, b=5, c=5, d=5)
    assert (state.winner, state.decided_by) == ("b", DecidedBy.SOLE_LEADER)


def test_judge_reinstatement_lets_the_player_play_his_turn() -> None:
    events = [*A_SWEEPS, EXPIRE, eliminate("d"), reinstate("d"), g("b", "a"), g("b", "c")]
    state = koth(events, a=5, b=5, c=5, d=5)
    assert state.next_pair == ("b", "d")
    assert "d" not in state.eliminated


def test_judge_reinstates_only_the_eliminated() -> None:
    with pytest.raises(JudgeActionError):
        koth([*A_SWEEPS, EXPIRE, reinstate("d")], a=5, b=5, c=5, d=5)
    with pytest.raises(JudgeActionError):
        koth([*A_SWEEPS, EXPIRE, eliminate("d"), eliminate("d")], a=5, b=5, c=5, d=5)


def test_judge_elimination_in_extra_keeps_the_game_at_the_table() -> None:
    # Extra games d vs b with Leader a; eliminating the non-Leader c changes nothing else.
    state = koth([*TO_EXTRA, eliminate("c")], a=5, b=5, c=5, d=5)
    assert state.phase is Phase.EXTRA
    assert state.next_pair == ("d", "b")
    assert state.upcoming == ("c", "a")


def test_eliminating_a_finalist_is_a_walkover() -> None:
    events = [*A_SWEEPS, EXPIRE, g("b", "a"), g("b", "c"), g("b", "d"), eliminate("a")]
    state = koth(events, a=5, b=5, c=5, d=5)
    assert (state.winner, state.decided_by) == ("b", DecidedBy.WALKOVER)


def test_mini_tournament_player_removed_by_the_judge() -> None:
    events = [EXPIRE, g("a", "b"), g("c", "a"), g("d", "c")]
    waiting = koth([*events, eliminate("d")], a=4, b=2, c=3, d=3)
    assert waiting.final_queue == ()
    done = replay_from(waiting, [g("b", "c")])
    assert (done.winner, done.decided_by) == ("b", DecidedBy.MINI_TOURNAMENT)
    at_table = koth([*events, eliminate("b")], a=4, b=2, c=3, d=3)
    assert at_table.next_pair == ("c", "d")


def test_final_players_are_fixed_for_the_judge() -> None:
    events = [*A_SWEEPS, EXPIRE, g("b", "a"), g("b", "c"), g("b", "d")]
    with pytest.raises(JudgeActionError):
        koth([*events, reinstate("c")], a=5, b=5, c=5, d=5)
    with pytest.raises(JudgeActionError):
        koth([*events, eliminate("c")], a=5, b=5, c=5, d=5)


@pytest.mark.parametrize("prefix", [[], [g("a", "b")], [*A_SWEEPS, EXPIRE], TO_EXTRA])
def test_judge_declares_a_winner_in_any_phase(prefix: list[Event]) -> None:
    state = koth([*prefix, declare("b")], a=5, b=5, c=5, d=5)
    assert (state.winner, state.decided_by) == ("b", DecidedBy.JUDGE)
    assert state.phase is Phase.FINISHED


# --- rated games (6.10) ------------------------------------------------------------------------


def test_only_main_time_and_last_circle_games_are_rated() -> None:
    state = koth([*TO_EXTRA, g("d", "b"), g("a", "d")], a=5, b=5, c=5, d=5)
    assert state.rated == (True, True, True, True, True, True, False, False)
    assert len(state.games) == state.game_count == 8


# --- who plays next, whatever the game at the table gives -------------------------------------


def test_mid_circle_the_next_challenger_is_called_either_way() -> None:
    state = koth([g("a", "b")], a=5, b=5, c=5, d=5)  # a — c at the table, d next
    assert next_challenger(state) == "d"


def test_after_the_circles_last_game_p1_opens_the_next_circle() -> None:
    state = koth([g("a", "b"), g("c", "a")], a=5, b=5, c=5, d=5)  # c — d: the circle's last
    assert state.upcoming == ()
    assert next_challenger(state) == "a"  # whoever wins, a opens circle 2 against him


def test_p1_at_the_circles_last_game_leaves_the_opener_to_the_result() -> None:
    state = koth(A_SWEEPS[:2], a=5, b=5, c=5, d=5)  # a — d ends circle 1
    # a wins: a is King, b opens circle 2; d wins: a opens it at once
    assert next_challenger(state) is None


def test_a_result_that_ends_the_tournament_calls_nobody() -> None:
    state = koth([g("a", "b")], a=2, b=5, c=5, d=5)  # a wins the tournament if he beats c
    assert next_challenger(state) == "d"  # c beats a: d challenges c
    assert next_challenger(replay_from(state, [g("a", "c")])) is None  # over
