"""A crash staged in the database while the bot is down: a job made pending again, the outbox
forgetting what the dead bot had not sent yet."""

from __future__ import annotations

import sqlite3

from tests.e2e.harness import RunningBot


def crash_before(bot: RunningBot, kind: str, keys: str) -> int:
    """Make the newest job of ``kind`` pending again and forget the outbox keys matching the
    ``keys`` LIKE pattern; how many keys were forgotten."""
    with sqlite3.connect(bot.db_path) as conn:
        (job,) = conn.execute("SELECT max(id) FROM deadlines WHERE kind = ?", (kind,)).fetchone()
        conn.execute(
            "UPDATE deadlines SET status = 'pending', fired_at = NULL WHERE id = ?", (job,)
        )
        return conn.execute("DELETE FROM outbox_keys WHERE key LIKE ?", (keys,)).rowcount
