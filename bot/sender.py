"""The one place where the bot sends and edits messages.

It paces every call (``bot.pacing``), honours ``RetryAfter`` and retries server and network
errors, splits long texts at line boundaries, treats "message is not modified" as success,
follows a group's migration to a supergroup, and reports a user who blocked the bot as
``Unreachable`` so that the caller can fall back to a mention in the group.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from aiogram import Bot
from aiogram.exceptions import (
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramMigrateToChat,
    TelegramNetworkError,
    TelegramRetryAfter,
    TelegramServerError,
)
from aiogram.types import InlineKeyboardMarkup, Message, ReplyKeyboardMarkup, ReplyKeyboardRemove

from bot.pacing import Limits, Pacer

log = logging.getLogger(__name__)

LIMIT = 4096
Markup = InlineKeyboardMarkup | ReplyKeyboardMarkup | ReplyKeyboardRemove | None
T = TypeVar("T")


class Unreachable(Exception):
    """The user blocked the bot or never started it: a private message cannot reach him."""

    def __init__(self, chat_id: int) -> None:
        super().__init__(f"chat {chat_id} is unreachable")
        self.chat_id = chat_id


def utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def split_text(text: str, limit: int = LIMIT) -> list[str]:
    """Parts of ``text`` under ``limit`` UTF-16 units, cut at line boundaries.

    A single line longer than the limit (never produced by the bot's own texts) is cut
    at the limit.
    """
    parts: list[str] = []
    current: list[str] = []
    size = 0
    for line in text.split("\n"):
        while utf16_len(line) > limit:
            head = line[: limit // 2]
            line = line[limit // 2 :]
            parts.extend(["\n".join(current)] if current else [])
            current, size = [], 0
            parts.append(head)
        extra = utf16_len(line) + (1 if current else 0)
        if current and size + extra > limit:
            parts.append("\n".join(current))
            current, size = [], 0
            extra = utf16_len(line)
        current.append(line)
        size += extra
    if current:
        parts.append("\n".join(current))
    return [part for part in parts if part.strip()] or [text[:limit]]


def _not_modified(exc: TelegramBadRequest) -> bool:
    return "message is not modified" in exc.message


class Sender:
    """Sends and edits with pacing and retries; see the module docstring."""

    def __init__(
        self,
        bot: Bot,
        limits: Limits | None = None,
        *,
        on_blocked: Callable[[int], Awaitable[None]] | None = None,
        on_migrated: Callable[[int, int], Awaitable[None]] | None = None,
        attempts: int = 6,
    ) -> None:
        self.bot = bot
        self.pacer = Pacer(limits or Limits())
        self._on_blocked = on_blocked
        self._on_migrated = on_migrated
        self._attempts = attempts
        self._migrated: dict[int, int] = {}
        self._edits: dict[tuple[int, int], tuple[str, Markup]] = {}

    def chat(self, chat_id: int) -> int:
        """The chat's current id (after a migration to a supergroup)."""
        return self._migrated.get(chat_id, chat_id)

    async def send(self, chat_id: int, text: str, markup: Markup = None) -> list[Message]:
        """Send ``text`` (split if long; the keyboard goes with the last part)."""
        parts = split_text(text)
        sent = []
        for index, part in enumerate(parts):
            keyboard = markup if index == len(parts) - 1 else None
            sent.append(await self._call(chat_id, self._send_one, part, keyboard))
        return sent

    async def _send_one(self, chat_id: int, text: str, markup: Markup) -> Message:
        await self.pacer.before_send(chat_id)
        return await self.bot.send_message(
            chat_id, text, reply_markup=markup, disable_web_page_preview=True
        )

    async def edit(
        self, chat_id: int, message_id: int, text: str, markup: InlineKeyboardMarkup | None = None
    ) -> None:
        """Edit a message in place; while an edit of it waits for its turn, the newest wins."""
        key = (chat_id, message_id)
        waiting = key in self._edits
        self._edits[key] = (split_text(text)[0], markup)
        if waiting:
            return
        try:
            while key in self._edits:
                await self.pacer.before_send(self.chat(chat_id), counts_for_group=False)
                body, keyboard = self._edits.pop(key)
                await self._call(chat_id, self._edit_one, message_id, body, keyboard)
        finally:
            self._edits.pop(key, None)

    async def _edit_one(
        self, chat_id: int, message_id: int, text: str, markup: InlineKeyboardMarkup | None
    ) -> None:
        try:
            await self.bot.edit_message_text(
                text=text,
                chat_id=chat_id,
                message_id=message_id,
                reply_markup=markup,
                disable_web_page_preview=True,
            )
        except TelegramBadRequest as exc:
            if not _not_modified(exc):
                raise

    async def remove_keyboard(self, chat_id: int, message_id: int) -> None:
        """Take the buttons off a message (a settled prompt); failures are harmless."""
        try:
            await self._call(chat_id, self._drop_markup, message_id)
        except (TelegramBadRequest, Unreachable):
            log.debug("could not remove the keyboard of %s/%s", chat_id, message_id)

    async def _drop_markup(self, chat_id: int, message_id: int) -> None:
        await self.pacer.before_send(chat_id, counts_for_group=False)
        try:
            await self.bot.edit_message_reply_markup(chat_id=chat_id, message_id=message_id)
        except TelegramBadRequest as exc:
            if not _not_modified(exc):
                raise

    async def _call(self, chat_id: int, action: Callable[..., Awaitable[T]], *args: Any) -> T:
        delay = 0.5
        for attempt in range(1, self._attempts + 1):
            target = self.chat(chat_id)
            try:
                return await action(target, *args)
            except TelegramRetryAfter as exc:
                log.warning("Telegram asks to wait %ss (chat %s)", exc.retry_after, target)
                await asyncio.sleep(exc.retry_after)
            except TelegramMigrateToChat as exc:
                await self._follow_migration(target, exc.migrate_to_chat_id)
            except TelegramForbiddenError as exc:
                if target > 0 and self._on_blocked is not None:
                    await self._on_blocked(target)
                raise Unreachable(target) from exc
            except (TelegramServerError, TelegramNetworkError) as exc:
                if attempt == self._attempts:
                    raise
                log.warning("send to %s failed (%s); retrying in %.1fs", target, exc, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 8)
        raise RuntimeError(f"gave up sending to chat {chat_id} after {self._attempts} attempts")

    async def _follow_migration(self, old: int, new: int) -> None:
        log.info("chat %s became supergroup %s", old, new)
        self._migrated[old] = new
        if self._on_migrated is not None:
            await self._on_migrated(old, new)
