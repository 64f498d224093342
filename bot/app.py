"""Assembling the bot: the Telegram client, the services, the dispatcher, and running it."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any

from aiogram import Bot, Dispatcher
from aiogram.client.default import DefaultBotProperties
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.enums import ParseMode

from bot.clock import Clock, FileClock
from bot.commands import register_commands
from bot.deadlines import Deadlines
from bot.gone import chat_gone
from bot.handled import HandledUpdates
from bot.middleware import CallbackGuardMiddleware, ContextMiddleware
from bot.notify import Notifier
from bot.outbox import Outbox
from bot.pacing import Limits
from bot.polling import Polling
from bot.registry import Registry
from bot.roles import Roles
from bot.sender import Delivery, PlainAlerts, Sender
from bot.settings import Settings
from bot.storage import SqliteStorage
from bot.texts import Texts
from db import chats, players
from db.database import Database

log = logging.getLogger(__name__)


def create_bot(settings: Settings) -> Bot:
    session = None
    if settings.telegram_api_url:
        api = TelegramAPIServer.from_base(settings.telegram_api_url)
        session = AiohttpSession(api=api)
    return Bot(
        settings.bot_token.get_secret_value(),
        session=session,
        default=DefaultBotProperties(parse_mode=ParseMode.HTML),
    )


@dataclass
class App:
    """Everything the handlers may ask for, by name (dispatcher workflow data)."""

    settings: Settings
    bot: Bot
    db: Database
    clock: Clock
    texts: Texts
    sender: Sender
    notifier: Notifier
    roles: Roles
    registry: Registry
    deadlines: Deadlines
    outbox: Outbox
    extra: dict[str, Any] = field(default_factory=dict)

    def workflow_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "settings": self.settings,
            "db": self.db,
            "clock": self.clock,
            "texts": self.texts,
            "sender": self.sender,
            "notifier": self.notifier,
            "roles": self.roles,
            "registry": self.registry,
            "deadlines": self.deadlines,
            "outbox": self.outbox,
        }
        data.update(self.extra)
        return data


async def create_app(
    settings: Settings, *, clock: Clock | None = None, limits: Limits | None = None
) -> App:
    if clock is None:
        clock = FileClock(settings.clock_file) if settings.clock_file else Clock()
    bot = create_bot(settings)
    db = await Database.open(settings.database_path)

    async def on_blocked(user_id: int) -> None:
        async with db.transaction() as tx:
            await players.mark_blocked(tx, user_id)

    async def on_migrated(old: int, new: int) -> None:
        async with db.transaction() as tx:
            await chats.migrate(tx, old, new, clock.now().isoformat())

    async def on_gone(chat_id: int, reason: str) -> None:
        await chat_gone(db, texts, clock, sender, chat_id, reason)

    delivery = Delivery(limits, on_blocked=on_blocked, on_migrated=on_migrated, on_gone=on_gone)
    bot.session.middleware(delivery)
    bot.session.middleware(PlainAlerts())
    sender = Sender(bot, delivery)
    texts = Texts(settings.default_language)
    notifier = Notifier(db, sender)
    app = App(
        settings=settings,
        bot=bot,
        db=db,
        clock=clock,
        texts=texts,
        sender=sender,
        notifier=notifier,
        roles=Roles(bot, db, settings.organizer_ids),
        registry=Registry(db, clock),
        deadlines=Deadlines(db, clock),
        outbox=Outbox(db, sender, notifier, clock),
    )
    from bot.features import install_features

    install_features(app)
    return app


def create_dispatcher(app: App) -> Dispatcher:
    from handlers import build_router

    dp = Dispatcher(storage=SqliteStorage(app.db), **app.workflow_data())
    handled = HandledUpdates(app.db)
    dp.update.outer_middleware(ContextMiddleware(app.db, app.texts, app.clock, handled))
    dp.callback_query.middleware(CallbackGuardMiddleware())
    dp.include_router(build_router())

    background: set[asyncio.Task[None]] = set()

    async def on_startup() -> None:
        app.clock.start()
        await app.deadlines.start()
        # The menus are cosmetic: registering them must not delay the first getUpdates.
        task = asyncio.get_running_loop().create_task(register_commands(app.bot, app.texts))
        background.add(task)
        task.add_done_callback(background.discard)

    async def on_shutdown() -> None:
        app.clock.stop()
        for task in background:
            task.cancel()
        await app.deadlines.stop()

    dp.startup.register(on_startup)
    dp.shutdown.register(on_shutdown)
    return dp


async def close_app(app: App) -> None:
    app.clock.stop()
    await app.deadlines.stop()
    await app.db.close()
    await app.bot.session.close()


async def run_polling(
    settings: Settings,
    *,
    clock: Clock | None = None,
    limits: Limits | None = None,
    handle_signals: bool = False,
) -> None:
    """Long polling until cancelled (or SIGINT/SIGTERM when run as a program); an update is
    confirmed to Telegram only once handled (``bot.polling``)."""
    app = await create_app(settings, clock=clock, limits=limits)
    dp = create_dispatcher(app)
    try:
        await app.bot.delete_webhook(drop_pending_updates=False)
        await Polling(dp, app.bot, timeout=10).run(handle_signals=handle_signals)
    finally:
        await close_app(app)
