"""Tournaments, their participants, judges and the append-only event log."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, TypeVar

from db import deadlines, event_log
from db.codec import parse_settings
from db.database import Row, Tx
from db.event_log import Event as Event  # re-exported: the log's rows

OPEN_STATUSES = ("registration", "running")
S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Tournament:
    id: int
    chat_id: int
    discipline: str
    kind: str  # koth, swiss
    name: str
    status: str  # registration, running, finished, cancelled
    settings: dict[str, Any]
    board_message_id: int | None
    #: the board's further messages when it is longer than one (``bot.sender.post_parts``)
    board_parts: tuple[int, ...]
    created_by: int
    started_at: str | None
    #: the settings parsed, by the type they were read as (``settings_as``)
    parsed: dict[type, Any] = field(default_factory=dict, compare=False, repr=False)

    def settings_as(self, cls: type[S]) -> S:
        """The settings as the kind's typed ``cls`` (``db.codec.parse_settings``), parsed once
        per read of the tournament."""
        found = self.parsed.get(cls)
        if found is None:
            found = self.parsed[cls] = parse_settings(cls, self.settings)
        return found

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES

    @property
    def board_ids(self) -> tuple[int, ...]:
        """Every message of the live board, in order (none while there is no board)."""
        if self.board_message_id is None:
            return ()
        return (self.board_message_id, *self.board_parts)


@dataclass(frozen=True, slots=True)
class Participant:
    player_id: int
    status: str  # active, dropped
    seat: int | None
    joined_at: str


def _tournament(row: Row) -> Tournament:
    return Tournament(
        id=row["id"],
        chat_id=row["chat_id"],
        discipline=row["discipline"],
        kind=row["kind"],
        name=row["name"],
        status=row["status"],
        settings=json.loads(row["settings_json"]),
        board_message_id=row["board_message_id"],
        board_parts=tuple(json.loads(row["board_parts"] or "[]")),
        created_by=row["created_by"],
        started_at=row["started_at"],
    )


async def create(
    tx: Tx,
    chat_id: int,
    discipline: str,
    kind: str,
    name: str,
    settings: dict[str, Any],
    created_by: int,
    now: str,
) -> int:
    return await tx.execute(
        """INSERT INTO tournaments
             (chat_id, discipline, kind, name, status, settings_json, created_by, created_at)
           VALUES (?, ?, ?, ?, 'registration', ?, ?, ?)""",
        (
            chat_id,
            discipline,
            kind,
            name,
            json.dumps(settings, ensure_ascii=False),
            created_by,
            now,
        ),
    )


async def get(tx: Tx, tournament_id: int) -> Tournament | None:
    row = await tx.one("SELECT * FROM tournaments WHERE id = ?", (tournament_id,))
    return None if row is None else _tournament(row)


async def open_in_chat(tx: Tx, chat_id: int) -> list[Tournament]:
    rows = await tx.all(
        """SELECT * FROM tournaments WHERE chat_id = ? AND status IN ('registration', 'running')
           ORDER BY id DESC""",
        (chat_id,),
    )
    return [_tournament(row) for row in rows]


async def open_for_player(tx: Tx, player_id: int) -> list[Tournament]:
    rows = await tx.all(
        """SELECT t.* FROM tournaments t JOIN participants p ON p.tournament_id = t.id
           WHERE p.player_id = ? AND t.status IN ('registration', 'running') ORDER BY t.id DESC""",
        (player_id,),
    )
    return [_tournament(row) for row in rows]


async def open_for_judge(tx: Tx, user_id: int) -> list[Tournament]:
    rows = await tx.all(
        """SELECT t.* FROM tournaments t JOIN judges j ON j.tournament_id = t.id
           WHERE j.user_id = ? AND t.status IN ('registration', 'running') ORDER BY t.id DESC""",
        (user_id,),
    )
    return [_tournament(row) for row in rows]


async def last_judged(tx: Tx, user_id: int) -> Tournament | None:
    """The newest finished tournament the user judged or created."""
    row = await tx.one(
        """SELECT * FROM tournaments t WHERE t.status = 'finished' AND (t.created_by = ?
             OR EXISTS (SELECT 1 FROM judges j WHERE j.tournament_id = t.id AND j.user_id = ?))
           ORDER BY t.id DESC LIMIT 1""",
        (user_id, user_id),
    )
    return None if row is None else _tournament(row)


async def latest_in_chat(tx: Tx, chat_id: int) -> Tournament | None:
    """The chat's newest tournament, whatever its status (what the group plays)."""
    row = await tx.one(
        "SELECT * FROM tournaments WHERE chat_id = ? ORDER BY id DESC LIMIT 1", (chat_id,)
    )
    return None if row is None else _tournament(row)


async def last_finished(
    tx: Tx, kind: str | None, chat_id: int | None, player_id: int | None
) -> Tournament | None:
    """The newest finished tournament (of ``kind``; ``None``: of any) in the group
    ``chat_id``, or (``chat_id`` ``None``) the newest one the player played in."""
    if chat_id is not None:
        row = await tx.one(
            """SELECT * FROM tournaments
               WHERE chat_id = ? AND (CAST(? AS TEXT) IS NULL OR kind = ?) AND status = 'finished'
               ORDER BY id DESC LIMIT 1""",
            (chat_id, kind, kind),
        )
    else:
        row = await tx.one(
            """SELECT t.* FROM tournaments t JOIN participants p ON p.tournament_id = t.id
               WHERE p.player_id = ? AND (CAST(? AS TEXT) IS NULL OR t.kind = ?)
                 AND t.status = 'finished'
               ORDER BY t.id DESC LIMIT 1""",
            (player_id, kind, kind),
        )
    return None if row is None else _tournament(row)


