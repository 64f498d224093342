"""A local emulator of the Telegram Bot API for end-to-end tests and load benchmarks.

The bot under test talks to it over HTTP exactly as it would to api.telegram.org::

    async with BotApiEmulator(token=TOKEN) as emu:
        bot = Bot(TOKEN, session=AiohttpSession(api=TelegramAPIServer.from_base(emu.url)))
        alice = emu.add_user(1001, "Alice", username="alice")
        await alice.start()                       # "/start" in the private chat
        reply = await alice.wait_message(contains="Welcome")
        handle = await alice.press(reply, "Join")  # press an inline button by its label
        assert (await handle.answer()).text == "Joined"

Tests play the users (:class:`SimUser`), the emulator keeps what every chat shows
(:class:`SimMessage`, current state after edits/deletions) and enforces Telegram's rules
(text length, HTML markup, callback data size, flood limits, blocked users, migrated groups).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import re
import time
from bisect import bisect_right
from collections import Counter, deque
from collections.abc import Awaitable, Callable, Generator, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from aiogram import Bot
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiohttp import web

from tests.e2e.emulator_html import (
    EntityParseError,
    html_to_plain,
    parse_html,
    strip_entities,
    utf16_len,
)
from tests.e2e.emulator_rates import Fault, RateLimiter, RateLimits

__all__ = [
    "ApiError",
    "BotApiEmulator",
    "CallbackAnswer",
    "CallbackHandle",
    "EmulatorStats",
    "Fault",
    "RateLimits",
    "RequestRecord",
    "SimChat",
    "SimDocument",
    "SimMessage",
    "SimUser",
    "html_to_plain",
]

T = TypeVar("T")
Params = dict[str, Any]

MAX_TEXT_LENGTH = 4096
MAX_CALLBACK_DATA = 64
#: The ``from`` Telegram puts on a message of an anonymous group administrator and on one sent
#: as a channel (the real chat is then in ``sender_chat``).
GROUP_ANONYMOUS_BOT = {
    "id": 1087968824,
    "is_bot": True,
    "first_name": "Group",
    "username": "GroupAnonymousBot",
}
CHANNEL_BOT = {"id": 136817688, "is_bot": True, "first_name": "Channel", "username": "Channel_Bot"}
NOT_MODIFIED = (
    "Bad Request: message is not modified: specified new message content and reply markup are "
    "exactly the same as a current content and reply markup of the message"
)
_COMMAND_RE = re.compile(r"(?<![\w/])/[A-Za-z0-9_]{1,64}(?:@[A-Za-z0-9_]{3,64})?")
_COMMAND_NAME_RE = re.compile(r"^[a-z0-9_]{1,32}$")


class ApiError(Exception):
    """An error answer of the Bot API (``ok: false``)."""

    def __init__(
        self, code: int, description: str, parameters: dict[str, Any] | None = None
    ) -> None:
        super().__init__(description)
        self.code = code
        self.description = description
        self.parameters = parameters

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {
            "ok": False,
            "error_code": self.code,
            "description": self.description,
        }
        if self.parameters:
            body["parameters"] = self.parameters
        return body


def _upload(params: Params, field: str) -> tuple[web.FileField, bytes]:
    """The file a multipart request carries in ``field`` (or in the part ``attach://name``
    names) and its bytes; refused as Telegram refuses a missing or empty file."""
    upload = params.get(field)
    if isinstance(upload, str) and upload.startswith("attach://"):
        upload = params.get(upload[len("attach://") :])
    if not isinstance(upload, web.FileField):
        raise _bad(f"there is no {field} in the request")
    content = upload.file.read()
    if not content:
        raise _bad("file must be non-empty")
    return upload, content


def _bad(description: str) -> ApiError:
    return ApiError(400, f"Bad Request: {description}")


# --------------------------------------------------------------------------------------------
# Model
# --------------------------------------------------------------------------------------------


@dataclass
class SimMessage:
    """The current state of one message in a chat (updated in place on edits/deletion)."""

    chat_id: int
    message_id: int
    from_id: int | None
    from_bot: bool
    date: int
    text: str | None = None
    """Visible text (what Telegram returns as ``Message.text``; HTML already parsed)."""
    raw_text: str | None = None
    """Text exactly as sent (with HTML markup when ``parse_mode`` was HTML)."""
    parse_mode: str | None = None
    entities: list[dict[str, Any]] = field(default_factory=list)
    reply_markup: dict[str, Any] | None = None
    reply_to: int | None = None
    deleted: bool = False
    edit_date: int | None = None
    edits: int = 0
    contact: dict[str, Any] | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    """Other Message fields (service messages: ``migrate_to_chat_id`` ...)."""
    options: dict[str, Any] = field(default_factory=dict)
    """Send options that do not change the content (disable_notification, link preview...)."""
    document: SimDocument | None = None
    """A sent file (``sendDocument``); its caption is in ``caption``."""
    photo: SimPhoto | None = None
    """A sent picture (``sendPhoto``); its caption is in ``caption``."""
    caption: str | None = None

    @property
    def plain(self) -> str:
        """What the user sees: the visible text, or a file's caption ('' for neither)."""
        return self.text or self.caption or ""

    @property
    def inline_keyboard(self) -> list[list[dict[str, Any]]]:
        if self.reply_markup is None:
            return []
        rows = self.reply_markup.get("inline_keyboard")
        return rows if isinstance(rows, list) else []

    @property
    def button_labels(self) -> list[str]:
        """Labels of the inline buttons, row by row."""
        return [str(b.get("text", "")) for row in self.inline_keyboard for b in row]

    def find_button(self, label: str) -> dict[str, Any]:
        """The inline button with exactly this label (or, failing that, the only one whose label
        contains ``label``). Raises ``LookupError`` listing the labels otherwise."""
        buttons = [b for row in self.inline_keyboard for b in row]
        for button in buttons:
            if button.get("text") == label:
                return button
        partial = [b for b in buttons if label in str(b.get("text", ""))]
        if len(partial) == 1:
            return partial[0]
        raise LookupError(
            f"no inline button {label!r} on message {self.message_id} in chat {self.chat_id}; "
            f"buttons: {self.button_labels!r}"
        )

    def __str__(self) -> str:
        who = "bot" if self.from_bot else f"user {self.from_id}"
        flag = " (deleted)" if self.deleted else ""
        return f"#{self.message_id} {who}{flag}: {self.plain!r} {self.button_labels or ''}"


@dataclass(frozen=True)
class SimDocument:
    """A file the bot sent: its name and its bytes, as uploaded."""

    file_name: str
    content: bytes
    file_id: str


@dataclass
class SimPhoto:
    """A picture the bot sent (``sendPhoto``): its bytes as uploaded and its size in pixels,
    read from the PNG or JPEG header as Telegram reads it."""

    content: bytes
    width: int
    height: int
    file_id: str


#: Telegram's limits for a photo: 10 MB, width + height at most 10 000, sides at most 1:20
PHOTO_MAX_BYTES = 10 * 1024 * 1024


def image_size(content: bytes) -> tuple[int, int] | None:
    """(width, height) of a PNG or a baseline/progressive JPEG; ``None`` for anything else."""
    if content[:8] == b"\x89PNG\r\n\x1a\n" and content[12:16] == b"IHDR":
        return int.from_bytes(content[16:20], "big"), int.from_bytes(content[20:24], "big")
    if content[:2] != b"\xff\xd8":
        return None
    at = 2
    while at + 9 < len(content):
        if content[at] != 0xFF:
            return None
        marker, length = content[at + 1], int.from_bytes(content[at + 2 : at + 4], "big")
        if marker in (0xC0, 0xC1, 0xC2):
            height = int.from_bytes(content[at + 5 : at + 7], "big")
            return int.from_bytes(content[at + 7 : at + 9], "big"), height
        at += 2 + length
    return None


@dataclass
class _BotEvent:
    seq: int
    kind: Literal["new", "edit"]
    message: SimMessage
    text: str


