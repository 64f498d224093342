"""The web board's server: aiohttp routes on the webhook's server, or in polling mode its own
(``WEB_PORT``). Read-only GET routes, found by a random token.

- ``GET /t/{token}`` (``?tv=1``: the TV layout): the page with the board as it is now.
- ``GET /t/{token}/events``: server-sent events; each change of the tournament (``bot.live``)
  sends the new board. A board is rendered once per change for every reader (``WebBoards``),
  when a reader wakes, never on the path of the press that changed it; its pictures are drawn
  after its read, off the event loop (``bot.web.render.Picture``), once per version too.
- ``GET /s/{token}``: a season's table (``bot.seasons``), a still page.
- Pages that are no tournament's (``WebBoards.pages``: an Overlord series' table, ``/series``):
  ``GET {path}/{token}`` and its events, looked at again every ``PAGE_SECONDS`` (such a page
  changes a few times a month).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
from collections.abc import Awaitable, Callable, Mapping
from datetime import datetime
from typing import Protocol

from aiohttp import web

from bot.clock import Clock
from bot.live import Live
from bot.settings import Settings
from bot.texts import Texts
from bot.web.gate import Gate, Listening, listen
from bot.web.links import BoardLinks
from bot.web.page import SCRIPT_HASH, event, page
from bot.web.render import Board, drawn
from db import tournaments
from db.database import Database, Tx

log = logging.getLogger(__name__)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

#: a comment line this often keeps proxies from closing a quiet stream
KEEPALIVE_SECONDS = 15.0
#: a burst of changes (a result settles in a few commits) becomes one event
COALESCE_SECONDS = 0.05
#: how often an open page that is no tournament's is looked at again
PAGE_SECONDS = 30.0
#: the id of a version a page was sent (``WebBoards.version_id``): 8 hex digits, a version
VERSION_ID = re.compile(r"([0-9a-f]{8})\.([0-9]{1,18})", re.ASCII)


class BadVersion(ValueError):
    """An event id no page of ours sent (answered 400)."""


class WebBoardKind(Protocol):
    """What the web board asks of a kind of tournament: its board now, read in ``tx``."""

    async def web_board(self, tx: Tx, tournament_id: int, now: datetime) -> Board: ...


class SeasonPages(Protocol):
    """The seasons' pages (``bot.seasons.Seasons``): a season's page by its token."""

    async def web_page(self, token: str) -> str | None: ...


class PageSource(Protocol):
    """A page that is no tournament's board (``WebBoards.pages``), by its token."""

    async def web_page(self, token: str, now: datetime) -> Board | None: ...


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
        links: BoardLinks,
        gate: Gate,
        seasons: SeasonPages | None = None,
        pages: Mapping[str, PageSource] | None = None,
    ) -> None:
        self.db = db
        self.seasons = seasons
        self.clock = clock
        self.settings = settings
        self.texts_of = texts
        self.live = live
        self.kinds = kinds
        self.links = links
        self.gate = gate
        #: the pages that are no tournament's, by their path ("/series": a series' table)
        self.pages = dict(pages or {})
        #: this process's boards: an event id of another run (before a restart) is stale
        self.epoch = secrets.token_hex(4)
        self._cache: dict[int, tuple[int, Board]] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        #: the open event streams, ended when the server shuts down (``close``)
        self.streams: set[asyncio.Task[object]] = set()

    async def load(self, _app: web.Application) -> None:
        """Every board token, read once as the server starts (``BoardLinks.load``)."""
        await self.links.load()

    async def close(self, _app: web.Application) -> None:
        """End every open stream: a reader's stream never ends by itself, and the server's
        shutdown would wait for it (aiohttp's ``shutdown_timeout``, a minute)."""
        for task in list(self.streams):
            task.cancel()

    def version_id(self, version: int) -> str:
        return f"{self.epoch}.{version}"

    def seen(self, version_id: str) -> int:
        """The version a reader has, from the id he sends back (-1: unknown, send the board);
        ``BadVersion`` for one no page of ours ever sent (not ``epoch.digits``)."""
        if not version_id:
            return -1
        found = VERSION_ID.fullmatch(version_id)
        if found is None:
            raise BadVersion(version_id[:40])
        epoch, number = found.groups()
        return int(number) if epoch == self.epoch else -1

    def tournament_of(self, token: str) -> int | None:
        """The tournament a board token opens: from memory (``BoardLinks``), never the
        database, so a flood of guessed links costs no read under the database's lock."""
        return self.links.tournament_of(token)

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
        """The board read, then its pictures drawn outside the read (``render.drawn``)."""
        now = self.clock.now()
        async with self.db.read() as tx:
            tournament = await tournaments.get(tx, tournament_id)
            assert tournament is not None
            board = await self.kinds[tournament.kind].web_board(tx, tournament_id, now)
        return await drawn(board)

    def texts(self, board: Board) -> dict[str, str]:
        def t(key: str, **values: object) -> str:
            return self.texts_of.get(board.lang, key, **values)

        return {
            "title": t("web.title", name=board.title),
            "page": t("web.page", page="{page}", pages="{pages}"),
            "live": t("web.live"),
            "offline": t("web.offline"),
        }