async def recent(tx: Tx, limit: int = 20) -> list[Tournament]:
    rows = await tx.all("SELECT * FROM tournaments ORDER BY id DESC LIMIT ?", (limit,))
    return [_tournament(row) for row in rows]


#: the durable job stored with every tournament's finish, whatever its kind (``set_status``):
#: what follows an end for every kind (the evening's recap, ``bot.recap``) runs from it, after
#: the commit (``Database.watch_finished``) or at the restart if the bot died first
FINISHED_JOB = "job:finished"
#: how long after the finish it is due: the kind's own end announcement goes first, and the row
#: says when it runs (a finish is never an overdue job of its own moment)
FINISHED_AFTER = timedelta(seconds=2)


async def set_status(tx: Tx, tournament_id: int, status: str, now: str) -> None:
    """The tournament's status; a finish also stores ``FINISHED_JOB`` in ``tx``."""
    tx.touch(tournament_id)
    if status == "finished":
        due = datetime.fromisoformat(now) + FINISHED_AFTER
        tx.finished[tournament_id] = await deadlines.add(tx, FINISHED_JOB, tournament_id, due)
    column = {"running": "started_at", "finished": "finished_at", "cancelled": "finished_at"}
    stamp = column.get(status)
    if stamp is None:
        await tx.execute("UPDATE tournaments SET status = ? WHERE id = ?", (status, tournament_id))
    else:
        await tx.execute(
            f"UPDATE tournaments SET status = ?, {stamp} = ? WHERE id = ?",
            (status, now, tournament_id),
        )


async def update_settings(tx: Tx, tournament_id: int, settings: dict[str, Any]) -> None:
    tx.touch(tournament_id)
    await tx.execute(
        "UPDATE tournaments SET settings_json = ? WHERE id = ?",
        (json.dumps(settings, ensure_ascii=False), tournament_id),
    )


async def set_board(
    tx: Tx, tournament_id: int, message_id: int | None, parts: tuple[int, ...] = ()
) -> None:
    """The live board: its first message, and its further ones when it takes several."""
    await tx.execute(
        "UPDATE tournaments SET board_message_id = ?, board_parts = ? WHERE id = ?",
        (message_id, json.dumps(list(parts)) if parts else None, tournament_id),
    )


async def add_participant(tx: Tx, tournament_id: int, player_id: int, now: str) -> bool:
    """Add (or re-activate) a participant; False if he was already active."""
    tx.touch(tournament_id)
    row = await tx.one(
        "SELECT status FROM participants WHERE tournament_id = ? AND player_id = ?",
        (tournament_id, player_id),
    )
    if row is not None:
        if row["status"] == "active":
            return False
        await tx.execute(
            "UPDATE participants SET status = 'active' WHERE tournament_id = ? AND player_id = ?",
            (tournament_id, player_id),
        )
        return True
    await tx.execute(
        "INSERT INTO participants (tournament_id, player_id, joined_at) VALUES (?, ?, ?)",
        (tournament_id, player_id, now),
    )
    return True


async def remove_participant(tx: Tx, tournament_id: int, player_id: int) -> None:
    """Before the start a leaving player is simply removed."""
    tx.touch(tournament_id)
    await tx.execute(
        "DELETE FROM participants WHERE tournament_id = ? AND player_id = ?",
        (tournament_id, player_id),
    )


async def set_participant_status(tx: Tx, tournament_id: int, player_id: int, status: str) -> None:
    tx.touch(tournament_id)
    await tx.execute(
        "UPDATE participants SET status = ? WHERE tournament_id = ? AND player_id = ?",
        (status, tournament_id, player_id),
    )


async def set_seats(tx: Tx, tournament_id: int, order: list[int]) -> None:
    tx.touch(tournament_id)
    for seat, player_id in enumerate(order, start=1):
        await tx.execute(
            "UPDATE participants SET seat = ? WHERE tournament_id = ? AND player_id = ?",
            (seat, tournament_id, player_id),
        )


async def participants(tx: Tx, tournament_id: int) -> list[Participant]:
    rows = await tx.all(
        """SELECT player_id, status, seat, joined_at FROM participants WHERE tournament_id = ?
           ORDER BY coalesce(seat, 1000000), joined_at, player_id""",
        (tournament_id,),
    )
    return [Participant(r["player_id"], r["status"], r["seat"], r["joined_at"]) for r in rows]


async def add_judge(tx: Tx, tournament_id: int, user_id: int) -> None:
    await tx.execute(
        "INSERT INTO judges (tournament_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
        (tournament_id, user_id),
    )


async def judges(tx: Tx, tournament_id: int) -> list[int]:
    rows = await tx.all("SELECT user_id FROM judges WHERE tournament_id = ?", (tournament_id,))
    return [row["user_id"] for row in rows]


async def append_event(
    tx: Tx,
    tournament_id: int,
    kind: str,
    payload: dict[str, Any],
    actor_id: int | None,
    now: str,
) -> int:
    """Append an event; return its id (SQLite's, so ids grow with the log)."""
    tx.touch(tournament_id)
    return await tx.execute(
        "INSERT INTO events (tournament_id, kind, payload_json, actor_id, at) VALUES (?,?,?,?,?)",
        (tournament_id, kind, json.dumps(payload, ensure_ascii=False), actor_id, now),
    )


async def events(tx: Tx, tournament_id: int) -> list[Event]:
    """The tournament's whole log, in order."""
    return await event_log.since(tx, tournament_id, 0)
