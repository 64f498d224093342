"""Webhook mode: aiogram's aiohttp handler behind Telegram's secret-token check."""

from __future__ import annotations

import asyncio
import logging

from aiogram.webhook.aiohttp_server import SimpleRequestHandler, setup_application
from aiohttp import web

from bot.app import close_app, create_app, create_dispatcher
from bot.settings import Settings

log = logging.getLogger(__name__)


async def run_webhook(settings: Settings) -> None:
    app = await create_app(settings)
    dp = create_dispatcher(app)
    secret = settings.webhook_secret or None
    web_app = web.Application()
    SimpleRequestHandler(dispatcher=dp, bot=app.bot, secret_token=secret).register(
        web_app, path=settings.webhook_path
    )
    setup_application(web_app, dp, bot=app.bot)
    url = settings.webhook_url.rstrip("/") + settings.webhook_path
    await app.bot.set_webhook(url, secret_token=secret, drop_pending_updates=False)
    runner = web.AppRunner(web_app)
    await runner.setup()
    site = web.TCPSite(runner, settings.webhook_host, settings.webhook_port)
    await site.start()
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
