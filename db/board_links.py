"""The web board's link of each tournament: a random token, made once (``bot.web``)."""

from __future__ import annotations

import secrets

from db.database import Tx

#: 16 random bytes, 22 characters of base64url: not guessable, short enough for a QR code
TOKEN_BYTES = 16


async def token_of(tx: Tx, tournament_id: int) -> str | None:
    """The tournament's token, ``None`` before one was made."""
    found = await tx.value(
        "SELECT token FROM board_links WHERE tournament_id = ?", (tournament_id,)
    )
    return None if found is None else str(found)


async def make_token(tx: Tx, tournament_id: int) -> str:
    """The tournament's token, made now if it has none (inside a write transaction)."""
    await tx.insert(
        """INSERT INTO board_links (tournament_id, token) VALUES (?, ?)
           ON CONFLICT (tournament_id) DO NOTHING""",
        (tournament_id, secrets.token_urlsafe(TOKEN_BYTES)),
    )
    found = await token_of(tx, tournament_id)
    assert found is not None
    return found


async def tournament_of(tx: Tx, token: str) -> int | None:
    """The tournament a token opens, ``None`` for an unknown one."""
    found = await tx.value("SELECT tournament_id FROM board_links WHERE token = ?", (token,))
    return None if found is None else int(found)


async def every(tx: Tx) -> list[tuple[int, str]]:
    """Every tournament's token: (tournament id, token)."""
    rows = await tx.all("SELECT tournament_id, token FROM board_links", ())
    return [(int(row[0]), str(row[1])) for row in rows]


async def renew_token(tx: Tx, tournament_id: int) -> str:
    """A new token for the tournament (the old one opens nothing from now on)."""
    await tx.execute("DELETE FROM board_links WHERE tournament_id = ?", (tournament_id,))
    return await make_token(tx, tournament_id)
