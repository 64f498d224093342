"""Outer middleware: skip duplicate updates, remember who wrote, pick the reader's language."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import BaseMiddleware
from aiogram.dispatcher.event.bases import SkipHandler
from aiogram.types import CallbackQuery, Chat, TelegramObject, Update, User

from bot.clock import Clock
from bot.texts import Texts, Tr, pick_language
from db import chats, players
from db.database import Database, Tx

log = logging.getLogger(__name__)


def _origin(update: Update) -> tuple[User | None, Chat | None]:
    if update.message is not None:
        return update.message.from_user, update.message.chat
    if update.callback_query is not None:
        query = update.callback_query
        chat = query.message.chat if query.message is not None else None
        return query.from_user, chat
    if update.my_chat_member is not None:
        return update.my_chat_member.from_user, update.my_chat_member.chat
    return None, None


async def already_handled(tx: Tx, update_id: int) -> bool:
    return (
        await tx.value("SELECT 1 FROM processed_updates WHERE update_id = ?", (update_id,))
        is not None
    )


async def mark_handled(tx: Tx, update_id: int, now: str) -> None:
    await tx.execute(
        "INSERT OR IGNORE INTO processed_updates (update_id, at) VALUES (?, ?)", (update_id, now)
    )
    if update_id % 1000 == 0:  # keep the table small: old ids never come back
        await tx.execute(
            "DELETE FROM processed_updates WHERE update_id < ?", (update_id - 100_000,)
        )


class ContextMiddleware(BaseMiddleware):
    """Skips duplicates, stores the sender and chat, and gives handlers ``t`` (texts in the
    reader's language).

    An update is handled at least once and at most once to completion: its id is recorded
    after the handler finished (a crash in between lets Telegram's redelivery run it again, and
    every state change is idempotent), and an id already recorded or being handled right now is
    skipped.
    """

    def __init__(self, db: Database, texts: Texts, clock: Clock) -> None:
        self._db = db
        self._texts = texts
        self._clock = clock
        self._in_flight: set[int] = set()
        self._locks: dict[tuple[int, int], tuple[asyncio.Lock, int]] = {}

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        assert isinstance(event, Update)
        user, chat = _origin(event)
        now = self._clock.now().isoformat()
        if event.update_id in self._in_flight:
            log.info("update %s delivered again while handled; ignored", event.update_id)
            return None
        self._in_flight.add(event.update_id)
        # One update at a time per person and chat: two quick answers to a wizard must not
        # both read the same step (updates are otherwise handled concurrently).
        key = (chat.id if chat else 0, user.id if user else 0)
        lock, users = self._locks.get(key, (asyncio.Lock(), 0))
        self._locks[key] = (lock, users + 1)
        try:
            async with lock:
                return await self._handle(handler, event, data, user, chat, now)
        finally:
            self._in_flight.discard(event.update_id)
            lock, users = self._locks[key]
            if users == 1:
                del self._locks[key]
            else:
                self._locks[key] = (lock, users - 1)

    async def _handle(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: Update,
        data: dict[str, Any],
        user: User | None,
        chat: Chat | None,
        now: str,
    ) -> Any:
        async with self._db.transaction() as tx:
            if await already_handled(tx, event.update_id):
                log.info("update %s delivered again; ignored", event.update_id)
                return None
            if user is not None and not user.is_bot:
                if chat is not None:
                    await chats.remember(tx, chat.id, chat.type, chat.title, now)
                await players.remember_user(
                    tx,
                    user.id,
                    user.first_name,
                    user.last_name,
                    user.username,
                    user.language_code,
                    now,
                    private=chat is not None and chat.type == "private",
                )
        lang = pick_language(user.language_code if user else None, self._texts.default)
        data["lang"] = lang
        data["t"] = Tr(self._texts, lang)
        result = await handler(event, data)
        async with self._db.transaction() as tx:
            await mark_handled(tx, event.update_id, self._clock.now().isoformat())
        return result


class CallbackGuardMiddleware(BaseMiddleware):
    """Answers every button press exactly once, so no button spins forever on an error."""

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        assert isinstance(event, CallbackQuery)
        try:
            return await handler(event, data)
        except SkipHandler:
            raise  # a guard handing the press on to the next router is not an error
        except Exception:
            log.exception("button %r failed", event.data)
            tr: Tr = data["t"]
            await event.answer(tr("errors.internal"), show_alert=True)
            return None
