"""Chats the bot is in, and what follows a group's migration to a supergroup."""

from __future__ import annotations

from db.database import Tx


async def remember(tx: Tx, chat_id: int, kind: str, title: str | None, now: str) -> None:
    """Upsert a chat that wrote to the bot (so it is not gone, whatever happened before)."""
    await tx.execute(
        """INSERT INTO chats (id, kind, title, created_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, title = excluded.title,
             gone_at = NULL, gone_reason = NULL""",
        (chat_id, kind, title, now),
    )


async def is_current(tx: Tx, chat_id: int, kind: str, title: str | None) -> bool:
    """Whether ``remember`` with these values would change nothing."""
    found = await tx.value(
        "SELECT 1 FROM chats WHERE id = ? AND kind = ? AND title IS ? AND gone_at IS NULL",
        (chat_id, kind, title),
    )
    return found is not None


async def mark_gone(tx: Tx, chat_id: int, reason: str, now: str) -> bool:
    """Mark a group the bot can no longer write to; True only when it was not marked yet."""
    return (
        await tx.changes(
            """INSERT INTO chats (id, kind, created_at, gone_at, gone_reason)
               VALUES (?, 'group', ?, ?, ?)
               ON CONFLICT (id) DO UPDATE SET gone_at = excluded.gone_at,
                 gone_reason = excluded.gone_reason
               WHERE chats.gone_at IS NULL""",
            (chat_id, now, now, reason),
        )
        > 0
    )


async def gone(tx: Tx, chat_id: int) -> bool:
    """The group was marked gone (``mark_gone``) and has not written since."""
    value = await tx.value("SELECT gone_at FROM chats WHERE id = ?", (chat_id,))
    return value is not None


async def title(tx: Tx, chat_id: int) -> str | None:
    value = await tx.value("SELECT title FROM chats WHERE id = ?", (chat_id,))
    return None if value is None else str(value)


async def migrate(tx: Tx, old: int, new: int, now: str) -> None:
    """Move everything that names the old group id to the new supergroup id."""
    row = await tx.one("SELECT * FROM chats WHERE id = ?", (old,))
    if row is not None:
        await tx.execute(
            """INSERT INTO chats (id, kind, title, created_at)
               VALUES (?, 'supergroup', ?, ?)
               ON CONFLICT (id) DO UPDATE SET kind = 'supergroup'""",
            (new, row["title"], now),
        )
        await tx.execute("UPDATE chats SET migrated_to = ? WHERE id = ?", (new, old))
    await tx.execute("UPDATE tournaments SET chat_id = ? WHERE chat_id = ?", (new, old))
    # a group's seasons follow it (db.seasons)
    await tx.execute("UPDATE seasons SET chat_id = ? WHERE chat_id = ?", (new, old))
