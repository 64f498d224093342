"""Outer middleware: remember who wrote, pick the reader's language, and never fail silently."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import BaseMiddleware
from aiogram.types import CallbackQuery, Chat, TelegramObject, Update, User

from bot.clock import Clock
from bot.texts import Texts, Tr, pick_language
from db import chats, players
from db.database import Database

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
    """Stores the sender and chat, and gives handlers ``t`` (texts in the reader's language)."""

    def __init__(self, db: Database, texts: Texts, clock: Clock) -> None:
        self._db = db
        self._texts = texts
        self._clock = clock

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        assert isinstance(event, Update)
        user, chat = _origin(event)
        now = self._clock.now().isoformat()
        if user is not None and not user.is_bot:
            async with self._db.transaction() as tx:
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
        return await handler(event, data)


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
        except Exception:
            log.exception("button %r failed", event.data)
            tr: Tr = data["t"]
            await event.answer(tr("errors.internal"), show_alert=True)
            return None
