"""607.1: the organiser may depart from the rules of 607, announcing it at least three days
before the tournament's start. A change later than that is refused, naming the earliest start
it would need (``RulesTooLate.needed``)."""

from __future__ import annotations

from datetime import datetime, timedelta

__all__ = ["NOTICE", "RulesTooLate", "check_rules_change"]

NOTICE = timedelta(days=3)


class RulesTooLate(ValueError):
    """A rules change less than three days before the start (607.1)."""

    def __init__(self, start: datetime, needed: datetime) -> None:
        super().__init__(f"the start {start:%Y-%m-%d} needs the rules by {start - NOTICE:%Y-%m-%d}")
        self.start = start
        #: the earliest start this change would allow (now + 3 days)
        self.needed = needed


def check_rules_change(now: datetime, start: datetime) -> None:
    """Refuse (:class:`RulesTooLate`) a change at ``now`` for a start less than 3 days ahead."""
    if start - now < NOTICE:
        raise RulesTooLate(start, now + NOTICE)
