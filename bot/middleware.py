"""Outer middleware: skip duplicate updates, remember who wrote, pick the reader's language."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import Any

from aiogram import BaseMiddleware
from aiogram.types import CallbackQuery, Chat, TelegramObject, Update, User

from bot.clock import Clock
from bot.handled import HandledUpdates
from bot.priority import AnswersFirst
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
    """Skips duplicates, stores the sender and chat, and gives handlers ``t`` (texts in the
    reader's language).

    An update is handled at least once and at most once to completion: its id is recorded
    after the handler finished (``bot.handled``: a crash before the record is written lets
    Telegram's redelivery run it again, and every state change is idempotent), and an id
    already recorded or being handled right now is skipped.
    """

    #: the user's row is rewritten at least this often (its ``seen_at``) when nothing changed
    SEEN_EVERY = timedelta(minutes=10)
    #: how many users and chats the cache of written rows holds (the oldest go first)
    CACHE_SIZE = 50_000

    def __init__(self, db: Database, texts: Texts, clock: Clock, handled: HandledUpdates) -> None:
        self._db = db
        self._handled = handled
        self._texts = texts
        self._clock = clock
        #: what this process last wrote of each user and chat, and when: a row is written again
        #: only when Telegram's copy differs (or ``seen_at`` is old)
        #: user → (his fields, known to have started the bot, when written)
        self._users: dict[int, tuple[tuple[object, ...], bool, datetime]] = {}
        self._chats: dict[int, tuple[object, ...]] = {}
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
        if not await self._check_and_remember(event.update_id, user, chat, now):
            log.info("update %s delivered again; ignored", event.update_id)
            return None
        lang = pick_language(user.language_code if user else None, self._texts.default)
        data["lang"] = lang
        data["t"] = Tr(self._texts, lang)
        result = await handler(event, data)
        self._handled.mark(event.update_id, self._clock.now().isoformat())
        return result

    async def _check_and_remember(
        self, update_id: int, user: User | None, chat: Chat | None, now: str
    ) -> bool:
        """False if the update was handled already; else store its sender and chat where they
        differ from what this process last wrote (one read when nothing changed)."""
        person = user if user is not None and not user.is_bot else None
        private = chat is not None and chat.type == "private"
        user_row = (
            None
            if person is None
            else (person.first_name, person.last_name, person.username, person.language_code)
        )
        chat_row = None if chat is None or person is None else (chat.type, chat.title)
        when = self._clock.now()
        if await self._handled.seen(update_id):
            return False
        if person is not None:
            written = self._users.get(person.id)
            stale_user = (
                written is None
                or written[0] != user_row
                or (private and not written[1])  # his first private message: started_bot
                or when - written[2] >= self.SEEN_EVERY
            )
            stale_chat = chat is not None and self._chats.get(chat.id) != chat_row
            if not stale_user and not stale_chat:
                blocked = await self._blocked(person.id)
                # A private message clears "blocked" (set by a failed send since); a row gone
                # from the database is written again.
                if blocked is not None and not (private and blocked):
                    return True
        async with self._db.transaction() as tx:
            if person is not None:
                if chat is not None:
                    await chats.remember(tx, chat.id, chat.type, chat.title, now)
                await players.remember_user(
                    tx,
                    person.id,
                    person.first_name,
                    person.last_name,
                    person.username,
                    person.language_code,
                    now,
                    private=private,
                )
                started = private or (person.id in self._users and self._users[person.id][1])
                tx.on_commit(
                    lambda: self._written(person.id, user_row, started, chat, chat_row, when)
                )
        return True

    async def _blocked(self, user_id: int) -> bool | None:
        """The user's ``blocked_bot`` (``None``: no row), from memory when known."""
        async with self._db.read(lazy=True) as tx:
            user = await players.tg_user(tx, user_id)
        return None if user is None else user.blocked_bot

    def _written(
        self,
        user_id: int,
        user_row: tuple[object, ...] | None,
        started: bool,
        chat: Chat | None,
        chat_row: tuple[object, ...] | None,
        when: datetime,
    ) -> None:
        if user_row is not None:
            self._users.pop(user_id, None)
            self._users[user_id] = (user_row, started, when)
            while len(self._users) > self.CACHE_SIZE:
                del self._users[next(iter(self._users))]
        if chat is not None and chat_row is not None:
            self._chats.pop(chat.id, None)
            self._chats[chat.id] = chat_row
            while len(self._chats) > self.CACHE_SIZE:
                del self._chats[next(iter(self._chats))]


class CallbackGuardMiddleware(BaseMiddleware):
    """Counts a button press as waiting for its answer (``bot.priority``) while its handler
    runs. A press whose handler fails is answered by the error router (``handlers.errors``),
    so no button spins forever on an error."""

    def __init__(self, answers_first: AnswersFirst | None = None) -> None:
        self._answers_first = answers_first or AnswersFirst()

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        assert isinstance(event, CallbackQuery)
        with self._answers_first.press(event.id):
            return await handler(event, data)
