"""The booster plan of a draft: how many boosters each player opens and of which size (601.4,
601.10, 608.7).

- One to four boosters (601.4), each of 7 or 12 cards (601.10); a mixed draft is allowed, every
  player getting the same plan; the 12-card boosters are opened first (601.10).
- A Marathon's drafts are each on two 7-card boosters, one 12-card or two 12-card ones (608.7).
- The plans the wizard offers (``PLANS``) are the common ones; a plan is stored in the
  tournament's settings as its list of sizes in opening order (``boosters``).
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "BOOSTER_SIZES",
    "DRAFT_PLANS",
    "MARATHON_PLANS",
    "MAX_BOOSTERS",
    "is_plan",
    "opening_order",
    "plan_name",
    "plan_of",
]

BOOSTER_SIZES = (7, 12)
MAX_BOOSTERS = 4
DRAFT_PLANS: dict[str, tuple[int, ...]] = {
    "12": (12,),
    "7": (7,),
    "12x2": (12, 12),
    "7x2": (7, 7),
    "12x3": (12, 12, 12),
    "12x4": (12, 12, 12, 12),
    "7x4": (7, 7, 7, 7),
    "12x2_7x2": (12, 12, 7, 7),
}
"""The draft plans the wizard offers: a name for the button, the sizes in opening order."""
MARATHON_PLANS: dict[str, tuple[int, ...]] = {
    "7x2": (7, 7),
    "12": (12,),
    "12x2": (12, 12),
}
"""The only plans of a Marathon's drafts (608.7)."""


def opening_order(sizes: Sequence[int]) -> list[int]:
    """The boosters in the order they are opened: the 12-card ones first (601.10)."""
    return sorted(sizes, reverse=True)


def is_plan(sizes: Sequence[int], *, marathon: bool = False) -> bool:
    """Whether ``sizes`` is a legal plan in opening order (601.4, 601.10; 608.7 for a
    Marathon)."""
    plan = tuple(sizes)
    if marathon:
        return plan in MARATHON_PLANS.values()
    return (
        1 <= len(plan) <= MAX_BOOSTERS
        and all(size in BOOSTER_SIZES for size in plan)
        and list(plan) == opening_order(plan)
    )


def plan_of(name: str, *, marathon: bool = False) -> tuple[int, ...] | None:
    """The plan a button names (``None``: no such plan for that format)."""
    return (MARATHON_PLANS if marathon else DRAFT_PLANS).get(name)


def plan_name(sizes: Sequence[int]) -> str:
    """A plan as people write it: «12+12+7+7»."""
    return "+".join(str(size) for size in sizes)
