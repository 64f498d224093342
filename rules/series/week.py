"""At most two series tournaments a week in one city (606.5).

A week is Monday to Sunday of the club's time zone: a tournament at 01:00 on a Monday in Moscow
is of the new week though it is still Sunday in UTC. A cancelled tournament does not count (it
was not held); the caller leaves it out.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, tzinfo

WEEKLY_LIMIT = 2


class WeekFull(ValueError):
    """The week already has ``WEEKLY_LIMIT`` series tournaments in the city: ``taken`` are
    their ids."""

    def __init__(self, taken: tuple[int, ...]) -> None:
        super().__init__(f"the week already has {taken}")
        self.taken = taken


def week_of(moment: datetime, zone: tzinfo) -> tuple[int, int]:
    """The ISO year and week of ``moment`` (aware) in ``zone``."""
    if moment.tzinfo is None:
        raise ValueError("an aware moment is needed")
    year, week, _ = moment.astimezone(zone).isocalendar()
    return year, week


def same_week(held: Mapping[int, datetime], moment: datetime, zone: tzinfo) -> tuple[int, ...]:
    """The tournaments of ``held`` (id → when) in ``moment``'s week, by id."""
    week = week_of(moment, zone)
    return tuple(sorted(tid for tid, when in held.items() if week_of(when, zone) == week))


def check_week(held: Mapping[int, datetime], moment: datetime, zone: tzinfo) -> None:
    """Raise ``WeekFull`` when a series tournament at ``moment`` would be the third of its
    week in the city (``held``: the city's other series tournaments, id → when)."""
    taken = same_week(held, moment, zone)
    if len(taken) >= WEEKLY_LIMIT:
        raise WeekFull(taken)
