"""King-of-the-Hill engine: the regulation as small transition functions over ``KothState``.

Each function below handles one branch of the regulation and cites its clause; ``apply_event``
dispatches an event to them. Nothing here reads a clock: the caller inserts ``("expire",)`` into
the event list at the moment the main time ran out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from rules.koth.errors import (
    ExpiryError,
    InvalidSetupError,
    JudgeActionError,
    LeaveError,
    TournamentFinishedError,
    UnknownEventError,
    UnknownPlayerError,
    WrongPairError,
)
from rules.koth.state import (
    DecidedBy,
    Elimination,
    EliminationReason,
    GameRecord,
    KothState,
    Phase,
    PlayerId,
    extra_stayers,
    leaders_after,
    leaders_by_remainder,
)

__all__ = [
    "Event",
    "apply_event",
    "extra_turn_passed",
    "next_challenger",
    "replay",
    "replay_from",
    "start",
]

Event = tuple[object, ...]
"""``("game", winner, loser)``, ``("expire",)``, ``("leave", p)``, ``("stay", p)``,
``("eliminate", p)``, ``("reinstate", p)`` or ``("declare", p)``."""

_RATED_PHASES = (Phase.MAIN, Phase.LAST_CIRCLE)


# --- building and replaying -------------------------------------------------------------------


def start(order: Sequence[PlayerId], norms: Mapping[PlayerId, int]) -> KothState[PlayerId]:
    """The state before game 1: circle 1 in progress, p1 and p2 called to the table (5.1).

    ``order`` is the drawn order p1…pn (4.1–4.3); ``norms`` the final norms (3.4–3.5). The
    participant count (2.2) is checked by ``check_participants``; the engine itself runs any
    field of at least two players.
    """
    players = tuple(order)
    if len(players) < 2 or len(set(players)) != len(players):
        raise InvalidSetupError("the order needs at least two distinct players")
    if set(norms) != set(players):
        raise InvalidSetupError("norms must be given for exactly the players of the order")
    values = tuple(norms[p] for p in players)
    if any(isinstance(v, bool) or not isinstance(v, int) or v < 1 for v in values):
        raise InvalidSetupError("every norm must be a whole number of at least 1")
    first, second = players[0], players[1]
    return KothState(
        order=players,
        norm_values=values,
        win_counts=(0,) * len(players),
        phase=Phase.MAIN,
        circle=1,
        pointer=1,
        played=frozenset((first, second)),
        king=None,
        next_pair=(first, second),
    )


def replay(
    order: Sequence[PlayerId], norms: Mapping[PlayerId, int], events: Iterable[Event]
) -> KothState[PlayerId]:
    """The state after ``events``, from the start.

    Voiding or correcting a game is the caller's edit of the event list before the replay (the
    judge's action itself is logged elsewhere); so is a norm change before the start. Raises a
    ``KothError`` subclass at the first event the rules do not allow.
    """
    return replay_from(start(order, norms), events)


def replay_from(state: KothState[PlayerId], events: Iterable[Event]) -> KothState[PlayerId]:
    """Continue ``state`` with more events: ``replay(a + b) == replay_from(replay(a), b)``."""
    for event in events:
        state = apply_event(state, event)
    return state


def apply_event(state: KothState[PlayerId], event: Event) -> KothState[PlayerId]:
    """One event applied to ``state`` (see ``Event``)."""
    if state.phase is Phase.FINISHED:
        raise TournamentFinishedError(f"the tournament is over ({state.winner} won); got {event}")
    if not isinstance(event, tuple) or not event:
        raise UnknownEventError(f"not an event: {event!r}")
    kind, args = event[0], event[1:]
    if kind == "expire" and not args:
        return expire(state)
    if kind == "game" and len(args) == 2:
        return record_game(state, args[0], args[1])
    if len(args) == 1 and kind in ("leave", "stay", "eliminate", "reinstate", "declare"):
        return _player_event(state, kind, _player(state, args[0]))
    raise UnknownEventError(f"unknown event: {event!r}")


def _player_event(
    state: KothState[PlayerId], kind: object, player: PlayerId
) -> KothState[PlayerId]:
    if kind == "leave":
        return leave(state, player)
    if kind == "stay":
        return stay(state, player)
    if kind == "eliminate":
        return judge_eliminate(state, player)
    if kind == "reinstate":
        return judge_reinstate(state, player)
    return judge_declare(state, player)


def _player(state: KothState[PlayerId], value: object) -> PlayerId:
    if value not in state.order:
        raise UnknownPlayerError(f"{value!r} is not a participant")
    return state.order[state.order.index(value)]


# --- small shared steps -----------------------------------------------------------------------


def _finish(
    state: KothState[PlayerId], winner: PlayerId, decided_by: DecidedBy
) -> KothState[PlayerId]:
    return replace(
        state,
        phase=Phase.FINISHED,
        winner=winner,
        decided_by=decided_by,
        next_pair=None,
        final_queue=(),
    )


def _reached_norm(state: KothState[PlayerId], player: PlayerId) -> bool:
    """5.9 applies to a player still fighting for the title (6.7 overrides it otherwise)."""
    return state.remainder_of(player) <= 0 and player not in state.eliminated


def _eliminate(
    state: KothState[PlayerId],
    player: PlayerId,
    reason: EliminationReason,
    game: int | None,
) -> KothState[PlayerId]:
    leaders = leaders_by_remainder(state)
    best = state.remainder_of(leaders[0]) if leaders else None
    record = Elimination(reason, state.remainder_of(player), best, game)
    return replace(state, eliminations=(*state.eliminations, (player, record)))


def _count_win(state: KothState[PlayerId], winner: PlayerId) -> KothState[PlayerId]:
    i = state.position(winner)
    wins = tuple(w + 1 if j == i else w for j, w in enumerate(state.win_counts))
    return replace(state, win_counts=wins, king=winner)


def _record(state: KothState[PlayerId], winner: PlayerId, loser: PlayerId) -> KothState[PlayerId]:
    """Book a game (5.8): one win to the winner, who is now the King (5.4)."""
    game = GameRecord(
        number=state.game_count + 1,
        winner=winner,
        loser=loser,
        phase=state.phase,
        circle=state.circle,
        rated=state.phase in _RATED_PHASES,
    )
    return _count_win(replace(state, history=(*state.history, game)), winner)


def record_game(state: KothState[PlayerId], winner: object, loser: object) -> KothState[PlayerId]:
    """A game result: only between the pair at the table, in either order (5.5)."""
    pair = state.next_pair
    assert pair is not None  # only a finished state has no pair
    if (winner, loser) not in (pair, pair[::-1]):
        raise WrongPairError(
            f"the game at the table is {pair[0]} vs {pair[1]}, not {winner} vs {loser}", pair
        )
    won, lost = _player(state, winner), _player(state, loser)
    if state.phase is Phase.MAIN:
        return main_game(state, won, lost)
    if state.phase is Phase.LAST_CIRCLE:
        return last_circle_game(state, won, lost)
    if state.phase is Phase.EXTRA:
        return extra_game(state, won, lost)
    return final_game(state, won, lost)


def next_challenger(state: KothState[PlayerId]) -> PlayerId | None:
    """Who plays the winner of the game at the table, whichever way it goes; ``None`` when the
    result decides that (or no game follows either way).

    Mid-circle it is the next challenger; after a circle's last game it is the player who opens
    the next circle, when both results call the same one (not when p1 is at the table: if he
    wins, p2 opens; if he loses, he does). Each result is tried on the pure rules; a result
    that ends the tournament calls nobody and is left out, as a norm reached mid-circle is.
    """
    pair = state.next_pair
    if pair is None:
        return None
    called: set[PlayerId] = set()
    for winner, loser in (pair, pair[::-1]):
        after = record_game(state, winner, loser).next_pair
        if after is None:
            continue
        newcomers = [p for p in after if p not in pair]
        if winner not in after or len(newcomers) != 1:
            return None  # the loser plays again, or a final without this winner
        called.add(newcomers[0])
    return called.pop() if len(called) == 1 else None


# --- circles (main time and last circle) ------------------------------------------------------


def _next_position(state: KothState[PlayerId], first: int) -> int | None:
    """The first position from ``first`` whose player challenges the King in this circle.

    Skipped: the King, anyone who already came to the table in this circle (6.4), and (in the
    last circle) anyone eliminated (6.7).
    """
    out = state.eliminated
    for j in range(first, len(state.order)):
        p = state.order[j]
        if p != state.king and p not in state.played and p not in out:
            return j
    return None


def _announce(state: KothState[PlayerId], j: int) -> KothState[PlayerId]:
    """The player at position j challenges the King (5.5, 5.7)."""
    challenger = state.order[j]
    assert state.king is not None
    return replace(
        state,
        pointer=j,
        played=state.played | {challenger},
        next_pair=(state.king, challenger),
    )


def call_next_challenger(state: KothState[PlayerId]) -> KothState[PlayerId]:
    """After a game of a circle: the next challenger, or the end of the circle.

    In the main time a new circle begins at once, at position 1, the King counted as having come
    to the table (circles; 6.2 only stops this after the expiry). After the last circle the
    winner is decided (6.9).
    """
    j = _next_position(state, state.pointer + 1)
    if j is not None:
        return _announce(state, j)
    if state.phase is Phase.MAIN:
        return start_new_circle(state)
    return decide_after_last_circle(state)


def start_new_circle(state: KothState[PlayerId]) -> KothState[PlayerId]:
    """A new circle begins when its first pairing is announced: the King vs the first player
    from position 1 who is not the King (circles; Interpretation on when a circle begins)."""
    assert state.king is not None
    fresh = replace(state, circle=state.circle + 1, played=frozenset((state.king,)), pointer=-1)
    j = _next_position(fresh, 0)
    assert j is not None  # at least two players, so someone other than the King
    return _announce(fresh, j)


def main_game(state: KothState[PlayerId], winner: PlayerId, loser: PlayerId) -> KothState[PlayerId]:
    """A game of the main time (5.4–5.9): the winner stays as King, the first to reach his norm
    wins at once, otherwise the next player in order challenges."""
    state = _record(state, winner, loser)
    if _reached_norm(state, winner):
        return _finish(state, winner, DecidedBy.NORM)
    return call_next_challenger(state)


def expire(state: KothState[PlayerId]) -> KothState[PlayerId]:
    """The main time ran out (6.2–6.6): the circle in progress is the last circle.

    The game at the table is played (6.5), no new circle begins (6.2). The circle's earlier games
    are replayed in order and their losers eliminated by 6.7 as if the circle had been the last
    one from its start (Interpretation of 6.4/6.7). The caller emits this event only after game 1
    has started (main time counts from it), so before game 1's result it makes circle 1 last.
    """
    if state.phase is not Phase.MAIN:
        raise ExpiryError("the main time has already expired")
    circle_games = [g for g in state.history if g.circle == state.circle]
    wins = list(state.win_counts)
    for game in circle_games:
        wins[state.position(game.winner)] -= 1
    state = replace(state, phase=Phase.LAST_CIRCLE, expired=True, win_counts=tuple(wins))
    for game in circle_games:
        state = _count_win(state, game.winner)
        state = eliminate_loser_of_last_circle(state, game.loser, game.number)
    return state


def eliminate_loser_of_last_circle(
    state: KothState[PlayerId], loser: PlayerId, game: int
) -> KothState[PlayerId]:
    """6.7: the loser of a last-circle game is out of the fight for the title, unless right after
    the game he is a Leader or his remainder equals the Leader's (6.8)."""
    best = min(state.remainder_of(p) for p in state.contenders)
    if state.remainder_of(loser) <= best:
        return state
    return _eliminate(state, loser, EliminationReason.LAST_CIRCLE_LOSS, game)


