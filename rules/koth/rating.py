"""King-of-the-Hill rating arithmetic: norms (3.4), winner's bonuses (3.3), tournament Elo (3.2).

Ratings are kept to two decimals; norms use exact arithmetic (``Fraction`` built from the decimal
text of each rating), never binary floats, so ``(1124.10 − 1000.10) / 62`` is exactly 2.
Dates are club-local calendar dates supplied by the caller.
"""

from __future__ import annotations

import calendar
from collections.abc import Iterable, Mapping, Sequence
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from rules.elo import elo_change_cents
from rules.koth.errors import RatingInputError
from rules.koth.state import PlayerId

__all__ = [
    "BONUS",
    "BONUS_MONTHS",
    "NORM_BASE",
    "NORM_STEP",
    "active_bonuses",
    "average_display",
    "average_exact",
    "bonus_expiry",
    "effective_rating",
    "norm_for",
    "norms",
    "tournament_elo_cents",
]

BONUS = 80
"""Elo points added for winning a tournament (3.3)."""
BONUS_MONTHS = 3
"""A bonus lives this many calendar months (3.3)."""
NORM_BASE = 10
"""The norm of a player rated exactly the average (3.4.2)."""
NORM_STEP = 62
"""Rating points per norm step (3.4.2)."""

Rating = float | Decimal


def _exact(rating: Rating) -> Fraction:
    """The rating as written in decimal (``900.1`` is 9001/10, not the nearest binary float)."""
    return Fraction(Decimal(str(rating)))


def average_exact(ratings: Iterable[Rating]) -> Fraction:
    """The tournament average of effective ratings (3.4.1), unrounded."""
    values = [_exact(r) for r in ratings]
    if not values:
        raise RatingInputError("the average of no ratings is undefined")
    return sum(values, Fraction(0)) / len(values)


def average_display(ratings: Iterable[Rating]) -> Decimal:
    """The average shown to players: two decimals, half-up (the regulation prints 914.02)."""
    average = average_exact(ratings)
    exact = Decimal(average.numerator) / Decimal(average.denominator)
    return exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def norm_for(rating: Rating, average: Fraction) -> int:
    """One player's norm (3.4.2), never below 1 (Interpretation).

    Above the average: 10 + trunc((r − avg) / 62) × 2; below: 10 − trunc((avg − r) / 62);
    equal: 10. ``trunc`` drops the fraction (both differences are positive, so it is floor).
    """
    diff = _exact(rating) - average
    if diff > 0:
        norm = NORM_BASE + (diff // NORM_STEP) * 2
    elif diff < 0:
        norm = NORM_BASE - (-diff // NORM_STEP)
    else:
        norm = NORM_BASE
    return max(1, int(norm))


def norms(ratings: Mapping[PlayerId, Rating]) -> tuple[float, dict[PlayerId, int]]:
    """The tournament average (as a float, for display only) and each player's norm (3.4).

    Norms are computed exactly from the unrounded average; use ``average_display`` for the
    two-decimal figure and ``average_exact`` for the exact one.
    """
    average = average_exact(ratings.values())
    return float(average), {p: norm_for(r, average) for p, r in ratings.items()}


# --- bonuses (3.3) ------------------------------------------------------------------------------


def bonus_expiry(granted: date) -> date:
    """The date a bonus stops counting: the same day 3 calendar months later, clamped to the end
    of a shorter month (30 Nov → 28 or 29 Feb). It expires at 00:00 of that date."""
    months = granted.month - 1 + BONUS_MONTHS
    year, month = granted.year + months // 12, months % 12 + 1
    day = min(granted.day, calendar.monthrange(year, month)[1])
    return date(year, month, day)


def active_bonuses(bonuses: Iterable[date], at: date) -> list[date]:
    """The grant dates of the bonuses in force on club-local date ``at``.

    A bonus counts from its grant date up to the day before its expiry date; bonuses stack and
    expire independently (3.3). A bonus granted after ``at`` does not count yet.
    """
    return [granted for granted in bonuses if granted <= at < bonus_expiry(granted)]


def effective_rating(base: Rating, bonuses: Iterable[date], at: date) -> Decimal:
    """Base rating plus 80 for every bonus in force on ``at`` (3.4)."""
    return Decimal(str(base)) + BONUS * len(active_bonuses(bonuses, at))


# --- tournament Elo (3.2, 6.10) -----------------------------------------------------------------


def tournament_elo_cents(
    ratings: Mapping[PlayerId, Rating],
    games: Sequence[tuple[PlayerId, PlayerId]],
    rated: Sequence[bool],
    k: float = 20,
) -> dict[PlayerId, int]:
    """Each player's rating change for the tournament, in hundredths of a point.

    ``ratings`` are the effective ratings at the start (3.2: this tournament's games do not move
    them); ``games`` are (winner, loser) in order and ``rated`` their flags (6.10: extra and
    final games are not rated). Each rated game's change is rounded on its own
    (``elo_change_cents``) and the changes are summed, so the total over players is zero.
    """
    if len(games) != len(rated):
        raise RatingInputError(f"{len(games)} games but {len(rated)} rated flags")
    totals = dict.fromkeys(ratings, 0)
    for (winner, loser), is_rated in zip(games, rated, strict=True):
        if not is_rated:
            continue
        if winner not in totals or loser not in totals:
            raise RatingInputError(f"no starting rating for {winner} or {loser}")
        change = elo_change_cents(float(ratings[winner]), float(ratings[loser]), 1.0, k)
        totals[winner] += change
        totals[loser] -= change
    return totals
