"""Results of card-game rounds (tournament rules, section 8) and their points.

Points are kept exactly as integer *tenths* (a clean win is 30, a bye 29), so 2.9 + 2.5 add up
without float drift; divide by 10 only for display. Every outcome is scored in one place,
:func:`points`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, TypeAlias

__all__ = [
    "BYE_POINTS",
    "Claim",
    "MatchRecord",
    "Outcome",
    "PlayerId",
    "ResultError",
    "elo_score",
    "opposite",
    "outcomes_from_games",
    "points",
    "technical_outcomes",
]

PlayerId: TypeAlias = int | str
"""A player's identity: the club ID in the bot, one-letter names in tests."""


class ResultError(ValueError):
    """A reported result is impossible (negative game count, a bye with an opponent, ...)."""


class Outcome(Enum):
    """One player's result of a round, as the judge records it."""

    CLEAN_WIN = "clean_win"
    """801: the match was played and won (3 points)."""
    LOSS = "loss"
    """802: the match was played and lost (0 points)."""
    TECHNICAL_WIN = "technical_win"
    """803: won without a full game — opponent absent, penalised, conceded late (2.5 points)."""
    TECHNICAL_LOSS = "technical_loss"
    """803: the counterpart of a technical win (0 points)."""
    DRAW = "draw"
    """804: the match ended undecided, e.g. at time (1 point)."""
    AGREED_DRAW = "agreed_draw"
    """805: both players agreed to a draw before reporting (1 point)."""
    BYE = "bye"
    """806: auto-win without an opponent — the bye of an odd round (2.9 points)."""
    DOUBLE_LOSS = "double_loss"
    """803 for both: the judge gives both players a technical loss (both absent, both
    penalised): 0 points each, the round is settled, nobody is rated."""


def points(outcome: Outcome) -> int:
    """The points an outcome earns, in tenths (the only scoring table in the project)."""
    match outcome:
        case Outcome.CLEAN_WIN:
            return 30
        case Outcome.TECHNICAL_WIN:
            return 25
        case Outcome.BYE:
            return 29
        case Outcome.DRAW | Outcome.AGREED_DRAW:
            return 10
        case Outcome.LOSS | Outcome.TECHNICAL_LOSS | Outcome.DOUBLE_LOSS:
            return 0


BYE_POINTS = points(Outcome.BYE)


def opposite(outcome: Outcome) -> Outcome:
    """The opponent's outcome of the same match; a bye has no opponent (:class:`ResultError`)."""
    match outcome:
        case Outcome.CLEAN_WIN:
            return Outcome.LOSS
        case Outcome.LOSS:
            return Outcome.CLEAN_WIN
        case Outcome.TECHNICAL_WIN:
            return Outcome.TECHNICAL_LOSS
        case Outcome.TECHNICAL_LOSS:
            return Outcome.TECHNICAL_WIN
        case Outcome.DRAW | Outcome.AGREED_DRAW | Outcome.DOUBLE_LOSS:
            return outcome
        case Outcome.BYE:
            raise ResultError("a bye has no opponent")


def elo_score(outcome: Outcome) -> float | None:
    """The Elo score (1, ½, 0) of an outcome; ``None`` for a bye and a double loss, which are
    not rated (nobody played, nobody won)."""
    match outcome:
        case Outcome.CLEAN_WIN | Outcome.TECHNICAL_WIN:
            return 1.0
        case Outcome.DRAW | Outcome.AGREED_DRAW:
            return 0.5
        case Outcome.LOSS | Outcome.TECHNICAL_LOSS:
            return 0.0
        case Outcome.BYE | Outcome.DOUBLE_LOSS:
            return None


def outcomes_from_games(
    games_a: int, games_b: int, *, agreed: bool = False
) -> tuple[Outcome, Outcome]:
    """The two players' outcomes of a played match with game score ``games_a``–``games_b``.

    More games won is a clean win, equal games a draw (``agreed=True``: an agreed draw).
    """
    if games_a < 0 or games_b < 0:
        raise ResultError(f"game counts must not be negative: {games_a}-{games_b}")
    if agreed:
        if games_a != games_b:
            raise ResultError(f"an agreed draw needs equal games, got {games_a}-{games_b}")
        return Outcome.AGREED_DRAW, Outcome.AGREED_DRAW
    if games_a == games_b:
        return Outcome.DRAW, Outcome.DRAW
    if games_a > games_b:
        return Outcome.CLEAN_WIN, Outcome.LOSS
    return Outcome.LOSS, Outcome.CLEAN_WIN


