"""Scoring a team match (604.3, 604.3.1, 604.4, 610.5) and a team's bye (604, 610.6).

Points are integer tenths as everywhere (``rules.results``). A team match is two games, board 1
(the first numbers) and board 2 (the second numbers); each game's outcome is given from team
A's side (``Outcome`` of A's player; B's is its opposite).

- **Game points** (801–806): 3 clean win, 2.5 technical win, 1 draw or agreed draw, 0 loss,
  technical loss or double loss (``rules.results.points``). Under 610.5 a player gets 3 for a
  win, 1 for a draw, 0 for a loss; **Default**: a technical win is a win there (3), a technical
  loss a loss.
- **By match** (604.3): each team sums its two games' points; the larger sum wins the match:
  3 match points, the other 0; equal sums: a draw, 1 each.
- **Deciding game** (604.4, by match only): due exactly when one board is a clean win (801)
  and the other a clean loss (802) — a *clean split*; then the sums are equal (3 – 3) and the
  winners of the two boards play a deciding game whose winner brings his team the match. Until
  it is recorded the match is open (:func:`score_match` returns ``None``). **Default**: a drawn
  deciding game leaves the match drawn (1 each); a technical result in it counts like a win or
  a loss. Any other split (a technical result, a draw) is scored by the sums. The deciding game
  adds no game points (the tie-break «sum of game points» counts the two boards only).
- **By sum** (604.3.1) and **610.5**: the team's round points are the sum of its two games'
  points, at most 6; no deciding game. The «match between them» tie-break compares the sums.
- **Bye** (spec §1–2): a match win. By match 3 match points, and 2 × 2.9 game points (806 for
  each player); by sum 2 × 2.9 = 5.8; 610.6: 6 (3 each).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from rules.results import Outcome, opposite, points
from rules.teams.settings import Scoring

__all__ = [
    "MATCH_DRAW",
    "MATCH_WIN",
    "MAX_ROUND_POINTS",
    "Bye",
    "TeamMatchResult",
    "TeamOutcome",
    "bye",
    "clean_split",
    "deciding_game_due",
    "game_points",
    "score_match",
]

MATCH_WIN = 30
"""604.3: a match win, 3 match points (tenths)."""
MATCH_DRAW = 10
"""604.3: a drawn match, 1 match point each (tenths)."""
MAX_ROUND_POINTS = 60
"""604.3.1, 610.5: the most a team gets in a round by sum (6, in tenths)."""


class TeamOutcome(Enum):
    """A team's result of a team match."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


def game_points(outcome: Outcome, scoring: Scoring) -> int:
    """The points one game gives the player whose outcome it is (tenths): 801–806, or 610.5."""
    if scoring is not Scoring.DUEL:
        return points(outcome)
    match outcome:
        case Outcome.CLEAN_WIN | Outcome.TECHNICAL_WIN | Outcome.BYE:
            return 30
        case Outcome.DRAW | Outcome.AGREED_DRAW:
            return 10
        case Outcome.LOSS | Outcome.TECHNICAL_LOSS | Outcome.DOUBLE_LOSS:
            return 0


def clean_split(board1: Outcome, board2: Outcome) -> bool:
    """Whether one board is a clean win (801) and the other a clean loss (802) (604.4)."""
    return {board1, board2} == {Outcome.CLEAN_WIN, Outcome.LOSS}


def deciding_game_due(scoring: Scoring, board1: Outcome, board2: Outcome) -> bool:
    """604.4: a deciding game is due exactly on a clean split, when scoring by match."""
    return scoring is Scoring.BY_MATCH and clean_split(board1, board2)


@dataclass(frozen=True, slots=True)
class TeamMatchResult:
    """A settled team match, from both sides (tenths)."""

    #: the teams' round points: match points by match (30 / 10 / 0), the sums otherwise
    points_a: int
    points_b: int
    #: the sums of the two boards' game points
    game_points_a: int
    game_points_b: int
    #: team A's result (by sum: the larger sum wins, for the match between them)
    outcome_a: TeamOutcome
    #: whether a deciding game settled it (604.4)
    decided: bool = False

    @property
    def outcome_b(self) -> TeamOutcome:
        """Team B's result."""
        return {
            TeamOutcome.WIN: TeamOutcome.LOSS,
            TeamOutcome.LOSS: TeamOutcome.WIN,
            TeamOutcome.DRAW: TeamOutcome.DRAW,
        }[self.outcome_a]


def _compare(a: int, b: int) -> TeamOutcome:
    if a > b:
        return TeamOutcome.WIN
    if a < b:
        return TeamOutcome.LOSS
    return TeamOutcome.DRAW


def _match_points(outcome: TeamOutcome) -> tuple[int, int]:
    match outcome:
        case TeamOutcome.WIN:
            return MATCH_WIN, 0
        case TeamOutcome.LOSS:
            return 0, MATCH_WIN
        case TeamOutcome.DRAW:
            return MATCH_DRAW, MATCH_DRAW


def score_match(
    scoring: Scoring, board1: Outcome, board2: Outcome, decider: Outcome | None = None
) -> TeamMatchResult | None:
    """The team match of two games (A's outcomes); ``None`` while its deciding game is due and
    not recorded. ``decider`` is the deciding game's outcome for A's player in it; it is
    ignored when no deciding game is due (a correction removed the clean split)."""
    gp_a = game_points(board1, scoring) + game_points(board2, scoring)
    gp_b = game_points(opposite(board1), scoring) + game_points(opposite(board2), scoring)
    if scoring is not Scoring.BY_MATCH:
        return TeamMatchResult(gp_a, gp_b, gp_a, gp_b, _compare(gp_a, gp_b))
    if not deciding_game_due(scoring, board1, board2):
        outcome = _compare(gp_a, gp_b)
        return TeamMatchResult(*_match_points(outcome), gp_a, gp_b, outcome)
    if decider is None:
        return None
    if decider is Outcome.BYE:
        raise ValueError("a deciding game has an opponent")
    outcome = _compare(points(decider), points(opposite(decider)))
    return TeamMatchResult(*_match_points(outcome), gp_a, gp_b, outcome, decided=True)


@dataclass(frozen=True, slots=True)
class Bye:
    """What a bye gives a team (tenths): its round points and its game points."""

    points: int
    game_points: int


def bye(scoring: Scoring) -> Bye:
    """A team's bye: a match win (spec §1: by match 3, by sum 2 × 2.9; 610.6: 6)."""
    match scoring:
        case Scoring.BY_MATCH:
            return Bye(MATCH_WIN, 2 * points(Outcome.BYE))
        case Scoring.BY_SUM:
            return Bye(2 * points(Outcome.BYE), 2 * points(Outcome.BYE))
        case Scoring.DUEL:
            return Bye(2 * game_points(Outcome.BYE, scoring), 2 * game_points(Outcome.BYE, scoring))
