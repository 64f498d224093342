"""The seasons of the club's groups (``bot.seasons``; the table: migration 0060)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import date

from db.database import Row, Tx

#: as the web board's links (``db.board_links``): not guessable, short
TOKEN_BYTES = 16


@dataclass(frozen=True, slots=True)
class Season:
    id: int
    chat_id: int
    name: str
    starts_on: date
    ends_on: date
    points: tuple[int, ...]
    best: int
    token: str


def _season(row: Row) -> Season:
    return Season(
        id=int(row["id"]),
        chat_id=int(row["chat_id"]),
        name=str(row["name"]),
        starts_on=date.fromisoformat(row["starts_on"]),
        ends_on=date.fromisoformat(row["ends_on"]),
        points=tuple(int(p) for p in str(row["points"]).split()),
        best=int(row["best"]),
        token=str(row["token"]),
    )


async def add(
    tx: Tx,
    chat_id: int,
    name: str,
    days: tuple[date, date],
    points: tuple[int, ...],
    best: int,
    by: int,
    now: str,
) -> Season:
    """Store a new season of ``chat_id`` with a new link token."""
    row = await tx.one(
        """INSERT INTO seasons
             (chat_id, name, starts_on, ends_on, points, best, token, created_by, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *""",
        (
            chat_id,
            name,
            days[0].isoformat(),
            days[1].isoformat(),
            " ".join(map(str, points)),
            best,
            secrets.token_urlsafe(TOKEN_BYTES),
            by,
            now,
        ),
    )
    assert row is not None
    return _season(row)


async def of_chat(tx: Tx, chat_id: int) -> list[Season]:
    """The group's seasons, the latest start first."""
    rows = await tx.all(
        "SELECT * FROM seasons WHERE chat_id = ? ORDER BY starts_on DESC, id DESC", (chat_id,)
    )
    return [_season(row) for row in rows]


async def by_token(tx: Tx, token: str) -> Season | None:
    row = await tx.one("SELECT * FROM seasons WHERE token = ?", (token,))
    return None if row is None else _season(row)
