"""Keeping a tournament's live board in sight in a busy group.

Where the bot may pin, the board is pinned as it is posted (silently), and the board of the
round before is unpinned. Where it may not (Telegram refuses ``pinChatMessage`` to a bot
without the right), the board *floats*: after ``BOARD_REPOST_AFTER`` messages of the bot in
the group since it was posted, it is posted again at the bottom and the old copy deleted, so
a reader scrolling up from the newest message meets it within a screen.

The count lives in memory: after a restart a floating board waits for its next post or edit
to be tracked again (a restart costs at most one late re-post, never a wrong one).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from aiogram.exceptions import TelegramBadRequest, TelegramForbiddenError

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


class Boards:
    def __init__(self, sender: Sender, background: Background, repost_after: int) -> None:
        self._sender = sender
        self._background = background
        self._after = repost_after
        #: (chat, board name) → the floating board (a group may run two tournaments)
        self._floating: dict[tuple[int, str], Floating] = {}
        sender.on_sent.append(self._count)

    async def posted(
        self, chat_id: int, name: str, message_id: int, repost: Repost, *, old: int | None = None
    ) -> None:
        """Board ``name`` (e.g. "koth:5") was posted as ``message_id``: pin it, or let it float.
        ``old``: the copy it replaces (unpinned)."""
        self._floating.pop((chat_id, name), None)
        try:
            await self._sender.bot.pin_chat_message(chat_id, message_id, disable_notification=True)
        except (TelegramBadRequest, TelegramForbiddenError) as exc:
            log.info(
                "board %s not pinned in %s (%s): re-posted as the chat moves", name, chat_id, exc
            )
            if self._after > 0:
                self._floating[(chat_id, name)] = Floating(message_id, repost)
            return
        if old is not None and old != message_id:
            try:
                await self._sender.bot.unpin_chat_message(chat_id, message_id=old)
            except (TelegramBadRequest, TelegramForbiddenError):
                log.debug("the old board %s/%s was not pinned", chat_id, old)

    def forget(self, chat_id: int, name: str) -> None:
        """The board is done (the tournament finished): no more re-posts."""
        self._floating.pop((chat_id, name), None)

    def _count(self, chat_id: int, message_ids: list[int]) -> None:
        """Every message the bot sends: each floating board of that chat is one further up."""
        for board in [b for (chat, _), b in self._floating.items() if chat == chat_id]:
            if board.message_id in message_ids or board.reposting:
                continue
            board.since += 1
            if board.since >= self._after:
                board.reposting = True
                self._background.spawn(board.repost())
