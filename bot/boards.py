"""Keeping a tournament's live board in sight in a busy group.

Where the bot may pin, the board is pinned as it is posted (silently), and the board of the
round before is unpinned. Where it may not (Telegram refuses ``pinChatMessage`` to a bot
without the right), the board *floats*: after ``BOARD_REPOST_AFTER`` messages of the bot in
the group since it was posted, it is posted again at the bottom and the old copy deleted, so
a reader scrolling up from the newest message meets it within a screen.

The count and the last pinned board live in memory: after a restart a floating board floats
again from its next post, and a round's board pinned before the restart stays pinned under
the newer one (the newest pin is the one a group shows): late, never wrong.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from aiogram import Bot
from aiogram.client.session.middlewares.base import BaseRequestMiddleware, NextRequestMiddlewareType
from aiogram.exceptions import TelegramBadRequest, TelegramForbiddenError
from aiogram.methods import Response, SendDocument, SendMessage, TelegramMethod
from aiogram.types import Message

from bot.background import Background
from bot.sender import Sender

log = logging.getLogger(__name__)

#: posts the board anew at the bottom (and reports the new copy with ``Boards.posted``)
Repost = Callable[[], Awaitable[None]]


@dataclass(slots=True)
class Floating:
    """A board the bot could not pin: its message and the bot's messages since."""

    message_id: int
    repost: Repost
    since: int = 0
    reposting: bool = False


class Boards(BaseRequestMiddleware):
    """Pins boards; as the bot's session middleware, counts every message it sends (a
    handler's answer as much as an announcement) to re-post a floating board in time."""

    def __init__(self, sender: Sender, background: Background, repost_after: int) -> None:
        self._sender = sender
        self._background = background
        self._after = repost_after
        #: (chat, board name) → the floating board (a group may run two tournaments)
        self._floating: dict[tuple[int, str], Floating] = {}
        #: (chat, board name) → the board pinned last (unpinned when the next one is)
        self._pinned: dict[tuple[int, str], int] = {}

    async def __call__(
        self, make_request: NextRequestMiddlewareType[Any], bot: Bot, method: TelegramMethod[Any]
    ) -> Response[Any]:
        response = await make_request(bot, method)
        # The chain passes the method's result on (a Message for a send), whatever the
        # annotation of aiogram's middleware type says.
        sent: object = response
        if isinstance(method, SendMessage | SendDocument) and isinstance(sent, Message):
            self._count(sent.chat.id, sent.message_id)
        return response

    async def posted(self, chat_id: int, name: str, message_id: int, repost: Repost) -> None:
        """Board ``name`` (e.g. "koth:5") was posted as ``message_id``: pin it (unpinning the
        board it replaces, e.g. the round before's), or let it float."""
        self._floating.pop((chat_id, name), None)
        old = self._pinned.pop((chat_id, name), None)
        try:
            await self._sender.bot.pin_chat_message(chat_id, message_id, disable_notification=True)
        except (TelegramBadRequest, TelegramForbiddenError) as exc:
            log.info(
                "board %s not pinned in %s (%s): re-posted as the chat moves", name, chat_id, exc
            )
            if self._after > 0:
                self._floating[(chat_id, name)] = Floating(message_id, repost)
            return
        self._pinned[(chat_id, name)] = message_id
        if old is not None and old != message_id:
            try:
                await self._sender.bot.unpin_chat_message(chat_id, message_id=old)
            except (TelegramBadRequest, TelegramForbiddenError):
                log.debug("the old board %s/%s was not pinned", chat_id, old)

    def forget(self, chat_id: int, name: str) -> None:
        """The board is done (the tournament finished): no more re-posts."""
        self._floating.pop((chat_id, name), None)

    def _count(self, chat_id: int, message_id: int) -> None:
        """A message the bot sent: each floating board of that chat is one further up."""
        for board in [b for (chat, _), b in self._floating.items() if chat == chat_id]:
            if message_id <= board.message_id or board.reposting:
                continue
            board.since += 1
            if board.since >= self._after:
                board.reposting = True
                self._background.spawn(board.repost())