@dataclass
class SimChat:
    id: int
    type: Literal["private", "group", "supergroup"]
    title: str | None = None
    username: str | None = None
    members: dict[int, str] = field(default_factory=dict)
    """user id -> status (creator / administrator / member / left / kicked)."""
    migrated_to: int | None = None
    bot_status: str = "member"
    reply_keyboard: dict[str, Any] | None = None
    """The last reply keyboard the bot showed in this chat (None after ReplyKeyboardRemove)."""
    messages: dict[int, SimMessage] = field(default_factory=dict)
    next_message_id: int = 1
    events: list[_BotEvent] = field(default_factory=list)
    event_seqs: list[int] = field(default_factory=list)
    cursor: int = 0
    pinned: list[int] = field(default_factory=list)
    """Pinned message ids, the newest last (``pinChatMessage``)."""

    @property
    def is_group(self) -> bool:
        return self.type != "private"

    def api_dict(self, users: Mapping[int, SimUser]) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "type": self.type}
        if self.type == "private":
            user = users.get(self.id)
            if user is not None:
                data["first_name"] = user.first_name
                if user.last_name:
                    data["last_name"] = user.last_name
                if user.username:
                    data["username"] = user.username
        else:
            data["title"] = self.title or ""
            if self.username:
                data["username"] = self.username
        return data


@dataclass(frozen=True)
class CallbackAnswer:
    text: str | None
    show_alert: bool
    url: str | None


class CallbackHandle:
    """A pressed inline button; ``await handle.answer()`` gives the bot's answerCallbackQuery."""

    def __init__(self, query_id: str, data: str, message: SimMessage) -> None:
        self.id = query_id
        self.data = data
        self.message = message
        self._future: asyncio.Future[CallbackAnswer] = asyncio.get_running_loop().create_future()

    @property
    def answered(self) -> CallbackAnswer | None:
        return self._future.result() if self._future.done() else None

    async def answer(self, timeout: float = 5.0) -> CallbackAnswer:
        try:
            return await asyncio.wait_for(asyncio.shield(self._future), timeout)
        except TimeoutError:
            raise TimeoutError(
                f"the bot did not answer callback query {self.id} ({self.data!r}) within {timeout}s"
            ) from None

    def __await__(self) -> Generator[Any, None, CallbackAnswer]:
        """``await handle`` is ``await handle.answer()`` with the default timeout."""
        return self.answer().__await__()

    def resolve(self, answer: CallbackAnswer) -> None:
        if not self._future.done():
            self._future.set_result(answer)


@dataclass
class RequestRecord:
    method: str
    params: Params
    time: float
    """Wall clock time when the request arrived."""
    started: float
    """``time.monotonic()`` when the request arrived."""
    duration: float = 0.0
    status: int = 0
    """HTTP status; 0 when the connection was dropped without an answer."""
    description: str | None = None
    fault: str | None = None


@dataclass
class EmulatorStats:
    requests: int = 0
    by_method: Counter[str] = field(default_factory=Counter)
    by_status: Counter[int] = field(default_factory=Counter)
    rate_limited: int = 0
    """429 answers produced by the flood-limit model."""
    injected_faults: int = 0

    @property
    def too_many_requests(self) -> int:
        """All 429 answers (flood limits + injected)."""
        return self.by_status[429]


@dataclass
class _Pending:
    update: dict[str, Any]
    duplicate: bool = False
    delivered: bool = False

    @property
    def update_id(self) -> int:
        return int(self.update["update_id"])


class _Dropped(Exception):
    """The request ends without an answer (connection reset / client gave up)."""


# --------------------------------------------------------------------------------------------
# Simulated users
# --------------------------------------------------------------------------------------------


class SimUser:
    """A Telegram user played by a test."""

    def __init__(
        self,
        emu: BotApiEmulator,
        user_id: int,
        first_name: str,
        last_name: str | None = None,
        username: str | None = None,
        language_code: str | None = "ru",
        phone: str | None = None,
    ) -> None:
        self.emu = emu
        self.id = user_id
        self.first_name = first_name
        self.last_name = last_name
        self.username = username
        self.language_code = language_code
        self.phone = phone
        self.started = False
        self.blocked = False
        self._api: dict[str, Any] | None = None

    def api_dict(self) -> dict[str, Any]:
        if self._api is None:
            data: dict[str, Any] = {"id": self.id, "is_bot": False, "first_name": self.first_name}
            if self.last_name:
                data["last_name"] = self.last_name
            if self.username:
                data["username"] = self.username
            if self.language_code:
                data["language_code"] = self.language_code
            self._api = data
        return self._api

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}" if self.last_name else self.first_name

    def __repr__(self) -> str:
        return f"SimUser({self.id}, {self.first_name!r})"

    # -- actions -------------------------------------------------------------------------------

    async def start(self, payload: str | None = None) -> SimMessage:
        """Send ``/start`` (optionally with a deep-link payload) in the private chat."""
        return await self.send(None, f"/start {payload}" if payload else "/start")

    async def send(
        self, chat: int | SimChat | SimUser | None, text: str, *, reply_to: SimMessage | None = None
    ) -> SimMessage:
        """Send a text message to ``chat`` (None = the private chat with the bot)."""
        message = self.emu.user_message(self, chat, text=text, reply_to=reply_to)
        await asyncio.sleep(0)
        return message

    async def reply_to(self, message: SimMessage, text: str) -> SimMessage:
        return await self.send(message.chat_id, text, reply_to=message)

    async def send_document(
        self,
        chat: int | SimChat | SimUser | None,
        file_name: str,
        content: bytes,
        caption: str | None = None,
    ) -> SimMessage:
        """Send a file (with an optional caption) to ``chat`` (None = the private chat)."""
        file_id = f"up{self.id}_{len(self.emu.files) + 1}"
        document = SimDocument(file_name, content, file_id)
        message = self.emu.user_message(self, chat, document=document, caption=caption)
        await asyncio.sleep(0)
        return message

    async def share_contact(
        self,
        phone: str | None = None,
        chat: int | SimChat | SimUser | None = None,
        *,
        own: bool = True,
    ) -> SimMessage:
        """Send a contact. ``own=True`` is what a request_contact button sends (with user_id)."""
        phone = phone or self.phone or f"+7900{self.id % 10_000_000:07d}"
        contact: dict[str, Any] = {"phone_number": phone, "first_name": self.first_name}
        if own:
            if self.last_name:
                contact["last_name"] = self.last_name
            contact["user_id"] = self.id
        message = self.emu.user_message(self, chat, contact=contact)
        await asyncio.sleep(0)
        return message

    async def press(self, message: SimMessage, label: str) -> CallbackHandle:
        """Press the inline button labelled ``label`` on the message's current state."""
        current = self.emu.current(message)
        button = current.find_button(label)
        data = button.get("callback_data")
        if data is None:
            raise LookupError(f"button {label!r} has no callback_data: {button!r}")
        return await self.press_data(current, str(data))

    async def press_data(self, message: SimMessage, data: str) -> CallbackHandle:
        """Emit a callback_query with arbitrary (possibly forged) data for ``message``."""
        handle = self.emu.callback_query(self, self.emu.current(message), data)
        await asyncio.sleep(0)
        return handle

    def keyboard(self, chat: int | SimChat | SimUser | None = None) -> list[list[str]] | None:
        """Labels of the reply keyboard shown in the chat, or None."""
        markup = self.emu.chat_of(self, chat).reply_keyboard
        if markup is None:
            return None
        return [[_button_text(b) for b in row] for row in markup.get("keyboard", [])]

    async def press_keyboard(
        self, label: str, chat: int | SimChat | SimUser | None = None
    ) -> SimMessage:
        """Press a reply-keyboard button: sends its text, or the own contact for
        ``request_contact`` buttons."""
        sim_chat = self.emu.chat_of(self, chat)
        markup = sim_chat.reply_keyboard
        rows = markup.get("keyboard", []) if markup else []
        for row in rows:
            for button in row:
                if _button_text(button) != label:
                    continue
                if markup and markup.get("one_time_keyboard"):
                    sim_chat.reply_keyboard = None
                if isinstance(button, dict) and button.get("request_contact"):
                    return await self.share_contact(chat=sim_chat.id)
                return await self.send(sim_chat.id, label)
        labels = [[_button_text(b) for b in row] for row in rows]
        raise LookupError(f"no reply keyboard button {label!r} in chat {sim_chat.id}: {labels}")

    async def edit(self, message: SimMessage, text: str) -> SimMessage:
        """Edit an own message (emits an edited_message update)."""
        message = self.emu.edit_user_message(self, message, text)
        await asyncio.sleep(0)
        return message

    def block_bot(self) -> None:
        """Block the bot: sends to this user now fail with 403 (emits my_chat_member)."""
        self.emu.set_blocked(self, True)

    def unblock_bot(self) -> None:
        self.emu.set_blocked(self, False)

    # -- observation ---------------------------------------------------------------------------

    async def wait_message(
        self,
        chat: int | SimChat | SimUser | None = None,
        contains: str | None = None,
        *,
        predicate: Callable[[SimMessage], bool] | None = None,
        timeout: float = 5.0,
    ) -> SimMessage:
        """The next bot message (new or edited) in ``chat`` (default: private chat) after this
        user's last action there (or the previous match), whose visible text contains
        ``contains``."""
        chat_id = self.emu.chat_of(self, chat).id
        return await self.emu.wait_bot_message(
            chat_id, contains, predicate=predicate, timeout=timeout
        )

    def messages(self, chat: int | SimChat | SimUser | None = None) -> list[SimMessage]:
        return self.emu.messages(self.emu.chat_of(self, chat).id)

    def last_bot_message(self, chat: int | SimChat | SimUser | None = None) -> SimMessage | None:
        return self.emu.last_bot_message(self.emu.chat_of(self, chat).id)


