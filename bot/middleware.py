"""Outer middleware: skip duplicate updates, remember who wrote, pick the reader's language."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import BaseMiddleware
from aiogram.types import Chat, TelegramObject, Update, User

from bot.clock import Clock
from bot.handled import HandledUpdates
from bot.texts import Texts, Tr, pick_language
from db import chats, players
from db.database import Database
from rules.text import visible

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


class ContextMiddleware(BaseMiddleware):
    """Skips duplicates, stores the sender and chat, and gives handlers ``t`` (texts in the
    reader's language).

    An update is handled at least once and at most once to completion: its id is recorded
    after the handler finished (``bot.handled``: a crash before the record is written lets
    the next start run it again, and every state change is idempotent), and an id
    already recorded or being handled right now is skipped. The sender and chat are kept
    current (names, language, "started the bot"): a read finds most updates' rows already so,
    and one small transaction upserts the rest.
    """

    def __init__(self, db: Database, texts: Texts, clock: Clock, handled: HandledUpdates) -> None:
        self._db = db
        self._handled = handled
        self._texts = texts
        self._clock = clock
        self._in_flight: set[int] = set()

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
        try:
            return await self._handle(handler, event, data, user, chat, now)
        finally:
            self._in_flight.discard(event.update_id)

    async def _handle(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: Update,
        data: dict[str, Any],
        user: User | None,
        chat: Chat | None,
        now: str,
    ) -> Any:
        if await self._handled.seen(event.update_id):
            log.info("update %s delivered again; ignored", event.update_id)
            return None
        await self._remember(user, chat, now)
        lang = pick_language(user.language_code if user else None, self._texts.default)
        data["lang"] = lang
        data["t"] = Tr(self._texts, lang)
        try:
            return await handler(event, data)
        finally:
            # A refusal or a failure is answered too (by the error router, around this
            # middleware): a redelivery must not run the update again.
            await self._handled.mark(event.update_id, self._clock.now().isoformat())

    async def _remember(self, user: User | None, chat: Chat | None, now: str) -> None:
        """Upsert the person who sent the update and the chat he wrote in (not bots). Most
        updates come from someone whose row already says all this: one read finds it so, and
        no write transaction (four trips to the database's thread) waits its turn for nothing."""
        if user is None or user.is_bot:
            return
        first = visible(user.first_name)
        last = visible(user.last_name) if user.last_name else None
        private = chat is not None and chat.type == "private"
        who = (user.id, first, last, user.username, user.language_code)
        async with self._db.read() as tx:
            current = await players.user_is_current(tx, *who, private=private) and (
                chat is None or await chats.is_current(tx, chat.id, chat.type, chat.title)
            )
        if current:
            return
        async with self._db.transaction() as tx:
            if chat is not None:
                await chats.remember(tx, chat.id, chat.type, chat.title, now)
            await players.remember_user(tx, *who, now, private=private)
