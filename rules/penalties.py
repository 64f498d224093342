"""Penalties of a card tournament (Appendix 1 headings; spec section 9): what each kind does.

A judge of the tournament gives a player one of four penalties, always with a reason:

- **warning**: recorded, nothing else changes (it is there for the next judge to see);
- **game loss**: a technical loss of the game being played. In a single-game tournament the
  game is the match, so the match is a technical loss (the opponent's technical win, 803). In a
  best of three the opponent is credited one game (``State.penalty_games``) and the match goes
  on; the players report its final score with that game counted. A second game loss in the same
  match gives the opponent the games a match needs: the match is a technical loss;
- **match loss**: a technical loss of the current match (the opponent's technical win);
- **disqualification** (``dq``): the player is dropped (not paired again), his open match is a
  technical loss, his past results stand (his opponents keep what they earned), and he is taken
  out of the prizes: in the final places he comes after everybody (no place), and everybody who
  was below him moves up one (``rules.places.prize_order``).

Results set by a penalty are rated like every other (``State.rated_records``, section 3: «каждой
партии, в которой он принимал или должен был принять участие»; spec §1): a match loss and a
disqualification's lost match are one technical game, each game a game loss credited a game
lost (``rules.card_rating.rated_games``).

Where there is no open match — between rounds, before round 1, a player with the bye or already
out of the Top — a club gives game and match losses only to a match being played: the judge is
told to give it once the player's next match is paired (``NO_OPEN_MATCH``). A warning and a
disqualification need no match: the disqualified player is dropped and out of the prizes, and
nothing already played changes. In the Top the same holds: a match or game loss ends his Top
match (the opponent goes on), a disqualification too.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from rules.results import Claim
from rules.swiss.state import Result, Round, State, games_to_win, result_from_claim

__all__ = [
    "ALREADY_DISQUALIFIED",
    "KINDS",
    "NO_OPEN_MATCH",
    "Effect",
    "PenaltyKind",
    "effect",
    "open_table",
    "penalty_kind",
    "penalty_payload",
    "result_payload",
]

NO_OPEN_MATCH = "no_open_match"
"""Why a game or match loss cannot be given now (a key suffix for the judge's answer)."""
ALREADY_DISQUALIFIED = "already_disqualified"
"""Why nothing more can be given to a disqualified player."""


class PenaltyKind(Enum):
    """A penalty's kind; the value is how judges type it and how the log stores it."""

    WARNING = "warning"
    GAME_LOSS = "game_loss"
    MATCH_LOSS = "match_loss"
    DQ = "dq"


KINDS = tuple(kind.value for kind in PenaltyKind)
"""The kinds' names, as judges type them."""


def penalty_kind(name: str) -> PenaltyKind | None:
    """The kind called ``name`` (any case); ``None`` for any other word."""
    return next((kind for kind in PenaltyKind if kind.value == name.lower()), None)


@dataclass(frozen=True, slots=True)
class Effect:
    """What a penalty does now: the open match it lands on (``round``, ``table``, ``None``
    without one), the result it sets there (``None``: the match goes on or there is none),
    whether a game is credited to the opponent, whether the player is dropped, and the
    opponent at that match."""

    round: int | None = None
    table: int | None = None
    result: Result | None = None
    game_credited: bool = False
    drop: bool = False
    opponent: int | None = None


def open_table(state: State, player: int) -> tuple[Round, int] | None:
    """The current round's table where ``player`` plays a match without a result yet."""
    rnd = state.current
    if rnd is None:
        return None
    for table in rnd.open_tables():
        if player in rnd.tables[table - 1]:
            return rnd, table
    return None


def loss_at(rnd: Round, table: int, player: int, best_of: int = 1) -> Result:
    """The technical loss of ``player`` at the table as stored (player A's outcome), marked as
    a penalty's; in a best of three the forfeited match counts 0–2 in games, as a judge's
    technical result does (``result_from_claim``)."""
    a, b = rnd.tables[table - 1]
    claim = Claim(winner=b if player == a else a, technical=True)
    return replace(result_from_claim(claim, a, best_of=best_of), penalty=True)


def effect(state: State, player: int, kind: PenaltyKind, best_of: int = 1) -> Effect | str:
    """The effect of ``kind`` given to ``player`` now (see the module docstring), or why it
    cannot be given (``NO_OPEN_MATCH``, ``ALREADY_DISQUALIFIED``)."""
    if player in state.disqualified:
        return ALREADY_DISQUALIFIED
    if kind is PenaltyKind.WARNING:
        return Effect()
    found = open_table(state, player)
    if found is None:
        return Effect(drop=True) if kind is PenaltyKind.DQ else NO_OPEN_MATCH
    rnd, table = found
    opponent = next(p for p in rnd.tables[table - 1] if p != player)
    result = loss_at(rnd, table, player, best_of)
    loss = Effect(rnd.number, table, result, drop=kind is PenaltyKind.DQ, opponent=opponent)
    if kind is not PenaltyKind.GAME_LOSS or best_of <= 1:
        return loss
    credited = state.penalty_games.get(rnd.key(table), {}).get(opponent, 0) + 1
    if credited >= games_to_win(best_of):
        return loss
    return Effect(rnd.number, table, None, game_credited=True, opponent=opponent)


def penalty_payload(player: int, kind: PenaltyKind, reason: str, done: Effect) -> dict[str, Any]:
    """The ``sw_penalty`` event of a penalty with its effect (``rules.swiss.state``)."""
    payload: dict[str, Any] = {
        "player": player,
        "kind": kind.value,
        "reason": reason,
        "round": done.round,
        "table": done.table,
    }
    if done.game_credited:
        payload["credit"] = done.opponent
    return payload


def result_payload(done: Effect) -> dict[str, Any] | None:
    """The ``sw_result`` event of the technical loss a penalty sets (``None``: it sets none)."""
    if done.result is None:
        return None
    games = done.result.games
    return {
        "round": done.round,
        "table": done.table,
        "outcome_a": done.result.outcome_a.value,
        "games": list(games) if games else None,
        "penalty": True,
    }
