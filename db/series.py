"""The Overlord series' rows and their event logs (``bot.series``; ``db/migrations/0040``)."""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from datetime import date
from typing import Any

from db.board_links import TOKEN_BYTES
from db.database import Row, Tx


@dataclass(frozen=True, slots=True)
class Series:
    id: int
    chat_id: int
    city: str
    deck: str
    overlord: int
    starts_on: date
    ends_on: date
    created_by: int
    #: its web page's link (``bot.web.series_board``)
    token: str


def _series(row: Row) -> Series:
    return Series(
        id=int(row["id"]),
        chat_id=int(row["chat_id"]),
        city=str(row["city"]),
        deck=str(row["deck"]),
        overlord=int(row["overlord"]),
        starts_on=date.fromisoformat(row["starts_on"]),
        ends_on=date.fromisoformat(row["ends_on"]),
        created_by=int(row["created_by"]),
        token=str(row["token"]),
    )


async def create(
    tx: Tx,
    chat_id: int,
    city: str,
    deck: str,
    overlord: int,
    period: tuple[date, date],
    created_by: int,
    now: str,
) -> int:
    return await tx.execute(
        """INSERT INTO series (chat_id, city, deck, overlord, starts_on, ends_on, created_by,
                               created_at, token)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""",
        (
            chat_id,
            city,
            deck,
            overlord,
            period[0].isoformat(),
            period[1].isoformat(),
            created_by,
            now,
            secrets.token_urlsafe(TOKEN_BYTES),
        ),
    )


async def get(tx: Tx, series_id: int) -> Series | None:
    row = await tx.one("SELECT * FROM series WHERE id = ?", (series_id,))
    return None if row is None else _series(row)


async def in_chat(tx: Tx, chat_id: int) -> list[Series]:
    """The chat's series, newest first."""
    rows = await tx.all("SELECT * FROM series WHERE chat_id = ? ORDER BY id DESC", (chat_id,))
    return [_series(row) for row in rows]


async def in_city(tx: Tx, city: str) -> list[Series]:
    """Every series of a city (its name compared without case), any chat."""
    rows = await tx.all("SELECT * FROM series WHERE lower(city) = lower(?) ORDER BY id", (city,))
    return [_series(row) for row in rows]


async def append(
    tx: Tx, series_id: int, kind: str, payload: dict[str, Any], actor_id: int | None, now: str
) -> int:
    return await tx.execute(
        """INSERT INTO series_events (series_id, kind, payload_json, actor_id, at)
           VALUES (?, ?, ?, ?, ?)""",
        (series_id, kind, json.dumps(payload, ensure_ascii=False), actor_id, now),
    )


async def events(tx: Tx, series_id: int) -> list[tuple[str, dict[str, Any]]]:
    """The series' log, in order: (kind, payload)."""
    rows = await tx.all(
        "SELECT kind, payload_json FROM series_events WHERE series_id = ? ORDER BY id",
        (series_id,),
    )
    return [(str(row["kind"]), json.loads(row["payload_json"])) for row in rows]


async def tokens(tx: Tx) -> dict[str, int]:
    """Every series' web page token → the series."""
    rows = await tx.all("SELECT id, token FROM series", ())
    return {str(row["token"]): int(row["id"]) for row in rows}
