"""The evening's recap (issue 27, item 6): what is worth telling of one evening's tournaments
in a group, chosen from what happened and nothing else.

Each tournament of the evening says its games, its final places and (a King of the Hill) its
reigns through the kind contract (``rules.memory.Played``); the ratings each player had at its
start and what it changed come from the rating history (a tournament moves ratings once, at its
end, so every game of it was played at its start ratings). From these:

- the champions: each tournament's first place (a team's players share it);
- the biggest upset: among the games won (a draw upsets nobody) whose two players both had a
  rating, the one whose winner had the lowest expected score (``rules.elo.expected_score``),
  when that is below one half (the favourite winning upsets nobody); on a tie the earlier
  tournament and game;
- the biggest gains: each player's rating change summed over the evening in each rating pool,
  the largest positive ones;
- the longest reign: the most wins in a row at a King of the Hill's table (at least two);
- milestones: a player's 100th (200th …) game at the table, his first win ever.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, tzinfo

from rules.elo import expected_score
from rules.memory import Game, Played, Reign

__all__ = [
    "GAINS_SHOWN",
    "GAMES_STEP",
    "MIN_REIGN",
    "UPSET_BELOW",
    "Evening",
    "Gain",
    "Milestone",
    "Past",
    "Reached",
    "Recap",
    "Tonight",
    "Upset",
    "biggest_gains",
    "biggest_upset",
    "champions",
    "longest_reign",
    "milestones",
    "night_of",
    "recap",
    "reigns_of",
]

#: a milestone every this many games at the table (the 100th, the 200th …)
GAMES_STEP = 100
#: how many of the biggest gains the recap names
GAINS_SHOWN = 3
#: a win is an upset when its winner's expected score was below this
UPSET_BELOW = 0.5
#: the fewest wins in a row that make a reign worth telling
MIN_REIGN = 2


@dataclass(frozen=True, slots=True)
class Tonight:
    """One tournament of the evening: what its kind says it played, the rating pool it rates
    in, each player's rating at its start and what it changed (cents; a player it did not
    rate is in neither)."""

    tournament: int
    played: Played
    pool: str = ""
    before: Mapping[int, int] = field(default_factory=dict)
    change: Mapping[int, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Past:
    """A player's games at the table and wins before the evening."""

    games: int = 0
    wins: int = 0


@dataclass(frozen=True, slots=True)
class Evening:
    """The evening's tournaments in the order they were played, and each of their players'
    past (a player missing had none)."""

    tournaments: tuple[Tonight, ...]
    past: Mapping[int, Past] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Upset:
    """``winner`` (rated ``winner_before``) beat ``loser`` (``loser_before``) in
    ``tournament`` expecting ``expected`` (0..1)."""

    tournament: int
    winner: int
    loser: int
    winner_before: int
    loser_before: int
    expected: float


@dataclass(frozen=True, slots=True)
class Gain:
    player: int
    pool: str
    cents: int


class Reached(enum.Enum):
    GAMES = "games"  #: his ``count``-th game at the table
    FIRST_WIN = "first_win"  #: his first win ever


@dataclass(frozen=True, slots=True)
class Milestone:
    player: int
    reached: Reached
    count: int = 1


@dataclass(frozen=True, slots=True)
class Recap:
    #: (tournament, player) of each first place, tournaments in the evening's order
    champions: tuple[tuple[int, int], ...]
    upset: Upset | None
    gains: tuple[Gain, ...]
    #: (tournament, the reign)
    reign: tuple[int, Reign] | None
    milestones: tuple[Milestone, ...]


def reigns_of(games: Sequence[Game]) -> tuple[Reign, ...]:
    """Each run of games won in a row by one player, in order (a draw ends a run): at a King
    of the Hill's table the king stays while he wins, so each run is a reign."""
    runs: list[Reign] = []
    going = False  #: the last game was won: its winner's run may go on
    for game in games:
        if game.winner is None:
            going = False
        elif going and runs[-1].player == game.winner:
            runs[-1] = Reign(game.winner, runs[-1].wins + 1)
        else:
            runs.append(Reign(game.winner, 1))
            going = True
    return tuple(runs)


