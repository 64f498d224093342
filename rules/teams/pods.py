"""Team Draft's seating (604 with the pods of 601.5): teammates at one table, never side by side.

The seed says nothing of where a team's two players sit. **Default**, what clubs do: a team
drafts at one table (its two decks come from the same boosters' passing), and its two players
never sit side by side, so neither passes his boosters to his partner (601.6.3 passes to the
neighbour: side by side, a team would draft one pool together).

- **Tables**: the tables of 601.5.1–601.5.2 (``rules.limited.pods``) counted in teams: the
  fewest tables, a power of two, at most 16 players (8 teams) at each; the teams shared as
  equally as possible, the larger tables first.
- **Random** (601.5.3): the teams in the order of ``rules.limited.pods.shuffled`` over their
  numbers with the published seed (anyone re-checks it as for a Draft), cut into the tables in
  order.
- **Seats** at a table of ``k`` teams: their first numbers in that order, then their second
  numbers in the same order. Round the table a team's two players are ``k`` seats apart (at
  least 2: a table holds at least two teams), so never side by side, left or right.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.limited.pods import MAX_TABLE, shuffled
from rules.results import PlayerId
from rules.teams.teams import Team, TeamError

__all__ = ["seat_teams", "side_by_side"]

TEAM_SIZE = 2


def table_teams(teams: int) -> list[int]:
    """The teams at each table: the fewest tables (a power of two) with at most 8 teams (16
    players) at each, as equal as possible, the larger first."""
    count = 1
    while teams * TEAM_SIZE > count * MAX_TABLE:
        count *= 2
    base, extra = divmod(teams, count)
    return [base + 1] * extra + [base] * (count - extra)


def seat_teams(teams: Sequence[Team], seed: str) -> list[list[PlayerId]]:
    """Each table's players in seat order (see the module docstring); ``TeamError`` with
    fewer than two teams (a team would sit next to itself)."""
    if len(teams) < TEAM_SIZE:
        raise TeamError("a draft table needs at least two teams")
    by_id = {team.id: team for team in teams}
    order = [by_id[number] for number in shuffled(list(by_id), seed)]
    tables: list[list[PlayerId]] = []
    start = 0
    for size in table_teams(len(order)):
        at_table = order[start : start + size]
        tables.append([team.first for team in at_table] + [team.second for team in at_table])
        start += size
    return tables


def side_by_side(pods: Sequence[Sequence[PlayerId]], teams: Sequence[Team]) -> list[Team]:
    """The teams whose two players sit next to each other round a table (none, by
    ``seat_teams``)."""
    found = []
    for team in teams:
        for pod in pods:
            if team.first in pod and team.second in pod:
                gap = abs(pod.index(team.first) - pod.index(team.second))
                if gap in (1, len(pod) - 1):
                    found.append(team)
    return found
