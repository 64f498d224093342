"""Assembling the bot: the Telegram client, the services, the dispatcher, and running it."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from aiogram import Bot, Dispatcher
from aiogram.client.default import DefaultBotProperties
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.client.telegram import TelegramAPIServer
from aiogram.enums import ParseMode
from aiogram.fsm.storage.memory import SimpleEventIsolation
from aiogram.methods import GetUpdates, Response, TelegramMethod
from aiogram.methods.base import TelegramType

from bot.access import ButtonAccess, ChatSenders
from bot.background import Background
from bot.boards import Boards
from bot.clock import Clock, FileClock
from bot.commands import register_commands
from bot.deadlines import Deadlines
from bot.flood import FloodGate, FloodMiddleware
from bot.gone import chat_gone
from bot.groups import Groups
from bot.handled import HandledUpdates
from bot.live import Live
from bot.middleware import CallbackGuardMiddleware, ContextMiddleware
from bot.notify import Notifier
from bot.outbox import Outbox
from bot.pacing import Limits
from bot.polling import Polling
from bot.registry import Registry
from bot.roles import Roles
from bot.sender import Delivery, PlainAlerts, Sender
from bot.settings import Settings
from bot.startup import open_database, polling_ready
from bot.storage import SqliteStorage
from bot.texts import Texts
from bot.web.links import BoardLinks
from db import players
from db.database import Database

log = logging.getLogger(__name__)

#: How long the catch-up after downtime waits for polling to begin (a webhook never polls).
POLL_WAIT_SECONDS = 5.0


def create_bot(settings: Settings) -> Bot:
    session = None
    if settings.telegram_api_url:
        api = TelegramAPIServer.from_base(settings.telegram_api_url)
        session = AiohttpSession(api=api)
    bot = Bot(
        settings.bot_token.get_secret_value(),
        session=session,
        default=DefaultBotProperties(parse_mode=ParseMode.HTML),
    )
    bot.session.middleware(KeepResponseModels())
    return bot


class KeepResponseModels(BaseRequestMiddleware):
    """Keeps alive the response models aiogram builds for each kind of call.

    aiogram reads every answer through ``Response[<the method's result type>]``, a pydantic
    generic model that pydantic builds on first use (2-4 ms) and keeps only in a weak cache: a
    full garbage collection frees it, and the next call builds it again. Under a burst (256
    players, ``benchmarks.burst``) the bot rebuilt such models 1 174 times, 5 s of its 25 s;
    one strong reference per result type (a few dozen) ends that.
    """

    def __init__(self) -> None:
        self.models: dict[Any, type[Response[Any]]] = {}

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        returning = method.__returning__
        if returning not in self.models:
            self.models[returning] = Response[returning]  # type: ignore[valid-type]
        return await make_request(bot, method)


class FirstPoll(BaseRequestMiddleware):
    """Sets ``polling`` as the first getUpdates goes out. The deadlines that came due while the
    bot was down wait for it (``Deadlines.catch_up``): after downtime people's presses come
    first, not a backlog of stale timers."""

    def __init__(self, polling: asyncio.Event) -> None:
        self.polling = polling

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        if isinstance(method, GetUpdates):
            self.polling.set()
        return await make_request(bot, method)


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
    groups: Groups
    boards: Boards
    extra: dict[str, Any] = field(default_factory=dict)
    #: set once the bot asks Telegram for updates (``FirstPoll``)
    polling: asyncio.Event = field(default_factory=asyncio.Event)
    #: follow-ups of answered presses, run beside the updates (``bot.background``)
    background: Background = field(default_factory=Background)
    #: each committed change of a tournament, for its open web boards (``bot.web``)
    live: Live = field(default_factory=Live)

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
            "groups": self.groups,
            "background": self.background,
        }
        data.update(self.extra)
        return data


async def create_app(
    settings: Settings, *, clock: Clock | None = None, limits: Limits | None = None
) -> App:
    if clock is None:
        clock = (
            FileClock(settings.clock_file, zone=settings.zone) if settings.clock_file else Clock()
        )
    bot = create_bot(settings)
    db = await open_database(settings.database_path)

    async def on_blocked(user_id: int) -> None:
        async with db.transaction() as tx:
            await players.mark_blocked(tx, user_id)

    groups = Groups(db, clock)

    async def on_gone(chat_id: int, reason: str) -> None:
        await chat_gone(db, texts, clock, sender, chat_id, reason)

    delivery = Delivery(limits, on_blocked=on_blocked, on_migrated=groups.migrated, on_gone=on_gone)
    bot.session.middleware(delivery)
    bot.session.middleware(PlainAlerts())
    sender = Sender(bot, delivery)
    texts = Texts(settings.default_language)
    notifier = Notifier(db, sender)
    background = Background()
    boards = Boards(sender, background, settings.board_repost_after)
    bot.session.middleware(boards)
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
        deadlines=Deadlines(db, clock, background),
        outbox=Outbox(db, sender, notifier, clock),
        groups=groups,
        boards=boards,
        background=background,
    )
    app.db.watch(app.live.changed)
    app.extra["links"] = BoardLinks(db, settings, texts)
    from bot.features import install_features

    install_features(app)
    bot.session.middleware(FirstPoll(app.polling))
    return app


def create_dispatcher(app: App) -> Dispatcher:
    from handlers import build_router

    # One update at a time per person and chat, the wizard state read inside that turn: two
    # quick answers must not both read the same step (updates are otherwise concurrent).
    dp = Dispatcher(
        storage=SqliteStorage(app.db),
        events_isolation=SimpleEventIsolation(),
        **app.workflow_data(),
    )
    handled = HandledUpdates(app.db)
    dp.update.outer_middleware(ContextMiddleware(app.db, app.texts, app.clock, handled))
    dp.update.outer_middleware(ChatSenders())  # after the context: it answers in the language
    dp.callback_query.outer_middleware(ButtonAccess(app.roles, app.db))  # before any filter
    dp.callback_query.middleware(CallbackGuardMiddleware())
    window = timedelta(seconds=app.settings.flood_seconds)
    flood = FloodMiddleware(FloodGate(app.settings.flood_limit, window), app.clock)
    dp.message.outer_middleware(flood)
    dp.callback_query.outer_middleware(flood)
    dp.include_router(build_router())

    async def catch_up() -> None:
        """What came due while the bot was down, once it polls (``bot.deadlines``)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(app.polling.wait(), POLL_WAIT_SECONDS)
        await app.deadlines.catch_up()

    async def on_startup() -> None:
        app.clock.start()
        await app.deadlines.start()  # the timers to come; the overdue ones wait for catch_up
        # The menus are cosmetic: registering them must not delay the first getUpdates.
        app.background.spawn(register_commands(app.bot, app.texts))
        app.background.spawn(catch_up())

    async def on_shutdown() -> None:
        app.clock.stop()
        await app.deadlines.stop()  # fires no more; what fires now finishes in the drain
        await app.background.drain()

    dp.startup.register(on_startup)
    dp.shutdown.register(on_shutdown)
    return dp


async def close_app(app: App) -> None:
    app.clock.stop()
    await app.deadlines.stop()
    await app.background.drain()
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
    stored before Telegram is told it arrived, and handled after a crash (``bot.polling``)."""
    app = await create_app(settings, clock=clock, limits=limits)
    dp = create_dispatcher(app)
    runner = None
    try:
        await polling_ready(app.bot, settings.startup_retry_seconds)
        if settings.web_port is not None:
            from bot.web.server import start_web  # only a bot that serves the board loads it

            runner = await start_web(app)
        await Polling(dp, app.bot, app.db, timeout=10).run(handle_signals=handle_signals)
    finally:
        if runner is not None:
            await runner.cleanup()
        await close_app(app)