def last_circle_game(
    state: KothState[PlayerId], winner: PlayerId, loser: PlayerId
) -> KothState[PlayerId]:
    """A game of the last circle (6.6–6.8): rated; reaching the norm still wins (5.9); the loser
    may be eliminated (6.7); eliminated players are skipped for the rest of the circle."""
    state = _record(state, winner, loser)
    if _reached_norm(state, winner):
        return _finish(state, winner, DecidedBy.NORM)
    state = eliminate_loser_of_last_circle(state, loser, state.game_count)
    return call_next_challenger(state)


# --- after the last circle (6.9) ---------------------------------------------------------------


def decide_after_last_circle(
    state: KothState[PlayerId], *, keep_pair: bool = False
) -> KothState[PlayerId]:
    """6.9.1–6.9.3 with W = the King (winner of the last game of the last circle).

    W reached his norm or is the sole Leader → W wins (6.9.1; this also covers "nobody else is
    left": then W is the sole Leader). W level with other Leaders → final among them (6.9.2).
    Otherwise → extra games with the Leaders fixed now (6.9.3). Also re-applied after a judge's
    elimination or reinstatement in the extra games; ``keep_pair`` keeps the game at the table.
    """
    w = state.king
    assert w is not None
    if _reached_norm(state, w):
        return _finish(state, w, DecidedBy.NORM)
    leaders = leaders_by_remainder(state)
    if leaders == (w,):
        return _finish(state, w, DecidedBy.SOLE_LEADER)
    if w in leaders:
        return set_final(state, leaders)
    return start_extra_games(state, leaders, keep_pair=keep_pair)


