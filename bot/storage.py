"""aiogram FSM storage on the bot's own database, so wizards survive a restart."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from aiogram.fsm.state import State
from aiogram.fsm.storage.base import BaseStorage, StateType, StorageKey

from db import fsm
from db.database import Database


def _key(key: StorageKey) -> str:
    parts = (key.bot_id, key.chat_id, key.user_id, key.thread_id, key.business_connection_id)
    return ":".join("" if part is None else str(part) for part in parts) + f":{key.destiny}"


class SqliteStorage(BaseStorage):
    """Wizard states and answers in the ``fsm`` table."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def set_state(self, key: StorageKey, state: StateType = None) -> None:
        value = state.state if isinstance(state, State) else state
        async with self._db.transaction() as tx:
            await fsm.set_state(tx, _key(key), value)

    async def get_state(self, key: StorageKey) -> str | None:
        async with self._db.read() as tx:
            state, _ = await fsm.get(tx, _key(key))
        return state

    async def set_data(self, key: StorageKey, data: Mapping[str, Any]) -> None:
        async with self._db.transaction() as tx:
            await fsm.set_data(tx, _key(key), dict(data))

    async def get_data(self, key: StorageKey) -> dict[str, Any]:
        async with self._db.read() as tx:
            _, data = await fsm.get(tx, _key(key))
        return data

    async def close(self) -> None:
        """The database is closed by the application, not by the storage."""
