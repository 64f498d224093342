"""The Swiss state of a tournament, replayed from its log: the log kept decoded per tournament,
and a state handed over inside a transaction.

A reader gets a state that is its own: callers change it (a seeding applied to it, a round
drafted on it), so a state is never shared between transactions. Two things make a read cheap:

- **The kept log.** ``benchmarks.burst`` at 256 players (a whole round reported and confirmed
  at once) spent 3.8 of 4.9 s of its state reads reading the whole log from the database,
  decoding its JSON and checking every payload against its event class (190 000 decodes for
  1 551 reads), and 1.1 s replaying the typed events. So each tournament's typed events are kept
  once a transaction that read them has committed (never from one rolled back), keyed by the last
  stored event they include; a later read fetches and decodes only the events after it and
  replays the kept events with them into a new state. The log is append-only, so a kept prefix
  stays true; the typed events are frozen, so sharing them shares nothing a reader can change.
- **The handed state.** A press used to replay twice: the result flow finds the game
  (``SwissDesk.open_game``), then records the result and reads the state after it
  (``bot.swiss.desk.after_result``). A reader that is done with its state hands it over
  (``hand_over``); the next read in the same transaction takes it and applies only the events
  appended since (``rules.swiss.apply``), so the press replays once. The handed state dies with
  the transaction: nothing outlives a rollback.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from db import event_log
from db.codec import Codec
from db.database import Tx
from rules.swiss import State, apply, replay
from rules.swiss.events import EVENTS as SWISS_EVENTS
from rules.swiss.events import SwissEvent

#: the keys of a state handed over in a transaction and of the last event a read of it saw
#: (``Tx.handed``)
HANDED, SEEN = "swiss_state", "swiss_seen"
#: How many tournaments' logs are kept (the ones read most recently); a club runs a few at once.
KEPT = 32


@dataclass(frozen=True, slots=True)
class Handed:
    """A state handed to the next read in its transaction, and the last event it includes."""

    last_id: int
    state: State


@dataclass(frozen=True, slots=True)
class Kept:
    """A tournament's Swiss events as a committed transaction read them, and the id of the last
    stored event (of any kind) the read included."""

    last_id: int
    events: tuple[SwissEvent, ...]


#: the Swiss events among a log's (``db.codec``)
EVENTS = Codec(SWISS_EVENTS)


class Replayed:
    """The kept logs and the handed states (see the module docstring); one per database."""

    def __init__(self, size: int = KEPT) -> None:
        self._size = size
        self._kept: OrderedDict[int, Kept] = OrderedDict()

    async def state(self, tx: Tx, tournament_id: int) -> State:
        """The state after the tournament's log as ``tx`` sees it (the caller's own: changing
        it changes nothing else): the state handed over in ``tx`` with the events since applied
        to it, else a replay of the kept events and those stored after them."""
        handed = tx.handed.pop((HANDED, tournament_id), None)
        if isinstance(handed, Handed):
            tail = await event_log.since(tx, tournament_id, handed.last_id + 1)
            for event in EVENTS.typed((e.kind, e.payload) for e in tail):
                apply(handed.state, event)
            tx.handed[(SEEN, tournament_id)] = tail[-1].id if tail else handed.last_id
            return handed.state
        return replay(await self.events(tx, tournament_id))

    async def events(self, tx: Tx, tournament_id: int) -> tuple[SwissEvent, ...]:
        """The tournament's Swiss events as ``tx`` sees them; kept once ``tx`` commits."""
        kept = self._kept.get(tournament_id)
        first = kept.last_id + 1 if kept is not None else 0
        tail = await event_log.since(tx, tournament_id, first)
        before = kept.events if kept is not None else ()
        if not tail:
            tx.handed[(SEEN, tournament_id)] = first - 1 if first else 0
            return before
        found = Kept(tail[-1].id, (*before, *EVENTS.typed((e.kind, e.payload) for e in tail)))
        tx.handed[(SEEN, tournament_id)] = found.last_id
        tx.on_commit(lambda: self._keep(tournament_id, found))
        return found.events

    def _keep(self, tournament_id: int, found: Kept) -> None:
        current = self._kept.get(tournament_id)
        if current is not None and current.last_id > found.last_id:
            return  # a later read committed first
        self._kept[tournament_id] = found
        self._kept.move_to_end(tournament_id)
        while len(self._kept) > self._size:
            self._kept.popitem(last=False)

    async def hand_over(self, tx: Tx, tournament_id: int, found: State) -> None:
        """``found`` (as the last ``state`` of the tournament in ``tx`` gave it, unchanged since)
        is no longer needed by its reader: the next ``state`` of the tournament in ``tx`` takes
        it instead of replaying, with the events after the last that read saw (appended since
        by ``tx`` too)."""
        seen = tx.handed.get((SEEN, tournament_id))
        last = seen if isinstance(seen, int) else await event_log.last_id(tx, tournament_id)
        tx.handed[(HANDED, tournament_id)] = Handed(last, found)
