"""The pick clock of a draft (601.4, 601.6, 601.7, 601.10 and Table 2) — pure: ``now`` is an
argument, the clock is computed from stored moments, never counted in memory.

- **Booster plan** (601.4, 601.10): one to four boosters of 7 or 12 cards; 12-card boosters are
  opened first, 7-card ones last. One- and two-booster drafts are of the amateur strictness by
  default (601.4); for three and four boosters the organiser's choice stands.
- **Pick times** (Table 2): a 12-card booster has 11 timed picks of 55, 50, … 5 seconds, a
  7-card one 6 picks of 30, 25, … 5 seconds. The last card of a booster needs no choice: it is
  passed on after the last timed pick and taken as it is.
- **Review** (601.7): after each booster the players have one minute to look at their cards.
- **Direction** (601.6.3): odd boosters are passed to the left, even ones to the right.

A booster runs from the judge's start; the judge may pause it (the players stop) and resume
it. The running time of a booster is the time since its start minus its pauses: every pick
ends at a fixed running time, so a pause of ``d`` moves every later end by ``d``.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from rules.limited.boosters import is_plan, opening_order

__all__ = [
    "BOOSTER_EVENT",
    "DECK_EVENT",
    "PAUSE_EVENT",
    "PICK_SECONDS",
    "RESUME_EVENT",
    "REVIEW",
    "Booster",
    "DeckBuilding",
    "Direction",
    "DraftClock",
    "Pause",
    "Phase",
    "Position",
    "booster_plan",
    "booster_seconds",
    "default_strictness",
    "direction",
    "pick_seconds",
    "position",
    "replay_clock",
]

#: Table 2, as printed: the seconds of each timed pick of a booster of 12 and of 7 cards.
PICK_SECONDS: dict[int, tuple[int, ...]] = {
    12: (55, 50, 45, 40, 35, 30, 25, 20, 15, 10, 5),
    7: (30, 25, 20, 15, 10, 5),
}
#: 601.7: one minute to look at the cards after each booster.
REVIEW = timedelta(minutes=1)
#: 601.4: one- and two-booster drafts are of the amateur strictness.
AMATEUR_UP_TO = 2

#: Events of the tournament's log the clock replays (``replay_clock``).
BOOSTER_EVENT = "sw_booster"  #: ``{"draft", "booster", "size", "at"}``: the judge's start
PAUSE_EVENT = "sw_pick_pause"  #: ``{"at"}``: the running booster stops
RESUME_EVENT = "sw_pick_resume"  #: ``{"at"}``: it goes on
DECK_EVENT = "sw_deckbuilding"  #: ``{"draft", "minutes", "at", "ends_at"}``


class Direction(enum.Enum):
    """Where the rest of a booster goes after a pick (601.6.3)."""

    LEFT = "left"
    RIGHT = "right"


class Phase(enum.Enum):
    PICK = "pick"  #: a timed pick is under way
    REVIEW = "review"  #: the minute to look at the cards (601.7)
    DONE = "done"  #: the booster is over


def pick_seconds(size: int) -> tuple[int, ...]:
    """The seconds of each timed pick of a booster of ``size`` cards (Table 2)."""
    try:
        return PICK_SECONDS[size]
    except KeyError:
        raise ValueError(f"a booster has 7 or 12 cards, not {size}") from None


def booster_seconds(size: int) -> int:
    """A booster's whole time: its picks and the review minute."""
    return sum(pick_seconds(size)) + int(REVIEW.total_seconds())


def booster_plan(boosters: Sequence[int]) -> tuple[int, ...]:
    """The boosters in the order they are opened: 12-card ones first (601.10,
    ``rules.limited.boosters``).

    Raises ``ValueError`` for no booster, more than four (601.4) or a size not in Table 2."""
    plan = tuple(opening_order(boosters))
    if not is_plan(plan):
        raise ValueError(f"a draft has one to four boosters of 7 or 12 cards, not {plan}")
    return plan


def default_strictness(boosters: Sequence[int]) -> str | None:
    """The strictness a draft of ``boosters`` has by default: amateur for one and two boosters
    (601.4); ``None`` for three and four, where the organiser chooses."""
    return "amateur" if len(boosters) <= AMATEUR_UP_TO else None


def direction(number: int) -> Direction:
    """Where booster ``number`` (from 1) is passed: odd to the left, even to the right."""
    if number < 1:
        raise ValueError("boosters are numbered from 1")
    return Direction.LEFT if number % 2 else Direction.RIGHT


@dataclass(frozen=True, slots=True)
class Pause:
    """A stop of the clock; ``stop`` ``None``: it still lasts."""

    start: datetime
    stop: datetime | None = None


@dataclass(frozen=True, slots=True)
class Position:
    """Where a booster's clock stands at a moment."""

    phase: Phase
    pick: int  #: the timed pick under way, from 1 (the last one once it is over)
    picks: int  #: the booster's timed picks
    seconds: int  #: the whole length of this pick (or of the review)
    left: timedelta  #: what is left of this pick (or of the review); zero when done
    #: when this pick (or the review) ends; ``None`` while paused (it depends on the resume)
    ends_at: datetime | None
    paused: bool


