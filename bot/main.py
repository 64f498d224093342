"""The composition root: the Telegram client, the services, the dispatcher, and running them.

Imported by nothing but ``bot/__main__.py`` (and the tests and benchmarks that start the bot):
each service is built here and given its collaborators (``bot.infra.Infra``, the result flow,
another service), and the dispatcher gets them as ``bot.services.Services``. It is the one
module of ``bot/`` that imports ``handlers`` (``make test`` checks: ``tools.layers``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import timedelta
from functools import partial
from typing import Any

from aiogram import Bot, Dispatcher
from aiogram.client.default import DefaultBotProperties
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.session.base import BaseSession
from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.client.telegram import TelegramAPIServer
from aiogram.enums import ParseMode
from aiogram.fsm.storage.memory import SimpleEventIsolation
from aiogram.methods import GetUpdates, Response, TelegramMethod
from aiogram.methods.base import TelegramType
from aiohttp import web

from bot.access import ButtonAccess, ChatSenders
from bot.ahead import AfterCreation, Ahead
from bot.background import Background
from bot.boards import Boards
from bot.clock import Clock, FileClock
from bot.commands import register_commands
from bot.deadlines import Deadlines
from bot.decks import DeckService
from bot.directory import Directory
from bot.draft import DraftClockService
from bot.flood import FloodGate, FloodMiddleware
from bot.gone import chat_gone
from bot.groups import Groups
from bot.handled import HandledUpdates
from bot.inbox_loop import InboxLoop
from bot.infra import Infra
from bot.judges import Judges
from bot.kind import GatesEntries, WebPages, deck_hosts, draft_hosts
from bot.kinds import KINDS
from bot.late import tell_late_job
from bot.leader import lead, watch
from bot.live import Live
from bot.memory import ClubMemory
from bot.middleware import ContextMiddleware
from bot.no_shows import NoShows
from bot.notify import Notifier
from bot.outbox import SAY_JOB, TELL_JOB, Outbox
from bot.pacing import Limits
from bot.pictures.profile import RatingCharts
from bot.polling import Polling
from bot.recap import Recaps
from bot.registry import Registry
from bot.results import ASK_JOB, ResultFlow
from bot.results.notices import ResultNotices
from bot.roles import Roles
from bot.seasons import Seasons
from bot.sender import Delivery, PlainAlerts, Sender
from bot.services import Services
from bot.settings import Settings
from bot.startup import (
    StartupError,
    open_database,
    polling_ready,
    set_webhook,
    webhook_ready,
)
from bot.storage import SqliteStorage
from bot.texts import Texts
from bot.web.gate import Gate, Listening, WebLimits, fd_budget, raise_fd_limit
from bot.web.links import BoardLinks
from bot.web.server import KEEPALIVE_SECONDS, WebBoards, start_web
from bot.webhook import build_webhook_app, inbox_webhook_app, listen
from db import players
from db.database import Database
from db.lease import Lease
from handlers import build_router

log = logging.getLogger(__name__)

#: How long the catch-up after downtime waits for polling to begin (a webhook never polls).
POLL_WAIT_SECONDS = 5.0


def create_bot(settings: Settings, session: BaseSession | None = None) -> Bot:
    """The bot, talking to Telegram (or ``TELEGRAM_API_URL``) through ``session`` when given
    (the service tests' recording session)."""
    if session is None and settings.telegram_api_url:
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


def default_clock(settings: Settings) -> Clock:
    return FileClock(settings.clock_file, zone=settings.zone) if settings.clock_file else Clock()


async def build_services(
    settings: Settings,
    *,
    clock: Clock | None = None,
    limits: Limits | None = None,
    session: BaseSession | None = None,
) -> Services:
    """Open the database and build every service, each given its collaborators (``session``:
    how the bot reaches the Bot API, ``create_bot``)."""
    clock = clock or default_clock(settings)
    bot = create_bot(settings, session)
    db = await open_database(settings.database)
    groups = Groups(db, clock)
    infra = build_infra(settings, bot, db, clock, groups, limits)
    services = build_kinds(settings, bot, infra, groups)
    db.watch(services.live.changed)
    bot.session.middleware(FirstPoll(services.polling))
    return services


def build_infra(
    settings: Settings,
    bot: Bot,
    db: Database,
    clock: Clock,
    groups: Groups,
    limits: Limits | None,
) -> Infra:
    """The database, the clock, the texts and the ways out (``bot.infra``)."""
    texts = Texts(settings.default_language)

    async def on_blocked(user_id: int) -> None:
        async with db.transaction() as tx:
            await players.mark_blocked(tx, user_id)

    async def on_gone(chat_id: int, reason: str) -> None:
        await chat_gone(db, texts, clock, sender, chat_id, reason)

    delivery = Delivery(limits, on_blocked=on_blocked, on_migrated=groups.migrated, on_gone=on_gone)
    bot.session.middleware(delivery)
    bot.session.middleware(PlainAlerts())
    sender = Sender(bot, delivery)
    notifier = Notifier(db, sender)
    background = Background()
    boards = Boards(sender, background, settings.board_repost_after)
    bot.session.middleware(boards)
    return Infra(
        db=db,
        clock=clock,
        settings=settings,
        texts=texts,
        sender=sender,
        notifier=notifier,
        outbox=Outbox(db, sender, notifier, clock, texts),
        deadlines=Deadlines(db, clock, background),
        boards=boards,
        links=BoardLinks(db, settings, texts),
        registry=Registry(db, clock),
        background=background,
    )


def web_limits(settings: Settings) -> WebLimits:
    """The web board's bounds (``bot.web.gate``): the club's settings, with the connections
    in all kept within what the open-files limit (raised here) leaves the bot."""
    total = fd_budget(raise_fd_limit(), settings.web_connections)
    return WebLimits(
        total=total,
        per_address=min(total, settings.web_connections_per_address),
        streams=max(1, total * 3 // 4),
        streams_per_address=settings.web_streams_per_address,
        header_seconds=settings.web_header_seconds,
        rate=settings.web_requests_per_second,
        burst=max(1, round(3 * settings.web_requests_per_second)),
    )


def build_kinds(settings: Settings, bot: Bot, infra: Infra, groups: Groups) -> Services:
    """The result flow, each kind's service and the services around them."""
    db, clock, deadlines = infra.db, infra.clock, infra.deadlines
    confirmation = timedelta(minutes=settings.confirmation_minutes)
    flow = ResultFlow(db, clock, deadlines, confirmation)
    notices = ResultNotices(
        db, infra.texts, infra.notifier, flow, settings, infra.outbox, infra.background
    )
    deadlines.on_durable(ASK_JOB, notices.ask_job)
    deadlines.on_durable(SAY_JOB, infra.outbox.say_job)
    deadlines.on_durable(TELL_JOB, infra.outbox.tell_job)
    deadlines.on_late_job = partial(tell_late_job, infra)
    kinds = {spec.name: spec.build(infra, flow, notices) for spec in KINDS}
    for kind in kinds.values():
        kind.register(flow)
    draft_clock = DraftClockService(infra, draft_hosts(KINDS, kinds))
    draft_clock.register()
    ahead = Ahead(infra, kinds)
    ahead.register()
    live = Live()
    club = (settings.organizer_ids, settings.club_groups)
    memory = ClubMemory(db, infra.texts, kinds, club)
    seasons = Seasons(db, infra.texts, settings, memory)
    recaps = Recaps(infra, memory, frozenset(spec.name for spec in KINDS if spec.lasts_weeks))
    recaps.register()
    no_shows = NoShows(db, infra.texts, memory, infra.notifier, infra.outbox, clock, settings.zone)
    for kind in kinds.values():
        if isinstance(kind, GatesEntries):
            kind.gate_entries(no_shows)
    return Services(
        infra=infra,
        bot=bot,
        roles=Roles(
            bot,
            db,
            infra.notifier,
            settings.organizer_ids,
            settings.club_groups,
            ratings_shared=settings.ratings_to_other_groups,
        ),
        groups=groups,
        directory=Directory(db),
        charts=RatingCharts(db, infra.texts, settings.zone),
        live=live,
        polling=asyncio.Event(),
        flow=flow,
        notices=notices,
        judges=Judges(db, clock, flow),
        memory=memory,
        seasons=seasons,
        recaps=recaps,
        no_shows=no_shows,
        kinds=kinds,
        decks=DeckService(infra, deck_hosts(KINDS, kinds)),
        draft_clock=draft_clock,
        web_boards=WebBoards(
            db,
            clock,
            settings,
            infra.texts,
            live,
            kinds,
            infra.links,
            Gate(web_limits(settings)),
            seasons,
            {
                path: source
                for kind in kinds.values()
                if isinstance(kind, WebPages)
                for path, source in kind.web_pages().items()
            },
        ),
        ahead=ahead,
    )


def create_dispatcher(services: Services) -> Dispatcher:
    # One update at a time per person and chat, the wizard state read inside that turn: two
    # quick answers must not both read the same step (updates are otherwise concurrent).
    db, clock, texts = services.db, services.clock, services.texts
    dp = Dispatcher(
        storage=SqliteStorage(db),
        events_isolation=SimpleEventIsolation(),
        **services.handler_data(),
    )
    handled = HandledUpdates(db)
    dp.update.outer_middleware(ContextMiddleware(db, texts, clock, handled))
    dp.update.outer_middleware(ChatSenders())  # after the context: it answers in the language
    # a start given with /new waits for the tournament its wizard creates (``bot.ahead``)
    dp.update.outer_middleware(AfterCreation(services.ahead.expected))
    dp.callback_query.outer_middleware(ButtonAccess(services.roles, db))  # before any filter
    window = timedelta(seconds=services.settings.flood_seconds)
    flood = FloodMiddleware(FloodGate(services.settings.flood_limit, window), clock)
    dp.message.outer_middleware(flood)
    dp.callback_query.outer_middleware(flood)
    dp.include_router(build_router())
    dp.startup.register(partial(on_startup, services))
    dp.shutdown.register(partial(on_shutdown, services))
    return dp


async def catch_up(services: Services) -> None:
    """What came due while the bot was down, once it polls (``bot.deadlines``)."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(services.polling.wait(), POLL_WAIT_SECONDS)
    await services.infra.deadlines.catch_up()


async def on_startup(services: Services) -> None:
    services.clock.start()
    await services.infra.deadlines.start()  # the timers to come; the overdue wait for catch_up
    # The menus are cosmetic: registering them must not delay the first getUpdates.
    services.background.spawn(register_commands(services.bot, services.texts))
    services.background.spawn(catch_up(services))


async def on_shutdown(services: Services) -> None:
    services.clock.stop()
    await services.infra.deadlines.stop()  # fires no more; what fires now finishes in the drain
    await services.background.drain()


async def close_services(services: Services) -> None:
    services.clock.stop()
    await services.infra.deadlines.stop()
    await services.background.drain()
    await services.db.close()
    await services.bot.session.close()


async def run_polling(
    settings: Settings,
    *,
    clock: Clock | None = None,
    limits: Limits | None = None,
    handle_signals: bool = False,
) -> None:
    """Long polling until cancelled (or SIGINT/SIGTERM when run as a program); an update is
    stored before Telegram is told it arrived, and handled after a crash (``bot.polling``).
    On a database shared by several processes, only the leader polls (``bot.leader``)."""
    services = await build_services(settings, clock=clock, limits=limits)
    dp = create_dispatcher(services)
    served: Listening | None = None
    lease = Lease.open(settings.database)
    lost: list[bool] = []
    try:
        every = settings.leader_check_seconds
        await lead(lease, every)
        await polling_ready(services.bot, settings.startup_retry_seconds)
        if settings.web_port is not None:
            served = await start_web(services.web_boards)
        polling = Polling(dp, services.bot, services.db, timeout=10)

        def lose() -> None:
            lost.append(True)
            polling.stop()

        guard = asyncio.ensure_future(watch(lease, every, lose))
        try:
            await polling.run(handle_signals=handle_signals)
        finally:
            guard.cancel()
    finally:
        if served is not None:
            await served.close()
        await close_services(services)
        await lease.close()
    if lost:
        raise StartupError("the leader's lease was lost: start again, as a standby")


def webhook_application(services: Services, dp: Dispatcher) -> web.Application:
    """The webhook's aiohttp application with the web board's routes (``bot.webhook``)."""
    return build_webhook_app(services.settings, services.bot, dp, services.web_boards)


async def run_webhook(settings: Settings) -> None:
    """Serve until cancelled. The token is checked before the port opens, and every start-up
    failure (``bot.startup.StartupError``) closes the server and the database before it goes
    up: an open aiosqlite connection alone would keep the process alive. Every process, leader
    or standby, opens its port and stores what Telegram posts in the inbox; only the leader
    (``bot.leader``) sets the webhook and handles what the inbox holds (``bot.inbox_loop``)."""
    services = await build_services(settings)
    served: Listening | None = None
    lease = Lease.open(settings.database)
    lost: list[bool] = []
    guard: asyncio.Future[None] | None = None
    dp = create_dispatcher(services)
    handling = InboxLoop(dp, services.bot, services.db)
    try:
        await webhook_ready(services.bot, settings.startup_retry_seconds)
        # No access log: its lines would carry every board link (a token opens a board).
        runner = web.AppRunner(
            inbox_webhook_app(settings, services.db, services.web_boards, handling.wake),
            keepalive_timeout=KEEPALIVE_SECONDS,
            access_log=None,
        )
        await runner.setup()
        served = await listen(runner, services.web_boards.gate, settings)
        log.info("webhook server on %s:%s", settings.webhook_host, settings.webhook_port)
        await lead(lease, settings.leader_check_seconds)
        url = settings.webhook_url.rstrip("/") + settings.webhook_path
        await set_webhook(
            services.bot, url, settings.webhook_secret, settings.startup_retry_seconds
        )
        log.info("Telegram posts to %s", url)

        def lose() -> None:
            lost.append(True)
            handling.stop()

        guard = asyncio.ensure_future(watch(lease, settings.leader_check_seconds, lose))
        await handling.run()
    finally:
        if guard is not None:
            guard.cancel()
        if served is not None:
            await served.close()
        await close_services(services)
        await lease.close()
    if lost:
        raise StartupError("the leader's lease was lost: start again, as a standby")