def start_extra_games(
    state: KothState[PlayerId], leaders: tuple[PlayerId, ...], *, keep_pair: bool
) -> KothState[PlayerId]:
    """6.9.3: W stays at the table against the eliminated players who stayed (one game each,
    cyclic order after W), then against the fixed Leaders from p1, cycling."""
    was_extra = state.phase is Phase.EXTRA
    state = replace(state, phase=Phase.EXTRA, extra_leaders=leaders)
    if keep_pair and was_extra:
        return state
    return call_next_extra_opponent(state)


def call_next_extra_opponent(state: KothState[PlayerId]) -> KothState[PlayerId]:
    """6.9.3: the next opponent of W; a player who left (6.7) is simply not called."""
    assert state.king is not None
    stayers = extra_stayers(state)
    opponent = stayers[0] if stayers else leaders_after(state, state.extra_last_leader)[0]
    return replace(state, next_pair=(state.king, opponent))


def extra_game(
    state: KothState[PlayerId], winner: PlayerId, loser: PlayerId
) -> KothState[PlayerId]:
    """An extra game (6.9.3–6.9.5): not rated (6.10); its win counts (6.9.4)."""
    w = state.king
    state = _record(state, winner, loser)
    if winner == w:
        return extra_game_won_by_w(state, loser)
    return extra_game_lost_by_w(state, winner, loser)


