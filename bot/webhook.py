"""Webhook mode: aiogram's aiohttp handler behind Telegram's secret-token check."""

from __future__ import annotations

import hmac
import logging
from collections.abc import Callable
from datetime import UTC, datetime

from aiogram import Bot, Dispatcher
from aiogram.types import Update
from aiogram.webhook.aiohttp_server import SimpleRequestHandler, setup_application
from aiohttp import web

from bot.settings import Settings
from bot.startup import StartupError
from bot.web.gate import Gate, Listening
from bot.web.gate import listen as serve
from bot.web.server import WebBoards, add_routes
from db import inbox
from db.database import Database

log = logging.getLogger(__name__)


class SecretRequestHandler(SimpleRequestHandler):
    """aiogram's handler, refusing (401) every post without the exact secret header.

    aiogram's own check passes everything when no secret is set, and compares ``str`` with
    ``secrets.compare_digest``, which raises on non-ASCII text: a forged header then got a 500
    and a traceback. Here the secret is required, and bytes are compared.
    """

    def __init__(self, dispatcher: Dispatcher, bot: Bot, secret: str) -> None:
        if not secret:
            raise ValueError("a webhook needs a secret")
        # handle_in_background=False: Telegram sends an update again until it gets the answer,
        # so the answer comes only once the update was handled (aiogram's default answers first).
        super().__init__(
            dispatcher=dispatcher, bot=bot, secret_token=secret, handle_in_background=False
        )
        self._secret = secret.encode()

    def verify_secret(self, telegram_secret_token: str, bot: Bot) -> bool:
        # aiohttp decodes header bytes as UTF-8 with surrogate escapes: encode them back
        sent = telegram_secret_token.encode("utf-8", "surrogateescape")
        return hmac.compare_digest(sent, self._secret)


SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"


class InboxWebhook:
    """Every process's endpoint in webhook mode (``bot.inbox_loop``): an update with the exact
    secret is stored in the inbox and Telegram answered at once; ``stored()`` wakes the
    leader's handling in this process (a standby's does nothing: the leader looks every few
    seconds). Telegram posts an update again until it gets a 200, so the 200 comes only once
    the row is committed; one posted twice is stored once (``inbox.store``), and one handled
    already is skipped (``bot.handled``)."""

    def __init__(self, db: Database, secret: str, stored: Callable[[], None]) -> None:
        if not secret:
            raise ValueError("a webhook needs a secret")
        self._db = db
        self._secret = secret.encode()
        self._stored = stored

    async def handle(self, request: web.Request) -> web.Response:
        # aiohttp decodes header bytes as UTF-8 with surrogate escapes: encode them back
        sent = request.headers.get(SECRET_HEADER, "").encode("utf-8", "surrogateescape")
        if not hmac.compare_digest(sent, self._secret):
            return web.Response(status=401, text="Unauthorized")
        try:
            update = Update.model_validate_json(await request.read())
        except ValueError:
            return web.Response(status=400, text="Bad Request")
        text = update.model_dump_json(by_alias=True, exclude_none=True)
        async with self._db.transaction() as tx:
            await inbox.store(tx, update.update_id, text, datetime.now(UTC).isoformat())
        self._stored()
        return web.Response(status=200)


def inbox_webhook_app(
    settings: Settings, db: Database, boards: WebBoards, stored: Callable[[], None]
) -> web.Application:
    """The aiohttp application of webhook mode (``InboxWebhook``) with the web board."""
    web_app = web.Application()
    handler = InboxWebhook(db, settings.webhook_secret, stored)
    web_app.router.add_post(settings.webhook_path, handler.handle)
    add_routes(web_app, boards)  # the live web board (/board gives its link)
    return web_app


def build_webhook_app(
    settings: Settings, bot: Bot, dp: Dispatcher, boards: WebBoards
) -> web.Application:
    """The aiohttp application handling each update as it is posted (no inbox: tests and
    tools run one dispatcher this way; ``run_webhook`` uses ``inbox_webhook_app``). POSTs to
    ``WEBHOOK_PATH`` without the secret are refused."""
    web_app = web.Application()
    # The dispatcher's shutdown first (it cancels the start-up's background calls), then the
    # handler's, which closes the bot's session: shutdown hooks run in the order added.
    setup_application(web_app, dp, bot=bot)
    SecretRequestHandler(dp, bot, settings.webhook_secret).register(
        web_app, path=settings.webhook_path
    )
    add_routes(web_app, boards)  # the live web board (/board gives its link)
    return web_app


async def listen(runner: web.AppRunner, gate: Gate, settings: Settings) -> Listening:
    """The set-up ``runner`` served on the webhook's host and port behind the web board's
    gate (``bot.web.gate``: Telegram's networks pass it); the runner is cleaned up when the
    port cannot be had."""
    host, port = settings.webhook_host, settings.webhook_port
    try:
        return await serve(runner, gate, host, port)
    except OSError as exc:
        await runner.cleanup()
        raise StartupError(
            f"cannot listen on WEBHOOK_HOST={host} WEBHOOK_PORT={port} ({exc.strerror or exc}): "
            f"is another program on that port?"
        ) from None