def _button_text(button: Any) -> str:
    if isinstance(button, dict):
        return str(button.get("text", ""))
    return str(button)


# --------------------------------------------------------------------------------------------
# The emulator
# --------------------------------------------------------------------------------------------

Handler = Callable[[Params], Awaitable[Any]]


class BotApiEmulator:
    """The Bot API server. See the module docstring for an example."""

    @property
    def next_update_id(self) -> int:
        """The id the next update will get."""
        return self._next_update_id

    def __init__(
        self,
        token: str = "123456789:TEST-token",
        *,
        bot_username: str = "test_bot",
        bot_first_name: str = "Test Bot",
        rate_limits: RateLimits | None = None,
        host: str = "127.0.0.1",
        port: int = 0,
        log_params: bool = True,
        first_update_id: int = 1,
    ) -> None:
        """``first_update_id``: where update ids start (a bot restarted against a new emulator
        skips ids it has handled already, as Telegram's never repeat)."""
        self.token = token
        prefix = token.split(":", 1)[0]
        self.bot_id = int(prefix) if prefix.isdigit() else 123456789
        self.bot_username = bot_username
        self.bot_first_name = bot_first_name
        self.host = host
        self.port = port
        self.log_params = log_params
        self._rate_limits = rate_limits or RateLimits()
        self._limiter = RateLimiter(self._rate_limits)

        self.users: dict[int, SimUser] = {}
        self.chats: dict[int, SimChat] = {}
        self._usernames: dict[str, int] = {}
        self.commands: dict[tuple[str, str], list[dict[str, Any]]] = {}
        """(scope key, language_code) -> commands set with setMyCommands."""

        self.requests: list[RequestRecord] = []
        self._requests_by_method: dict[str, list[RequestRecord]] = {}
        self.stats = EmulatorStats()
        #: setWebhook succeeds (a test posts the updates to the bot's port itself)
        self.webhooks_accepted = False

        self._queue: deque[_Pending] = deque()
        self._next_update_id = first_update_id
        self._updates_event = asyncio.Event()
        self._duplicate_next = 0
        self._reorder_left = 0
        self._reorder_buffer: list[tuple[str, dict[str, Any]]] = []

        self._faults: dict[str, list[list[Any]]] = {}
        self.privacy_mode = False
        """Telegram's privacy mode (BotFather /setprivacy): in a group where the bot is no
        administrator it gets only commands, replies to its messages and mentions of it."""
        self._callbacks: dict[str, CallbackHandle] = {}
        self._callback_ids = itertools.count(1)
        self._seq = 0
        self._waiters: dict[int | None, list[asyncio.Future[None]]] = {}
        self._inflight = 0
        self._last_activity = time.monotonic()
        self._closing = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self._bot_api: dict[str, Any] = {
            "id": self.bot_id,
            "is_bot": True,
            "first_name": bot_first_name,
            "username": bot_username,
        }
        self._methods: dict[str, Handler] = {
            "getme": self._get_me,
            "getupdates": self._get_updates,
            "deletewebhook": self._true,
            "setwebhook": self._set_webhook,
            "getwebhookinfo": self._get_webhook_info,
            "close": self._true,
            "logout": self._true,
            "sendmessage": self._send_message,
            "senddocument": self._send_document,
            "sendphoto": self._send_photo,
            "editmessagetext": self._edit_message_text,
            "editmessagereplymarkup": self._edit_message_reply_markup,
            "answercallbackquery": self._answer_callback_query,
            "deletemessage": self._delete_message,
            "pinchatmessage": self._pin_chat_message,
            "unpinchatmessage": self._unpin_chat_message,
            "getchatmember": self._get_chat_member,
            "getchatadministrators": self._get_chat_administrators,
            "getchat": self._get_chat,
            "getchatmembercount": self._get_chat_member_count,
            "setmycommands": self._set_my_commands,
            "getmycommands": self._get_my_commands,
            "deletemycommands": self._delete_my_commands,
            "sendchataction": self._send_chat_action,
            "getfile": self._get_file,
        }
        #: files people sent (``SimUser.send_document``), by file_id, for getFile and download
        self.files: dict[str, SimDocument] = {}
        self.app = web.Application()
        self.app.router.add_route("*", "/bot{token}/{method}", self._handle)
        self.app.router.add_route("GET", "/file/bot{token}/{path:.+}", self._download)

    # -- lifecycle -----------------------------------------------------------------------------

    async def start(self) -> None:
        self._closing.clear()
        runner = web.AppRunner(self.app, access_log=None, shutdown_timeout=0.5)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port)
        await site.start()
        self._runner = runner
        address = runner.addresses[0]
        self.port = int(address[1])

    async def stop(self) -> None:
        self._closing.set()
        self._updates_event.set()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> BotApiEmulator:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def url(self) -> str:
        """Base URL for ``TelegramAPIServer.from_base``."""
        return f"http://{self.host}:{self.port}"

    def session(self, **kwargs: Any) -> AiohttpSession:
        """An aiogram session pointed at the emulator (closes without aiogram's 250 ms nap)."""
        return _FastSession(api=TelegramAPIServer.from_base(self.url), **kwargs)

    def make_bot(self, **kwargs: Any) -> Bot:
        """An aiogram ``Bot`` with this emulator's token, talking to the emulator."""
        return Bot(self.token, session=self.session(), **kwargs)

    @property
    def bot_user(self) -> dict[str, Any]:
        return dict(self._bot_api)

    # -- configuration -------------------------------------------------------------------------

    @property
    def rate_limits(self) -> RateLimits:
        return self._rate_limits

    @rate_limits.setter
    def rate_limits(self, limits: RateLimits) -> None:
        """Replace the limits (resets all buckets)."""
        self._rate_limits = limits
        self._limiter = RateLimiter(limits)

    def add_user(
        self,
        user_id: int,
        first_name: str,
        last_name: str | None = None,
        username: str | None = None,
        language_code: str | None = "ru",
        *,
        phone: str | None = None,
    ) -> SimUser:
        user = SimUser(self, user_id, first_name, last_name, username, language_code, phone)
        self.users[user_id] = user
        self.chats[user_id] = SimChat(user_id, "private", username=username)
        if username:
            self._usernames[username.lower()] = user_id
        return user

    def user(self, user_id: int) -> SimUser:
        return self.users[user_id]

    def chat(self, chat_id: int) -> SimChat:
        return self.chats[chat_id]

    def add_group(
        self,
        group_id: int,
        title: str,
        kind: Literal["group", "supergroup"] = "supergroup",
        members: Iterable[SimUser | int] = (),
        admins: Iterable[SimUser | int] = (),
        *,
        creator: SimUser | int | None = None,
        username: str | None = None,
        bot_is_admin: bool = False,
    ) -> SimChat:
        chat = SimChat(group_id, kind, title=title, username=username)
        chat.bot_status = "administrator" if bot_is_admin else "member"
        for member in members:
            chat.members[_uid(member)] = "member"
        for admin in admins:
            chat.members[_uid(admin)] = "administrator"
        if creator is not None:
            chat.members[_uid(creator)] = "creator"
        self.chats[group_id] = chat
        if username:
            self._usernames[username.lower()] = group_id
        return chat

    def add_member(self, group: SimChat | int, user: SimUser | int, status: str = "member") -> None:
        self._group(group).members[_uid(user)] = status

    def set_admin(self, group: SimChat | int, user: SimUser | int, is_admin: bool = True) -> None:
        chat = self._group(group)
        uid = _uid(user)
        if chat.members.get(uid) == "creator" and is_admin:
            return
        chat.members[uid] = "administrator" if is_admin else "member"

    def migrate_group(self, old_id: int, new_id: int) -> SimChat:
        """Upgrade a basic group to a supergroup with a new id; emits the two service messages."""
        old = self._group(old_id)
        new = SimChat(new_id, "supergroup", title=old.title, username=old.username)
        new.members = dict(old.members)
        new.bot_status = old.bot_status
        self.chats[new_id] = new
        old.migrated_to = new_id
        actor = next((uid for uid, s in old.members.items() if s == "creator"), None)
        if actor is None:
            actor = next((uid for uid, s in old.members.items() if s == "administrator"), None)
        self._service_message(old, actor, {"migrate_to_chat_id": new_id})
        self._service_message(new, actor, {"migrate_from_chat_id": old_id})
        return new

    def inject(self, method: str, fault: Fault, times: int = 1) -> None:
        """Answer the next ``times`` calls of ``method`` ('*' = any method) with ``fault``."""
        self._faults.setdefault(method.lower(), []).append([fault, times])

    def clear_faults(self) -> None:
        self._faults.clear()

    def duplicate_next_update(self, times: int = 1) -> None:
        """Deliver each of the next ``times`` updates twice with the same update_id."""
        self._duplicate_next += times

    def reorder_next(self, n: int) -> None:
        """Hold the next ``n`` updates back and release them in reverse order of creation.

        update_ids stay increasing in delivery order (as Telegram guarantees), so the bot sees
        the *events* out of order (e.g. a later message before an earlier one)."""
        if n > 1:
            self._reorder_left = n

    def flush_reordered(self) -> None:
        """Release held-back updates now (reverse order)."""
        buffered, self._reorder_buffer = self._reorder_buffer, []
        self._reorder_left = 0
        for kind, payload in reversed(buffered):
            self._enqueue(kind, payload)

    # -- observation ---------------------------------------------------------------------------

    def messages(self, chat_id: int, *, include_deleted: bool = True) -> list[SimMessage]:
        chat = self.chats[chat_id]
        return [m for m in chat.messages.values() if include_deleted or not m.deleted]

    def bot_messages(self, chat_id: int, *, include_deleted: bool = False) -> list[SimMessage]:
        chat = self.chats[chat_id]
        return [
            m for m in chat.messages.values() if m.from_bot and (include_deleted or not m.deleted)
        ]

    def last_bot_message(self, chat_id: int) -> SimMessage | None:
        chat = self.chats[chat_id]
        for message in reversed(chat.messages.values()):
            if message.from_bot and not message.deleted:
                return message
        return None

    def requests_for(self, method: str) -> list[RequestRecord]:
        """Records of the calls of ``method`` (case-insensitive), oldest first. O(1) lookup;
        the list is live, so ``len(emu.requests_for("getUpdates"))`` is cheap in predicates."""
        return self._requests_by_method.setdefault(method.lower(), [])

    def pending_updates(self) -> int:
        """Updates not yet confirmed by the bot."""
        return len(self._queue)

    def unfetched_updates(self) -> int:
        """Updates the bot has not fetched yet (getUpdates never returned them)."""
        return sum(1 for p in self._queue if not p.delivered)

    def mark(self, chat_id: int | None = None) -> int:
        """A marker for ``wait_bot_message(since=...)``; with a chat, also moves its cursor so
        the next ``wait_bot_message`` only considers later bot messages."""
        if chat_id is not None:
            self.chats[chat_id].cursor = self._seq
        return self._seq

    async def wait_for(self, predicate: Callable[[], T | None], timeout: float = 5.0) -> T:
        """Wait until ``predicate()`` returns something truthy (re-checked after every state
        change) and return it."""
        deadline = time.monotonic() + timeout
        while True:
            value = predicate()
            if value:
                return value
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"condition not met within {timeout}s")
            await self._wait_change(None, remaining)

    async def wait_bot_message(
        self,
        chat_id: int,
        contains: str | None = None,
        *,
        predicate: Callable[[SimMessage], bool] | None = None,
        since: int | None = None,
        timeout: float = 5.0,
        edits: bool = True,
    ) -> SimMessage:
        """The first bot message in the chat, sent or edited after the marker, whose visible
        text contains ``contains`` and that satisfies ``predicate``.

        The marker is ``since`` if given, else the chat cursor: it moves to the last action of a
        simulated user in the chat and to every match, so consecutive calls return consecutive
        bot messages."""
        chat = self.chats[chat_id]
        start = chat.cursor if since is None else since
        deadline = time.monotonic() + timeout
        while True:
            index = bisect_right(chat.event_seqs, start)
            for event in chat.events[index:]:
                start = event.seq
                if event.kind == "edit" and not edits:
                    continue
                if contains is not None and contains not in event.text:
                    continue
                if predicate is not None and not predicate(event.message):
                    continue
                chat.cursor = max(chat.cursor, event.seq)
                return event.message
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                recent = "\n  ".join(str(m) for m in list(chat.messages.values())[-5:])
                raise TimeoutError(
                    f"no bot message{f' containing {contains!r}' if contains else ''} in chat "
                    f"{chat_id} within {timeout}s; last messages:\n  {recent}"
                )
            await self._wait_change(chat_id, remaining)

    async def idle(self, quiet: float = 0.1, timeout: float = 5.0) -> None:
        """Wait until every update was fetched by the bot, no request other than getUpdates is
        running and none arrived for ``quiet`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            now = time.monotonic()
            undelivered = any(not p.delivered for p in self._queue)
            since = now - self._last_activity
            if not undelivered and self._inflight == 0 and since >= quiet:
                return
            if now >= deadline:
                raise TimeoutError(
                    f"emulator not idle after {timeout}s (undelivered={undelivered}, "
                    f"inflight={self._inflight})"
                )
            step = quiet - since if not undelivered and self._inflight == 0 else 0.01
            await asyncio.sleep(max(0.005, min(step, deadline - now)))

    @staticmethod
    def plain(text: str) -> str:
        """Visible text of an HTML string (tags stripped, entities unescaped)."""
        return html_to_plain(text)

    # -- internals: notifications ------------------------------------------------------------------

    def _notify(self, chat_id: int | None) -> None:
        keys: tuple[int | None, ...] = (None,) if chat_id is None else (chat_id, None)
        for key in keys:
            waiters = self._waiters.pop(key, None)
            if waiters:
                for fut in waiters:
                    if not fut.done():
                        fut.set_result(None)

    async def _wait_change(self, key: int | None, timeout: float) -> None:
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.setdefault(key, []).append(fut)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(fut, timeout)

    # -- internals: updates ------------------------------------------------------------------------

    def _push_update(self, kind: str, payload: dict[str, Any]) -> None:
        if self._reorder_left > 0:
            self._reorder_buffer.append((kind, payload))
            self._reorder_left -= 1
            if self._reorder_left == 0:
                self.flush_reordered()
            return
        self._enqueue(kind, payload)

    def _enqueue(self, kind: str, payload: dict[str, Any]) -> None:
        update = {"update_id": self._next_update_id, kind: payload}
        self._next_update_id += 1
        self._queue.append(_Pending(update))
        if self._duplicate_next > 0:
            self._duplicate_next -= 1
            self._queue.append(_Pending(update, duplicate=True))
        self._updates_event.set()

    def _confirm(self, offset: int) -> None:
        queue = self._queue
        while queue and queue[0].update_id < offset:
            head = queue[0]
            if head.duplicate and not head.delivered:
                break
            queue.popleft()

    # -- users' actions (for SimUser) --------------------------------------------------------------

    def chat_of(self, user: SimUser, chat: int | SimChat | SimUser | None) -> SimChat:
        if chat is None:
            return self.chats[user.id]
        if isinstance(chat, SimChat):
            return chat
        if isinstance(chat, SimUser):
            return self.chats[chat.id]
        found = self.chats.get(chat)
        if found is None:
            raise LookupError(f"unknown chat {chat}")
        return found

    def current(self, message: SimMessage) -> SimMessage:
        current = self.chats[message.chat_id].messages.get(message.message_id)
        if current is None or current.deleted:
            raise LookupError(f"message {message.message_id} in chat {message.chat_id} is gone")
        return current

    def _new_message(self, chat: SimChat, from_id: int | None, from_bot: bool) -> SimMessage:
        message = SimMessage(
            chat_id=chat.id,
            message_id=chat.next_message_id,
            from_id=from_id,
            from_bot=from_bot,
            date=int(time.time()),
        )
        chat.next_message_id += 1
        chat.messages[message.message_id] = message
        return message

    def user_message(
        self,
        user: SimUser,
        chat_ref: int | SimChat | SimUser | None,
        *,
        text: str | None = None,
        contact: dict[str, Any] | None = None,
        reply_to: SimMessage | None = None,
        document: SimDocument | None = None,
        caption: str | None = None,
    ) -> SimMessage:
        chat = self.chat_of(user, chat_ref)
        if chat.migrated_to is not None:
            raise LookupError(f"group {chat.id} was migrated to {chat.migrated_to}")
        if chat.type == "private":
            if chat.id != user.id:
                raise LookupError("users can only write to the bot in their own private chat")
            if user.blocked:
                self.set_blocked(user, False)
            user.started = True
        elif user.id not in chat.members or chat.members[user.id] in ("left", "kicked"):
            chat.members[user.id] = "member"
        message = self._new_message(chat, user.id, False)
        if text is not None:
            message.text = message.raw_text = text
            message.entities = _user_entities(text)
        message.contact = contact
        message.document, message.caption = document, caption
        if document is not None:
            self.files[document.file_id] = document
        if reply_to is not None:
            message.reply_to = reply_to.message_id
        chat.cursor = self._seq
        if self._bot_sees(chat, text if text is not None else caption, reply_to):
            self._push_update("message", self._api_message(message))
        self._notify(chat.id)
        return message

    def _bot_sees(self, chat: SimChat, text: str | None, reply_to: SimMessage | None) -> bool:
        """Whether Telegram delivers a person's message to the bot (``privacy_mode``)."""
        if not self.privacy_mode or chat.type == "private" or chat.bot_status == "administrator":
            return True
        if reply_to is not None and reply_to.from_bot:
            return True
        said = text or ""
        return said.startswith("/") or f"@{self.bot_username}".lower() in said.lower()

    def chat_message(
        self, group: SimChat | int, text: str, *, channel: tuple[int, str] | None = None
    ) -> SimMessage:
        """A text in ``group`` sent on behalf of a chat, as Telegram delivers it: by an
        anonymous administrator (``channel`` None: ``from`` is GroupAnonymousBot and
        ``sender_chat`` the group itself), or as the channel ``(id, title)`` (``from`` is
        Channel_Bot, ``sender_chat`` the channel)."""
        chat = self._group(group)
        message = self._new_message(chat, None, False)
        message.text = message.raw_text = text
        message.entities = _user_entities(text)
        if channel is None:
            author, sender = GROUP_ANONYMOUS_BOT, chat.api_dict(self.users)
        else:
            author, sender = CHANNEL_BOT, {"id": channel[0], "type": "channel", "title": channel[1]}
        message.extra.update({"from": dict(author), "sender_chat": sender})
        chat.cursor = self._seq
        self._push_update("message", self._api_message(message))
        self._notify(chat.id)
        return message

    def edit_user_message(self, user: SimUser, message: SimMessage, text: str) -> SimMessage:
        current = self.current(message)
        if current.from_id != user.id:
            raise LookupError("users can only edit their own messages")
        current.text = current.raw_text = text
        current.entities = _user_entities(text)
        current.edit_date = int(time.time())
        current.edits += 1
        chat = self.chats[current.chat_id]
        chat.cursor = self._seq
        self._push_update("edited_message", self._api_message(current))
        self._notify(chat.id)
        return current

    def callback_query(self, user: SimUser, message: SimMessage, data: str) -> CallbackHandle:
        query_id = f"{self.bot_id}{next(self._callback_ids):08d}"
        handle = CallbackHandle(query_id, data, message)
        self._callbacks[query_id] = handle
        chat = self.chats[message.chat_id]
        chat.cursor = self._seq
        payload = {
            "id": query_id,
            "from": user.api_dict(),
            "message": self._api_message(message),
            "chat_instance": str(abs(message.chat_id) * 7919 % 10**12),
            "data": data,
        }
        self._push_update("callback_query", payload)
        self._notify(chat.id)
        return handle

    def _service_message(self, chat: SimChat, actor: int | None, fields: dict[str, Any]) -> None:
        message = self._new_message(chat, actor, False)
        message.extra.update(fields)
        self._push_update("message", self._api_message(message))
        self._notify(chat.id)

    def set_blocked(self, user: SimUser, blocked: bool) -> None:
        if user.blocked == blocked:
            return
        user.blocked = blocked
        old, new = ("member", "kicked") if blocked else ("kicked", "member")
        bot = self._bot_api
        new_member: dict[str, Any] = {"status": new, "user": bot}
        if blocked:
            new_member["until_date"] = 0
        old_member: dict[str, Any] = {"status": old, "user": bot}
        if not blocked:
            old_member["until_date"] = 0
        payload = {
            "chat": self.chats[user.id].api_dict(self.users),
            "from": user.api_dict(),
            "date": int(time.time()),
            "old_chat_member": old_member,
            "new_chat_member": new_member,
        }
        self._push_update("my_chat_member", payload)

    # -- internals: serialisation ------------------------------------------------------------------

    def _api_message(self, message: SimMessage, *, nested: bool = False) -> dict[str, Any]:
        chat = self.chats[message.chat_id]
        data: dict[str, Any] = {
            "message_id": message.message_id,
            "date": message.date,
            "chat": chat.api_dict(self.users),
        }
        if message.from_bot:
            data["from"] = self._bot_api
        elif message.from_id is not None and message.from_id in self.users:
            data["from"] = self.users[message.from_id].api_dict()
        if message.text is not None:
            data["text"] = message.text
            if message.entities:
                data["entities"] = message.entities
        if message.contact is not None:
            data["contact"] = message.contact
        if message.document is not None:
            data["document"] = {
                "file_id": message.document.file_id,
                "file_unique_id": message.document.file_id,
                "file_name": message.document.file_name,
                "file_size": len(message.document.content),
            }
            if message.caption is not None:
                data["caption"] = message.caption
        if message.photo is not None:
            photo = message.photo
            data["photo"] = [
                {
                    "file_id": photo.file_id,
                    "file_unique_id": photo.file_id,
                    "width": photo.width,
                    "height": photo.height,
                    "file_size": len(photo.content),
                }
            ]
            if message.caption is not None:
                data["caption"] = message.caption
        if message.edit_date is not None:
            data["edit_date"] = message.edit_date
        markup = message.reply_markup
        if markup is not None and "inline_keyboard" in markup:
            data["reply_markup"] = markup
        if message.reply_to is not None and not nested:
            replied = chat.messages.get(message.reply_to)
            if replied is not None and not replied.deleted:
                data["reply_to_message"] = self._api_message(replied, nested=True)
        if message.extra:
            data.update(message.extra)
        return data

    def _record_bot_event(self, message: SimMessage, kind: Literal["new", "edit"]) -> None:
        chat = self.chats[message.chat_id]
        self._seq += 1
        chat.events.append(_BotEvent(self._seq, kind, message, message.plain))
        chat.event_seqs.append(self._seq)
        self._notify(chat.id)

    # -- HTTP ----------------------------------------------------------------------------------

    async def _read_params(self, request: web.Request) -> Params:
        params: Params = dict(request.query)
        if request.can_read_body:
            content_type = request.content_type
            if content_type == "application/json":
                body = await request.json()
                if isinstance(body, dict):
                    params.update(body)
            else:
                form = await request.post()
                params.update(form.items())
        return params

    def _take_fault(self, method: str) -> Fault | None:
        for key in (method, "*"):
            queue = self._faults.get(key)
            if not queue:
                continue
            entry = queue[0]
            entry[1] -= 1
            if entry[1] <= 0:
                queue.pop(0)
            fault: Fault = entry[0]
            return fault
        return None

    async def _apply_fault(self, request: web.Request, fault: Fault) -> ApiError | None:
        self.stats.injected_faults += 1
        if fault.kind == "retry_after":
            return ApiError(
                429,
                f"Too Many Requests: retry after {fault.retry_after}",
                {"retry_after": fault.retry_after},
            )
        if fault.kind == "server_error":
            default = {500: "Internal Server Error", 502: "Bad Gateway"}.get(
                fault.status, "Internal Server Error"
            )
            return ApiError(fault.status, fault.description or default)
        if fault.kind == "delay":
            await asyncio.sleep(fault.delay)
            return None
        transport = request.transport
        if fault.kind == "reset":
            if transport is not None:
                transport.abort() if hasattr(transport, "abort") else transport.close()
            raise _Dropped
        # timeout: never answer; finish when the client closes the connection or on stop().
        while not self._closing.is_set():
            if transport is None or transport.is_closing():
                break
            await asyncio.sleep(0.05)
        if transport is not None:
            transport.close()
        raise _Dropped

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        started = time.monotonic()
        method = request.match_info["method"]
        record = RequestRecord(method=method, params={}, time=time.time(), started=started)
        self.requests.append(record)
        stats = self.stats
        stats.requests += 1
        stats.by_method[method] += 1
        key = method.lower()
        self._requests_by_method.setdefault(key, []).append(record)
        is_poll = key == "getupdates"
        if is_poll:
            self._notify(None)  # lets wait_for() see a new poll arriving
        if not is_poll:
            self._inflight += 1
            self._last_activity = started
        status = 200
        body: dict[str, Any] | None = None
        try:
            if request.match_info["token"] != self.token:
                raise ApiError(401, "Unauthorized")
            handler = self._methods.get(key)
            if handler is None:
                raise ApiError(404, "Not Found")
            params = await self._read_params(request)
            if self.log_params:
                record.params = params
            fault = self._take_fault(key)
            if fault is not None:
                record.fault = fault.kind
                error = await self._apply_fault(request, fault)
                if error is not None:
                    raise error
            result = await handler(params)
            body = {"ok": True, "result": result}
        except ApiError as error:
            status = error.code
            body = error.body()
            record.description = error.description
        except _Dropped:
            status = 0
        finally:
            if not is_poll:
                self._inflight -= 1
                self._last_activity = time.monotonic()
            record.status = status
            record.duration = time.monotonic() - started
            stats.by_status[status] += 1
        self._notify(None)
        if body is None:
            raise web.HTTPServiceUnavailable()  # connection is already gone; never delivered
        return web.json_response(body, status=status)

    # -- Bot API methods -----------------------------------------------------------------------

    async def _true(self, params: Params) -> bool:
        return True

    async def _set_webhook(self, params: Params) -> bool:
        if self.webhooks_accepted:  # the test posts the updates to the bot's port itself
            return True
        raise _bad("setWebhook is not supported by the emulator; use getUpdates")

    async def _get_webhook_info(self, params: Params) -> dict[str, Any]:
        return {
            "url": "",
            "has_custom_certificate": False,
            "pending_update_count": len(self._queue),
        }

    async def _get_me(self, params: Params) -> dict[str, Any]:
        return {
            **self._bot_api,
            "can_join_groups": True,
            "can_read_all_group_messages": False,
            "supports_inline_queries": False,
        }

    async def _get_updates(self, params: Params) -> list[dict[str, Any]]:
        offset = _int(params, "offset", 0)
        limit = min(max(_int(params, "limit", 100), 1), 100)
        timeout = max(_int(params, "timeout", 0), 0)
        if offset > 0:
            self._confirm(offset)
        elif offset < 0:
            while len(self._queue) > -offset:
                self._queue.popleft()
        deadline = time.monotonic() + timeout
        while not self._queue and not self._closing.is_set():
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                break
            self._updates_event.clear()
            try:
                await asyncio.wait_for(self._updates_event.wait(), remaining)
            except TimeoutError:
                break
        batch = list(itertools.islice(self._queue, limit))
        for pending in batch:
            pending.delivered = True
        return [p.update for p in batch]

    def _target_chat(self, params: Params, *, sending: bool = True) -> SimChat:
        raw = params.get("chat_id")
        if raw is None or raw == "":
            raise _bad("chat_id is empty")
        chat: SimChat | None
        if isinstance(raw, str) and raw.startswith("@"):
            chat_id = self._usernames.get(raw[1:].lower())
            chat = self.chats.get(chat_id) if chat_id is not None else None
        else:
            try:
                chat = self.chats.get(int(raw))
            except (TypeError, ValueError):
                chat = None
        if chat is None:
            raise _bad("chat not found")
        if chat.migrated_to is not None:
            raise ApiError(
                400,
                "Bad Request: group chat was upgraded to a supergroup chat",
                {"migrate_to_chat_id": chat.migrated_to},
            )
        if chat.type == "private" and sending:
            user = self.users[chat.id]
            if user.blocked:
                raise ApiError(403, "Forbidden: bot was blocked by the user")
            if not user.started:
                raise ApiError(403, "Forbidden: bot can't initiate conversation with a user")
        if chat.is_group and chat.bot_status in ("left", "kicked"):
            raise ApiError(403, f"Forbidden: bot was kicked from the {chat.type} chat")
        return chat

    def _check_rate(self, chat: SimChat, *, edit: bool = False) -> None:
        limits = self._rate_limits
        if not limits.enabled or (edit and not limits.count_edits):
            return
        retry_after = self._limiter.check(chat.id, chat.is_group, counts_global=not edit)
        if retry_after:
            self.stats.rate_limited += 1
            raise ApiError(
                429,
                f"Too Many Requests: retry after {retry_after}",
                {"retry_after": retry_after},
            )

    def _parse_text(self, params: Params) -> tuple[str, str, list[dict[str, Any]], str | None]:
        raw = params.get("text")
        raw_text = "" if raw is None else str(raw)
        parse_mode = params.get("parse_mode") or None
        mode = str(parse_mode).lower() if parse_mode else None
        if mode == "html":
            try:
                text, entities = parse_html(raw_text)
            except EntityParseError as error:
                raise _bad(f"can't parse entities: {error}") from None
        elif mode in ("markdown", "markdownv2"):
            text = re.sub(r"\\(.)", r"\1", raw_text)
            entities = []
        elif mode is None:
            text = raw_text
            entities = list(_json(params, "entities") or [])
        else:
            raise _bad(f"unsupported parse_mode {parse_mode}")
        text, entities = strip_entities(text, entities)
        if not text:
            raise _bad("message text is empty")
        if utf16_len(text) > MAX_TEXT_LENGTH:
            raise _bad("message is too long")
        return raw_text, text, entities, str(parse_mode) if parse_mode else None

    def _parse_markup(self, params: Params, *, inline_only: bool) -> dict[str, Any] | None:
        markup = _json(params, "reply_markup")
        if markup is None:
            return None
        if not isinstance(markup, dict):
            raise _bad("can't parse reply keyboard markup JSON object")
        if "inline_keyboard" in markup:
            rows = markup["inline_keyboard"]
            if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
                raise _bad("can't parse inline keyboard markup JSON object")
            for row in rows:
                for button in row:
                    _check_inline_button(button)
                    if isinstance(button, dict) and "web_app" in button and _group(params):
                        # Bot API: a web_app button is "available only in private chats"
                        raise _bad("BUTTON_TYPE_INVALID")
            return markup
        if inline_only:
            raise _bad("inline keyboard expected")
        if "keyboard" in markup:
            rows = markup["keyboard"]
            if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
                raise _bad("can't parse reply keyboard markup JSON object")
            for row in rows:
                for button in row:
                    if not _button_text(button):
                        raise _bad("keyboard button text is empty")
            return markup
        if markup.get("remove_keyboard") or markup.get("force_reply"):
            return markup
        raise _bad("can't parse reply keyboard markup JSON object")

    async def _send_message(self, params: Params) -> dict[str, Any]:
        chat = self._target_chat(params)
        raw_text, text, entities, parse_mode = self._parse_text(params)
        markup = self._parse_markup(params, inline_only=False)
        reply_to: int | None = None
        reply_parameters = _json(params, "reply_parameters")
        allow_without = _bool(params, "allow_sending_without_reply")
        if isinstance(reply_parameters, dict):
            reply_to = _int(reply_parameters, "message_id", 0) or None
            allow_without = allow_without or bool(
                reply_parameters.get("allow_sending_without_reply")
            )
        elif params.get("reply_to_message_id"):
            reply_to = _int(params, "reply_to_message_id", 0) or None
        if reply_to is not None:
            replied = chat.messages.get(reply_to)
            if replied is None or replied.deleted:
                if not allow_without:
                    raise _bad("message to be replied not found")
                reply_to = None
        self._check_rate(chat)
        message = self._new_message(chat, self.bot_id, True)
        message.text, message.raw_text, message.entities = text, raw_text, entities
        message.parse_mode = parse_mode
        message.reply_to = reply_to
        if markup is not None:
            if "inline_keyboard" in markup:
                message.reply_markup = markup
            elif "keyboard" in markup:
                message.reply_markup = markup
                chat.reply_keyboard = markup
            elif markup.get("remove_keyboard"):
                chat.reply_keyboard = None
            elif markup.get("force_reply"):  # not part of the Message Telegram returns
                message.options["force_reply"] = markup
        for option in (
            "disable_notification",
            "protect_content",
            "link_preview_options",
            "disable_web_page_preview",
            "message_thread_id",
        ):
            if option in params:
                message.options[option] = params[option]
        self._record_bot_event(message, "new")
        return self._api_message(message)

    async def _get_file(self, params: Params) -> dict[str, Any]:
        """getFile of a file a person sent: its path for the download route."""
        found = self.files.get(str(params.get("file_id", "")))
        if found is None:
            raise _bad("wrong file_id or the file is temporarily unavailable")
        return {
            "file_id": found.file_id,
            "file_unique_id": found.file_id,
            "file_size": len(found.content),
            "file_path": f"documents/{found.file_id}",
        }

    async def _download(self, request: web.Request) -> web.StreamResponse:
        """The bytes of a sent file (``https://api.telegram.org/file/bot<token>/<path>``)."""
        file_id = request.match_info["path"].rsplit("/", 1)[-1]
        found = self.files.get(file_id)
        if request.match_info["token"] != self.token or found is None:
            return web.Response(status=404)
        return web.Response(body=found.content)

    async def _send_document(self, params: Params) -> dict[str, Any]:
        """A file upload (multipart, ``attach://name`` or the file in ``document`` itself);
        a file_id or URL string is refused: the bot under test only uploads."""
        chat = self._target_chat(params)
        document, content = _upload(params, "document")
        caption = None
        if params.get("caption"):
            fields = {**params, "text": params["caption"]}
            _, caption, _, _ = self._parse_text(fields)
        self._check_rate(chat)
        message = self._new_message(chat, self.bot_id, True)
        file_id = f"doc{chat.id}_{message.message_id}"
        message.document = SimDocument(document.filename or "file", content, file_id)
        message.caption = caption
        message.parse_mode = params.get("parse_mode") or None
        self._record_bot_event(message, "new")
        return self._api_message(message)

    async def _send_photo(self, params: Params) -> dict[str, Any]:
        """A picture upload (multipart: the file in ``photo`` or ``attach://name``), refused as
        Telegram refuses it: not an image, over 10 MB, or sides outside its limits. A file_id or
        URL string is refused: the bot under test only uploads."""
        chat = self._target_chat(params)
        _, content = _upload(params, "photo")
        size = image_size(content)
        if size is None:
            raise _bad("IMAGE_PROCESS_FAILED")
        width, height = size
        if len(content) > PHOTO_MAX_BYTES:
            raise _bad("PHOTO_SAVE_FILE_INVALID")
        if width + height > 10000 or max(width, height) > 20 * min(width, height):
            raise _bad("PHOTO_INVALID_DIMENSIONS")
        caption = None
        if params.get("caption"):
            fields = {**params, "text": params["caption"]}
            _, caption, _, _ = self._parse_text(fields)
        self._check_rate(chat)
        message = self._new_message(chat, self.bot_id, True)
        file_id = f"photo{chat.id}_{message.message_id}"
        message.photo = SimPhoto(content, width, height, file_id)
        message.caption = caption
        message.parse_mode = params.get("parse_mode") or None
        self._record_bot_event(message, "new")
        return self._api_message(message)

    def _editable(self, params: Params) -> tuple[SimChat, SimMessage]:
        if params.get("inline_message_id"):
            raise _bad("inline messages are not supported by the emulator")
        chat = self._target_chat(params)
        message_id = _int(params, "message_id", 0)
        message = chat.messages.get(message_id)
        if message is None or message.deleted:
            raise _bad("message to edit not found")
        if not message.from_bot:
            raise _bad("message can't be edited")
        return chat, message

    async def _edit_message_text(self, params: Params) -> dict[str, Any]:
        chat, message = self._editable(params)
        raw_text, text, entities, parse_mode = self._parse_text(params)
        markup = self._parse_markup(params, inline_only=True)
        if message.text is None:
            raise _bad("there is no text in the message to edit")
        old_markup = message.reply_markup if message.reply_markup else None
        if text == message.text and entities == message.entities and markup == old_markup:
            raise _bad(NOT_MODIFIED[len("Bad Request: ") :])
        self._check_rate(chat, edit=True)
        message.text, message.raw_text, message.entities = text, raw_text, entities
        message.parse_mode = parse_mode
        message.reply_markup = markup
        self._mark_edited(message)
        return self._api_message(message)

    async def _edit_message_reply_markup(self, params: Params) -> dict[str, Any]:
        chat, message = self._editable(params)
        markup = self._parse_markup(params, inline_only=True)
        old_markup = message.reply_markup if message.reply_markup else None
        if markup == old_markup:
            raise _bad(NOT_MODIFIED[len("Bad Request: ") :])
        self._check_rate(chat, edit=True)
        message.reply_markup = markup
        self._mark_edited(message)
        return self._api_message(message)

    def _mark_edited(self, message: SimMessage) -> None:
        message.edit_date = int(time.time())
        message.edits += 1
        self._record_bot_event(message, "edit")

    async def _delete_message(self, params: Params) -> bool:
        chat = self._target_chat(params, sending=False)
        message = chat.messages.get(_int(params, "message_id", 0))
        if message is None or message.deleted:
            raise _bad("message to delete not found")
        if not message.from_bot and chat.is_group and chat.bot_status != "administrator":
            raise _bad("message can't be deleted")
        message.deleted = True
        self._notify(chat.id)
        return True

    def _pinnable(self, params: Params) -> tuple[SimChat, int]:
        """The chat and message of a pin request; a group's pin needs an administrator bot
        (with can_pin_messages, which every administrator bot has here)."""
        chat = self._target_chat(params, sending=False)
        if chat.is_group and chat.bot_status not in ("administrator", "creator"):
            raise _bad("not enough rights to manage pinned messages in the chat")
        return chat, _int(params, "message_id", 0)

    async def _pin_chat_message(self, params: Params) -> bool:
        chat, message_id = self._pinnable(params)
        message = chat.messages.get(message_id)
        if message is None or message.deleted:
            raise _bad("message to pin not found")
        if message_id in chat.pinned:
            chat.pinned.remove(message_id)
        chat.pinned.append(message_id)
        self._notify(chat.id)
        return True

    async def _unpin_chat_message(self, params: Params) -> bool:
        chat, message_id = self._pinnable(params)
        if not chat.pinned:
            raise _bad("message to unpin not found")
        target = message_id or chat.pinned[-1]
        if target not in chat.pinned:
            raise _bad("message to unpin not found")
        chat.pinned.remove(target)
        self._notify(chat.id)
        return True

    async def _answer_callback_query(self, params: Params) -> bool:
        query_id = str(params.get("callback_query_id", ""))
        handle = self._callbacks.pop(query_id, None)
        if handle is None:
            raise _bad("query is too old and response timeout expired or query ID is invalid")
        text = params.get("text")
        if text is not None and utf16_len(str(text)) > 200:
            raise _bad("MESSAGE_TOO_LONG")
        handle.resolve(
            CallbackAnswer(
                text=str(text) if text else None,
                show_alert=_bool(params, "show_alert"),
                url=str(params["url"]) if params.get("url") else None,
            )
        )
        return True

    def _member_dict(self, chat: SimChat, user_id: int) -> dict[str, Any]:
        if user_id == self.bot_id:
            status = chat.bot_status if chat.is_group else "member"
            user = self._bot_api
        else:
            sim = self.users.get(user_id)
            if sim is None:
                raise _bad("user not found")
            user = sim.api_dict()
            if chat.is_group:
                status = chat.members.get(user_id, "left")
            else:
                status = "member" if user_id == chat.id else "left"
        data: dict[str, Any] = {"status": status, "user": user}
        if status == "creator":
            data["is_anonymous"] = False
        elif status == "administrator":
            data.update(
                {
                    "can_be_edited": False,
                    "is_anonymous": False,
                    "can_manage_chat": True,
                    "can_delete_messages": True,
                    "can_manage_video_chats": True,
                    "can_restrict_members": True,
                    "can_promote_members": False,
                    "can_change_info": True,
                    "can_invite_users": True,
                    "can_post_stories": False,
                    "can_edit_stories": False,
                    "can_delete_stories": False,
                    "can_send_welcome_messages": False,
                    "can_pin_messages": True,
                }
            )
        elif status == "kicked":
            data["until_date"] = 0
        return data

    async def _get_chat_member(self, params: Params) -> dict[str, Any]:
        chat = self._target_chat(params, sending=False)
        return self._member_dict(chat, _int(params, "user_id", 0))

    async def _get_chat_administrators(self, params: Params) -> list[dict[str, Any]]:
        chat = self._target_chat(params, sending=False)
        if not chat.is_group:
            raise _bad("there are no administrators in the private chat")
        admins = [
            self._member_dict(chat, uid)
            for uid, status in chat.members.items()
            if status in ("creator", "administrator")
        ]
        if chat.bot_status == "administrator":
            admins.append(self._member_dict(chat, self.bot_id))
        return admins

    async def _get_chat_member_count(self, params: Params) -> int:
        chat = self._target_chat(params, sending=False)
        if not chat.is_group:
            return 2
        active = ("creator", "administrator", "member", "restricted")
        return 1 + sum(1 for s in chat.members.values() if s in active)

    async def _get_chat(self, params: Params) -> dict[str, Any]:
        chat = self._target_chat(params, sending=False)
        data = chat.api_dict(self.users)
        data.update(
            {
                "accent_color_id": 0,
                "max_reaction_count": 11,
                "accepted_gift_types": {
                    "unlimited_gifts": False,
                    "limited_gifts": False,
                    "unique_gifts": False,
                    "premium_subscription": False,
                    "gifts_from_channels": False,
                },
            }
        )
        return data

    @staticmethod
    def _scope_key(params: Params) -> str:
        scope = _json(params, "scope") or {"type": "default"}
        if not isinstance(scope, dict):
            raise _bad("can't parse BotCommandScope JSON object")
        parts = [str(scope.get("type", "default"))]
        for key in ("chat_id", "user_id"):
            if key in scope:
                parts.append(f"{key}={scope[key]}")
        return ":".join(parts)

    async def _set_my_commands(self, params: Params) -> bool:
        commands = _json(params, "commands")
        if not isinstance(commands, list):
            raise _bad("can't parse commands JSON object")
        if len(commands) > 100:
            raise _bad("too many commands")
        for command in commands:
            if not isinstance(command, dict):
                raise _bad("can't parse BotCommand JSON object")
            if not _COMMAND_NAME_RE.match(str(command.get("command", ""))):
                raise _bad("BOT_COMMAND_INVALID")
            if not 1 <= len(str(command.get("description", ""))) <= 256:
                raise _bad("BOT_COMMAND_DESCRIPTION_INVALID")
        language = str(params.get("language_code") or "")
        self.commands[(self._scope_key(params), language)] = [
            {"command": c["command"], "description": c["description"]} for c in commands
        ]
        return True

    async def _get_my_commands(self, params: Params) -> list[dict[str, Any]]:
        language = str(params.get("language_code") or "")
        return self.commands.get((self._scope_key(params), language), [])

    async def _delete_my_commands(self, params: Params) -> bool:
        language = str(params.get("language_code") or "")
        self.commands.pop((self._scope_key(params), language), None)
        return True

    async def _send_chat_action(self, params: Params) -> bool:
        self._target_chat(params)
        if not params.get("action"):
            raise _bad("wrong parameter action in request")
        return True

    def _group(self, group: SimChat | int) -> SimChat:
        chat = group if isinstance(group, SimChat) else self.chats[group]
        if not chat.is_group:
            raise ValueError(f"chat {chat.id} is not a group")
        return chat


