"""The updates polling received and has not finished handling (``bot.polling``).

A row is written before Telegram is told the update arrived, and deleted once it was handled:
whatever a crash leaves here is handled again at the next start.
"""

from __future__ import annotations

import json
from typing import Any

from db.database import Tx

#: What a user's (or his private chat's, or his contact's) object tells about him by name.
PERSONAL = ("first_name", "last_name", "username", "phone_number")


async def store(tx: Tx, update_id: int, update_json: str, now: str) -> bool:
    """Keep a received update; False if it is here already (fetched before, not finished)."""
    added = await tx.insert(
        """INSERT INTO inbox (update_id, update_json, received_at) VALUES (?, ?, ?)
           ON CONFLICT (update_id) DO NOTHING""",
        (update_id, update_json, now),
    )
    return added is not None


async def pending(tx: Tx) -> list[tuple[int, str]]:
    """The updates received and not finished, oldest first: (update id, its JSON)."""
    rows = await tx.all("SELECT update_id, update_json FROM inbox ORDER BY update_id")
    return [(int(row[0]), str(row[1])) for row in rows]


async def finish(tx: Tx, update_id: int) -> None:
    """Forget a handled update."""
    await tx.execute("DELETE FROM inbox WHERE update_id = ?", (update_id,))


async def forget_person(tx: Tx, user_id: int) -> None:
    """Blank a person's names, username and phone in the updates kept here: his "delete my
    data" press is one of them while it is handled, and its row must not keep them in the file.
    Handled again after a crash, such an update simply carries no name."""
    for update_id, text in await pending(tx):
        update = json.loads(text)
        if _blank(update, user_id):
            await tx.execute(
                "UPDATE inbox SET update_json = ? WHERE update_id = ?",
                (json.dumps(update, ensure_ascii=False), update_id),
            )


def _blank(value: Any, user_id: int) -> bool:
    """Blank ``PERSONAL`` in every object of ``value`` about ``user_id`` (its ``id``, or a
    contact's ``user_id``); True if anything changed. ``first_name`` is required: it becomes
    empty."""
    changed = False
    if isinstance(value, dict):
        if user_id in (value.get("id"), value.get("user_id")):
            for key in PERSONAL:
                if value.get(key):
                    value[key] = ""
                    changed = True
        for item in value.values():
            changed = _blank(item, user_id) or changed
    elif isinstance(value, list):
        for item in value:
            changed = _blank(item, user_id) or changed
    return changed
