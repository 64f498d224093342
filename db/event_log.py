"""A tournament's event log: its rows, and what this process knows of its newest part.

``db.tournaments.append_event`` writes the log; ``since`` reads it from a point on. Every
statement that writes ``events`` goes through this connection and ``append_event``, so
``Database.memo`` can hold the log's recent committed events per tournament: a cache of a
replayed state that has seen event ``n`` asks ``known_after(n)`` and reads the database only
when the memo cannot say what came after ``n`` (a new process, a tournament not read since, or
more than ``RECENT`` events ago).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from db.database import Tx


@dataclass(frozen=True, slots=True)
class Event:
    id: int
    kind: str
    payload: dict[str, Any]
    actor_id: int | None
    at: str


@dataclass(slots=True)
class _Tail:
    """Every committed event of one tournament with an id above ``after``, in order."""

    after: int
    events: list[Event] = field(default_factory=list)


#: ``Database.memo`` key: tournament id → its ``_Tail``
TAILS = "events.tails"
#: ``Tx.local`` key: tournament id → the events this transaction appended
APPENDED = "events.appended"
RECENT = 64  #: events kept per tournament
TOURNAMENTS = 1024  #: tournaments kept; the least recently changed go first


def _tails(tx: Tx) -> dict[int, _Tail]:
    tails: dict[int, _Tail] = tx.memo.setdefault(TAILS, {})
    return tails


def _keep(tails: dict[int, _Tail], tournament_id: int, tail: _Tail) -> None:
    if len(tail.events) > RECENT:
        dropped = len(tail.events) - RECENT
        tail.after = tail.events[dropped - 1].id
        del tail.events[:dropped]
    tails.pop(tournament_id, None)
    tails[tournament_id] = tail
    while len(tails) > TOURNAMENTS:
        del tails[next(iter(tails))]


def appended(tx: Tx, tournament_id: int, event: Event) -> None:
    """Note an event ``tx`` writes (``db.tournaments.append_event``)."""
    mine: dict[int, list[Event]] = tx.local.setdefault(APPENDED, {})
    mine.setdefault(tournament_id, []).append(event)
    tails = _tails(tx)

    def committed() -> None:
        tail = tails.get(tournament_id)
        if tail is not None and (not tail.events or tail.events[-1].id < event.id):
            tail.events.append(event)
            _keep(tails, tournament_id, tail)

    tx.on_commit(committed)


def known_after(tx: Tx, tournament_id: int, last_id: int) -> list[Event] | None:
    """The events after ``last_id`` as ``tx`` sees them (its own appends included), from
    memory; ``None`` when memory cannot tell (then read them with ``since``)."""
    tail = _tails(tx).get(tournament_id)
    if tail is None or last_id < tail.after:
        return None
    mine: list[Event] = tx.local.get(APPENDED, {}).get(tournament_id, [])
    return [e for e in tail.events if e.id > last_id] + [e for e in mine if e.id > last_id]


async def since(tx: Tx, tournament_id: int, first_id: int) -> list[Event]:
    """The tournament's events with ``id >= first_id``, in order (``0``: the whole log)."""
    rows = await tx.all(
        "SELECT * FROM events WHERE tournament_id = ? AND id >= ? ORDER BY id",
        (tournament_id, first_id),
    )
    events = [
        Event(r["id"], r["kind"], json.loads(r["payload_json"]), r["actor_id"], r["at"])
        for r in rows
    ]
    # Once committed, these are every event after ``first_id - 1``; this transaction's own
    # later appends follow them (their ``appended`` runs after this on commit).
    tails = _tails(tx)
    tail = _Tail(first_id - 1, list(events))
    tx.on_commit(lambda: _keep(tails, tournament_id, tail))
    return events
