"""Webhook mode: aiogram's aiohttp handler behind Telegram's secret-token check."""

from __future__ import annotations

import asyncio
import hmac
import logging

from aiogram import Bot, Dispatcher
from aiogram.webhook.aiohttp_server import SimpleRequestHandler, setup_application
from aiohttp import web

from bot.app import App, close_app, create_app, create_dispatcher
from bot.settings import Settings
from bot.startup import StartupError, set_webhook, webhook_ready

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


def build_webhook_app(app: App, dp: Dispatcher) -> web.Application:
    """The aiohttp application: POSTs to ``WEBHOOK_PATH`` without the secret are refused."""
    settings = app.settings
    web_app = web.Application()
    # The dispatcher's shutdown first (it cancels the start-up's background calls), then the
    # handler's, which closes the bot's session: shutdown hooks run in the order added.
    setup_application(web_app, dp, bot=app.bot)
    SecretRequestHandler(dp, app.bot, settings.webhook_secret).register(
        web_app, path=settings.webhook_path
    )
    from bot.web.server import Boards, add_routes

    add_routes(web_app, Boards(app, app.live))  # the live web board (/board gives its link)
    return web_app


async def run_webhook(settings: Settings) -> None:
    """Serve until cancelled. The token is checked before the port opens, and every start-up
    failure (``bot.startup.StartupError``) closes the server and the database before it goes
    up: an open aiosqlite connection alone would keep the process alive."""
    app = await create_app(settings)
    runner: web.AppRunner | None = None
    try:
        await webhook_ready(app.bot, settings.startup_retry_seconds)
        runner = web.AppRunner(build_webhook_app(app, create_dispatcher(app)))
        await runner.setup()
        await listen(runner, settings)
        url = settings.webhook_url.rstrip("/") + settings.webhook_path
        await set_webhook(app.bot, url, settings.webhook_secret, settings.startup_retry_seconds)
        log.info(
            "webhook server on %s:%s, Telegram posts to %s",
            settings.webhook_host,
            settings.webhook_port,
            url,
        )
        await asyncio.Event().wait()
    finally:
        if runner is not None:
            await runner.cleanup()
        await close_app(app)


async def listen(runner: web.AppRunner, settings: Settings) -> None:
    host, port = settings.webhook_host, settings.webhook_port
    try:
        await web.TCPSite(runner, host, port).start()
    except OSError as exc:
        raise StartupError(
            f"cannot listen on WEBHOOK_HOST={host} WEBHOOK_PORT={port} ({exc.strerror or exc}): "
            f"is another program on that port?"
        ) from None