def running_time(started: datetime, pauses: Sequence[Pause], now: datetime) -> timedelta:
    """How long the clock ran from ``started`` to ``now``: the time minus the pauses' parts."""
    if now <= started:
        return timedelta(0)
    stopped = timedelta(0)
    for pause in pauses:
        begin = max(pause.start, started)
        end = min(pause.stop or now, now)
        if end > begin:
            stopped += end - begin
    return now - started - stopped


def paused_at(pauses: Sequence[Pause], now: datetime) -> bool:
    return any(p.start <= now and (p.stop is None or now < p.stop) for p in pauses)


def position(size: int, started: datetime, pauses: Sequence[Pause], now: datetime) -> Position:
    """Booster of ``size`` cards started at ``started``, stopped by ``pauses``: where it is at
    ``now``. A pick covers its running time from its start up to, not including, its end."""
    times = pick_seconds(size)
    ran = running_time(started, pauses, now)
    paused = paused_at(pauses, now)
    boundary = timedelta(0)
    for number, seconds in enumerate(times, start=1):
        boundary += timedelta(seconds=seconds)
        if ran < boundary:
            return _at(Phase.PICK, number, len(times), seconds, boundary - ran, now, paused)
    review_end = boundary + REVIEW
    review = int(REVIEW.total_seconds())
    if ran < review_end:
        return _at(Phase.REVIEW, len(times), len(times), review, review_end - ran, now, paused)
    return Position(Phase.DONE, len(times), len(times), 0, timedelta(0), None, False)


def _at(
    phase: Phase, pick: int, picks: int, seconds: int, left: timedelta, now: datetime, paused: bool
) -> Position:
    return Position(phase, pick, picks, seconds, left, None if paused else now + left, paused)


@dataclass(frozen=True, slots=True)
class Booster:
    """A booster the judge started: its draft, its number in that draft, its size."""

    draft: int
    number: int
    size: int
    started: datetime
    pauses: tuple[Pause, ...] = ()

    def at(self, now: datetime) -> Position:
        return position(self.size, self.started, self.pauses, now)

    @property
    def direction(self) -> Direction:
        return direction(self.number)


@dataclass(frozen=True, slots=True)
class DeckBuilding:
    draft: int
    minutes: int
    started: datetime
    ends_at: datetime


@dataclass(slots=True)
class DraftClock:
    """The boosters started (in order) and the deck-building timers of a tournament."""

    boosters: list[Booster] = field(default_factory=list)
    decks: list[DeckBuilding] = field(default_factory=list)

    @property
    def current(self) -> Booster | None:
        """The booster started last (running or over)."""
        return self.boosters[-1] if self.boosters else None

    def started_in(self, draft: int) -> int:
        """How many boosters of ``draft`` were started."""
        return sum(1 for b in self.boosters if b.draft == draft)

    def deck_building(self, draft: int) -> DeckBuilding | None:
        return next((d for d in reversed(self.decks) if d.draft == draft), None)

    def drafting(self, draft: int, boosters: int, now: datetime) -> bool:
        """Whether ``draft`` (of ``boosters`` boosters) is under way on the clock: a booster of
        it is picked or reviewed, or some were and others are still to come. A draft whose
        clock never started is not (a club may draft without it): the judge knows."""
        started = [b for b in self.boosters if b.draft == draft]
        if not started:
            return False
        return len(started) < boosters or started[-1].at(now).phase is not Phase.DONE


def replay_clock(events: Iterable[tuple[str, dict[str, Any]]]) -> DraftClock:
    """The clock after the log's events (other kinds change nothing). A pause or a resume
    applies to the booster started last; a pause while paused, or a resume while running, is
    ignored (the service refuses them; a replay never fails on them)."""
    clock = DraftClock()
    for kind, payload in events:
        if kind == BOOSTER_EVENT:
            clock.boosters.append(
                Booster(
                    int(payload["draft"]),
                    int(payload["booster"]),
                    int(payload["size"]),
                    datetime.fromisoformat(str(payload["at"])),
                )
            )
        elif kind in (PAUSE_EVENT, RESUME_EVENT) and clock.boosters:
            at = datetime.fromisoformat(str(payload["at"]))
            clock.boosters[-1] = _paused(clock.boosters[-1], kind == PAUSE_EVENT, at)
        elif kind == DECK_EVENT:
            clock.decks.append(
                DeckBuilding(
                    int(payload["draft"]),
                    int(payload["minutes"]),
                    datetime.fromisoformat(str(payload["at"])),
                    datetime.fromisoformat(str(payload["ends_at"])),
                )
            )
    return clock


def _paused(booster: Booster, pause: bool, at: datetime) -> Booster:
    pauses = list(booster.pauses)
    open_pause = bool(pauses) and pauses[-1].stop is None
    if pause and not open_pause:
        pauses.append(Pause(at))
    elif not pause and open_pause:
        pauses[-1] = Pause(pauses[-1].start, at)
    return Booster(booster.draft, booster.number, booster.size, booster.started, tuple(pauses))
