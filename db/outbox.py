"""Messages already sent for a durable job, by key (so a re-run sends only what is missing)."""

from __future__ import annotations

from db.database import Tx


async def sent(tx: Tx, key: str) -> tuple[int, int] | None:
    """(chat id, message id) of the message sent under ``key``, if any."""
    row = await tx.one("SELECT chat_id, message_id FROM outbox_keys WHERE key = ?", (key,))
    return None if row is None else (row["chat_id"], row["message_id"])


async def record(tx: Tx, key: str, chat_id: int, message_id: int, now: str) -> None:
    await tx.execute(
        """INSERT INTO outbox_keys (key, chat_id, message_id, sent_at) VALUES (?,?,?,?)
           ON CONFLICT (key) DO UPDATE SET chat_id = excluded.chat_id,
           message_id = excluded.message_id, sent_at = excluded.sent_at""",
        (key, chat_id, message_id, now),
    )
