"""The formats of a card tournament (section 6 of the regulation) and what they share.

- **Constructed** (602): each player brings his own deck; the organiser picks a sub-format
  whose banned list applies (612): Classic, Standard, Block or Class Wars (602.4).
- **Limited** formats, played with cards opened at the tournament:
  - **Draft** (601): players sit in pods and draft boosters, then build a deck;
  - **Sealed** (603): each player opens his own product and builds a deck from it;
  - **Marathon** (608): a draft before each of the first rounds, then Sealed with everything
    drafted;
  - **Heroes tournament** (609): a draft of exactly 8 players, each with a secret hero.

A tournament's settings store the format's value under ``format`` (``DEFAULT_SETTINGS`` in
``bot.swiss.core``). Settings the Limited formats add (each written by the wizard):

- ``boosters``: the booster sizes of one draft in opening order, e.g. ``[12, 12]`` or
  ``[7, 7, 7, 7]`` (601.4; 12-card boosters first, 601.10);
- ``sealed_product``: what each Sealed player opens (603.2).

The pods a draft seats are events of the tournament's log (``sw_pods``, ``rules.swiss.state``).
"""

from __future__ import annotations

from enum import Enum

__all__ = ["LIMITED", "Format", "format_of", "minimum_field"]


class Format(Enum):
    """A tournament's format; the value is what its settings store."""

    CONSTRUCTED = "constructed"
    DRAFT = "draft"
    SEALED = "sealed"
    MARATHON = "marathon"
    HEROES_TOURNAMENT = "heroes_tournament"


LIMITED = frozenset({Format.DRAFT, Format.SEALED, Format.MARATHON, Format.HEROES_TOURNAMENT})
"""The formats played with cards opened at the tournament."""

HEROES_FIELD = 8
"""A Heroes tournament has exactly eight players (609.2)."""


def format_of(value: object) -> Format:
    """The format a tournament's settings name; anything unknown is Constructed."""
    try:
        return Format(value)
    except ValueError:
        return Format.CONSTRUCTED


def minimum_field(fmt: Format) -> int:
    """The fewest players a tournament of ``fmt`` starts with: 4 for the Limited formats
    (603.1, 608.1; a Draft likewise, as the club's smallest table), exactly 8 for a Heroes
    tournament (609.2); Constructed has no minimum of its own beyond a pairing (2)."""
    if fmt is Format.HEROES_TOURNAMENT:
        return HEROES_FIELD
    return 4 if fmt in LIMITED else 2
