"""Conversation (wizard) state, kept in the database so a restart loses no answer."""

from __future__ import annotations

import json
from typing import Any

from db.database import Tx


def encode(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False)


def decode(data_json: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(data_json)
    return data


async def get(tx: Tx, key: str) -> tuple[str | None, dict[str, Any]]:
    state, data_json = await get_raw(tx, key)
    return state, decode(data_json)


async def get_raw(tx: Tx, key: str) -> tuple[str | None, str]:
    """The state and the answers as stored (JSON); ``(None, "{}")`` for an unknown key."""
    row = await tx.one("SELECT state, data_json FROM fsm WHERE storage_key = ?", (key,))
    if row is None:
        return None, "{}"
    return row["state"], row["data_json"]


async def set_state(tx: Tx, key: str, state: str | None) -> None:
    await tx.execute(
        """INSERT INTO fsm (storage_key, state) VALUES (?, ?)
           ON CONFLICT (storage_key) DO UPDATE SET state = excluded.state""",
        (key, state),
    )


async def set_data(tx: Tx, key: str, data: dict[str, Any]) -> None:
    await set_data_json(tx, key, encode(data))


async def set_data_json(tx: Tx, key: str, data_json: str) -> None:
    await tx.execute(
        """INSERT INTO fsm (storage_key, data_json) VALUES (?, ?)
           ON CONFLICT (storage_key) DO UPDATE SET data_json = excluded.data_json""",
        (key, data_json),
    )
