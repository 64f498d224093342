"""How a series ends (606.7, 606.10, 606.11) and the challenge's result (606.3, 606.8, 606.9.5).

- The Overlord beaten: the series ends at once, the winner gets the deck (606.7).
- The period over: with ``MIN_HELD`` (15) or more tournaments held the deck stays with the
  Overlord's player; with fewer the cycle did not take place and the deck goes back to the
  game's makers (606.10).
- An extension moves the end later (606.11); tournaments after the official end allow only
  the cards released before it (the bot says so).
- A game against the Overlord deck ends only in a clean win of one side or a draw (606.9.5);
  the crystals the challenger spent on his squad are recorded and kept if he loses (606.8):
  never more than he has.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta, tzinfo
from enum import Enum

MIN_HELD = 15


class Ending(Enum):
    BEATEN = "beaten"  #: the Overlord deck was beaten: its winner gets it
    KEPT = "kept"  #: the period is over, 15+ held: the deck stays with the Overlord's player
    NOT_HELD = "not_held"  #: the period is over, fewer than 15 held: the cycle did not take place


class Challenge(Enum):
    """A game against the Overlord deck as the judge records it (606.9.5)."""

    PLAYER = "player"  #: a clean win of the challenger: the Overlord is beaten
    OVERLORD = "overlord"  #: a clean win of the Overlord deck
    DRAW = "draw"


class SeriesError(ValueError):
    """A series rule refused (the subclasses say which)."""


class BadPeriod(SeriesError):
    """The period ends before it starts."""


class BadExtension(SeriesError):
    """An extension that does not move the end later."""


class TooManyCrystals(SeriesError):
    """The challenger spends more crystals than he has (or fewer than none)."""

    def __init__(self, used: int, available: int) -> None:
        super().__init__(f"{used} of {available}")
        self.used, self.available = used, available


def check_period(starts_on: date, ends_on: date) -> None:
    if ends_on < starts_on:
        raise BadPeriod(f"{ends_on} before {starts_on}")


def at_period_end(held: int) -> Ending:
    """The end of the period with ``held`` tournaments held and the Overlord not beaten."""
    return Ending.KEPT if held >= MIN_HELD else Ending.NOT_HELD


def after_challenge(result: Challenge) -> Ending | None:
    """A challenge's result ends the series only when the Overlord is beaten."""
    return Ending.BEATEN if result is Challenge.PLAYER else None


def end_moment(ends_on: date, zone: tzinfo) -> datetime:
    """When a period ending on ``ends_on`` (its last day, in the club's time zone) is over:
    the next midnight there."""
    return datetime.combine(ends_on + timedelta(days=1), time(), zone)


def extended(official: date, current: date, new: date) -> date:
    """The new end of an extension (606.11): later than the current one."""
    if new <= current or new <= official:
        raise BadExtension(f"{new} is not after {current}")
    return new


def past_official_end(official: date, on: date) -> bool:
    """A tournament on ``on`` is after the official end: only cards released before it."""
    return on > official


def check_used(used: int, available: int) -> int:
    """The crystals spent on the squad: from none to all the challenger has."""
    if not 0 <= used <= available:
        raise TooManyCrystals(used, available)
    return used
