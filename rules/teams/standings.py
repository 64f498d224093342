"""Team standings and places (spec §1, **Default** tie-breaks where 604 is silent).

Order: the teams' points (match points by match; the sums by sum and in 610.5 — 610.5: «the
team with the most points over the tournament wins»), then

1. the team **Buchholz**: the sum of the points of the teams it met (a bye is no opponent:
   it adds nothing);
2. the **sum of game points** of its games (801–806; a bye 2 × 2.9, in 610 6; a deciding game
   adds none, ``rules.teams.scoring``);
3. **the match between them**: among the teams still level on all of the above, the match
   points (3 / 1 / 0 by who won the match, whatever the scoring) each took from the others of
   that group;
4. the draw of lots from the event's seed (as the individual Swiss, ``rules.standings``).

A dropped team keeps its place by its points (it is listed, not paired). Places are per team,
1 to the number of teams, no two alike.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rules.teams.scoring import MATCH_DRAW, MATCH_WIN, TeamOutcome
from rules.teams.teams import TeamId

__all__ = ["TeamRecord", "TeamRow", "team_standings"]


@dataclass(frozen=True, slots=True)
class TeamRecord:
    """A settled team match of a round, or a bye (``team_b is None``), in tenths."""

    round: int
    team_a: TeamId
    team_b: TeamId | None
    points_a: int
    points_b: int
    game_points_a: int
    game_points_b: int
    outcome_a: TeamOutcome

    def side(self, team: TeamId) -> tuple[int, int, TeamOutcome, TeamId | None]:
        """(points, game points, outcome, opponent) of ``team`` in this record."""
        if team == self.team_a:
            return self.points_a, self.game_points_a, self.outcome_a, self.team_b
        if team == self.team_b:
            outcome = {
                TeamOutcome.WIN: TeamOutcome.LOSS,
                TeamOutcome.LOSS: TeamOutcome.WIN,
                TeamOutcome.DRAW: TeamOutcome.DRAW,
            }[self.outcome_a]
            return self.points_b, self.game_points_b, outcome, self.team_a
        raise ValueError(f"team {team!r} did not play this match")


@dataclass(frozen=True, slots=True)
class TeamRow:
    """One line of the team standings (tenths); ``place`` from 1."""

    place: int
    team: TeamId
    points: int
    buchholz: int
    game_points: int
    head_to_head: int
    lot: int


def _match_points(outcome: TeamOutcome) -> int:
    return {TeamOutcome.WIN: MATCH_WIN, TeamOutcome.DRAW: MATCH_DRAW, TeamOutcome.LOSS: 0}[outcome]


def team_standings(
    teams: Sequence[TeamId], records: Iterable[TeamRecord], *, seed: int
) -> list[TeamRow]:
    """Every team of ``teams`` ranked by the order of the module docstring."""
    listed = list(records)
    points = dict.fromkeys(teams, 0)
    game_points = dict.fromkeys(teams, 0)
    opponents: dict[TeamId, list[TeamId]] = {team: [] for team in teams}
    for record in listed:
        for team in (record.team_a, record.team_b):
            if team is None:
                continue
            gained, games, _, opponent = record.side(team)
            points[team] += gained
            game_points[team] += games
            if opponent is not None:
                opponents[team].append(opponent)
    buchholz = {team: sum(points[o] for o in opponents[team]) for team in teams}
    lots = list(range(len(teams)))
    random.Random(seed).shuffle(lots)
    lot = dict(zip(teams, lots, strict=True))

    def level(team: TeamId) -> tuple[int, int, int]:
        return points[team], buchholz[team], game_points[team]

    groups: dict[tuple[int, int, int], list[TeamId]] = {}
    for team in teams:
        groups.setdefault(level(team), []).append(team)
    head = dict.fromkeys(teams, 0)
    for group in groups.values():
        members = set(group)
        if len(members) < 2:
            continue
        for record in listed:
            if record.team_a in members and record.team_b in members:
                head[record.team_a] += _match_points(record.outcome_a)
                head[record.team_b] += _match_points(record.side(record.team_b)[2])
    order = sorted(teams, key=lambda t: (*(-v for v in level(t)), -head[t], lot[t]))
    return [
        TeamRow(place, t, points[t], buchholz[t], game_points[t], head[t], lot[t])
        for place, t in enumerate(order, start=1)
    ]
