"""Personal notifications: a private message, or a mention in the group when that cannot work."""

from __future__ import annotations

import html
import logging

from aiogram.exceptions import TelegramAPIError
from aiogram.types import ChatMemberRestricted, InlineKeyboardMarkup, Message

from bot.sender import Sender, Unreachable
from db import players
from db.database import Database
from rules.text import visible

log = logging.getLogger(__name__)


def mention(user_id: int, name: str) -> str:
    """An HTML mention that notifies the user in a group."""
    return f'<a href="tg://user?id={user_id}">{html.escape(visible(name), quote=False)}</a>'


class Notifier:
    def __init__(self, db: Database, sender: Sender) -> None:
        self._db = db
        self._sender = sender

    async def in_chat(self, user_id: int, chat_id: int) -> bool:
        """The user is a member of the group ``chat_id`` (Telegram is asked; ``False`` when it
        cannot say)."""
        try:
            member = await self._sender.bot.get_chat_member(chat_id, user_id)
        except TelegramAPIError as exc:
            log.info("cannot ask Telegram about %s in %s: %s", user_id, chat_id, exc)
            return False
        if isinstance(member, ChatMemberRestricted):
            return member.is_member
        return member.status in ("creator", "administrator", "member")

    async def reachable(self, user_id: int) -> bool:
        """The user started the bot and has not blocked it."""
        async with self._db.read() as tx:
            user = await players.tg_user(tx, user_id)
        return user is not None and user.started_bot and not user.blocked_bot

    async def to_user(
        self,
        user_id: int,
        name: str,
        text: str,
        markup: InlineKeyboardMarkup | None = None,
        *,
        fallback_chat: int | None,
    ) -> Message | None:
        """Send privately; when that is impossible, post it in ``fallback_chat`` with a mention.

        Returns the message that carries the buttons, or ``None`` when neither way worked.
        """
        if await self.reachable(user_id):
            try:
                return (await self._sender.send(user_id, text, markup))[-1]
            except Unreachable:
                log.info("user %s blocked the bot; falling back to the group", user_id)
        if fallback_chat is None:
            return None
        try:
            sent = await self._sender.send(
                fallback_chat, f"{mention(user_id, name)}\n{text}", markup
            )
        except Unreachable:
            return None
        return sent[-1]
