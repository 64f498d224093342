"""What the club remembers of a tournament, whatever its kind (issue 27, items 4 and 5): its
games played at the table, in order, and once it is over each player's final place. Each kind
says it through the kind contract (``bot.kind.KindService.played``); ``rules.h2h`` counts the
games, ``rules.season`` scores the places.

A game played at the table is a clean win, a loss or a draw (an agreed one too). A bye, a
technical result (an absence, a penalty: nobody beat anybody over the board) and a double loss
are no game here (``game_of``).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.results import Outcome

__all__ = ["Game", "Played", "Reign", "game_of"]


@dataclass(frozen=True, slots=True)
class Game:
    """One game: ``a`` against ``b``, won by ``winner`` (``None``: a draw)."""

    a: int
    b: int
    winner: int | None


@dataclass(frozen=True, slots=True)
class Reign:
    """``wins`` games won in a row at a table by ``player`` (a King of the Hill's king)."""

    player: int
    wins: int


@dataclass(frozen=True, slots=True)
class Played:
    """A tournament's games in the order played, and each player's final place (a team's
    players share their team's; empty before the end); a kind played at one table where the
    winner stays (a King of the Hill) says its reigns too (``rules.recap.reigns_of``), the
    others none; ``no_shows``: the players given a technical loss for absence
    (``rules.no_shows``), once per such result."""

    games: tuple[Game, ...] = ()
    places: tuple[tuple[int, int], ...] = ()
    reigns: tuple[Reign, ...] = ()
    no_shows: tuple[int, ...] = ()


def game_of(a: int, b: int, outcome_a: Outcome, *, penalty: bool = False) -> Game | None:
    """The game ``a`` against ``b`` whose result from ``a``'s side is ``outcome_a``; ``None``
    when it was not played at the table (see the module docstring), or a penalty set it."""
    if penalty:
        return None
    match outcome_a:
        case Outcome.CLEAN_WIN:
            return Game(a, b, a)
        case Outcome.LOSS:
            return Game(a, b, b)
        case Outcome.DRAW | Outcome.AGREED_DRAW:
            return Game(a, b, None)
        case _:
            return None
