"""A team event's settings, typed (like ``rules.swiss.settings``): what the organiser chose at
creation over the defaults of ``shared/spec/teams-story-arena-overlord.md`` §1–2."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = ["DEFAULT_ROUND_MINUTES", "Scoring", "TeamFormat", "TeamSettings"]

DEFAULT_ROUND_MINUTES = 70
"""604.5 says team rounds are longer; **Default** 70 minutes (the card tournaments' 50 + 20)."""


class TeamFormat(Enum):
    """The three team formats."""

    TEAM_SEALED = "team_sealed"
    """604 with the product of 603.2 per player."""
    TEAM_DRAFT = "team_draft"
    """604 with the pods and pick clock of 601."""
    DUEL_SETS = "duel_sets"
    """610: each player plays a deck of a duel set; scored by 610.5 only."""


class Scoring(Enum):
    """How a team's round is scored."""

    BY_MATCH = "by_match"
    """604.3 (the default of 604): the larger sum of game points wins the match, 3 / 1 / 0
    match points; a clean split goes to a deciding game (604.4)."""
    BY_SUM = "by_sum"
    """604.3.1: the team gets the sum of its two games' points (at most 6); no deciding game."""
    DUEL = "duel"
    """610.5: each player 3 for a win, 1 for a draw, 0 for a loss; the team's round is the sum
    (at most 6); no deciding game. Always the scoring of a duel-set release."""


@dataclass(frozen=True, slots=True)
class TeamSettings:
    #: Team Sealed, Team Draft or a duel-set release
    format: TeamFormat = TeamFormat.TEAM_SEALED
    #: 604.3 or 604.3.1; a duel-set release is always scored by 610.5 (:attr:`effective_scoring`)
    scoring: Scoring = Scoring.BY_MATCH
    #: the rounds the organiser chose (``None``: by the number of teams, 610.6)
    rounds: int | None = None
    round_minutes: int = DEFAULT_ROUND_MINUTES
    #: the published seed of round 1's draw
    seed: int | None = None

    @property
    def effective_scoring(self) -> Scoring:
        """The scoring that applies: 610.5 for a duel-set release whatever was stored."""
        return Scoring.DUEL if self.format is TeamFormat.DUEL_SETS else self.scoring

    @property
    def bye_by_rating(self) -> bool:
        """610.6: a duel-set release gives its bye to the team lowest by rating; 604 to the
        lowest-ranked team without one."""
        return self.format is TeamFormat.DUEL_SETS