async def unnamed(_request: web.Request, response: web.StreamResponse) -> None:
    """No ``Server`` header naming Python's and aiohttp's versions (a visitor's map of what
    to attack)."""
    response.headers["Server"] = "club-bot"


def add_routes(web_app: web.Application, boards: WebBoards) -> None:
    """The board's routes on ``web_app`` (the webhook's application, or the polling mode's),
    behind the gate's rate per address (``bot.web.gate``); the tokens are read at start."""
    web_app.middlewares.append(boards.gate.middleware())
    web_app.on_response_prepare.append(unnamed)
    web_app.router.add_get("/t/{token}", _page_handler(boards))
    web_app.router.add_get("/t/{token}/events", _events_handler(boards))
    web_app.router.add_get("/s/{token}", _season_handler(boards))
    for path, source in boards.pages.items():
        web_app.router.add_get(path + "/{token}", _other_page(boards, source))
        web_app.router.add_get(path + "/{token}/events", _other_events(boards, source))
    web_app.on_startup.append(boards.load)
    web_app.on_shutdown.append(boards.close)


HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Robots-Tag": "noindex",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": (
        f"default-src 'none'; style-src 'unsafe-inline'; script-src '{SCRIPT_HASH}'; "
        "connect-src 'self'; img-src data:; "
        # framed only by Telegram's web clients (the Mini App), by nothing else
        "frame-ancestors https://web.telegram.org"
    ),
}


RETRY_HEADERS = {**HEADERS, "Retry-After": "5"}


def _not_found(boards: WebBoards) -> web.Response:
    text = boards.texts_of.get(boards.settings.default_language, "web.not_found")
    return web.Response(status=404, text=text, headers=HEADERS)


def _page_handler(boards: WebBoards) -> Handler:
    async def handle(request: web.Request) -> web.StreamResponse:
        tournament_id = boards.tournament_of(request.match_info["token"])
        if tournament_id is None:
            return _not_found(boards)
        version, board = await boards.board(tournament_id)
        now = boards.clock.now().isoformat()
        tv = request.query.get("tv", "") not in ("", "0")
        body = page(board, boards.version_id(version), now, boards.texts(board), tv=tv)
        return web.Response(text=body, content_type="text/html", headers=HEADERS)

    return handle


def _season_handler(boards: WebBoards) -> Handler:
    """A season's page (``bot.seasons``): its table now; 404 for a token of no season."""

    async def handle(request: web.Request) -> web.StreamResponse:
        token = request.match_info["token"]
        found = None
        if boards.seasons is not None and len(token) < 64:
            found = await boards.seasons.web_page(token)
        if found is None:
            return _not_found(boards)
        return web.Response(text=found, content_type="text/html", headers=HEADERS)

    return handle


