"""The replayed King-of-the-Hill state, kept per tournament keyed by its last event.

A press used to replay the whole log four or five times (the game looked up, the event checked,
the state after it, the announcement's state and the one before). ``benchmarks.press`` measured
what that costs as the log grows: at 10 000 events a confirmation took 660 ms to answer (22 ms
at 100). So each tournament's log and state are kept in memory once a transaction that read them
has committed (never from a transaction rolled back), keyed by the last event they include; a
later read fetches only the events after it (``db.event_log.since``) and applies them to the
kept state (``rules.koth.replay_from``). The log is append-only, so a kept prefix stays true.
A judge's ``void`` or ``correct`` rewrites what the engine sees of earlier games: after one, the
state is replayed from the start, as it is for the first read after a start of the bot.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from bot.koth.events import EDITS, begun, engine_events
from db import event_log
from db.database import Tx
from db.tournaments import Event, Tournament
from rules.koth import KothState, replay, replay_from

#: How many tournaments' states are kept (the ones read most recently); a club runs a few at once.
KEPT = 32


def state_of(stored: Sequence[Event]) -> KothState[int] | None:
    """The state replayed from the start (``begun``), or ``None`` before ``/begin``."""
    start = begun(stored)
    if start is None:
        return None
    return replay(list(start.order), start.norm_of, engine_events(stored))


def advanced(
    state: KothState[int] | None, stored: Sequence[Event], new: int
) -> KothState[int] | None:
    """The state after ``stored``, given ``state`` after all but its last ``new`` events: those
    applied to it when they only add to what the engine saw, else a replay from the start."""
    tail = stored[len(stored) - new :] if new else []
    if state is None or any(e.kind in EDITS for e in tail):
        return state_of(stored)
    return replay_from(state, engine_events(tail))


@dataclass(frozen=True, slots=True)
class Kept:
    """A tournament's log as a committed transaction read it, and the state after it."""

    stored: tuple[Event, ...]
    state: KothState[int] | None
    #: the state before the last event (for what that event changed), when known
    before: KothState[int] | None = None

    @property
    def last_id(self) -> int:
        return self.stored[-1].id if self.stored else 0


class Replayed:
    """The kept states (see the module docstring)."""

    def __init__(self, size: int = KEPT) -> None:
        self._size = size
        self._kept: OrderedDict[int, Kept] = OrderedDict()

    async def read(self, tx: Tx, tournament: Tournament) -> Kept:
        """The tournament's log and state as ``tx`` sees them; kept once ``tx`` commits."""
        kept = self._kept.get(tournament.id)
        if kept is None:
            stored = tuple(await event_log.since(tx, tournament.id, 0))
            found = Kept(stored, state_of(stored))
        else:
            tail = await event_log.since(tx, tournament.id, kept.last_id + 1)
            if not tail:
                return kept
            stored = (*kept.stored, *tail)
            state = advanced(kept.state, stored, len(tail))
            before = kept.state if len(tail) == 1 else None
            found = Kept(stored, state, before)
        tx.on_commit(lambda: self._keep(tournament.id, found))
        return found

    def _keep(self, tournament_id: int, found: Kept) -> None:
        current = self._kept.get(tournament_id)
        if current is not None and current.last_id > found.last_id:
            return  # a later read committed first
        self._kept[tournament_id] = found
        self._kept.move_to_end(tournament_id)
        while len(self._kept) > self._size:
            self._kept.popitem(last=False)

    def state_at(self, tournament: Tournament, stored: Sequence[Event]) -> KothState[int] | None:
        """The state after ``stored`` (a log read a moment ago, or a prefix of it): the kept
        one when it ends where the kept log ends or one event before, else replayed."""
        kept = self._kept.get(tournament.id)
        last = stored[-1].id if stored else 0
        if kept is not None:
            if last == kept.last_id:
                return kept.state
            if kept.before is not None and len(kept.stored) > 1 and last == kept.stored[-2].id:
                return kept.before
        return state_of(stored)
