"""Messages that carry a game's buttons, so that they can be replaced once the game settles."""

from __future__ import annotations

from dataclasses import dataclass

from db.database import Tx


@dataclass(frozen=True, slots=True)
class GameMessage:
    chat_id: int
    message_id: int
    lang: str


async def add(
    tx: Tx, tournament_id: int, game_key: str, chat_id: int, message_id: int, lang: str
) -> None:
    await tx.execute(
        """INSERT INTO game_messages (tournament_id, game_key, chat_id, message_id, lang)
           VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (chat_id, message_id) DO UPDATE SET tournament_id = excluded.tournament_id,
           game_key = excluded.game_key, lang = excluded.lang""",
        (tournament_id, game_key, chat_id, message_id, lang),
    )


async def take(tx: Tx, tournament_id: int, game_key: str) -> list[GameMessage]:
    """The game's messages, forgotten as they are returned (each is replaced once)."""
    rows = await tx.all(
        """SELECT chat_id, message_id, lang FROM game_messages
           WHERE tournament_id = ? AND game_key = ? ORDER BY rowid""",
        (tournament_id, game_key),
    )
    await tx.execute(
        "DELETE FROM game_messages WHERE tournament_id = ? AND game_key = ?",
        (tournament_id, game_key),
    )
    return [GameMessage(row["chat_id"], row["message_id"], row["lang"]) for row in rows]


async def forget(tx: Tx, chat_id: int, message_id: int) -> None:
    await tx.execute(
        "DELETE FROM game_messages WHERE chat_id = ? AND message_id = ?", (chat_id, message_id)
    )
