"""Elo rating arithmetic shared by every discipline.

Ratings are kept to two decimals. Each game's change is computed on the standard logistic
400 scale and rounded to 0.01, half away from zero, so the two players' changes cancel exactly.
The exact unit is the *cent* (a hundredth of a rating point): ``elo_change_cents`` returns an
``int`` that sums without drift; ``elo_delta`` is the same figure as a float for display.
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal

__all__ = ["elo_change_cents", "elo_delta", "expected_score", "rating_cents", "round_rating"]

_CENT = Decimal("0.01")


def expected_score(rating_a: float, rating_b: float) -> float:
    """The expected score of A against B (0..1) on the 400 logistic scale."""
    exponent: float = (float(rating_b) - float(rating_a)) / 400.0
    return 1.0 / (1.0 + math.pow(10.0, exponent))


def _round_cents(value: float) -> int:
    # Decimal's ROUND_HALF_UP rounds half away from zero, for negatives too.
    return int((Decimal(repr(value)) / _CENT).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def elo_change_cents(rating_a: float, rating_b: float, score_a: float, k: float) -> int:
    """A's rating change for one game, in hundredths of a point (B's is the negation).

    ``score_a`` is 1 for a win, 0.5 for a draw, 0 for a loss.
    """
    if not 0.0 <= score_a <= 1.0:
        raise ValueError(f"score must be between 0 and 1, got {score_a}")
    return _round_cents(k * (score_a - expected_score(rating_a, rating_b)))


def elo_delta(rating_a: float, rating_b: float, score_a: float, k: float) -> float:
    """A's rating change for one game, rounded to 0.01 half away from zero."""
    return elo_change_cents(rating_a, rating_b, score_a, k) / 100


def round_rating(value: float | Decimal | str) -> Decimal:
    """A rating as typed by an organiser, rounded half-up to two decimals."""
    return Decimal(str(value)).quantize(_CENT, rounding=ROUND_HALF_UP)


def rating_cents(value: float | Decimal | str) -> int:
    """A rating in whole hundredths (how the database keeps it)."""
    return int(round_rating(value) * 100)
