"""Turning button codes into claims about a game, and back into words."""

from __future__ import annotations

import re

from bot.errors import UserError
from bot.results import Claim, Game
from rules.results import ResultError

_SCORE = re.compile(r"^([0-9])([0-9])$")


class BadCode(UserError, ValueError):
    """A button code that no button of ours produces (forged or stale data): the presser is
    told the button is stale."""

    def __init__(self, code: str) -> None:
        super().__init__("common.stale_button")
        self.code = code


def claim_from_report(game: Game, presser: int, code: str, *, draws: bool = True) -> Claim:
    """A claim from a player's own point of view (``code`` as in ``ReportCb``)."""
    other = game.opponent(presser)
    score = _SCORE.match(code)
    if code == "w":
        return claim(game, winner=presser)
    if code == "l":
        return claim(game, winner=other)
    if code in ("d", "ad") and draws:
        return claim(game, draw=True, agreed=code == "ad")
    if score is not None:
        mine, theirs = int(score.group(1)), int(score.group(2))
        if mine > 3 or theirs > 3 or (mine == theirs and not draws) or mine + theirs == 0:
            raise BadCode(code)
        games = {presser: mine, other: theirs}
        winner = None if mine == theirs else (presser if mine > theirs else other)
        return claim(game, winner=winner, draw=winner is None, games=(games[game.a], games[game.b]))
    raise BadCode(code)


def claim_from_decision(game: Game, code: str, *, draws: bool = True) -> Claim:
    """A judge's decision (``code`` as in ``DecideCb``)."""
    table = {
        "a": claim(game, winner=game.a),
        "b": claim(game, winner=game.b),
        "ta": claim(game, winner=game.a, technical=True),
        "tb": claim(game, winner=game.b, technical=True),
    }
    if draws:
        table["d"] = claim(game, draw=True)
    if code not in table:
        raise BadCode(code)
    return table[code]


def claim(
    game: Game,
    *,
    winner: int | None = None,
    draw: bool = False,
    agreed: bool = False,
    technical: bool = False,
    games: tuple[int, int] | None = None,
) -> Claim:
    if winner is not None and not game.has(winner):
        raise BadCode("winner outside the game")
    try:
        return Claim(winner=winner, draw=draw, agreed=agreed, technical=technical, games=games)
    except ResultError as exc:  # no button of ours makes an impossible claim
        raise BadCode(str(exc)) from exc
