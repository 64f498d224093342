"""Teams of two (604.1–604.2, 610.2–610.3): who they are, their fixed seats, how many rounds.

- A team is two players and a name; its seats are fixed for the whole event (604.2): the
  **first** number and the **second** number. Teammates never play each other (610.4): the
  pairing treats the team as one unit, so they cannot meet.
- At least :data:`MIN_TEAMS` teams (604.1, 610.2).
- Rounds (610.6, and **Default** for 604, which gives none): 4 teams → 3, 5–31 → 5, 32 or more
  → 7; the organiser may choose another number (``rules.teams.settings``).
- In a duel-set release (610.3) each player has a deck of the set, named at registration.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum

from rules.results import PlayerId

__all__ = [
    "MIN_TEAMS",
    "Seat",
    "Team",
    "TeamError",
    "TeamId",
    "TooFewTeams",
    "check_teams",
    "default_rounds",
]

TeamId = int
"""A team's number in its tournament (given at registration, never reused)."""

MIN_TEAMS = 4
"""604.1, 610.2: a team event needs at least four teams."""


class TeamError(ValueError):
    """A team is malformed: a player twice, in two teams, a team number twice."""


class TooFewTeams(TeamError):
    """Fewer than :data:`MIN_TEAMS` teams (604.1, 610.2)."""


class Seat(IntEnum):
    """A player's fixed number in his team (604.2); first numbers meet first numbers."""

    FIRST = 1
    """The first number: board 1 of every team match."""
    SECOND = 2
    """The second number: board 2 of every team match."""


@dataclass(frozen=True, slots=True)
class Team:
    """A registered team: its number, its name, its two players by seat, their decks (610.3:
    a duel-set deck each; ``None`` in Team Sealed and Team Draft)."""

    id: TeamId
    name: str
    first: PlayerId
    second: PlayerId
    deck_first: str | None = None
    deck_second: str | None = None

    def __post_init__(self) -> None:
        if self.first == self.second:
            raise TeamError(f"team {self.name!r}: a player cannot be both numbers")

    @property
    def players(self) -> tuple[PlayerId, PlayerId]:
        """(first number, second number)."""
        return self.first, self.second

    def player(self, seat: Seat) -> PlayerId:
        """The player on ``seat``."""
        return self.first if seat is Seat.FIRST else self.second

    def deck(self, seat: Seat) -> str | None:
        """The deck of the player on ``seat`` (610.3)."""
        return self.deck_first if seat is Seat.FIRST else self.deck_second

    def seat_of(self, player: PlayerId) -> Seat:
        """The seat of ``player`` (:class:`TeamError` when he is not in the team)."""
        if player == self.first:
            return Seat.FIRST
        if player == self.second:
            return Seat.SECOND
        raise TeamError(f"{player!r} is not in team {self.name!r}")


def check_teams(teams: Iterable[Team]) -> list[Team]:
    """The teams as a list, checked: at least four (:class:`TooFewTeams`), each number and each
    player once (:class:`TeamError`)."""
    listed = list(teams)
    ids = [team.id for team in listed]
    if len(set(ids)) != len(ids):
        raise TeamError("a team number appears twice")
    players = [player for team in listed for player in team.players]
    if len(set(players)) != len(players):
        raise TeamError("a player is in two teams")
    if len(listed) < MIN_TEAMS:
        raise TooFewTeams(f"at least {MIN_TEAMS} teams are needed, got {len(listed)}")
    return listed


def default_rounds(teams: int) -> int:
    """The rounds for ``teams`` teams (610.6; **Default** for 604): 4 → 3, 5–31 → 5, 32+ → 7."""
    if teams < MIN_TEAMS:
        raise TooFewTeams(f"at least {MIN_TEAMS} teams are needed, got {teams}")
    if teams == MIN_TEAMS:
        return 3
    if teams <= 31:
        return 5
    return 7
