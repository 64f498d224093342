"""Stored King-of-the-Hill events → the rules engine's events (the one translation).

The ``events`` table keeps what happened, never rewritten (typed in ``rules.koth.events``, read
through ``db.codec``): ``game`` {w, l}, ``expire``,
``leave``/``stay``/``eliminate``/``reinstate``/``declare`` {p}, and the judge's ``void``
{target} (a game event's id) and ``correct`` {target, w, l}. Other kinds (``judge_decision``,
``draw``, ...) are notes for the log. The engine sees the games minus the voided ones,
corrected where corrected.

``contribution`` {amount, note} is a voluntary prize contribution (7.1), in rubles: the prize
fund is derived from them (``contributions``), as from every other fact, by reading the log.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from db.codec import Codec
from db.tournaments import Event as Stored
from rules.koth import Event, main_time
from rules.koth.events import (
    EVENTS,
    Begun,
    Contributed,
    Corrected,
    Declared,
    Eliminated,
    Expired,
    Extended,
    KothEvent,
    Left,
    Played,
    Reinstated,
    Stayed,
    Voided,
)
from rules.koth.settings import KothSettings

#: King of the Hill's events among a log's (``db.codec``)
KOTH_EVENTS: Codec[KothEvent] = Codec(EVENTS)
BEGIN = Begun.NAME
CONTRIBUTION = Contributed.NAME
#: the judge's edits of earlier games: after one, the engine sees a different list of games
EDITS = (Voided.NAME, Corrected.NAME)


def pairs(mapping: Mapping[int, int]) -> list[list[int]]:
    """A mapping of ints as JSON-friendly pairs (object keys would be strings)."""
    return [[k, v] for k, v in sorted(mapping.items())]


#: How many decoded events are kept. A stored event never changes (the log is append-only), so
#: its typed event is decoded once: decoding every void of a 10 000-event log on each press
#: took a confirmation from 41 to 114 ms (``benchmarks.press``).
DECODED_KEPT = 65_536
#: event id → (its kind and payload, its typed event). A hit is checked against the row's kind
#: and payload: an id a rolled-back transaction had used may come back with another event,
#: and a process may open more than one database (the tests); decoding is a function of the
#: kind and the payload alone, so an equal row is the same event.
_decoded: OrderedDict[int, tuple[str, dict[str, Any], KothEvent | None]] = OrderedDict()


def decoded(row: Stored) -> KothEvent | None:
    """The typed event of a stored one (``None``: a note the rules do not read)."""
    kept = _decoded.get(row.id)
    if kept is not None and kept[0] == row.kind and kept[1] == row.payload:
        return kept[2]
    event = KOTH_EVENTS.decode(row.kind, row.payload)
    _decoded[row.id] = (row.kind, dict(row.payload), event)
    if len(_decoded) > DECODED_KEPT:
        _decoded.popitem(last=False)
    return event


def typed(stored: Iterable[Stored], *kinds: str) -> list[tuple[Stored, KothEvent]]:
    """The stored events of ``kinds`` (none given: every kind the rules read), each with its
    typed event, in order; only those are decoded."""
    wanted = set(kinds) or KOTH_EVENTS.kinds()
    found = ((row, decoded(row)) for row in stored if row.kind in wanted)
    return [(row, event) for row, event in found if event is not None]


def begin_payload(begun: Begun) -> dict[str, Any]:
    """The ``begin`` event's payload (``begun`` reads it back)."""
    return KOTH_EVENTS.encode(begun)[1]


def begun(stored: Sequence[Stored]) -> Begun | None:
    """What ``/begin`` fixed, from its event (``None`` before the start). Tournaments begun
    before the event carried these facts kept them in their settings: migration 0013 moved
    them into the event."""
    start = next((row for row in stored if row.kind == BEGIN), None)
    if start is None:
        return None
    event = decoded(start)
    assert isinstance(event, Begun)
    return event


def voided(stored: Sequence[Stored]) -> set[int]:
    """The ids of the game events the judge voided."""
    return {event.target for _, event in typed(stored, Voided.NAME) if isinstance(event, Voided)}


#: the players' own choices and the judge's rulings about one of them
PLAYER_EVENTS = (Left.NAME, Stayed.NAME, Eliminated.NAME, Reinstated.NAME, Declared.NAME)


def engine_events(stored: Sequence[Stored]) -> list[Event]:
    """The engine's event list for the stored log (voids and corrections applied)."""
    out_of_play = voided(stored)
    corrected = {
        event.target: (event.w, event.l)
        for _, event in typed(stored, Corrected.NAME)
        if isinstance(event, Corrected)
    }
    out: list[Event] = []
    for row, event in typed(stored, Played.NAME, Expired.NAME, *PLAYER_EVENTS):
        match event:
            case Played() if row.id not in out_of_play:
                winner, loser = corrected.get(row.id, (event.w, event.l))
                out.append(("game", winner, loser))
            case Expired():
                out.append(("expire",))
            case Left() | Stayed() | Eliminated() | Reinstated() | Declared():
                out.append((event.NAME, event.p))
    return out


def live_games(stored: Sequence[Stored]) -> list[Stored]:
    """The stored game events still in force (not voided), in order."""
    out_of_play = voided(stored)
    return [row for row in stored if row.kind == Played.NAME and row.id not in out_of_play]


def game_key(stored: Sequence[Stored]) -> str:
    """The key of the game at the table now: its number and how many judge edits came before,
    so a game after a void or a correction never reuses an old key (old buttons go stale)."""
    edits = sum(1 for row in stored if row.kind in EDITS)
    return f"g{len(live_games(stored)) + 1}v{edits}"


def game_number(key: str) -> int:
    """The game number inside a key (``g7v1`` → 7); 0 for a malformed key."""
    head = key[1:].split("v", 1)[0]
    return int(head) if key.startswith("g") and head.isdigit() else 0


def contributions(stored: Sequence[Stored], settings: KothSettings) -> list[int]:
    """The voluntary prize contributions (7.1) recorded so far, in rubles, oldest first.

    Tournaments created before contributions became events kept them in their settings
    (``contributions``): those still count, before the logged ones."""
    logged = [e.amount for _, e in typed(stored, CONTRIBUTION) if isinstance(e, Contributed)]
    return [*settings.contributions, *logged]


def main_due(stored: Sequence[Stored]) -> datetime | None:
    """When the main time ends, from the log alone: the moment of ``begin``, plus the main time
    for the order it fixed, plus every judge's ``extend`` {minutes}; ``None`` before ``begin``.

    Every tournament since the first version logged both, so for those begun before the end was
    derived this gives the ``main_due`` their settings kept (to the microsecond); the setting is
    no longer written (``Snapshot.main_due`` reads it only for a log without ``begin``).
    """
    start = next((row for row in stored if row.kind == BEGIN), None)
    fixed = None if start is None else decoded(start)
    if start is None or not isinstance(fixed, Begun):
        return None
    extended = sum(e.minutes for _, e in typed(stored, Extended.NAME) if isinstance(e, Extended))
    at = datetime.fromisoformat(start.at)
    return at + main_time(len(fixed.order)) + timedelta(minutes=extended)
