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
    """Wizard states and answers in the ``fsm`` table, with a write-through cache in memory.

    The database is the source of truth: a key is read from it the first time this process
    needs it (so a restart reloads lazily) and every write goes to the database first and to
    the cache only after its commit. The dispatcher asks for the state of every update, so a
    known key costs no query.
    """

    #: how many keys the cache holds (the least recently used go first)
    CACHE_SIZE = 50_000

    def __init__(self, db: Database) -> None:
        self._db = db
        #: storage key → (state, answers as stored JSON) as committed to the database
        self._cache: dict[str, tuple[str | None, str]] = {}
        #: bumped by every write: a read that raced with a write is not cached
        self._writes = 0

    def _remember(self, key: str, state: str | None, data_json: str) -> None:
        self._cache.pop(key, None)
        self._cache[key] = (state, data_json)
        while len(self._cache) > self.CACHE_SIZE:
            del self._cache[next(iter(self._cache))]

    def _written(self, key: str, write: int, row: tuple[str | None, str] | None) -> None:
        """After a commit: cache the row when its other half was known and no other write
        came in between; otherwise the next use reads it from the database."""
        self._writes += 1
        if row is not None and write == self._writes - 1:
            self._remember(key, *row)
        else:
            self._cache.pop(key, None)

    async def _get(self, key: str) -> tuple[str | None, str]:
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        writes = self._writes
        async with self._db.read() as tx:
            state, data_json = await fsm.get_raw(tx, key)
        if writes == self._writes:  # no write committed meanwhile: the row is current
            self._remember(key, state, data_json)
        return state, data_json

    async def set_state(self, key: StorageKey, state: StateType = None) -> None:
        value = state.state if isinstance(state, State) else state
        k = _key(key)
        before = self._cache.pop(k, None)
        self._writes += 1
        mine = self._writes
        async with self._db.transaction() as tx:
            await fsm.set_state(tx, k, value)
        self._written(k, mine, None if before is None else (value, before[1]))

    async def get_state(self, key: StorageKey) -> str | None:
        state, _ = await self._get(_key(key))
        return state

    async def set_data(self, key: StorageKey, data: Mapping[str, Any]) -> None:
        k = _key(key)
        before = self._cache.pop(k, None)
        data_json = fsm.encode(dict(data))
        self._writes += 1
        mine = self._writes
        async with self._db.transaction() as tx:
            await fsm.set_data_json(tx, k, data_json)
        self._written(k, mine, None if before is None else (before[0], data_json))

    async def get_data(self, key: StorageKey) -> dict[str, Any]:
        _, data_json = await self._get(_key(key))
        return fsm.decode(data_json)

    async def close(self) -> None:
        """The database is closed by the application, not by the storage."""
