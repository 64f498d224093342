"""Sending each message of a durable job exactly once, by key.

A key names one message of one job (``"sw:5:r2p0:player:17"``). Before sending, the outbox
looks the key up; after sending it records the message. A job re-run after a crash therefore
sends only what is missing (a crash between a send and its record can repeat that one message:
Telegram offers no way to make a send idempotent). A job sends its messages one after another,
each recorded before the next goes (``bot.swiss.broadcast.deliver_in_turn``), so a crash
repeats at most one of them; sent all at once, every message out and not yet recorded came
twice.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiogram.types import InlineKeyboardMarkup

from bot.clock import Clock
from bot.notify import Notifier
from bot.sender import Markup, Sender, Unreachable
from db import deadlines, outbox
from db.database import Database, Tx
from db.models import Deadline

#: The durable job that sends one group message a change stored (``Outbox.store``).
SAY_JOB = "job:say"


class Outbox:
    def __init__(self, db: Database, sender: Sender, notifier: Notifier, clock: Clock) -> None:
        self._db = db
        self._sender = sender
        self._notifier = notifier
        self._clock = clock

    async def sent(self, key: str) -> tuple[int, int] | None:
        """(chat id, message id) already sent under ``key``."""
        async with self._db.read() as tx:
            return await outbox.sent(tx, key)

    async def _record(self, key: str, chat_id: int, message_id: int) -> None:
        async with self._db.transaction() as tx:
            await outbox.record(tx, key, chat_id, message_id, self._clock.now().isoformat())

    async def send_once(
        self, key: str, chat_id: int, text: str, markup: Markup = None
    ) -> tuple[int, int] | None:
        """Send to a chat unless already sent under ``key``; the (chat, message) either way."""
        done = await self.sent(key)
        if done is not None:
            return done
        try:
            message = (await self._sender.send(chat_id, text, markup))[-1]
        except Unreachable:
            return None
        await self._record(key, message.chat.id, message.message_id)
        return message.chat.id, message.message_id

    async def send_photo_once(
        self,
        key: str,
        chat_id: int,
        draw: Callable[[], Awaitable[tuple[bytes, str] | None]],
        filename: str = "picture.png",
    ) -> tuple[int, int] | None:
        """A picture and its caption from ``draw`` (called only when nothing was sent under
        ``key``: a re-run after a crash draws nothing twice; ``None``: nothing to send)."""
        done = await self.sent(key)
        if done is not None:
            return done
        drawn = await draw()
        if drawn is None:
            return None
        try:
            message = await self._sender.send_photo(chat_id, *drawn, filename=filename)
        except Unreachable:
            return None
        await self._record(key, message.chat.id, message.message_id)
        return message.chat.id, message.message_id

    async def notify_once(
        self,
        key: str,
        user_id: int,
        name: str,
        text: str,
        markup: InlineKeyboardMarkup | None = None,
        *,
        fallback_chat: int | None,
    ) -> tuple[int, int] | None:
        """``Notifier.to_user`` (private, or a group mention) unless already sent under ``key``."""
        done = await self.sent(key)
        if done is not None:
            return done
        message = await self._notifier.to_user(
            user_id, name, text, markup, fallback_chat=fallback_chat
        )
        if message is None:
            return None
        await self._record(key, message.chat.id, message.message_id)
        return message.chat.id, message.message_id

    async def store(self, tx: Tx, ref_id: int, key: str, chat_id: int, text: str) -> int:
        """A message to a chat that a change makes, stored in the change's transaction as a
        durable job (``SAY_JOB``): run it after the commit (``Deadlines.run``), and the
        restart runs it if the bot died first; sent once, under ``key``. The text is rendered
        when stored (a group reads the club's language, which a restart does not change)."""
        payload: dict[str, object] = {"key": key, "chat": chat_id, "text": text}
        return await deadlines.add(tx, SAY_JOB, ref_id, self._clock.now(), payload)

    async def say_job(self, deadline: Deadline) -> None:
        """``SAY_JOB``: the stored message, once."""
        key, chat, text = (deadline.payload.get(k) for k in ("key", "chat", "text"))
        if isinstance(key, str) and isinstance(chat, int) and isinstance(text, str):
            await self.send_once(key, chat, text)

    async def edit(self, chat_id: int, message_id: int, text: str) -> None:
        """Replace a sent message by ``text`` without buttons (failures are logged, harmless)."""
        await self._sender.edit(chat_id, message_id, text)