def extra_game_won_by_w(state: KothState[PlayerId], opponent: PlayerId) -> KothState[PlayerId]:
    """6.9.4a: W won; level with the Leaders → final among W and them; else the next game."""
    if opponent in state.eliminated:
        state = replace(state, extra_done=state.extra_done | {opponent})
    else:
        state = replace(state, extra_last_leader=opponent)
    w = state.king
    assert w is not None
    if _reached_norm(state, w):
        return _finish(state, w, DecidedBy.NORM)
    if state.remainder_of(w) <= state.remainder_of(state.extra_leaders[0]):
        return set_final(state, (w, *state.extra_leaders))
    return call_next_extra_opponent(state)


def extra_game_lost_by_w(
    state: KothState[PlayerId], winner: PlayerId, w: PlayerId
) -> KothState[PlayerId]:
    """6.9.4b / 6.9.5: W lost and is out. A Leader who thereby reached his norm wins at once
    (5.9). Otherwise: one Leader → he wins; two → the final between them; more → a
    mini-tournament. The Leaders are the fixed ones, whatever the game did to remainders."""
    if _reached_norm(state, winner):
        return _finish(state, winner, DecidedBy.NORM)
    state = _eliminate(state, w, EliminationReason.EXTRA_GAME_LOSS, state.game_count)
    leaders = tuple(p for p in state.extra_leaders if p not in state.eliminated)
    if len(leaders) == 1:
        return _finish(state, leaders[0], DecidedBy.LAST_LEADER_STANDING)
    return set_final(state, leaders)


