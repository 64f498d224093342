"""A card tournament's settings, typed: what its creation stored (``bot.swiss.registration``:
the wizard's answers over ``DEFAULT_SETTINGS``) and what its organisers changed since. Read from
the database once per read of the tournament (``db.tournaments.Tournament.settings_as``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class CardSettings:
    #: ``rules.card_formats.Format``'s value (how it plays: ``bot.swiss.play``)
    format: str = "constructed"
    #: Constructed's sub-format, whose banned list applies (612)
    sub_format: str | None = None
    #: how strictly deck lists are checked (5xx)
    strictness: str = "amateur"
    #: the Swiss rounds and the Top the organiser chose (``None``: by the field)
    rounds: int | None = None
    top: int | None = None
    round_minutes: int = 50
    #: ``rules.standings.TieBreak`` values, in order (empty: the defaults)
    tie_breaks: tuple[str, ...] = ()
    best_of: int = 1
    #: what a late entrant's missed rounds count as (``rules.swiss.LatePolicy``)
    late: str = "zero"
    #: open, semi-closed or closed (``rules.admission``) and its lists
    kind: str | None = None
    privileged: tuple[int, ...] = ()
    invited: tuple[int, ...] = ()
    auto_rounds: int = 0
    #: the published seed of the Swiss pairings' draw
    seed: int | None = None
    #: the base K of its ratings (its creation's ``BERSERK_K``)
    base_k: float | None = None
    #: a draft's booster sizes in opening order (601.4)
    boosters: tuple[int, ...] = ()
    #: a Marathon's drafts (608.6)
    drafts: int | None = None
    sealed_product: str | None = None
    #: a unifying Heroes tournament (609.8), its set of heroes and those given by hand
    unifying: bool = False
    heroes: tuple[str, ...] = ()
    heroes_given: Mapping[int, str] = field(default_factory=dict)
    deckbuilding_minutes: int | None = None
