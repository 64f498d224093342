"""Sealed (603): each player opens his own product and builds a deck from it; nobody is seated.

- The product per player (603.2): one starter and two boosters, six 7-card boosters, or four
  12-card boosters; the organiser picks one in the wizard (setting ``sealed_product``).
- The deck list (603.3) lists the whole pool, each card marked used in the deck or not: the
  players register it with ``/deck``.
- No seating at tables (603.4), no limit on copies (603.5).
- The deck has 30 cards or more (603.6); each player draws 15 (603.7).
"""

from __future__ import annotations

from enum import Enum

__all__ = ["DECK_MINIMUM", "HAND", "SealedProduct", "sealed_product"]

DECK_MINIMUM = 30
"""The fewest cards of a Sealed deck (603.6)."""
HAND = 15
"""The cards each player draws (603.7)."""


class SealedProduct(Enum):
    """What each player opens (603.2); the value is what the settings store."""

    STARTER = "starter"
    """One starter and two boosters."""
    SEVEN = "seven"
    """Six 7-card boosters."""
    TWELVE = "twelve"
    """Four 12-card boosters."""


def sealed_product(value: object) -> SealedProduct:
    """The product a tournament's settings name; unknown or missing (a tournament created
    before the setting): one starter and two boosters, the regulation's first option."""
    try:
        return SealedProduct(value)
    except ValueError:
        return SealedProduct.STARTER