def _other_page(boards: WebBoards, source: PageSource) -> Handler:
    async def handle(request: web.Request) -> web.StreamResponse:
        now = boards.clock.now()
        board = await source.web_page(request.match_info["token"], now)
        if board is None:
            return _not_found(boards)
        tv = request.query.get("tv", "") not in ("", "0")
        body = page(board, boards.version_id(0), now.isoformat(), boards.texts(board), tv=tv)
        return web.Response(text=body, content_type="text/html", headers=HEADERS)

    return handle


def _other_events(boards: WebBoards, source: PageSource) -> Handler:
    """A page that is no tournament's: its board again whenever it changed, looked at every
    ``PAGE_SECONDS`` (a keep-alive between)."""

    async def handle(request: web.Request) -> web.StreamResponse:
        token = request.match_info["token"]
        if await source.web_page(token, boards.clock.now()) is None:
            return _not_found(boards)
        with boards.gate.stream(request.remote or "") as admitted:
            if not admitted:
                return web.Response(status=429, text="Too many streams", headers=RETRY_HEADERS)
            response = web.StreamResponse(
                headers={**HEADERS, "Content-Type": "text/event-stream", "X-Accel-Buffering": "no"}
            )
            await response.prepare(request)
            with contextlib.suppress(ConnectionError, asyncio.CancelledError):
                await watch_page(boards, source, token, response)
            return response

    return handle


async def watch_page(
    boards: WebBoards, source: PageSource, token: str, response: web.StreamResponse
) -> None:
    task = asyncio.current_task()
    assert task is not None
    boards.streams.add(task)
    try:
        await response.write(b"retry: 1000\n\n")
        shown: str | None = None
        version = 0
        while True:
            now = boards.clock.now()
            board = await source.web_page(token, now)
            if board is None:
                return
            if board.html != shown:
                shown, version = board.html, version + 1
                title = boards.texts(board)["title"]
                await response.write(
                    event(boards.version_id(version), now.isoformat(), title, board)
                )
            else:
                await response.write(b": keep-alive\n\n")
            await asyncio.sleep(PAGE_SECONDS)
    finally:
        boards.streams.discard(task)


def _events_handler(boards: WebBoards) -> Handler:
    async def handle(request: web.Request) -> web.StreamResponse:
        tournament_id = boards.tournament_of(request.match_info["token"])
        if tournament_id is None:
            return _not_found(boards)
        given = request.headers.get("Last-Event-ID") or request.query.get("v", "")
        try:
            seen = boards.seen(given)
        except BadVersion:
            return web.Response(status=400, text="Bad event id", headers=HEADERS)
        if request.method == "HEAD":  # what a stream would be, without holding one open
            return web.Response(headers={**HEADERS, "Content-Type": "text/event-stream"})
        with boards.gate.stream(request.remote or "") as admitted:
            if not admitted:
                return web.Response(status=429, text="Too many streams", headers=RETRY_HEADERS)
            return await _serve_stream(boards, request, tournament_id, seen)

    return handle


async def _serve_stream(
    boards: WebBoards, request: web.Request, tournament_id: int, seen: int
) -> web.StreamResponse:
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


async def start_web(boards: WebBoards) -> Listening:
    """Serve the board on ``WEB_HOST:WEB_PORT`` (polling mode) behind its gate; the caller
    closes it."""
    from bot.startup import StartupError

    settings = boards.settings
    runner = web.AppRunner(
        web_application(boards), keepalive_timeout=KEEPALIVE_SECONDS, access_log=None
    )
    await runner.setup()
    try:
        served = await listen(runner, boards.gate, settings.web_host, settings.web_port or 0)
    except OSError as exc:
        await runner.cleanup()
        raise StartupError(
            f"cannot listen on WEB_HOST={settings.web_host} WEB_PORT={settings.web_port} "
            f"({exc.strerror or exc}): is another program on that port?"
        ) from None
    log.info("web board on %s:%s", settings.web_host, settings.web_port)
    return served
