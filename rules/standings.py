"""Swiss standings with a configurable list of tie-breaks (spec section 5).

Players are ordered by points, then by each tie-break of the list in turn, then by the draw of
lots (a seeded shuffle). The default list is Buchholz, median Buchholz, clean wins and
head-to-head. A bye counts for the player's points but is not an opponent: it adds nothing to
Buchholz-like sums and is not an opponent in OMW% / OGW%.

Values are exact: points-based tie-breaks in tenths (ints), percentages as ``Fraction``.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

from rules.results import MatchRecord, Outcome, PlayerId, points

__all__ = [
    "DEFAULT_TIE_BREAKS",
    "StandingRow",
    "StandingsError",
    "TieBreak",
    "compute_standings",
]

FLOOR = Fraction(1, 3)
"""The 33 % floor of MTG-style percentages."""
MAX_ROUND_POINTS = points(Outcome.CLEAN_WIN)


class StandingsError(ValueError):
    """The records do not describe a tournament (unknown player, two results in a round...)."""


class TieBreak(Enum):
    """A criterion that orders players with equal points (higher is better)."""

    BUCHHOLZ = "buchholz"
    """Sum of the opponents' points."""
    MEDIAN_BUCHHOLZ = "median_buchholz"
    """Buchholz without the best and the worst opponent."""
    CLEAN_WINS = "clean_wins"
    """Number of clean wins (801)."""
    HEAD_TO_HEAD = "head_to_head"
    """Points scored against the other players still tied at this step."""
    SONNEBORN_BERGER = "sonneborn_berger"
    """Points of beaten opponents plus half the points of drawn ones."""
    OMW = "omw"
    """Average of the opponents' match-win percentages (each at least 1/3)."""
    GW = "gw"
    """The player's game-win percentage (at least 1/3)."""
    OGW = "ogw"
    """Average of the opponents' game-win percentages (each at least 1/3)."""


