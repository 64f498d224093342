"""Ratings of card-game players: the start, and the changes of a tournament (spec section 1,
Table 1).

A new player starts at 1200 (section 3).

K = base K × coefficient by participants: ≤12 → 0.8; 13–24 → 1.2; 25–48 → 1.6; >48 → 2.0.
Every game played or that should have been played (technical wins and losses) is rated; a bye
is not (it has no opponent). All games are rated against the ratings at the start of the
tournament and the changes are summed, so the order of the games does not matter and a
corrected result just recomputes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction

from rules.elo import elo_change_cents
from rules.results import MatchRecord, PlayerId, elo_score

__all__ = [
    "DEFAULT_BASE_K",
    "START_RATING",
    "START_RATING_CENTS",
    "k_factor",
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
        score_a = elo_score(record.outcome_a)
        if record.player_b is None or score_a is None:
            continue
        a, b = record.player_a, record.player_b
        delta = elo_change_cents(start_ratings[a], start_ratings[b], score_a, k)
        changes[a] += delta
        changes[b] -= delta
    return changes
