"""Ratings of card-game players: the start, and the changes of a tournament (spec section 1,
Table 1).

A new player starts at 1200 (section 3).

K = base K × coefficient by participants: ≤12 → 0.8; 13–24 → 1.2; 25–48 → 1.6; >48 → 2.0.

§3 rates «каждой партии»: every *game* is a rated game, not every match (:func:`rated_games`):

- a played match with a game score is one Elo game per game won: a 2–1 match is three updates
  (two wins of the match winner, one of the loser), a 1–1 draw two (one each);
- a played match without a decided game (a 0–0 draw at time) or without a score (a single-game
  tournament) is one game with the match's score (1, ½, 0);
- a technical result (803) is the one game that should have been played (1 / 0), whoever set
  it: a judge's ``/result``, or a penalty's match loss or a disqualification's lost match
  («каждой партии, в которой он принимал или должен был принять участие»: the penalised
  player should have played it);
- a game a penalty's game loss gave to the opponent (``rules.penalties``) is a game lost: in a
  match played on, it is in the reported score already; in a match a second game loss ended
  (or a later match loss), each credited game is rated, then the match's technical rest is one
  game more unless the credited games alone won it (two game losses in a best of three: two
  games, 0–2);
- a bye, a missed round and a double loss are not rated (no opponent, or nobody won); a game
  credited in a match that ended in a double loss still is.

All games are rated against the ratings at the start of the tournament and the changes are
summed. So the order does not matter for the sum; for the record it is fixed anyway: round by
round, table by table, and inside a match player A's won games first, then player B's. A
corrected result just recomputes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction

from rules.elo import elo_change_cents
from rules.results import MatchRecord, Outcome, PlayerId, elo_score

__all__ = [
    "DEFAULT_BASE_K",
    "START_RATING",
    "START_RATING_CENTS",
    "k_factor",
    "rated_games",
    "rating_changes",
    "tournament_coefficient",
]

DEFAULT_BASE_K = 16

START_RATING = 1200
"""A new player's rating (section 3)."""
START_RATING_CENTS = START_RATING * 100
"""The same in hundredths, as ratings are kept and stored."""


def tournament_coefficient(participants: int) -> Fraction:
    """The K multiplier for a tournament of ``participants`` players (Table 1)."""
    if participants < 1:
        raise ValueError(f"a tournament has at least one participant, got {participants}")
    if participants <= 12:
        return Fraction(8, 10)
    if participants <= 24:
        return Fraction(12, 10)
    if participants <= 48:
        return Fraction(16, 10)
    return Fraction(2)


def k_factor(participants: int, base_k: float = DEFAULT_BASE_K) -> float:
    """K for every game of the tournament: base K × :func:`tournament_coefficient`."""
    return float(base_k * tournament_coefficient(participants))


def rating_changes(
    start_ratings: Mapping[PlayerId, float],
    records: Iterable[MatchRecord],
    *,
    participants: int,
    base_k: float = DEFAULT_BASE_K,
) -> dict[PlayerId, int]:
    """Each player's total rating change in cents (hundredths), to apply when the event ends.

    Every player of ``start_ratings`` gets an entry (0 if he played no rated game). Each game's
    change is rounded to a cent and the two players' changes cancel exactly.
    """
    k = k_factor(participants, base_k)
    changes = dict.fromkeys(start_ratings, 0)
    for record in records:
        a, b = record.player_a, record.player_b
        for score_a in rated_games(record):
            assert b is not None  # rated_games rates nothing without an opponent
            delta = elo_change_cents(start_ratings[a], start_ratings[b], score_a, k)
            changes[a] += delta
            changes[b] -= delta
    return changes


_PLAYED = (Outcome.CLEAN_WIN, Outcome.LOSS, Outcome.DRAW, Outcome.AGREED_DRAW)


def rated_games(record: MatchRecord) -> list[float]:
    """Player A's Elo score in each rated game of one record, in rating order (see the module
    docstring): A's won games (1) first, then B's (0); ``[]`` when nothing is rated."""
    score_a = elo_score(record.outcome_a)
    if record.player_b is None:
        return []
    if record.outcome_a in _PLAYED:
        if record.games_a + record.games_b == 0:
            return [score_a] if score_a is not None else []
        return [1.0] * record.games_a + [0.0] * record.games_b
    credited = [1.0] * record.credited_a + [0.0] * record.credited_b
    if score_a is None:  # a double loss: only the games a penalty credited
        return credited
    winner_credited = record.credited_a if score_a else record.credited_b
    needed = max(record.games_a, record.games_b, 1)
    return credited if winner_credited >= needed else [*credited, score_a]
