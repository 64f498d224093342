"""The Swiss state of a tournament, replayed from its log once per transaction.

Every read replays the whole log (``rules.swiss.replay``) into a state that is the reader's own:
callers change it (a seeding applied to it, a round drafted on it), so it is never shared. What
a press used to cost is two replays: the result flow finds the game (``SwissDesk.open_game``),
then records the result and reads the state after it (``bot.swiss.desk.after_result``). A
reader that is done with its state hands it over (``hand_over``); the next read in the same
transaction takes it and applies only the events appended since (``rules.swiss.apply``), so the
press replays once. The handed state dies with the transaction: nothing outlives a rollback.
"""

from __future__ import annotations

from dataclasses import dataclass

from db import event_log
from db.codec import Codec
from db.database import Tx
from rules.swiss import State, apply, replay
from rules.swiss.events import EVENTS as SWISS_EVENTS

#: the key of a state handed over in a transaction (``Tx.handed``)
HANDED = "swiss_state"


@dataclass(frozen=True, slots=True)
class Handed:
    """A state handed to the next read in its transaction, and the last event it includes."""

    last_id: int
    state: State


#: the Swiss events among a log's (``db.codec``)
EVENTS = Codec(SWISS_EVENTS)


async def state(tx: Tx, tournament_id: int) -> State:
    """The state after the tournament's log as ``tx`` sees it (the caller's own: changing it
    changes nothing else): the state handed over in ``tx`` with the events since applied to it,
    else a replay of the whole log."""
    handed = tx.handed.pop((HANDED, tournament_id), None)
    if isinstance(handed, Handed):
        tail = await event_log.since(tx, tournament_id, handed.last_id + 1)
        for event in EVENTS.typed((e.kind, e.payload) for e in tail):
            apply(handed.state, event)
        return handed.state
    events = await event_log.since(tx, tournament_id, 0)
    return replay(EVENTS.typed((e.kind, e.payload) for e in events))


async def hand_over(tx: Tx, tournament_id: int, found: State) -> None:
    """``found`` (as ``state`` gave it in ``tx``, unchanged since) is no longer needed by its
    reader: the next ``state`` of the tournament in ``tx`` takes it instead of replaying."""
    last = await event_log.last_id(tx, tournament_id)
    tx.handed[(HANDED, tournament_id)] = Handed(last, found)
