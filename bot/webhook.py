"""Webhook mode: aiogram's aiohttp handler behind Telegram's secret-token check."""

from __future__ import annotations

import hmac
import logging

from aiogram import Bot, Dispatcher
from aiogram.webhook.aiohttp_server import SimpleRequestHandler, setup_application
from aiohttp import web

from bot.settings import Settings
from bot.startup import StartupError
from bot.web.gate import Gate, Listening
from bot.web.gate import listen as serve
from bot.web.server import WebBoards, add_routes

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


def build_webhook_app(
    settings: Settings, bot: Bot, dp: Dispatcher, boards: WebBoards
) -> web.Application:
    """The aiohttp application: POSTs to ``WEBHOOK_PATH`` without the secret are refused."""
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
