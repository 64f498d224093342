"""Errors of the King-of-the-Hill rules: each one is a ``ValueError`` with a message for people.

The engine raises them when an event is not allowed by the regulation; the caller shows the
message (or a translation keyed by the class) and leaves the event list unchanged.
"""

from __future__ import annotations

__all__ = [
    "ContributionError",
    "EntryFeeError",
    "ExpiryError",
    "InvalidSetupError",
    "JudgeActionError",
    "KothError",
    "LeaveError",
    "ParticipantCountError",
    "RatingInputError",
    "TournamentFinishedError",
    "UnknownEventError",
    "UnknownPlayerError",
    "WrongPairError",
]


class KothError(ValueError):
    """Base class of every King-of-the-Hill rule violation. ``reason`` names the clause broken
    in a word people's texts can be chosen by (``main_time``, ``at_table``, ...); the message
    is for the log."""

    def __init__(self, message: str, reason: str = "") -> None:
        super().__init__(message)
        self.reason = reason


class InvalidSetupError(KothError):
    """The order or the norms cannot start a tournament (duplicates, missing norm, norm < 1)."""


class ParticipantCountError(KothError):
    """Fewer than 4 or more than 6 participants (clause 2.2)."""


class EntryFeeError(KothError):
    """An entry fee below the 2 500 ₽ minimum (clause 2.3)."""


class ContributionError(KothError):
    """A negative voluntary contribution to the prize fund (clause 7.1)."""


class RatingInputError(KothError):
    """Inconsistent input for rating arithmetic (e.g. games and rated flags of unequal length)."""


class TournamentFinishedError(KothError):
    """An event arrived after the tournament was decided."""


class UnknownEventError(KothError):
    """An event whose kind or shape the engine does not know."""


class UnknownPlayerError(KothError):
    """An event names someone who is not a participant."""


class WrongPairError(KothError):
    """A game between players who are not the pair the rules put at the table now.

    ``expected`` holds that pair (the player already at the table first).
    """

    def __init__(self, message: str, expected: tuple[object, object]) -> None:
        super().__init__(message)
        self.expected = expected


class ExpiryError(KothError):
    """The main time expired a second time."""


class LeaveError(KothError):
    """A player who is still fighting for the title (or has already left) tried to leave (6.7)."""


class JudgeActionError(KothError):
    """A judge action the rules do not allow at this point (e.g. before the last circle)."""
