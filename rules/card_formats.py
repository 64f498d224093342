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

**Other formats** (611): a judge may announce a format not listed here, paired as Constructed
(``format`` is ``constructed``); its settings add ``custom_format`` (its name, its rules as
text, its banned cards: the deck lists are checked against those instead of a sub-format's)
and ``starts_at``, at least three days after the announcement (611.2: ``check_notice``).

The pods a draft seats are events of the tournament's log (``sw_pods``, ``rules.swiss.state``).
"""

from __future__ import annotations

from datetime import date, timedelta
from enum import Enum

__all__ = [
    "LIMITED",
    "NOTICE_DAYS",
    "Format",
    "TooSoon",
    "check_notice",
    "first_start",
    "format_of",
    "minimum_field",
]


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


# -- other formats (611)

NOTICE_DAYS = 3
"""A tournament of a format not listed above is announced at least three days before its start
(611.2)."""


class TooSoon(ValueError):
    """A start of another format less than ``NOTICE_DAYS`` away; ``first`` is the first
    possible day."""

    def __init__(self, first: date) -> None:
        super().__init__(f"the first possible start is {first}")
        self.first = first


def first_start(today: date) -> date:
    """The first day another format's tournament announced ``today`` may start (611.2): three
    whole days of notice, by the club's calendar (announced on a Monday: Thursday)."""
    return today + timedelta(days=NOTICE_DAYS)


def check_notice(start: date, today: date) -> None:
    """Refuse (``TooSoon``) a start of another format less than three days after ``today``."""
    if start < (first := first_start(today)):
        raise TooSoon(first)
