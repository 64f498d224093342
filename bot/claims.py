"""Turning button codes into claims about a game, and back into words."""

from __future__ import annotations

import re
from dataclasses import dataclass

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


@dataclass(frozen=True, slots=True)
class Choice:
    """One decision button: its code (``DecideCb.c``), the locale key of its label with the
    player it names and the game score it shows, and the claim it stands for."""

    code: str
    label: str
    claim: Claim
    player: int | None = None
    score: str = ""


#: a match winner's game scores a judge can give (a best of three): 2:0 and 2:1
WIN_SCORES = ((2, 0), (2, 1))


def decision_choices(game: Game, *, draws: bool = True, match: bool = False) -> list[Choice]:
    """The judge's choices for ``game``: the winner (in a match, with each game score: every
    decision records one), a draw where allowed (1:1 in a match), a technical win of either
    player, and a double loss where a game may end without a winner."""
    out: list[Choice] = []
    for side, player in (("a", game.a), ("b", game.b)):
        if not match:
            out.append(Choice(side, "results.decide_win", claim(game, winner=player), player))
            continue
        for won, lost in WIN_SCORES:
            games = (won, lost) if player == game.a else (lost, won)
            won_claim = claim(game, winner=player, games=games)
            score = f"{won}:{lost}"
            out.append(
                Choice(f"{side}{won}{lost}", "results.decide_win_score", won_claim, player, score)
            )
    if draws and match:
        out.append(
            Choice(
                "d11",
                "results.decide_draw_score",
                claim(game, draw=True, games=(1, 1)),
                score="1:1",
            )
        )
    elif draws:
        out.append(Choice("d", "results.decide_draw", claim(game, draw=True)))
    for side, player in (("ta", game.a), ("tb", game.b)):
        technical = claim(game, winner=player, technical=True)
        out.append(Choice(side, "results.decide_technical", technical, player))
    if game.double_loss:
        out.append(Choice("dl", "results.decide_double_loss", claim(game, double_loss=True)))
    if game.absence:  # the other's technical win, and who did not come
        for side, player in (("na", game.a), ("nb", game.b)):
            absent = claim(game, winner=game.opponent(player), technical=True, absent=(player,))
            out.append(Choice(side, "results.decide_absent", absent, player))
        if game.double_loss:
            both = claim(game, double_loss=True, absent=(game.a, game.b))
            out.append(Choice("nn", "results.decide_absent_both", both))
    return out


def claim_from_decision(game: Game, code: str, *, draws: bool = True, match: bool = False) -> Claim:
    """A judge's decision (``code`` as in ``DecideCb``, one of ``decision_choices``)."""
    for choice in decision_choices(game, draws=draws, match=match):
        if choice.code == code:
            return choice.claim
    raise BadCode(code)


def claim(
    game: Game,
    *,
    winner: int | None = None,
    draw: bool = False,
    agreed: bool = False,
    technical: bool = False,
    games: tuple[int, int] | None = None,
    double_loss: bool = False,
    absent: tuple[int, ...] = (),
) -> Claim:
    if winner is not None and not game.has(winner):
        raise BadCode("winner outside the game")
    try:
        return Claim(
            winner=winner,
            draw=draw,
            agreed=agreed,
            technical=technical,
            games=games,
            double_loss=double_loss,
            absent=absent,
        )
    except ResultError as exc:  # no button of ours makes an impossible claim
        raise BadCode(str(exc)) from exc
