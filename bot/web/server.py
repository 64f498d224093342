"""The web board's server: aiohttp routes on the webhook's server, or in polling mode its own
(``WEB_PORT``). Read-only: two GET routes, found by the tournament's token.

- ``GET /t/{token}`` (``?tv=1``: the TV layout): the page with the board as it is now.
- ``GET /t/{token}/events``: server-sent events; each change of the tournament (``bot.live``)
  sends the new board. A board is rendered once per change for every reader (``WebBoards``),
  when a reader wakes, never on the path of the press that changed it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable, Mapping
from datetime import datetime
from typing import Protocol

from aiohttp import web

from bot.clock import Clock
from bot.live import Live
from bot.settings import Settings
from bot.texts import Texts
from bot.web.page import event, page
from bot.web.render import Board
from db import board_links, tournaments
from db.database import Database, Tx

log = logging.getLogger(__name__)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

#: a comment line this often keeps proxies from closing a quiet stream
KEEPALIVE_SECONDS = 15.0
#: a burst of changes (a result settles in a few commits) becomes one event
COALESCE_SECONDS = 0.05


class WebBoardKind(Protocol):
    """What the web board asks of a kind of tournament: its board now, read in ``tx``."""

    async def web_board(self, tx: Tx, tournament_id: int, now: datetime) -> Board: ...


class WebBoards:
    """Renders boards from the database, once per tournament version; each kind draws its own
    (``kinds``: by the tournament's kind)."""

    def __init__(
        self,
        db: Database,
        clock: Clock,
        settings: Settings,
        texts: Texts,
        live: Live,
        kinds: Mapping[str, WebBoardKind],
    ) -> None:
        self.db = db
        self.clock = clock
        self.settings = settings
        self.texts_of = texts
        self.live = live
        self.kinds = kinds
        #: this process's boards: an event id of another run (before a restart) is stale
        self.epoch = secrets.token_hex(4)
        self._cache: dict[int, tuple[int, Board]] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._tokens: dict[str, int] = {}
        #: the open event streams, ended when the server shuts down (``close``)
        self.streams: set[asyncio.Task[object]] = set()

    async def close(self, _app: web.Application) -> None:
        """End every open stream: a reader's stream never ends by itself, and the server's
        shutdown would wait for it (aiohttp's ``shutdown_timeout``, a minute)."""
        for task in list(self.streams):
            task.cancel()

    def version_id(self, version: int) -> str:
        return f"{self.epoch}.{version}"

    def seen(self, version_id: str) -> int:
        """The version a reader has, from the id he sends back (-1: unknown, send the board)."""
        epoch, _, number = version_id.partition(".")
        return int(number) if epoch == self.epoch and number.isdigit() else -1

    async def tournament_of(self, token: str) -> int | None:
        if token not in self._tokens:
            async with self.db.read() as tx:
                found = await board_links.tournament_of(tx, token)
            if found is None:
                return None
            self._tokens[token] = found
        return self._tokens[token]

    async def board(self, tournament_id: int) -> tuple[int, Board]:
        """The board at the tournament's current version (rendered once per version)."""
        lock = self._locks.setdefault(tournament_id, asyncio.Lock())
        async with lock:
            version = self.live.version(tournament_id)
            cached = self._cache.get(tournament_id)
            if cached is not None and cached[0] == version:
                return cached
            board = await self.render(tournament_id)
            self._cache[tournament_id] = (version, board)
            return version, board

    async def render(self, tournament_id: int) -> Board:
        now = self.clock.now()
        async with self.db.read() as tx:
            tournament = await tournaments.get(tx, tournament_id)
            assert tournament is not None
            return await self.kinds[tournament.kind].web_board(tx, tournament_id, now)

    def texts(self, board: Board) -> dict[str, str]:
        def t(key: str, **values: object) -> str:
            return self.texts_of.get(board.lang, key, **values)

        return {
            "title": t("web.title", name=board.title),
            "page": t("web.page", page="{page}", pages="{pages}"),
            "live": t("web.live"),
            "offline": t("web.offline"),
        }


def add_routes(web_app: web.Application, boards: WebBoards) -> None:
    """The board's routes on ``web_app`` (the webhook's application, or the polling mode's)."""
    web_app.router.add_get("/t/{token}", _page_handler(boards))
    web_app.router.add_get("/t/{token}/events", _events_handler(boards))
    web_app.on_shutdown.append(boards.close)


HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Robots-Tag": "noindex",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": (
        "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
        "connect-src 'self'; img-src data:"
    ),
}


def _not_found(boards: WebBoards) -> web.Response:
    text = boards.texts_of.get(boards.settings.default_language, "web.not_found")
    return web.Response(status=404, text=text, headers=HEADERS)


def _page_handler(boards: WebBoards) -> Handler:
    async def handle(request: web.Request) -> web.StreamResponse:
        tournament_id = await boards.tournament_of(request.match_info["token"])
        if tournament_id is None:
            return _not_found(boards)
        version, board = await boards.board(tournament_id)
        now = boards.clock.now().isoformat()
        tv = request.query.get("tv", "") not in ("", "0")
        body = page(board, boards.version_id(version), now, boards.texts(board), tv=tv)
        return web.Response(text=body, content_type="text/html", headers=HEADERS)

    return handle


def _events_handler(boards: WebBoards) -> Handler:
    async def handle(request: web.Request) -> web.StreamResponse:
        tournament_id = await boards.tournament_of(request.match_info["token"])
        if tournament_id is None:
            return _not_found(boards)
        given = request.headers.get("Last-Event-ID") or request.query.get("v", "")
        seen = boards.seen(given)
        response = web.StreamResponse(
            headers={**HEADERS, "Content-Type": "text/event-stream", "X-Accel-Buffering": "no"}
        )
        await response.prepare(request)
        task = asyncio.current_task()
        assert task is not None
        boards.streams.add(task)
        try:
            with contextlib.suppress(ConnectionError, asyncio.CancelledError):
                await stream(boards, response, tournament_id, seen)
        finally:
            boards.streams.discard(task)
        return response

    return handle


async def stream(boards: WebBoards, response: web.StreamResponse, tid: int, seen: int) -> None:
    """Send the board at each new version until the reader goes away."""
    await response.write(b"retry: 1000\n\n")
    while True:
        if boards.live.version(tid) <= seen:  # nothing new yet: wait for a change
            if await boards.live.wait(tid, seen, KEEPALIVE_SECONDS) <= seen:
                await response.write(b": keep-alive\n\n")
                continue
            await asyncio.sleep(COALESCE_SECONDS)
        version, board = await boards.board(tid)
        now = boards.clock.now().isoformat()
        title = boards.texts(board)["title"]
        await response.write(event(boards.version_id(version), now, title, board))
        seen = version


def web_application(boards: WebBoards) -> web.Application:
    """The polling mode's own application: the board's routes only."""
    web_app = web.Application()
    add_routes(web_app, boards)
    return web_app


async def start_web(boards: WebBoards) -> web.AppRunner:
    """Serve the board on ``WEB_HOST:WEB_PORT`` (polling mode); the caller cleans the runner up."""
    from bot.startup import StartupError

    settings = boards.settings
    runner = web.AppRunner(web_application(boards))
    await runner.setup()
    try:
        await web.TCPSite(runner, settings.web_host, settings.web_port).start()
    except OSError as exc:
        await runner.cleanup()
        raise StartupError(
            f"cannot listen on WEB_HOST={settings.web_host} WEB_PORT={settings.web_port} "
            f"({exc.strerror or exc}): is another program on that port?"
        ) from None
    log.info("web board on %s:%s", settings.web_host, settings.web_port)
    return runner