# --------------------------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------------------------


class _FastSession(AiohttpSession):
    async def close(self) -> None:
        if self._session is not None and not self._session.closed:
            await self._session.close()


def _uid(user: SimUser | int) -> int:
    return user.id if isinstance(user, SimUser) else int(user)


def _int(params: Mapping[str, Any], key: str, default: int) -> int:
    value = params.get(key)
    if value is None or value == "":
        return default
    try:
        return int(value)
    except (TypeError, ValueError):
        raise _bad(f"invalid {key} specified") from None


def _bool(params: Mapping[str, Any], key: str) -> bool:
    value = params.get(key)
    if isinstance(value, str):
        return value.lower() in ("true", "1")
    return bool(value)


def _json(params: Mapping[str, Any], key: str) -> Any:
    value = params.get(key)
    if isinstance(value, str):
        if not value:
            return None
        try:
            return json.loads(value)
        except ValueError:
            raise _bad(f"can't parse {key} JSON object") from None
    return value


def _group(params: Mapping[str, Any]) -> bool:
    """Whether the call's ``chat_id`` names a group (negative ids)."""
    try:
        return int(str(params.get("chat_id", "0"))) < 0
    except ValueError:
        return False


def _check_inline_button(button: Any) -> None:
    if not isinstance(button, dict) or not button.get("text"):
        raise _bad("can't parse inline keyboard button: Text must be non-empty")
    actions = [
        k
        for k in (
            "url",
            "callback_data",
            "web_app",
            "login_url",
            "switch_inline_query",
            "switch_inline_query_current_chat",
            "switch_inline_query_chosen_chat",
            "copy_text",
            "callback_game",
            "pay",
        )
        if k in button
    ]
    if not actions:
        raise _bad(
            "can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard"
        )
    if "callback_data" in button:
        data = str(button["callback_data"])
        if not 1 <= len(data.encode("utf-8")) <= MAX_CALLBACK_DATA:
            raise _bad("BUTTON_DATA_INVALID")
    if "url" in button:
        url = str(button["url"])
        if not re.match(r"^(https?|tg)://\S+$", url):
            raise _bad("BUTTON_URL_INVALID")


def _user_entities(text: str) -> list[dict[str, Any]]:
    if "/" not in text:
        return []
    entities: list[dict[str, Any]] = []
    for match in _COMMAND_RE.finditer(text):
        offset = utf16_len(text[: match.start()])
        entities.append(
            {"type": "bot_command", "offset": offset, "length": utf16_len(match.group(0))}
        )
    return entities