def champions(evening: Evening) -> tuple[tuple[int, int], ...]:
    """Each tournament's first place(s), in the evening's order."""
    return tuple(
        (t.tournament, player)
        for t in evening.tournaments
        for player, place in t.played.places
        if place == 1
    )


def biggest_upset(evening: Evening) -> Upset | None:
    """The won game with the lowest expected score of its winner (see the module docstring);
    ``None`` when no underdog beat a rated player."""
    found: Upset | None = None
    for t in evening.tournaments:
        for game in t.played.games:
            if game.winner is None:
                continue
            loser = game.b if game.winner == game.a else game.a
            mine, theirs = t.before.get(game.winner), t.before.get(loser)
            if mine is None or theirs is None:
                continue
            expected = expected_score(mine / 100, theirs / 100)
            if expected < UPSET_BELOW and (found is None or expected < found.expected):
                found = Upset(t.tournament, game.winner, loser, mine, theirs, expected)
    return found


def biggest_gains(evening: Evening, most: int = GAINS_SHOWN) -> tuple[Gain, ...]:
    """The ``most`` largest positive changes over the evening, by player and pool (largest
    first; on a tie the smaller club number)."""
    summed: dict[tuple[int, str], int] = {}
    for t in evening.tournaments:
        for player, cents in t.change.items():
            summed[player, t.pool] = summed.get((player, t.pool), 0) + cents
    gains = [Gain(p, pool, c) for (p, pool), c in summed.items() if c > 0]
    gains.sort(key=lambda g: (-g.cents, g.player, g.pool))
    return tuple(gains[:most])


def longest_reign(evening: Evening) -> tuple[int, Reign] | None:
    """The most wins in a row at a table (``Played.reigns``), at least ``MIN_REIGN``; on a tie
    the earlier one."""
    found: tuple[int, Reign] | None = None
    for t in evening.tournaments:
        for reign in t.played.reigns:
            if reign.wins >= MIN_REIGN and (found is None or reign.wins > found[1].wins):
                found = (t.tournament, reign)
    return found


def milestones(evening: Evening) -> tuple[Milestone, ...]:
    """Each player's hundredth (…) game reached tonight and his first win ever, by club
    number."""
    games: dict[int, int] = {}
    wins: dict[int, int] = {}
    for t in evening.tournaments:
        for game in t.played.games:
            for player in (game.a, game.b):
                games[player] = games.get(player, 0) + 1
            if game.winner is not None:
                wins[game.winner] = wins.get(game.winner, 0) + 1
    out: list[Milestone] = []
    for player in sorted(games):
        past = evening.past.get(player, Past())
        reached = (past.games + games[player]) // GAMES_STEP
        if reached > past.games // GAMES_STEP:
            out.append(Milestone(player, Reached.GAMES, reached * GAMES_STEP))
        if past.wins == 0 and wins.get(player, 0) > 0:
            out.append(Milestone(player, Reached.FIRST_WIN))
    return tuple(out)


def recap(evening: Evening) -> Recap:
    """Everything the recap tells (see the module docstring)."""
    return Recap(
        champions(evening),
        biggest_upset(evening),
        biggest_gains(evening),
        longest_reign(evening),
        milestones(evening),
    )


#: an evening runs past midnight: a moment before this hour (local) belongs to the day before
NIGHT_TURNS_AT = 6


def night_of(moment: datetime, zone: tzinfo) -> date:
    """The night a moment belongs to: its local date, a moment before ``NIGHT_TURNS_AT``
    o'clock counted to the evening before (a tournament finished at 00:40 ends Friday's)."""
    return (moment.astimezone(zone) - timedelta(hours=NIGHT_TURNS_AT)).date()
