"""How big a deck built from a draft must be (601.10 and Table 3).

- One booster: the 7 or 12 drafted cards become the player's hand at once; no deck is built.
- Two boosters and more: by the cards each player drafted (Table 3): 32 or more → a deck of
  30 or more; from 20 to 32 → 20 or more (so two 12-card boosters give 20+, as 601.10 says);
  under 20 (two 7-card boosters) → no deck, all the cards are the hand.

Table 3 lists 32 in both of its first two rows; the larger deck is taken (32 → 30+), as a
player with 32 cards can build it.

The hand (Table 3's «раздача» column): «Все» where no deck is built, every drafted card. Where a
deck is built the column's cells are empty in the regulation; the hand is then the one every
other built deck of the regulation has, 15 cards (Sealed 603.7, the Marathon's Sealed rounds,
the Heroes tournament's 609.6).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.limited.sealed import HAND

__all__ = ["deck_minimum", "drafted_cards", "hand_size"]

BIG_POOL, BIG_DECK = 32, 30
SMALL_POOL, SMALL_DECK = 20, 20


def drafted_cards(boosters: Sequence[int]) -> int:
    """How many cards each player drafts: one card of every booster's size, per booster."""
    return sum(boosters)


def deck_minimum(boosters: Sequence[int]) -> int | None:
    """The fewest cards of a deck built after drafting ``boosters``; ``None`` when no deck is
    built and the drafted cards are the hand."""
    if len(boosters) < 2:
        return None
    drafted = drafted_cards(boosters)
    if drafted >= BIG_POOL:
        return BIG_DECK
    if drafted >= SMALL_POOL:
        return SMALL_DECK
    return None


def hand_size(boosters: Sequence[int]) -> int:
    """The cards of a player's hand after drafting ``boosters`` (Table 3's «раздача»): all he
    drafted when no deck is built, else ``HAND``."""
    return drafted_cards(boosters) if deck_minimum(boosters) is None else HAND
