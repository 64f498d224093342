"""A drafted tournament's current draft as the clock sees it, and the settings it reads."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from db.tournaments import Tournament
from rules.limited.clock import Booster, DeckBuilding, DraftClock, Phase, booster_plan

DEFAULT_BOOSTERS = (12, 12)
DEFAULT_DECK_MINUTES = 30
DECK_MINUTES = range(1, 181)
#: the draft runs before the rounds: while the registration is open or once the tournament began
OPEN = ("registration", "running")


@dataclass(frozen=True, slots=True)
class DraftSettings:
    """What the clock reads of a drafted tournament's settings (every kind with a pick clock
    keeps them under these names)."""

    #: the booster sizes in opening order (601.4)
    boosters: tuple[int, ...] = ()
    deckbuilding_minutes: int | None = None


def card(tournament: Tournament) -> DraftSettings:
    return tournament.settings_as(DraftSettings)


def plan_of(tournament: Tournament) -> tuple[int, ...]:
    """The boosters of one draft in opening order; an old or malformed setting: two 12s."""
    try:
        return booster_plan(list(card(tournament).boosters or DEFAULT_BOOSTERS))
    except (TypeError, ValueError):
        return DEFAULT_BOOSTERS


def deck_minutes_of(tournament: Tournament) -> int:
    value = card(tournament).deckbuilding_minutes
    return value if value is not None and value in DECK_MINUTES else DEFAULT_DECK_MINUTES


@dataclass(frozen=True, slots=True)
class Draft:
    """A drafted tournament's current draft: its plan, pods, names and clock."""

    tournament: Tournament
    number: int  #: the draft (a Marathon drafts more than once; ``State.drafts``)
    plan: tuple[int, ...]
    pods: list[list[int]]
    #: every seated player's name
    names: Mapping[int, str]
    clock: DraftClock

    @property
    def booster(self) -> Booster | None:
        """The booster of this draft started last."""
        current = self.clock.current
        return current if current is not None and current.draft == self.number else None

    def running(self, now: datetime) -> Booster | None:
        """The booster under way (picking, paused or reviewing)."""
        booster = self.booster
        if booster is None or booster.at(now).phase is Phase.DONE:
            return None
        return booster

    @property
    def started(self) -> int:
        return self.clock.started_in(self.number)

    @property
    def deck(self) -> DeckBuilding | None:
        return self.clock.deck_building(self.number)