# --- final and mini-tournament ------------------------------------------------------------------


def set_final(state: KothState[PlayerId], players: Sequence[PlayerId]) -> KothState[PlayerId]:
    """6.9.2 / 6.9.4a / 6.9.5: a final (2 players) or a knockout mini-tournament (3+), in the
    fixed order from p1: the first two play, the winner meets the next. From now on 5.9 no
    longer applies: every game is played out."""
    ordered = sorted(players, key=state.position)
    return replace(
        state,
        phase=Phase.FINAL,
        finalists=tuple(ordered),
        next_pair=(ordered[0], ordered[1]),
        final_queue=tuple(ordered[2:]),
    )


def _final_result(state: KothState[PlayerId]) -> DecidedBy:
    return DecidedBy.MINI_TOURNAMENT if state.is_mini_tournament else DecidedBy.FINAL


def final_game(
    state: KothState[PlayerId], winner: PlayerId, loser: PlayerId
) -> KothState[PlayerId]:
    """A game of the final or mini-tournament (6.9.2, 6.9.5): not rated; the loser is out, the
    winner meets the next waiting player; the last one standing wins whatever his remainder."""
    state = _record(state, winner, loser)
    state = _eliminate(state, loser, EliminationReason.KNOCKED_OUT, state.game_count)
    return _advance_final(state, winner, _final_result(state))


def _advance_final(
    state: KothState[PlayerId], survivor: PlayerId, decided_by: DecidedBy
) -> KothState[PlayerId]:
    if not state.final_queue:
        return _finish(state, survivor, decided_by)
    return replace(
        state,
        next_pair=(survivor, state.final_queue[0]),
        final_queue=state.final_queue[1:],
    )


# --- players leaving and the judge ------------------------------------------------------------


def leave(state: KothState[PlayerId], player: PlayerId) -> KothState[PlayerId]:
    """6.7: an eliminated player declines the extra games. If he was the opponent called for
    W's next extra game (not started: a recorded result stands), the next one is called."""
    if player not in state.eliminated:
        raise LeaveError(f"{player} is still fighting for the title; only eliminated players leave")
    if player in state.left:
        raise LeaveError(f"{player} has already left")
    state = replace(state, left=state.left | {player})
    if state.phase is Phase.EXTRA and state.next_pair is not None and state.next_pair[1] == player:
        return call_next_extra_opponent(state)
    return state


def stay(state: KothState[PlayerId], player: PlayerId) -> KothState[PlayerId]:
    """6.7: a player who left changes his mind and stays for the extra games after all.

    The later choice wins until his extra game would have started: in the last circle always
    (no extra game has started yet); in the extra games only while W has not yet been called
    against someone who comes after him (``extra_turn_passed``). Once a final is set, extra
    games are over and the choice no longer matters.
    """
    if player not in state.left:
        raise LeaveError(f"{player} has not left")
    if state.phase not in (Phase.LAST_CIRCLE, Phase.EXTRA):
        raise LeaveError("the extra games are over")
    if state.phase is Phase.EXTRA and extra_turn_passed(state, player):
        raise LeaveError(f"the extra game of {player} would have started already")
    return replace(state, left=state.left - {player})


