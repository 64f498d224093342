"""Stored King-of-the-Hill events → the rules engine's events (the one translation).

The ``events`` table keeps what happened, never rewritten: ``game`` {w, l}, ``expire``,
``leave``/``stay``/``eliminate``/``reinstate``/``declare`` {p}, and the judge's ``void``
{target} (a game event's id) and ``correct`` {target, w, l}. Other kinds (``judge_decision``,
``draw``, ...) are notes for the log. The engine sees the games minus the voided ones,
corrected where corrected.

``contribution`` {amount, note} is a voluntary prize contribution (7.1), in rubles: the prize
fund is derived from them (``contributions``), as from every other fact, by reading the log.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from db.tournaments import Event as Stored
from rules.koth import Event, main_time
from rules.koth.events import Begun
from rules.koth.settings import KothSettings

BEGIN = "begin"
PLAYER_EVENTS = ("leave", "stay", "eliminate", "reinstate", "declare")
#: the judge's edits of earlier games: after one, the engine sees a different list of games
EDITS = ("void", "correct")
CONTRIBUTION = "contribution"


def pairs(mapping: Mapping[int, int]) -> list[list[int]]:
    """A mapping of ints as JSON-friendly pairs (object keys would be strings)."""
    return [[k, v] for k, v in sorted(mapping.items())]


def unpairs(value: Any) -> dict[int, int]:
    """``[[k, v], …]`` as a mapping of ints."""
    return {int(k): int(v) for k, v in value or []}


def begin_payload(begun: Begun) -> dict[str, Any]:
    """The ``begin`` event's payload (``begun`` reads it back)."""
    return {
        "order": list(begun.order),
        "norms": pairs(begun.norms),
        "ratings": pairs(begun.ratings),
        "average": begun.average,
    }


def begun(stored: Sequence[Stored]) -> Begun | None:
    """What ``/begin`` fixed, from its event (``None`` before the start). Tournaments begun
    before the event carried these facts kept them in their settings: migration 0013 moved
    them into the event."""
    event = next((e for e in stored if e.kind == BEGIN), None)
    if event is None:
        return None
    payload = event.payload
    order = tuple(int(p) for p in payload["order"])
    return Begun(
        order, unpairs(payload["norms"]), unpairs(payload["ratings"]), str(payload["average"])
    )


def engine_events(stored: Sequence[Stored]) -> list[Event]:
    """The engine's event list for the stored log (voids and corrections applied)."""
    voided = {int(e.payload["target"]) for e in stored if e.kind == "void"}
    corrected = {
        int(e.payload["target"]): (int(e.payload["w"]), int(e.payload["l"]))
        for e in stored
        if e.kind == "correct"
    }
    out: list[Event] = []
    for event in stored:
        if event.kind == "game" and event.id not in voided:
            winner, loser = corrected.get(
                event.id, (int(event.payload["w"]), int(event.payload["l"]))
            )
            out.append(("game", winner, loser))
        elif event.kind == "expire":
            out.append(("expire",))
        elif event.kind in PLAYER_EVENTS:
            out.append((event.kind, int(event.payload["p"])))
    return out


def live_games(stored: Sequence[Stored]) -> list[Stored]:
    """The stored game events still in force (not voided), in order."""
    voided = {int(e.payload["target"]) for e in stored if e.kind == "void"}
    return [e for e in stored if e.kind == "game" and e.id not in voided]


def game_key(stored: Sequence[Stored]) -> str:
    """The key of the game at the table now: its number and how many judge edits came before,
    so a game after a void or a correction never reuses an old key (old buttons go stale)."""
    edits = sum(1 for e in stored if e.kind in EDITS)
    return f"g{len(live_games(stored)) + 1}v{edits}"


def game_number(key: str) -> int:
    """The game number inside a key (``g7v1`` → 7); 0 for a malformed key."""
    head = key[1:].split("v", 1)[0]
    return int(head) if key.startswith("g") and head.isdigit() else 0


def contributions(stored: Sequence[Stored], settings: KothSettings) -> list[int]:
    """The voluntary prize contributions (7.1) recorded so far, in rubles, oldest first.

    Tournaments created before contributions became events kept them in their settings
    (``contributions``): those still count, before the logged ones."""
    logged = [int(e.payload["amount"]) for e in stored if e.kind == CONTRIBUTION]
    return [*settings.contributions, *logged]


def main_due(stored: Sequence[Stored]) -> datetime | None:
    """When the main time ends, from the log alone: the moment of ``begin``, plus the main time
    for the order it fixed, plus every judge's ``extend`` {minutes}; ``None`` before ``begin``.

    Every tournament since the first version logged both, so for those begun before the end was
    derived this gives the ``main_due`` their settings kept (to the microsecond); the setting is
    no longer written (``Snapshot.main_due`` reads it only for a log without ``begin``).
    """
    start = next((e for e in stored if e.kind == BEGIN), None)
    if start is None:
        return None
    players = len(start.payload["order"])
    extended = sum(int(e.payload["minutes"]) for e in stored if e.kind == "extend")
    return datetime.fromisoformat(start.at) + main_time(players) + timedelta(minutes=extended)
