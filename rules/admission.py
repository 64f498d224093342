"""Who may play a card tournament, and who starts with auto-wins (401–403), and what a club
registration lacks (101.2).

- **Open** (401): any player may enter.
- **Semi-closed** (402): any player may enter; the players the organiser names as privileged get
  an auto-win in each of the first ``auto_rounds`` Swiss rounds (the seed: «автопобеда в первом
  туре или в нескольких первых турах»). An auto-win counts like a bye: 2.9 points, no opponent,
  never rated; and as the player's bye, so he gets no second round without an opponent.
- **Closed** (403): only the players on the invitation list may enter. The organiser's own
  ``/add`` (and his approval of a request) is an invitation in itself: he chose the player.

Where the seed is silent the bot's choice: privileges exist only in a semi-closed tournament
(402 names them; 403 speaks only of invitations), and a privileged player who dropped gets no
auto-win (he is not in the round).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from enum import Enum

__all__ = [
    "MAX_AUTO_ROUNDS",
    "REQUIRED_FIELDS",
    "TournamentKind",
    "admits",
    "auto_winners",
    "missing_fields",
    "too_many_privileged",
    "tournament_kind",
]

MAX_AUTO_ROUNDS = 3
"""At most this many first rounds of auto-wins (the wizard's choices: 1, 2, 3)."""


class TournamentKind(Enum):
    """The kind of a tournament (section 4); the value is what its settings store."""

    OPEN = "open"
    SEMI_CLOSED = "semi"
    CLOSED = "closed"


def tournament_kind(name: object) -> TournamentKind:
    """The kind called ``name``; none or an unknown one is open (tournaments created before
    kinds existed were open)."""
    return next((kind for kind in TournamentKind if kind.value == name), TournamentKind.OPEN)


def admits(kind: TournamentKind, player: int, invited: Collection[int]) -> bool:
    """Whether ``player`` may enter by himself: a closed tournament only if he is invited."""
    return kind is not TournamentKind.CLOSED or player in invited


def auto_winners(
    kind: TournamentKind,
    round_number: int,
    auto_rounds: int,
    privileged: Iterable[int],
    active: Collection[int],
) -> list[int]:
    """The privileged players who win Swiss round ``round_number`` without playing: in a
    semi-closed tournament, in rounds 1..``auto_rounds``, those still in the tournament."""
    if kind is not TournamentKind.SEMI_CLOSED or not 1 <= round_number <= auto_rounds:
        return []
    return [player for player in dict.fromkeys(privileged) if player in active]


def too_many_privileged(
    kind: TournamentKind, auto_rounds: int, privileged: Iterable[int], active: Collection[int]
) -> bool:
    """Whether the privileged leave fewer than two players to play round 1: such a round has
    no game (the bot's choice: the organiser is refused at the start, not left with an empty
    round)."""
    sitting_out = auto_winners(kind, 1, auto_rounds, privileged, active)
    return bool(sitting_out) and len(active) - len(sitting_out) < 2


REQUIRED_FIELDS = ("last_name", "first_name", "patronymic", "email", "city")
"""What 101.2 requires of a registered player (the nickname and the phone are optional)."""


BLANK_ANSWERS = frozenset({"patronymic"})
"""Required fields that may be answered "none": a person without a patronymic answers the
registration with a dash, kept as an empty string (``bot.validation.patronymic``)."""


def missing_fields(values: Mapping[str, object]) -> list[str]:
    """The required fields (in the registration's order) that ``values`` lacks: never given
    (``None``), or blank where a blank is no answer."""
    return [name for name in REQUIRED_FIELDS if _missing(name, values.get(name))]


def _missing(name: str, value: object) -> bool:
    if value is None:
        return True
    return name not in BLANK_ANSWERS and not str(value).strip()
