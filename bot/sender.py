"""The one place where outgoing messages are paced, retried, split and followed.

``Delivery`` is a request middleware on the bot's session, so *every* send and edit — from a
service through ``Sender`` or from a handler's ``message.answer`` — passes through it. It:

- paces sends and edits within Telegram's limits (``bot.pacing``);
- honours ``RetryAfter`` (waits as asked, then retries) and retries 5xx and network errors with
  a growing pause;
- splits texts over 4096 characters at line boundaries (the keyboard goes with the last part);
- treats "message is not modified" as success, and sends no such edit to begin with: it keeps
  what each recent message of the bot's shows (``Shown``) and answers an edit that would
  change nothing itself (each edit costs part of a group's 20 messages a minute);
- follows a group's migration to a supergroup (``migrate_to_chat_id``) and remembers it;
- reports a private chat that answers 403 (blocked, never started) through ``on_blocked``, and
  a group that is gone for good (deleted, the bot removed: ``permanent``) through ``on_gone``;
- lets a button's answer fail quietly (logged): it is only the toast, and the work after it (the
  result's follow-ups) must go on when Telegram refuses it («query is too old» after a restart).

``PlainAlerts`` turns the HTML of a button's answer into the plain text Telegram shows there.

``Sender`` adds what services need on top: edits of a message that never overlap (the newest
text wins while an edit waits for its turn; the only place board edits are merged) and
``Unreachable`` for blocked users.
"""

from __future__ import annotations

import asyncio
import html
import logging
import re
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from aiogram import Bot
from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.exceptions import (
    TelegramAPIError,
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramMigrateToChat,
    TelegramNetworkError,
    TelegramRetryAfter,
    TelegramServerError,
)
from aiogram.methods import (
    AnswerCallbackQuery,
    DeleteMessage,
    EditMessageReplyMarkup,
    EditMessageText,
    Response,
    SendMessage,
    SendPhoto,
    TelegramMethod,
)
from aiogram.methods.base import TelegramType
from aiogram.types import (
    BufferedInputFile,
    InlineKeyboardMarkup,
    Message,
    ReplyKeyboardMarkup,
    ReplyKeyboardRemove,
)

from bot.pacing import Limits, Pacer

log = logging.getLogger(__name__)

#: a message's text and keyboard, produced when its edit goes out (None: leave it as it is)
Render = Callable[[], Awaitable[tuple[str, InlineKeyboardMarkup | None] | None]]

LIMIT = 4096
#: how many messages the bot deleted the sender keeps in mind (``Sender._gone``)
SHOWN = 4096
#: a live board's part, of Telegram's 4 096: the rest is room for its lines to grow (a table's
#: "…" becomes "⏳ ждёт подтверждения") without outgrowing its message
BOARD_PART = 3000
Markup = InlineKeyboardMarkup | ReplyKeyboardMarkup | ReplyKeyboardRemove | None
EDITS = (EditMessageText, EditMessageReplyMarkup)
PACED = (SendMessage, SendPhoto, *EDITS, DeleteMessage)
RETRIED = (*PACED, AnswerCallbackQuery)


class Unreachable(Exception):
    """The user blocked the bot or never started it, or the group is gone: a message cannot
    reach the chat, and trying again will not change that."""

    def __init__(self, chat_id: int) -> None:
        super().__init__(f"chat {chat_id} is unreachable")
        self.chat_id = chat_id


#: Telegram's 400 answers that no retry changes: the chat is gone or closed to the bot.
PERMANENT = (
    "chat not found",
    "bot was kicked",
    "bot is not a member",
    "chat was deleted",
    "chat was deactivated",
    "not enough rights",
    "have no rights",
    "chat_write_forbidden",
)


def permanent(exc: TelegramAPIError) -> bool:
    """The chat cannot be written to, however often the bot tries (a 403, or a 400 above)."""
    if isinstance(exc, TelegramForbiddenError):
        return True
    text = exc.message.lower()
    return isinstance(exc, TelegramBadRequest) and any(p in text for p in PERMANENT)


def utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def board_chunks(text: str, count: int) -> list[str]:
    """``text`` cut at line boundaries into ``count`` parts of as many lines each (the last
    shorter): a line always lands in the same part, however its length changes."""
    lines = text.split("\n")
    size = -(-len(lines) // count)
    return ["\n".join(lines[i * size : (i + 1) * size]) for i in range(count)]


def board_parts_needed(text: str) -> int:
    return max(1, -(-utf16_len(text) // BOARD_PART))


def split_text(text: str, limit: int = LIMIT) -> list[str]:
    """Parts of ``text`` under ``limit`` UTF-16 units, cut at line boundaries.

    A single line longer than the limit (never produced by the bot's own texts) is cut hard.
    """
    parts: list[str] = []
    current: list[str] = []
    size = 0
    for line in text.split("\n"):
        while utf16_len(line) > limit:
            if current:
                parts.append("\n".join(current))
                current, size = [], 0
            parts.append(line[: limit // 2])
            line = line[limit // 2 :]
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


def _chat_id(method: TelegramMethod[Any]) -> int | None:
    chat = getattr(method, "chat_id", None)
    return chat if isinstance(chat, int) else None


#: a message's content as an edit compares it: its text (``None``: not known) and keyboard
Content = tuple[str | None, str | None]


def _keyboard(markup: object) -> str | None:
    if isinstance(markup, InlineKeyboardMarkup):
        return markup.model_dump_json(exclude_none=True)
    return None


class Shown:
    """What the bot's recent messages show (text and keyboard, as last sent or edited through
    this process), by chat and message: an edit to the same is known to change nothing. Bounded
    (the oldest forgotten first); after a restart nothing is known and the first edit goes out."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._content: OrderedDict[tuple[int, int], Content] = OrderedDict()

    def unchanged(self, method: TelegramMethod[Any]) -> bool:
        """``method`` (an edit) would leave its message as it is."""
        key = self._key(method, getattr(method, "message_id", None))
        if key is None or key not in self._content:
            return False
        text, keyboard = self._content[key]
        if isinstance(method, EditMessageText):
            return text == method.text and keyboard == _keyboard(method.reply_markup)
        return isinstance(method, EditMessageReplyMarkup) and (
            keyboard == _keyboard(method.reply_markup)
        )

    def record(self, method: TelegramMethod[Any], result: object) -> None:
        """Keep what a send or an edit that went through left its message showing."""
        if isinstance(method, SendMessage) and isinstance(result, Message):
            key = self._key(method, result.message_id)
            content: Content = (method.text, _keyboard(method.reply_markup))
        elif isinstance(method, EditMessageText):
            key = self._key(method, method.message_id)
            content = (method.text, _keyboard(method.reply_markup))
        elif isinstance(method, EditMessageReplyMarkup):
            key = self._key(method, method.message_id)
            known = self._content.get(key) if key is not None else None
            content = (known[0] if known else None, _keyboard(method.reply_markup))
        else:
            return
        if key is None:
            return
        self._content[key] = content
        self._content.move_to_end(key)
        while len(self._content) > self.size:
            self._content.popitem(last=False)

    def forget(self, method: TelegramMethod[Any]) -> None:
        """An edit or a deletion failed or removed the message: what it shows is not known."""
        key = self._key(method, getattr(method, "message_id", None))
        if key is not None:
            self._content.pop(key, None)

    @staticmethod
    def _key(method: TelegramMethod[Any], message_id: object) -> tuple[int, int] | None:
        chat = _chat_id(method)
        if chat is None or not isinstance(message_id, int):
            return None
        return chat, message_id


class Delivery(BaseRequestMiddleware):
    """See the module docstring."""

    def __init__(
        self,
        limits: Limits | None = None,
        *,
        on_blocked: Callable[[int], Awaitable[None]] | None = None,
        on_migrated: Callable[[int, int], Awaitable[None]] | None = None,
        on_gone: Callable[[int, str], Awaitable[None]] | None = None,
        attempts: int = 6,
    ) -> None:
        self.pacer = Pacer(limits or Limits())
        self.on_blocked = on_blocked
        self.on_migrated = on_migrated
        self.on_gone = on_gone
        self.attempts = attempts
        self.migrated: dict[int, int] = {}
        self.shown = Shown()
        #: edits answered without a request: they would have changed nothing
        self.unchanged_edits = 0

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        original: TelegramMethod[TelegramType] = method
        if not isinstance(method, RETRIED):
            return await make_request(bot, original)
        if isinstance(method, SendMessage) and utf16_len(method.text) > LIMIT:
            return await self._send_split(make_request, bot, method)
        if isinstance(method, AnswerCallbackQuery):
            return await self._answer(make_request, bot, original)
        if isinstance(method, EDITS) and self.shown.unchanged(method):
            self.unchanged_edits += 1
            return Response[TelegramType](ok=True, result=True)  # type: ignore[arg-type]
        try:
            response = await self._deliver(make_request, bot, original)
        except TelegramAPIError:
            self.shown.forget(method)
            raise
        if isinstance(method, DeleteMessage):
            self.shown.forget(method)
        else:
            # aiogram's chain hands the result itself up, whatever its annotation says
            self.shown.record(method, getattr(response, "result", response))
        return response

    async def _answer(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        """A button's answer; a refusal is logged and reported as "not shown" (False)."""
        try:
            return await self._deliver(make_request, bot, method)
        except TelegramAPIError as exc:
            log.warning("a button's answer was refused: %s", exc)
            return Response[TelegramType](ok=True, result=False)  # type: ignore[arg-type]

    async def _send_split(
        self, make_request: NextRequestMiddlewareType[Any], bot: Bot, method: SendMessage
    ) -> Response[Any]:
        parts = split_text(method.text)
        response: Response[Any] | None = None
        for index, part in enumerate(parts):
            markup = method.reply_markup if index == len(parts) - 1 else None
            piece = method.model_copy(update={"text": part, "reply_markup": markup})
            response = await self._deliver(make_request, bot, piece)
        assert response is not None
        return response

    async def _deliver(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        delay = 0.5
        for attempt in range(1, self.attempts + 1):
            chat = _chat_id(method)
            if chat is not None and chat in self.migrated:
                method = method.model_copy(update={"chat_id": self.migrated[chat]})
                chat = self.migrated[chat]
            if chat is not None and isinstance(method, PACED):
                await self.pacer.before_send(chat)
            try:
                return await make_request(bot, method)
            except TelegramRetryAfter as exc:
                log.warning("Telegram asks to wait %ss (chat %s)", exc.retry_after, chat)
                await asyncio.sleep(exc.retry_after)
            except TelegramMigrateToChat as exc:
                await self._follow(chat, exc.migrate_to_chat_id)
            except TelegramBadRequest as exc:
                if isinstance(method, EDITS) and "message is not modified" in exc.message:
                    return Response[TelegramType](ok=True, result=True)  # type: ignore[arg-type]
                await self._lost(chat, exc)
                raise
            except TelegramForbiddenError as exc:
                await self._lost(chat, exc)
                raise
            except (TelegramServerError, TelegramNetworkError) as exc:
                if attempt == self.attempts:
                    raise
                log.warning(
                    "%s to %s failed (%s); retry in %.1fs", type(method).__name__, chat, exc, delay
                )
                await asyncio.sleep(delay)
                delay = min(delay * 2, 8.0)
        raise TelegramNetworkError(method, f"gave up after {self.attempts} attempts")

    async def _lost(self, chat: int | None, exc: TelegramAPIError) -> None:
        """Report a chat that refused for good: a person (blocked the bot) or a group (gone)."""
        if chat is None or not permanent(exc):
            return
        if chat > 0 and self.on_blocked is not None:
            await self.on_blocked(chat)
        elif chat < 0 and self.on_gone is not None:
            await self.on_gone(chat, exc.message)

    async def _follow(self, old: int | None, new: int) -> None:
        if old is None:
            return
        log.info("chat %s became supergroup %s", old, new)
        self.migrated[old] = new
        if self.on_migrated is not None:
            await self.on_migrated(old, new)


_TAG = re.compile(r"<[^>]+>")


def plain_text(html_text: str) -> str:
    """What an HTML-formatted text shows: tags dropped, entities (&lt; &amp; ...) decoded."""
    return html.unescape(_TAG.sub("", html_text))


class PlainAlerts(BaseRequestMiddleware):
    """A button's answer (toast or alert) is plain text for Telegram, while every text of the
    bot is rendered for HTML messages (names escaped: ``&lt;b&gt;``). This turns an
    answerCallbackQuery text into what it means, so a name shows as typed there too."""

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        if isinstance(method, AnswerCallbackQuery) and method.text:
            plain = method.model_copy(update={"text": plain_text(method.text)})
            return await make_request(bot, plain)  # type: ignore[arg-type]
        return await make_request(bot, method)


class Sender:
    """Sends and edits for services; pacing and retries happen in ``Delivery`` underneath."""

    def __init__(self, bot: Bot, delivery: Delivery) -> None:
        self.bot = bot
        self.delivery = delivery
        self._edits: dict[tuple[int, int], Render] = {}
        self._editing: set[tuple[int, int]] = set()
        #: messages the bot deleted (a floating board posted again): never edited after
        self._gone: OrderedDict[tuple[int, int], None] = OrderedDict()

    def chat(self, chat_id: int) -> int:
        """The chat's current id (after a migration to a supergroup)."""
        return self.delivery.migrated.get(chat_id, chat_id)

    async def send(self, chat_id: int, text: str, markup: Markup = None) -> list[Message]:
        """Send ``text`` (split if long; the keyboard goes with the last part)."""
        parts = split_text(text)
        sent = []
        try:
            for index, part in enumerate(parts):
                keyboard = markup if index == len(parts) - 1 else None
                sent.append(
                    await self.bot.send_message(
                        chat_id, part, reply_markup=keyboard, disable_web_page_preview=True
                    )
                )
        except (TelegramForbiddenError, TelegramBadRequest) as exc:
            if permanent(exc):
                raise Unreachable(chat_id) from exc
            raise
        return sent

    async def send_photo(
        self, chat_id: int, png: bytes, caption: str, filename: str = "picture.png"
    ) -> Message:
        """Send a picture (PNG bytes) with its caption; paced and retried like a message (the
        bytes are uploaded again on a retry)."""
        photo = BufferedInputFile(png, filename=filename)
        try:
            return await self.bot.send_photo(chat_id, photo, caption=caption)
        except (TelegramForbiddenError, TelegramBadRequest) as exc:
            if permanent(exc):
                raise Unreachable(chat_id) from exc
            raise

    async def post_board(self, chat_id: int, text: str, markup: Markup = None) -> list[Message]:
        """Post a live board in as many messages as leave its lines room to grow (one for most
        tournaments), each part a message that ``edit_rendered`` keeps current; ``markup``
        goes with the last part."""
        count = board_parts_needed(text)
        sent: list[Message] = []
        chunks = board_chunks(text, count)
        for index, chunk in enumerate(chunks):
            sent += await self.send(chat_id, chunk, markup if index == len(chunks) - 1 else None)
        return sent

    async def delete(self, chat_id: int, message_id: int) -> None:
        """Delete a message of the bot's; failures (too old, already gone) are harmless."""
        key = (chat_id, message_id)
        self._gone[key] = None  # an edit waiting for it is dropped, none sent after
        while len(self._gone) > SHOWN:
            self._gone.popitem(last=False)
        self._edits.pop(key, None)
        try:
            await self.bot.delete_message(chat_id, message_id)
        except (TelegramBadRequest, TelegramForbiddenError) as exc:
            log.debug("could not delete %s/%s: %s", chat_id, message_id, exc)

    async def edit(
        self, chat_id: int, message_id: int, text: str, markup: InlineKeyboardMarkup | None = None
    ) -> None:
        """Edit a message in place; edits of one message never overlap, and the newest wins
        (see ``edit_rendered``)."""

        async def fixed() -> tuple[str, InlineKeyboardMarkup | None]:
            return text, markup

        await self.edit_rendered(chat_id, [message_id], render=fixed)

    async def edit_rendered(self, chat_id: int, message_ids: Sequence[int], render: Render) -> None:
        """Edit a message (or a board's messages, ``post_board``) to what ``render`` returns
        when the edit's turn comes (None: no edit); edits of one message never overlap, and the
        newest ``render`` wins. A board of several messages has its text cut as when it was
        posted, and only the parts that changed are edited.

        While an edit of the message is waiting for its turn *or in flight*, a newer call only
        replaces the ``render`` waiting: the caller returns at once, and the edit under way
        renders and sends once more after it. A burst of results thus costs a live board a
        couple of renders and edits, not one per result (each edit would wait a second for the
        group's per-chat limit, and each render reads the whole tournament).
        """
        key = (chat_id, message_ids[0])
        if key in self._gone:  # deleted (a floating board posted again): nothing to edit
            return
        self._edits[key] = render
        if key in self._editing:
            return
        self._editing.add(key)
        try:
            while key in self._edits:
                rendered = await self._edits.pop(key)()
                if rendered is not None and key not in self._gone:
                    await self._edit_parts(chat_id, message_ids, *rendered)
        except (TelegramBadRequest, TelegramForbiddenError) as exc:
            log.warning("could not edit %s/%s: %s", chat_id, message_ids[0], exc)
        finally:
            self._editing.discard(key)
            self._edits.pop(key, None)

    async def _edit_parts(
        self,
        chat_id: int,
        message_ids: Sequence[int],
        text: str,
        keyboard: InlineKeyboardMarkup | None,
    ) -> None:
        if len(message_ids) == 1:
            chunks = [split_text(text)[0]]
        else:
            chunks = board_chunks(text, len(message_ids))
        # A part that did not change is answered by ``Delivery`` without a request (``Shown``):
        # a result changes one part of a long board, and only that one is edited.
        last = len(message_ids) - 1
        for index, (message_id, chunk) in enumerate(zip(message_ids, chunks, strict=True)):
            await self.bot.edit_message_text(
                text=chunk,
                chat_id=chat_id,
                message_id=message_id,
                reply_markup=keyboard if index == last else None,
                disable_web_page_preview=True,
            )
