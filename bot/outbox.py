"""Sending each message of a durable job exactly once, by key.

A key names one message of one job (``"sw:5:r2p0:player:17"``). Before sending, the outbox
looks the key up; after sending it records the message. A job re-run after a crash therefore
sends only what is missing (a crash between a send and its record can repeat that one message:
Telegram offers no way to make a send idempotent). A job sends its messages one after another,
each recorded before the next goes (``bot.swiss.broadcast.deliver_in_turn``), so a crash
repeats at most one of them; sent all at once, every message out and not yet recorded came
twice.

What a change tells is stored with it as notices (``bot.notices``: data, rendered in each
reader's language when sent) in one durable job (``TELL_JOB``, ``Outbox.tell``) — the one way
out for every kind's notices.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence

from aiogram.types import InlineKeyboardMarkup
from pydantic import ValidationError

from bot import notices as said
from bot.clock import Clock
from bot.notices import Notice, ToChat
from bot.notify import Notifier, mention
from bot.sender import Markup, Sender, Unreachable
from bot.texts import Texts, pick_language
from db import deadlines, outbox, players
from db.database import Database, Tx
from db.models import Deadline

log = logging.getLogger(__name__)

#: The durable job that sends the notices a change stored (``Outbox.tell``).
TELL_JOB = "job:tell"
#: The job an older version stored for one rendered group message: a database upgraded with
#: one pending still sends it (``Outbox.say_job``).
SAY_JOB = "job:say"


class Outbox:
    def __init__(
        self, db: Database, sender: Sender, notifier: Notifier, clock: Clock, texts: Texts
    ) -> None:
        self._db = db
        self._sender = sender
        self._notifier = notifier
        self._clock = clock
        self._texts = texts

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

    async def tell(self, tx: Tx, ref_id: int, notices: Sequence[Notice]) -> int | None:
        """Store what a change tells, in the change's transaction, as one durable job
        (``TELL_JOB``): run it after the commit (``Deadlines.run``); the restart runs it if the
        bot died first. ``None`` when there is nothing to tell."""
        if not notices:
            return None
        payload: dict[str, object] = {"notices": said.encode(list(notices))}
        return await deadlines.add(tx, TELL_JOB, ref_id, self._clock.now(), payload)

    async def tell_job(self, deadline: Deadline) -> None:
        """``TELL_JOB``: each notice once, in its reader's language, one after another (each
        recorded as sent before the next goes: a re-run after a crash repeats at most one)."""
        try:
            notices = said.decode(deadline.payload.get("notices"))
        except ValidationError:
            log.error("job %s holds no notices; dropped", deadline.id, exc_info=True)
            return
        await self.deliver_all(notices)

    async def deliver_all(self, notices: Sequence[Notice]) -> None:
        """Each notice once (``deliver``), one after another; one that fails is logged and
        does not stop the others."""
        for notice in notices:
            try:
                await self.deliver(notice)
            except Exception:  # one failed message must not stop the others
                log.exception("notice %s could not be sent", notice.key)

    async def deliver(self, notice: Notice) -> tuple[int, int] | None:
        """One notice, once under its key: to its chat; to its person privately, or in his
        fallback chat with a mention (nowhere when a public message there mentions him:
        ``ToPerson.covered``)."""
        to = notice.to
        if isinstance(to, ToChat):
            lang = self._texts.default
            text = said.text_of(self._texts, lang, notice)
            return await self.send_once(
                notice.key, to.chat, text, said.keyboard(self._texts, lang, notice)
            )
        async with self._db.read() as tx:
            user = await players.tg_user(tx, to.user)
        if to.covered and (user is None or not user.started_bot or user.blocked_bot):
            return None  # the public message about the same thing mentions him
        lang = pick_language(user.language_code if user else None, self._texts.default)
        text = said.text_of(self._texts, lang, notice)
        markup = said.keyboard(self._texts, lang, notice)
        try:
            return await self.notify_once(
                notice.key, to.user, to.name, text, markup, fallback_chat=to.fallback_chat
            )
        except Exception:
            if to.fallback_chat is None:
                raise
            log.warning("message to %s failed; trying the group", to.user, exc_info=True)
        text = f"{mention(to.user, to.name)}\n{text}"
        return await self.send_once(notice.key, to.fallback_chat, text, markup)

    async def say_job(self, deadline: Deadline) -> None:
        """``SAY_JOB`` (stored by an older version): its rendered message, once."""
        key, chat, text = (deadline.payload.get(k) for k in ("key", "chat", "text"))
        if isinstance(key, str) and isinstance(chat, int) and isinstance(text, str):
            await self.send_once(key, chat, text)

    async def edit(self, chat_id: int, message_id: int, text: str) -> None:
        """Replace a sent message by ``text`` without buttons (failures are logged, harmless)."""
        await self._sender.edit(chat_id, message_id, text)
