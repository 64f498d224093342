"""The web board's server: aiohttp routes on the webhook's server, or in polling mode its own
(``WEB_PORT``). Read-only: two GET routes, found by the tournament's token.

- ``GET /t/{token}`` (``?tv=1``: the TV layout): the page with the board as it is now.
- ``GET /t/{token}/events``: server-sent events; each change of the tournament (``bot.live``)
  sends the new board. A board is rendered once per change for every reader (``Boards``),
  when a reader wakes, never on the path of the press that changed it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from aiohttp import web

from bot.live import Live
from bot.texts import pick_language
from bot.web.koth_board import koth_board
from bot.web.page import event, page
from bot.web.render import Board
from bot.web.swiss_board import SwissView, swiss_board
from db import board_links, chats, reports, tournaments

if TYPE_CHECKING:
    from bot.app import App

log = logging.getLogger(__name__)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

#: a comment line this often keeps proxies from closing a quiet stream
KEEPALIVE_SECONDS = 15.0
#: a burst of changes (a result settles in a few commits) becomes one event
COALESCE_SECONDS = 0.05


class Boards:
    """Renders boards from the database, once per tournament version."""

    def __init__(self, app: App, live: Live) -> None:
        self.app = app
        self.live = live
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
            async with self.app.db.read() as tx:
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
        now = self.app.clock.now()
        async with self.app.db.read() as tx:
            tournament = await tournaments.get(tx, tournament_id)
            assert tournament is not None
            if tournament.kind == "koth":
                koth = self.app.extra["koth"]
                snap = await koth.core.snapshot(tx, tournament_id)
                return koth_board(koth.core.tr(snap.lang), snap, now)
            swiss = self.app.extra["swiss"]
            snap = await swiss.snapshot(tx, tournament_id)
            found = {r.game_key: r.status for r in await reports.unresolved(tx, tournament_id)}
            stored, _zone = await chats.settings(tx, tournament.chat_id)
        lang = pick_language(stored, self.app.settings.default_language)
        places = swiss.places(snap.tournament, snap.state, snap.everyone)
        view = SwissView(snap.tournament, snap.state, snap.names, places, found, lang)
        return swiss_board(swiss.t(lang), view, now)

    def texts(self, board: Board) -> dict[str, str]:
        def t(key: str, **values: object) -> str:
            return self.app.texts.get(board.lang, key, **values)

        return {
            "title": t("web.title", name=board.title),
            "page": t("web.page", page="{page}", pages="{pages}"),
            "live": t("web.live"),
            "offline": t("web.offline"),
        }


def add_routes(web_app: web.Application, boards: Boards) -> None:
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


def _not_found(boards: Boards) -> web.Response:
    text = boards.app.texts.get(boards.app.settings.default_language, "web.not_found")
    return web.Response(status=404, text=text, headers=HEADERS)


def _page_handler(boards: Boards) -> Handler:
    async def handle(request: web.Request) -> web.StreamResponse:
        tournament_id = await boards.tournament_of(request.match_info["token"])
        if tournament_id is None:
            return _not_found(boards)
        version, board = await boards.board(tournament_id)
        now = boards.app.clock.now().isoformat()
        tv = request.query.get("tv", "") not in ("", "0")
        body = page(board, boards.version_id(version), now, boards.texts(board), tv=tv)
        return web.Response(text=body, content_type="text/html", headers=HEADERS)

    return handle


def _events_handler(boards: Boards) -> Handler:
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


async def stream(boards: Boards, response: web.StreamResponse, tid: int, seen: int) -> None:
    """Send the board at each new version until the reader goes away."""
    await response.write(b"retry: 1000\n\n")
    while True:
        if boards.live.version(tid) <= seen:  # nothing new yet: wait for a change
            if await boards.live.wait(tid, seen, KEEPALIVE_SECONDS) <= seen:
                await response.write(b": keep-alive\n\n")
                continue
            await asyncio.sleep(COALESCE_SECONDS)
        version, board = await boards.board(tid)
        now = boards.app.clock.now().isoformat()
        title = boards.texts(board)["title"]
        await response.write(event(boards.version_id(version), now, title, board))
        seen = version


def web_application(app: App) -> web.Application:
    """The polling mode's own application: the board's routes only."""
    web_app = web.Application()
    add_routes(web_app, Boards(app, app.live))
    return web_app


async def start_web(app: App) -> web.AppRunner:
    """Serve the board on ``WEB_HOST:WEB_PORT`` (polling mode); the caller cleans the runner up."""
    from bot.startup import StartupError

    settings = app.settings
    runner = web.AppRunner(web_application(app))
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
