"""How the pick clock looks: one message per pod in the group, and the judge's panel."""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import datetime, timedelta, tzinfo

from bot.notices import Phrase, phrase
from bot.texts import Translate
from rules.limited.clock import Booster, DeckBuilding, Direction, Phase, Position
from rules.limited.deck_size import deck_minimum, hand_size

T = Translate


def clock_time(when: datetime, zone: tzinfo) -> str:
    """A moment of the clock as people read it on the wall clock: 21:01:45 (to the second:
    the last picks last five seconds)."""
    return when.astimezone(zone).strftime("%H:%M:%S")


def whole_seconds(left: timedelta) -> int:
    """What is left, rounded up: a pick with 0.4 s left still has a second."""
    return math.ceil(left.total_seconds())


def booster_line(t: T, booster: Booster, total: int) -> str:
    side = "left" if booster.direction is Direction.LEFT else "right"
    return t(f"pickclock.booster_{side}", n=booster.number, total=total, size=booster.size)


def clock_line(t: T, booster: Booster, where: Position, total: int, zone: tzinfo) -> str:
    """The pick under way and when it ends (or the review minute, the pause, the end)."""
    if where.phase is Phase.DONE:
        done = t("pickclock.done", n=booster.number, total=total)
        return done if booster.number < total else done + "\n" + t("pickclock.all_done")
    seconds = whole_seconds(where.left)
    if where.paused:
        if where.phase is Phase.REVIEW:
            return t("pickclock.paused_review", seconds=seconds)
        return t("pickclock.paused", n=where.pick, total=where.picks, seconds=seconds)
    assert where.ends_at is not None
    until = clock_time(where.ends_at, zone)
    if where.phase is Phase.REVIEW:
        return t("pickclock.review", until=until)
    return t("pickclock.pick", n=where.pick, total=where.picks, seconds=where.seconds, until=until)


def pod_text(
    t: T,
    table: int,
    names: Sequence[str],
    booster: Booster,
    total: int,
    now: datetime,
    zone: tzinfo,
) -> str:
    """A pod's message: its table, its seats, the booster and the clock."""
    where = booster.at(now)
    return "\n".join(
        (
            t("pickclock.pod_title", table=table, count=len(names)),
            t("pickclock.seating", players=", ".join(names)),
            booster_line(t, booster, total),
            clock_line(t, booster, where, total, zone),
        )
    )


def deck_phrase(boosters: Sequence[int]) -> Phrase:
    """The deck each player builds and his hand (601.10, Table 3)."""
    minimum, hand = deck_minimum(boosters), hand_size(boosters)
    if minimum is None:
        return phrase("pickclock.deck_none", hand=hand)
    return phrase("pickclock.deck_size", count=minimum, hand=hand)


def deck_state(t: T, deck: DeckBuilding, now: datetime, zone: tzinfo) -> str:
    if now >= deck.ends_at:
        return t("pickclock.panel_deck_over")
    return t("pickclock.panel_deck", until=clock_time(deck.ends_at, zone))
