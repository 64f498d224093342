"""Building Arena logs for the unit tests (shared by the clause tests and the properties)."""

from __future__ import annotations

from rules.arena import (
    ArAnswer,
    ArApprove,
    ArChallenge,
    ArDayEnd,
    ArenaEvent,
    ArEntry,
    ArResult,
    ArStart,
    State,
    replay,
)


def started(*players: int, day: int = -1) -> State:
    """An Arena with ``players`` entered before the start and under way."""
    events: list[ArenaEvent] = [ArEntry(p, day) for p in players]
    return replay([*events, ArStart()])


def game(state: State, number: int, a: int, b: int, day: int, winner: int | None) -> None:
    """A challenge accepted, played, reported and approved on ``day``."""
    for event in (
        ArChallenge(number, a, b, day),
        ArAnswer(number, accepted=True),
        ArResult(number, winner, "classic", day),
        ArApprove(number),
    ):
        state.apply(event)


def end_days(state: State, first: int, last: int) -> None:
    for day in range(first, last + 1):
        state.apply(ArDayEnd(day))
