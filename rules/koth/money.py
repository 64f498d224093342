"""King-of-the-Hill participants, main time and money (2.2–2.3, 6.1, 7.1–7.3).

Money is whole rubles (``int``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import timedelta

from rules.koth.errors import ContributionError, EntryFeeError, ParticipantCountError

__all__ = [
    "FUND_PER_PARTICIPANT",
    "MAX_PARTICIPANTS",
    "MIN_ENTRY_FEE",
    "MIN_PARTICIPANTS",
    "FundSplit",
    "check_entry_fee",
    "check_participants",
    "main_time",
    "prize_fund",
    "split_fees",
    "table_time_share",
]

MIN_PARTICIPANTS = 4
MAX_PARTICIPANTS = 6
MIN_ENTRY_FEE = 2500
"""Rubles (2.3)."""
FUND_PER_PARTICIPANT = 1000
"""Rubles of each entry fee that go to the prize fund (7.1)."""

_MAIN_HOURS = {4: 3, 5: 4, 6: 5}


def check_participants(count: int) -> None:
    """Raise ``ParticipantCountError`` unless 4 ≤ count ≤ 6 (2.2)."""
    if not MIN_PARTICIPANTS <= count <= MAX_PARTICIPANTS:
        raise ParticipantCountError(
            f"King of the Hill needs {MIN_PARTICIPANTS} to {MAX_PARTICIPANTS} participants, "
            f"not {count}"
        )


def check_entry_fee(fee: int) -> None:
    """Raise ``EntryFeeError`` if the entry fee is below 2 500 ₽ (2.3)."""
    if fee < MIN_ENTRY_FEE:
        raise EntryFeeError(f"the entry fee must be at least {MIN_ENTRY_FEE} ₽, not {fee} ₽")


def main_time(participants: int) -> timedelta:
    """Main time from the start of game 1: 4 → 3 h, 5 → 4 h, 6 → 5 h (6.1)."""
    check_participants(participants)
    return timedelta(hours=_MAIN_HOURS[participants])


def prize_fund(participants: int, contributions: Iterable[int] = ()) -> int:
    """1 000 ₽ per participant plus every voluntary contribution (7.1); the winner takes it all
    (7.2). Any count is accepted so the fund can be shown while players register."""
    if participants < 0:
        raise ParticipantCountError(f"a negative number of participants: {participants}")
    extra = list(contributions)
    if any(c < 0 for c in extra):
        raise ContributionError("a contribution cannot be negative")
    return FUND_PER_PARTICIPANT * participants + sum(extra)


def table_time_share(entry_fee: int, participants: int) -> int:
    """The part of the entry fees that pays for table time and organisation (7.3)."""
    check_entry_fee(entry_fee)
    if participants < 0:
        raise ParticipantCountError(f"a negative number of participants: {participants}")
    return (entry_fee - FUND_PER_PARTICIPANT) * participants


@dataclass(frozen=True, slots=True)
class FundSplit:
    """Where the money of one tournament goes: ``prize`` to the winner, ``table_time`` to the
    club; ``collected`` = fees + contributions = prize + table_time."""

    prize: int
    table_time: int
    collected: int


def split_fees(entry_fee: int, participants: int, contributions: Iterable[int] = ()) -> FundSplit:
    """The split of a tournament's money (7.1–7.3); contributions go wholly to the prize."""
    extra = list(contributions)
    prize = prize_fund(participants, extra)
    table_time = table_time_share(entry_fee, participants)
    return FundSplit(prize=prize, table_time=table_time, collected=prize + table_time)
