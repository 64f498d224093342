"""The Marathon (608): a draft before each of its first rounds, then Sealed.

- A draft before each of the first ``N`` Swiss rounds (608.3: three; the organiser may choose
  how many, 608.6: here 1 to 3, default 3), each on two 7-card boosters, one 12-card or two
  12-card ones (608.7, ``rules.limited.boosters``); never more than one round after a draft
  before the Sealed part (608.6): round ``k ≤ N`` is played with the deck of draft ``k``.
- From round ``N + 1`` on: Sealed with every card drafted (608.4): a deck of 30 or more
  (603.6), a hand of 15 (603.7); the players are told when it begins (``first_sealed_round``).
  So the drafts must give 30 cards: ``N`` drafts of a plan give ``N ×`` its cards
  (``sealed_pool``), and only the ``N`` that reach 30 are offered (``drafts_for_sealed``: two
  drafts of 2 × 7 make 28, refused; three make 42).
- Draft 1 seats the players at random; each later draft by the current standings (601.5.6).
- The rounds are paired over the whole field (usual Swiss), not inside the draft tables: the
  regulation ties a Marathon's round to its draft's deck, not to its table, and pairing the
  whole field keeps the score groups and rematch avoidance of a Swiss over all its rounds
  (a table re-cut before each round would leave a pod of 8 without a rematch-free pairing
  sooner). The tables only say who drafts together.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.limited.deck_size import drafted_cards
from rules.limited.sealed import DECK_MINIMUM

__all__ = [
    "DEFAULT_DRAFTS",
    "MAX_DRAFTS",
    "draft_due",
    "drafts_for_sealed",
    "first_sealed_round",
    "sealed_pool",
    "sealed_round",
    "seating_of_draft",
]

MAX_DRAFTS = 3
DEFAULT_DRAFTS = 3


def draft_due(next_round: int, drafts_seated: int, drafts: int) -> int | None:
    """The draft to seat before Swiss round ``next_round`` is paired, or ``None`` when the round
    can be paired: round ``k ≤ drafts`` needs draft ``k`` seated first (608.3, 608.6)."""
    if next_round <= drafts and drafts_seated < next_round:
        return drafts_seated + 1
    return None


def seating_of_draft(draft: int) -> str:
    """How draft ``draft`` seats its players: the first at random (601.5.3), the later ones by
    the standings (601.5.6)."""
    return "random" if draft <= 1 else "standings"


def sealed_round(number: int, drafts: int) -> bool:
    """Whether Swiss round ``number`` is played as Sealed with everything drafted (608.4)."""
    return number > drafts


def first_sealed_round(number: int, drafts: int) -> bool:
    """Whether Swiss round ``number`` is the first played as Sealed (608.4): the players are
    told before it that the format changes."""
    return number == drafts + 1


def sealed_pool(boosters: Sequence[int], drafts: int) -> int:
    """The cards each player has for the Sealed part: every card of every draft (608.4)."""
    return drafts * drafted_cards(boosters)


def drafts_for_sealed(boosters: Sequence[int]) -> list[int]:
    """The numbers of drafts (1 to ``MAX_DRAFTS``, most first) whose cards make a Sealed deck of
    30 (603.6); the others cannot be played."""
    return [n for n in range(MAX_DRAFTS, 0, -1) if sealed_pool(boosters, n) >= DECK_MINIMUM]
