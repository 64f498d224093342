"""The web board's address and the buttons that open it (light: no server imported here)."""

from __future__ import annotations

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup, WebAppInfo

from bot.settings import Settings
from bot.texts import Texts
from db import board_links
from db.database import Database

PATH = "/t/"


def base_url(settings: Settings) -> str | None:
    """Where people reach the board: ``PUBLIC_URL``, else the webhook's public address, else
    the polling mode's own port (``WEB_HOST:WEB_PORT``); ``None`` when nothing serves it."""
    if settings.public_url:
        return settings.public_url
    if settings.webhook_url:
        return settings.webhook_url.rstrip("/")
    if settings.web_port is not None:
        host = "localhost" if settings.web_host in ("127.0.0.1", "0.0.0.0") else settings.web_host
        return f"http://{host}:{settings.web_port}"
    return None


def board_url(settings: Settings, token: str) -> str | None:
    base = base_url(settings)
    return None if base is None else base + PATH + token


def serves(settings: Settings) -> bool:
    """Whether this process serves the board (webhook mode always does)."""
    return settings.web_port is not None or bool(settings.webhook_url)


def board_button(
    settings: Settings, token: str | None, label: str, *, private: bool
) -> InlineKeyboardMarkup | None:
    """The button that opens the board, with an https ``PUBLIC_URL`` only (Telegram opens no
    other address in its Mini App, and a plain http link in a group is better as text).

    A Mini App (``web_app``) button is allowed only in a private chat with the bot (Bot API,
    InlineKeyboardButton.web_app); in a group the same page opens from a URL button."""
    if token is None or not settings.public_url.startswith("https://"):
        return None
    url = settings.public_url + PATH + token
    if private:
        button = InlineKeyboardButton(text=label, web_app=WebAppInfo(url=url))
    else:
        button = InlineKeyboardButton(text=label, url=url)
    return InlineKeyboardMarkup(inline_keyboard=[[button]])


class BoardLinks:
    """The group boards' button to the web board (``board_button``), and every token kept in
    memory both ways: a board's every edit asks for its token, and the web server asks which
    tournament a token opens without touching the database (``load`` reads them all once,
    as the web server starts; a token made since is added as it is made)."""

    def __init__(self, db: Database, settings: Settings, texts: Texts) -> None:
        self.db = db
        self.settings = settings
        self.texts = texts
        self._tokens: dict[int, str] = {}
        self._tournaments: dict[str, int] = {}

    async def load(self) -> None:
        async with self.db.read() as tx:
            for tournament_id, token in await board_links.every(tx):
                self._known(tournament_id, token)

    def _known(self, tournament_id: int, token: str) -> None:
        self._tokens[tournament_id] = token
        self._tournaments[token] = tournament_id

    def tournament_of(self, token: str) -> int | None:
        """The tournament ``token`` opens (``None``: no such board), from memory."""
        return self._tournaments.get(token)

    async def token(self, tournament_id: int) -> str:
        if tournament_id not in self._tokens:
            async with self.db.transaction() as tx:
                self._known(tournament_id, await board_links.make_token(tx, tournament_id))
        return self._tokens[tournament_id]

    async def renew(self, tournament_id: int) -> str:
        """A new link for the tournament's board: the old one opens nothing any more (a link
        shared too widely, or a finished tournament's)."""
        async with self.db.transaction() as tx:
            token = await board_links.renew_token(tx, tournament_id)
        old = self._tokens.pop(tournament_id, None)
        if old is not None:
            self._tournaments.pop(old, None)
        self._known(tournament_id, token)
        return token

    async def group_button(self, tournament_id: int, lang: str) -> InlineKeyboardMarkup | None:
        """The button under a group's live board: none without an https ``PUBLIC_URL``."""
        if not self.settings.public_url.startswith("https://"):
            return None
        label = self.texts.get(lang, "web.link_button")
        token = await self.token(tournament_id)
        return board_button(self.settings, token, label, private=False)
