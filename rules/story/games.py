"""A Story game as the result flow sees it: its key and what a report means.

A game is a table of a round (or of 607.4.6's round robin, whose first player stands for the
attacker), between the attacking side's player (``a``) and the defending
side's; its outcome is stored from the attacker's side. A draw is one by time (804): an agreed
draw is refused (607.4.7).
"""

from __future__ import annotations

import re

from rules.results import Claim, Outcome, ResultError
from rules.story.state import AgreedDraw

__all__ = ["game_key", "outcome_from_claim", "parse_game_key", "parse_robin_key", "robin_key"]

_KEY = re.compile(r"r(\d+)t(\d+)")
_ROBIN_KEY = re.compile(r"rr(\d+)t(\d+)")


def game_key(number: int, table: int) -> str:
    return f"r{number}t{table}"


def parse_game_key(key: str) -> tuple[int, int] | None:
    """(round, table) of a :func:`game_key`; ``None`` for any other text."""
    found = _KEY.fullmatch(key)
    return None if found is None else (int(found.group(1)), int(found.group(2)))


def robin_key(robin: int, table: int) -> str:
    """The key of a 607.4.6 round-robin game: the ``robin``-th round robin (from 1), its table."""
    return f"rr{robin}t{table}"


def parse_robin_key(key: str) -> tuple[int, int] | None:
    """(round robin, table) of a :func:`robin_key`; ``None`` for any other text."""
    found = _ROBIN_KEY.fullmatch(key)
    return None if found is None else (int(found.group(1)), int(found.group(2)))


def outcome_from_claim(claim: Claim, attacker: int, defender: int) -> Outcome:
    """The attacker's outcome of a reported or decided game (:class:`AgreedDraw` for an agreed
    draw, :class:`rules.results.ResultError` for a winner who did not play it)."""
    if claim.double_loss:
        return Outcome.DOUBLE_LOSS
    if claim.draw:
        if claim.agreed:
            raise AgreedDraw("607.4.7: no agreed draws")
        return Outcome.DRAW
    if claim.winner not in (attacker, defender):
        raise ResultError(f"{claim.winner!r} did not play this game")
    won = claim.winner == attacker
    if claim.technical:
        return Outcome.TECHNICAL_WIN if won else Outcome.TECHNICAL_LOSS
    return Outcome.CLEAN_WIN if won else Outcome.LOSS
