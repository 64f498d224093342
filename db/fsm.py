"""Conversation (wizard) state, kept in the database so a restart loses no answer."""

from __future__ import annotations

import json
from typing import Any

from db.database import Tx


async def get(tx: Tx, key: str) -> tuple[str | None, dict[str, Any]]:
    row = await tx.one("SELECT state, data_json FROM fsm WHERE storage_key = ?", (key,))
    if row is None:
        return None, {}
    return row["state"], json.loads(row["data_json"])


async def set_state(tx: Tx, key: str, state: str | None) -> None:
    await tx.execute(
        """INSERT INTO fsm (storage_key, state) VALUES (?, ?)
           ON CONFLICT (storage_key) DO UPDATE SET state = excluded.state""",
        (key, state),
    )


async def set_data(tx: Tx, key: str, data: dict[str, Any]) -> None:
    await tx.execute(
        """INSERT INTO fsm (storage_key, data_json) VALUES (?, ?)
           ON CONFLICT (storage_key) DO UPDATE SET data_json = excluded.data_json""",
        (key, json.dumps(data, ensure_ascii=False)),
    )
