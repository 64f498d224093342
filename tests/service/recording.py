"""A Bot API session that records every request and answers it as Telegram would, for the
service tests: the real bot object, the real sender, outbox and pacing underneath, and no
server. (The end-to-end tests use the emulator, ``tests.e2e.emulator``, instead.)"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from aiogram.client.session.base import BaseSession
from aiogram.methods import TelegramMethod
from aiogram.methods.base import TelegramType

if TYPE_CHECKING:
    from collections.abc import AsyncGenerator

    from aiogram import Bot

BOT_ID = 123456789
#: the methods answered with the message they sent or edited
MESSAGE_METHODS = frozenset(
    {
        "sendMessage",
        "sendPhoto",
        "sendDocument",
        "editMessageText",
        "editMessageReplyMarkup",
        "editMessageCaption",
    }
)


@dataclass(frozen=True, slots=True)
class Request:
    """One call the bot made: the Bot API method and its parameters (as JSON values)."""

    method: str
    params: Mapping[str, Any]

    @property
    def chat_id(self) -> int | None:
        chat = self.params.get("chat_id")
        return chat if isinstance(chat, int) else None

    @property
    def text(self) -> str:
        return str(self.params.get("text") or self.params.get("caption") or "")

    @property
    def buttons(self) -> list[str]:
        """The labels of its inline keyboard, row by row."""
        markup = self.params.get("reply_markup") or {}
        rows = markup.get("inline_keyboard", []) if isinstance(markup, Mapping) else []
        return [button["text"] for row in rows for button in row]


def _decoded(prepared: object) -> object:
    """A form field's value: JSON (numbers, objects) decoded; a plain word (an enum's value,
    a default like ``HTML``) as it is."""
    if not isinstance(prepared, str):
        return prepared
    try:
        return json.loads(prepared)
    except ValueError:
        return prepared


class RecordingSession(BaseSession):
    """Answers each request at once (``admins``: who administers each group)."""

    def __init__(self, admins: Mapping[int, Iterable[int]] | None = None) -> None:
        super().__init__()
        self.requests: list[Request] = []
        self.admins = {chat: set(users) for chat, users in (admins or {}).items()}
        self._ids = itertools.count(1)

    async def close(self) -> None:
        return None

    async def make_request(
        self, bot: Bot, method: TelegramMethod[TelegramType], timeout: int | None = None
    ) -> TelegramType:
        # As a real session prepares them for the wire (the bot's defaults applied), then what
        # went as JSON decoded again.
        files: dict[str, Any] = {}
        params: dict[str, Any] = {}
        for key, value in method.model_dump(warnings=False).items():
            prepared = self.prepare_value(value, bot=bot, files=files)
            if prepared is not None:
                params[key] = prepared if isinstance(value, str) else _decoded(prepared)
        request = Request(method.__api_method__, params)
        self.requests.append(request)
        content = json.dumps({"ok": True, "result": self._result(request)})
        response = self.check_response(bot, method, status_code=200, content=content)
        return cast(TelegramType, response.result)

    async def stream_content(
        self,
        url: str,
        headers: dict[str, Any] | None = None,
        timeout: int = 30,
        chunk_size: int = 65536,
        raise_for_status: bool = True,
    ) -> AsyncGenerator[bytes, None]:
        raise NotImplementedError("the service tests download nothing")
        yield b""  # pragma: no cover - makes this an async generator

    # --- what Telegram would answer ---------------------------------------------------------

    def _result(self, request: Request) -> object:
        if request.method in MESSAGE_METHODS:
            return self._message(request)
        if request.method == "getMe":
            return {"id": BOT_ID, "is_bot": True, "first_name": "Bot", "username": "test_bot"}
        if request.method == "getChatMember":
            return self._member(request.chat_id or 0, int(request.params["user_id"]))
        if request.method == "getChatAdministrators":
            chat = request.chat_id or 0
            return [self._member(chat, user) for user in sorted(self.admins.get(chat, ()))]
        if request.method == "getChat":
            chat = request.chat_id or 0
            return {"id": chat, "type": "private" if chat > 0 else "supergroup"}
        return True

    def _message(self, request: Request) -> dict[str, object]:
        chat = request.chat_id or 0
        message_id = request.params.get("message_id") or next(self._ids)
        message: dict[str, object] = {
            "message_id": message_id,
            "date": 0,
            "chat": {"id": chat, "type": "private" if chat > 0 else "supergroup"},
            "from": {"id": BOT_ID, "is_bot": True, "first_name": "Bot"},
        }
        if "text" in request.params:
            message["text"] = request.params["text"]
        if "reply_markup" in request.params:
            message["reply_markup"] = request.params["reply_markup"]
        if request.method == "sendPhoto":
            message["photo"] = [{"file_id": "p", "file_unique_id": "p", "width": 1, "height": 1}]
        return message

    def _member(self, chat: int, user: int) -> dict[str, object]:
        person = {"id": user, "is_bot": user == BOT_ID, "first_name": str(user)}
        if user in self.admins.get(chat, set()):
            return {"status": "creator", "user": person, "is_anonymous": False}
        return {"status": "member", "user": person}

    # --- reading what was sent ----------------------------------------------------------------

    def sent(self, chat: int | None = None, *, method: str = "sendMessage") -> list[Request]:
        """The requests of ``method`` (to ``chat`` when given), in order."""
        return [
            r for r in self.requests if r.method == method and (chat is None or r.chat_id == chat)
        ]

    def texts(self, chat: int) -> list[str]:
        return [r.text for r in self.sent(chat)]