DEFAULT_TIE_BREAKS: tuple[TieBreak, ...] = (
    TieBreak.BUCHHOLZ,
    TieBreak.MEDIAN_BUCHHOLZ,
    TieBreak.CLEAN_WINS,
    TieBreak.HEAD_TO_HEAD,
)


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the standings. ``lot`` is the draw of lots (lower wins the last tie)."""

    rank: int
    player: PlayerId
    points: int
    tie_breaks: dict[TieBreak, Fraction] = field(hash=False)
    lot: int


@dataclass(slots=True)
class _Tally:
    points: int = 0
    clean_wins: int = 0
    rounds: int = 0
    games_won: int = 0
    games_played: int = 0
    opponents: list[tuple[PlayerId, Outcome]] = field(default_factory=list)


def _tally(players: Sequence[PlayerId], records: Iterable[MatchRecord]) -> dict[PlayerId, _Tally]:
    tallies = {player: _Tally() for player in players}
    seen: set[tuple[int, PlayerId]] = set()
    for record in records:
        for player in (record.player_a, record.player_b):
            if player is None:
                continue
            if player not in tallies:
                raise StandingsError(f"unknown player {player!r}")
            if (record.round_number, player) in seen:
                raise StandingsError(f"{player!r} has two results in round {record.round_number}")
            seen.add((record.round_number, player))
            _add(tallies[player], record, player)
    return tallies


def _add(tally: _Tally, record: MatchRecord, player: PlayerId) -> None:
    outcome = record.outcome_of(player)
    tally.points += points(outcome)
    tally.rounds += 1
    tally.clean_wins += outcome is Outcome.CLEAN_WIN
    opponent = record.opponent_of(player)
    if opponent is None:  # a bye counts as a 2-0 match, a missed round as 0-2 (game-win %)
        tally.games_won += 2 if outcome is Outcome.BYE else 0
        tally.games_played += 2
        return
    tally.opponents.append((opponent, outcome))
    if outcome is Outcome.DOUBLE_LOSS:  # lost without playing, like a missed round: 0-2
        tally.games_played += 2
        return
    won, lost = record.games_of(player)
    tally.games_won += won
    tally.games_played += won + lost


_SB_WEIGHT = {
    Outcome.CLEAN_WIN: Fraction(1),
    Outcome.TECHNICAL_WIN: Fraction(1),
    Outcome.DRAW: Fraction(1, 2),
    Outcome.AGREED_DRAW: Fraction(1, 2),
}
"""Sonneborn–Berger: a beaten opponent's points count whole, a drawn one's half (the chess
standard, whatever a draw scores in the table); a loss (or double loss) counts nothing."""


def _match_win(tally: _Tally) -> Fraction:
    if tally.rounds == 0:
        return FLOOR
    return max(FLOOR, Fraction(tally.points, MAX_ROUND_POINTS * tally.rounds))


def _game_win(tally: _Tally) -> Fraction:
    if tally.games_played == 0:
        return FLOOR
    return max(FLOOR, Fraction(tally.games_won, tally.games_played))


def _average(values: list[Fraction]) -> Fraction:
    return sum(values, Fraction(0)) / len(values) if values else Fraction(0)


def _value(kind: TieBreak, player: PlayerId, tallies: dict[PlayerId, _Tally]) -> Fraction:
    """Every tie-break except head-to-head, which depends on the tied group."""
    tally = tallies[player]
    opponent_points = sorted(tallies[opp].points for opp, _ in tally.opponents)
    match kind:
        case TieBreak.BUCHHOLZ:
            return Fraction(sum(opponent_points))
        case TieBreak.MEDIAN_BUCHHOLZ:
            return Fraction(sum(opponent_points[1:-1]))
        case TieBreak.CLEAN_WINS:
            return Fraction(tally.clean_wins)
        case TieBreak.SONNEBORN_BERGER:
            return sum(
                (tallies[opp].points * _SB_WEIGHT.get(outcome, Fraction(0))
                 for opp, outcome in tally.opponents),
                Fraction(0),
            )  # fmt: skip
        case TieBreak.OMW:
            return _average([_match_win(tallies[opp]) for opp, _ in tally.opponents])
        case TieBreak.GW:
            return _game_win(tally)
        case TieBreak.OGW:
            return _average([_game_win(tallies[opp]) for opp, _ in tally.opponents])
        case TieBreak.HEAD_TO_HEAD:
            raise AssertionError("head-to-head is computed per tied group")


def _head_to_head(
    group: list[PlayerId], tallies: dict[PlayerId, _Tally]
) -> dict[PlayerId, Fraction]:
    members = set(group)
    return {
        player: Fraction(
            sum(points(out) for opp, out in tallies[player].opponents if opp in members)
        )
        for player in group
    }


def compute_standings(
    players: Sequence[PlayerId],
    records: Iterable[MatchRecord],
    *,
    seed: int,
    tie_breaks: Sequence[TieBreak] = DEFAULT_TIE_BREAKS,
) -> list[StandingRow]:
    """Order ``players`` (everyone registered, dropped ones included) by the ``records``.

    Sorting is by points, then every tie-break of ``tie_breaks`` in order (head-to-head is
    computed among the players still tied at its position), then the draw of lots from
    ``seed``. Each row carries all the tie-break values of the list.
    """
    tallies = _tally(players, records)
    lots = list(range(len(players)))
    random.Random(seed).shuffle(lots)
    lot_of = dict(zip(players, lots, strict=True))
    values: dict[PlayerId, dict[TieBreak, Fraction]] = {player: {} for player in players}
    keys: dict[PlayerId, tuple[Fraction, ...]] = {
        player: (Fraction(tallies[player].points),) for player in players
    }
    for kind in tie_breaks:
        if kind is TieBreak.HEAD_TO_HEAD:
            groups: dict[tuple[Fraction, ...], list[PlayerId]] = defaultdict(list)
            for player in players:
                groups[keys[player]].append(player)
            for group in groups.values():
                for player, value in _head_to_head(group, tallies).items():
                    values[player][kind] = value
        else:
            for player in players:
                values[player][kind] = _value(kind, player, tallies)
        for player in players:
            keys[player] = (*keys[player], values[player][kind])
    order = sorted(players, key=lambda player: (tuple(-v for v in keys[player]), lot_of[player]))
    return [
        StandingRow(rank, player, tallies[player].points, values[player], lot_of[player])
        for rank, player in enumerate(order, start=1)
    ]
