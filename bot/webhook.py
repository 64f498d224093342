"""Webhook mode: aiogram's aiohttp handler behind Telegram's secret-token check."""

from __future__ import annotations

import asyncio
import logging

from aiogram import Dispatcher
from aiogram.webhook.aiohttp_server import SimpleRequestHandler, setup_application
from aiohttp import web

from bot.app import App, close_app, create_app, create_dispatcher
from bot.settings import Settings

log = logging.getLogger(__name__)


def build_webhook_app(app: App, dp: Dispatcher) -> web.Application:
    """The aiohttp application: POSTs to ``WEBHOOK_PATH`` without the secret are refused."""
    settings = app.settings
    web_app = web.Application()
    # handle_in_background=False: Telegram sends an update again until it gets the answer, so
    # the answer must come only once the update was handled (aiogram's default answers first).
    SimpleRequestHandler(
        dispatcher=dp,
        bot=app.bot,
        secret_token=settings.webhook_secret or None,
        handle_in_background=False,
    ).register(web_app, path=settings.webhook_path)
    setup_application(web_app, dp, bot=app.bot)
    return web_app


async def run_webhook(settings: Settings) -> None:
    app = await create_app(settings)
    dp = create_dispatcher(app)
    runner = web.AppRunner(build_webhook_app(app, dp))
    await runner.setup()
    site = web.TCPSite(runner, settings.webhook_host, settings.webhook_port)
    await site.start()
    url = settings.webhook_url.rstrip("/") + settings.webhook_path
    await app.bot.set_webhook(
        url, secret_token=settings.webhook_secret or None, drop_pending_updates=False
    )
    log.info(
        "webhook server on %s:%s, Telegram posts to %s",
        settings.webhook_host,
        settings.webhook_port,
        url,
    )
    try:
        await asyncio.Event().wait()
    finally:
        await runner.cleanup()
        await close_app(app)
