"""An Overlord series' state, replayed from its events (``rules.series.events``).

What a series is at any time: its tournaments (joined and held), each player's crystals summed
over its tournaments only (606.4), the challenges their winners earned and their results, the
period's end (moved by an extension) and whether it ended and how.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime

from rules.series.end import MIN_HELD, Challenge, Ending, after_challenge
from rules.series.events import (
    SerAsked,
    SerChallenge,
    SerEnded,
    SerExtended,
    SerHeld,
    SeriesEvent,
    SerJoined,
)


@dataclass(slots=True)
class Duel:
    """A series tournament's winner's game against the Overlord deck (606.3)."""

    tournament: int
    player: int
    asked: bool = False
    result: Challenge | None = None
    used: int = 0


@dataclass(slots=True)
class SeriesState:
    official_end: date
    ends_on: date
    joined: dict[int, datetime] = field(default_factory=dict)
    held: list[int] = field(default_factory=list)
    crystals: dict[int, int] = field(default_factory=dict)
    duels: dict[int, Duel] = field(default_factory=dict)
    ending: Ending | None = None
    winner: int | None = None

    @property
    def running(self) -> bool:
        return self.ending is None

    @property
    def extended(self) -> bool:
        return self.ends_on != self.official_end

    @property
    def of_needed(self) -> int:
        return MIN_HELD

    def table(self) -> list[tuple[int, int]]:
        """(player, crystals), most first; equal ones by player id (stable)."""
        return sorted(self.crystals.items(), key=lambda item: (-item[1], item[0]))

    def open_duel(self, tournament: int) -> Duel | None:
        duel = self.duels.get(tournament)
        return duel if duel is not None and duel.result is None else None


def replay(official_end: date, events: Iterable[SeriesEvent]) -> SeriesState:
    state = SeriesState(official_end=official_end, ends_on=official_end)
    for event in events:
        apply(state, event)
    return state


def apply(state: SeriesState, event: SeriesEvent) -> None:
    match event:
        case SerJoined(tournament, at):
            state.joined[tournament] = at
        case SerHeld(tournament, _, winner, crystals):
            state.held.append(tournament)
            for pid, count in crystals.items():
                state.crystals[pid] = state.crystals.get(pid, 0) + count
            if winner is not None:
                state.duels[tournament] = Duel(tournament, winner)
        case SerAsked(tournament):
            if (duel := state.duels.get(tournament)) is not None:
                duel.asked = True
        case SerChallenge(tournament, result, used):
            if (duel := state.duels.get(tournament)) is not None:
                duel.result, duel.used = Challenge(result), used
                if after_challenge(duel.result) is Ending.BEATEN:
                    state.ending, state.winner = Ending.BEATEN, duel.player
        case SerExtended(ends_on):
            state.ends_on = ends_on
        case SerEnded(ending, winner):
            state.ending = Ending(ending)
            state.winner = winner if winner is not None else state.winner