def extra_turn_passed(state: KothState[PlayerId], player: PlayerId) -> bool:
    """In the extra games: W has already been called against a player who comes after
    ``player`` in the calling order (the stayers cyclically after W, then the Leaders), so the
    moment of ``player``'s game is gone."""
    w = state.king
    if w is None or state.extra_last_leader is not None:
        return True
    n = len(state.order)

    def rank(p: PlayerId) -> int:
        return (state.position(p) - state.position(w) - 1) % n

    called = state.next_pair[1] if state.next_pair is not None else None
    if called is not None and called not in state.eliminated:
        return True  # a Leader is called: every stayer's turn is over
    reached = set(state.extra_done) | ({called} if called is not None else set())
    return any(rank(p) > rank(player) for p in reached)


def _check_judge_may_act(state: KothState[PlayerId], player: PlayerId) -> None:
    if state.phase is Phase.MAIN:
        raise JudgeActionError(
            "players can be eliminated or reinstated from the last circle on", "main_time"
        )
    if state.phase is not Phase.FINAL and state.next_pair and player in state.next_pair:
        raise JudgeActionError(
            f"{player} is at the table; void or correct that game instead", "at_table"
        )


def judge_eliminate(state: KothState[PlayerId], player: PlayerId) -> KothState[PlayerId]:
    """8.1–8.2: the judge eliminates a player, from the last circle on, never one at the table.

    Last circle: he is skipped for the rest of it; the Leaders are recomputed and 6.9 applies
    when the circle ends. Extra games: 6.9 is applied afresh at once (the game at the table
    stays if the extra games go on). Final: see ``judge_eliminate_finalist``.
    """
    _check_judge_may_act(state, player)
    if state.phase is Phase.FINAL:
        return judge_eliminate_finalist(state, player)
    if player in state.eliminated:
        raise JudgeActionError(f"{player} is already eliminated", "already_eliminated")
    state = _eliminate(state, player, EliminationReason.JUDGE, None)
    if state.phase is Phase.EXTRA:
        return decide_after_last_circle(state, keep_pair=True)
    return state


def judge_eliminate_finalist(state: KothState[PlayerId], player: PlayerId) -> KothState[PlayerId]:
    """In a final, eliminating a finalist is a walkover for the other; in a mini-tournament he is
    removed (if he was at the table, his opponent goes on as if he had won, without a win)."""
    if player not in state.leaders:
        raise JudgeActionError(f"{player} is not playing in the final", "not_finalist")
    state = _eliminate(state, player, EliminationReason.JUDGE, None)
    pair = state.next_pair
    assert pair is not None
    if player not in pair:
        return replace(state, final_queue=tuple(p for p in state.final_queue if p != player))
    survivor = pair[1] if pair[0] == player else pair[0]
    return _advance_final(state, survivor, DecidedBy.WALKOVER)


def judge_reinstate(state: KothState[PlayerId], player: PlayerId) -> KothState[PlayerId]:
    """8.1–8.2: the judge puts an eliminated player back in the fight (his leaving is undone).

    Last circle: he plays again only if he has not yet come to the table in it; 6.9 applies
    when it ends. Extra games: 6.9 is applied afresh at once. Not allowed once a final is set
    (its players are fixed; void the events that led to it instead).
    """
    _check_judge_may_act(state, player)
    if state.phase is Phase.FINAL:
        raise JudgeActionError("the final is set; its players can no longer change", "final_set")
    if player not in state.eliminated:
        raise JudgeActionError(f"{player} is not eliminated", "not_eliminated")
    state = replace(
        state,
        eliminations=tuple(e for e in state.eliminations if e[0] != player),
        left=state.left - {player},
    )
    if state.phase is Phase.EXTRA:
        return decide_after_last_circle(state, keep_pair=True)
    return state


def judge_declare(state: KothState[PlayerId], player: PlayerId) -> KothState[PlayerId]:
    """8.1–8.2: the judge declares the winner; his word is final, whoever the player is."""
    return _finish(state, player, DecidedBy.JUDGE)