def technical_outcomes(*, a_wins: bool) -> tuple[Outcome, Outcome]:
    """Outcomes of a technical result decided by the judge (803)."""
    if a_wins:
        return Outcome.TECHNICAL_WIN, Outcome.TECHNICAL_LOSS
    return Outcome.TECHNICAL_LOSS, Outcome.TECHNICAL_WIN


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A finished match of a Swiss round, a bye, or a missed round (both ``player_b is None``).

    A late entrant's missed round, when the organiser says so, is a technical loss without an
    opponent (0 points, 0–2 in games, never rated) or a bye (2.9 points).

    ``outcome_a`` is player A's outcome; B's is its :func:`opposite`. ``games_a``/``games_b``
    are the game score (2–1, 1–1, ...) for game-win tie-breaks; 0–0 when not recorded.
    ``credited_a``/``credited_b``: the games of the match a penalty's game loss gave to A / B
    (``rules.penalties``), which a technical result does not show in its score; only the
    rating reads them (``rules.card_rating.rated_games``).
    """

    round_number: int
    player_a: PlayerId
    player_b: PlayerId | None
    outcome_a: Outcome
    games_a: int = 0
    games_b: int = 0
    credited_a: int = 0
    credited_b: int = 0

    def __post_init__(self) -> None:
        if self.round_number < 1:
            raise ResultError(f"round numbers start at 1, got {self.round_number}")
        alone = (Outcome.BYE, Outcome.TECHNICAL_LOSS)
        if self.player_b is None and self.outcome_a not in alone:
            raise ResultError("only a bye or a missed round (technical loss) has no opponent")
        if self.player_b is not None and self.outcome_a is Outcome.BYE:
            raise ResultError("a bye has no opponent")
        if self.player_b is None and self.outcome_a is Outcome.DOUBLE_LOSS:
            raise ResultError("a double loss needs two players")
        if self.player_a == self.player_b:
            raise ResultError(f"{self.player_a!r} cannot play himself")
        if self.games_a < 0 or self.games_b < 0:
            raise ResultError("game counts must not be negative")

    @property
    def is_bye(self) -> bool:
        """Whether this record is a bye (auto-win without an opponent)."""
        return self.outcome_a is Outcome.BYE

    @property
    def outcome_b(self) -> Outcome:
        """Player B's outcome (:class:`ResultError` for a bye)."""
        return opposite(self.outcome_a)

    def outcome_of(self, player: PlayerId) -> Outcome:
        """The outcome of ``player``, who must be A or B."""
        if player == self.player_a:
            return self.outcome_a
        if player == self.player_b:
            return self.outcome_b
        raise ResultError(f"{player!r} did not play this match")

    def opponent_of(self, player: PlayerId) -> PlayerId | None:
        """The opponent of ``player`` (``None`` for a bye)."""
        if player == self.player_a:
            return self.player_b
        if player == self.player_b:
            return self.player_a
        raise ResultError(f"{player!r} did not play this match")

    def games_of(self, player: PlayerId) -> tuple[int, int]:
        """(games won, games lost) of ``player`` in this match."""
        if player == self.player_a:
            return self.games_a, self.games_b
        return self.games_b, self.games_a


@dataclass(frozen=True, slots=True, kw_only=True)
class Claim:
    """A result of one game between two players as a player reports it or a judge decides it:
    the winner, or a draw. Every tournament kind reports in this shape (King of the Hill has
    no draws and reads only the winner).

    ``winner`` is a club ID; ``technical``: a technical win (803) of the winner; ``agreed``: a
    draw the players agreed on (805) rather than one at time (804); ``games``: the game score of
    a match as (first player's games, second player's games), in the order the game lists its
    players, or ``None`` when not reported; ``double_loss``: the judge gives both players a
    technical loss (no winner, no draw); ``absent``: the players a judge's technical result
    says did not come (a no-show, ``rules.no_shows``; never the winner). An impossible
    combination is a :class:`ResultError`.
    """

    winner: int | None = None
    draw: bool = False
    agreed: bool = False
    technical: bool = False
    games: tuple[int, int] | None = None
    double_loss: bool = False
    absent: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if (self.draw + self.double_loss + (self.winner is not None)) != 1:
            raise ResultError("a claim names either the winner, a draw or a double loss")
        if self.agreed and not self.draw:
            raise ResultError("only a draw is agreed")
        if self.technical and self.draw:
            raise ResultError("a technical result has a winner")
        if self.games is not None and min(self.games) < 0:
            raise ResultError("game counts must not be negative")
        if self.absent and not (self.technical or self.double_loss):
            raise ResultError("only a technical result says who did not come")
        if self.winner is not None and self.winner in self.absent:
            raise ResultError("the winner came")

    def same_result(self, other: Claim) -> bool:
        """Whether two reports of one game agree: a draw agreed (805) and a draw at time (804)
        score the same, so telling them apart is no reason for a dispute."""
        mine = (self.winner, self.draw, self.technical, self.games, self.double_loss)
        theirs = (other.winner, other.draw, other.technical, other.games, other.double_loss)
        return mine == theirs

    def to_json(self) -> dict[str, Any]:
        """The claim as stored (``from_json`` reads it back); the keys never change, so stored
        reports read the same."""
        stored: dict[str, Any] = {
            "winner": self.winner,
            "draw": self.draw,
            "agreed": self.agreed,
            "technical": self.technical,
            "games": list(self.games) if self.games else None,
        }
        if self.double_loss:  # only then: every other claim is stored as before it existed
            stored["double_loss"] = True
        if self.absent:  # likewise
            stored["absent"] = list(self.absent)
        return stored

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Claim:
        """A stored claim (``to_json``); a missing key is its default (claims stored before
        ``agreed`` existed have none)."""
        winner, games = data.get("winner"), data.get("games")
        return cls(
            winner=None if winner is None else int(winner),
            draw=bool(data.get("draw")),
            agreed=bool(data.get("agreed")),
            technical=bool(data.get("technical")),
            games=(int(games[0]), int(games[1])) if games else None,
            double_loss=bool(data.get("double_loss")),
            absent=tuple(int(each) for each in data.get("absent") or ()),
        )
