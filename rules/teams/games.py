"""A team event's games as the result flow sees them: their keys and what a report means.

A game is a board of a team match (1 or 2) or its deciding game (604.4,
``rules.teams.events.DECIDING``); it is reported and confirmed like any card game
(``rules.results.Claim``). Its outcome is stored from team A's player's side.
"""

from __future__ import annotations

import re

from rules.results import Claim, Outcome, PlayerId, ResultError

__all__ = ["game_key", "outcome_from_claim", "parse_game_key"]

_GAME_KEY = re.compile(r"r(\d+)t(\d+)b(\d+)p(\d+)")


def game_key(number: int, table: int, board: int, gen: int) -> str:
    """The key of one game: round ``number``, ``table``, ``board`` (3: the deciding game), the
    round as paired the ``gen``-th time (a re-pairing makes the old keys stale)."""
    return f"r{number}t{table}b{board}p{gen}"


def parse_game_key(key: str) -> tuple[int, int, int, int] | None:
    """(round, table, board, generation) of a :func:`game_key`; ``None`` for any other text."""
    parts = _GAME_KEY.fullmatch(key)
    if parts is None:
        return None
    number, table, board, gen = (int(p) for p in parts.groups())
    return number, table, board, gen


def outcome_from_claim(claim: Claim, player_a: PlayerId, player_b: PlayerId) -> Outcome:
    """A reported or decided game as team A's player's outcome (801–805, a double loss);
    a winner who did not play the game is a :class:`rules.results.ResultError`. A deciding
    game may end drawn (**Default**: the match is then drawn, ``rules.teams.scoring``)."""
    if claim.double_loss:
        return Outcome.DOUBLE_LOSS
    if claim.draw:
        return Outcome.AGREED_DRAW if claim.agreed else Outcome.DRAW
    if claim.winner not in (player_a, player_b):
        raise ResultError(f"{claim.winner!r} did not play this game")
    if claim.winner == player_a:
        return Outcome.TECHNICAL_WIN if claim.technical else Outcome.CLEAN_WIN
    return Outcome.TECHNICAL_LOSS if claim.technical else Outcome.LOSS
