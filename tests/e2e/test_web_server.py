"""The web board's server on the webhook's aiohttp application: the page by token, 404 for
any other, read-only, and the event stream that carries each committed change."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

from aiohttp import ClientSession, StreamReader
from aiohttp.test_utils import TestClient, TestServer

from bot.main import build_services, close_services, create_dispatcher, webhook_application
from bot.pacing import Limits
from bot.settings import load_settings
from bot.web.page import SCRIPT_HASH, encoded
from bot.web.server import start_web
from db import board_links, tournaments
from tests.clock import ManualClock
from tests.e2e.drivers.webhook import webhook_settings
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import TOKEN, free_port

GROUP = -100700


async def raw_data(stream: StreamReader) -> bytes:
    """The next server-sent event's data line, as sent."""
    while True:
        line = await asyncio.wait_for(stream.readline(), 5)
        if line.startswith(b"data: "):
            return line


async def next_event(stream: StreamReader) -> dict[str, str]:
    """The next server-sent event's data (comments and the retry line skipped)."""
    while True:
        line = (await asyncio.wait_for(stream.readline(), 2)).decode()
        if line.startswith("data: "):
            return dict(json.loads(line[6:]))


async def test_board_page_and_its_events_on_the_webhook_server(
    emu: BotApiEmulator, clock: ManualClock, tmp_path: Path
) -> None:
    app = await build_services(
        webhook_settings(emu, tmp_path), clock=clock, limits=Limits.unlimited()
    )
    dp = create_dispatcher(app)
    now = clock.now().isoformat()
    async with app.db.transaction() as tx:
        tid = await tournaments.create(
            tx, GROUP, "berserk", "swiss", "Кубок <i>клуба</i>", {}, 999, now
        )
        token = await board_links.make_token(tx, tid)
    try:
        async with TestClient(TestServer(webhook_application(app, dp))) as client:
            page = await client.get(f"/t/{token}")
            assert page.status == 200
            text = await page.text()
            assert "Кубок &lt;i&gt;клуба&lt;/i&gt;" in text and "<i>" not in text
            assert page.headers["Cache-Control"] == "no-store"
            assert (await client.get(f"/t/{tid}")).status == 404  # the number opens nothing
            assert (await client.get(f"/t/{token}x")).status == 404
            assert (await client.post(f"/t/{token}")).status == 405  # read-only
            events = await client.get(f"/t/{token}/events")
            assert events.headers["Content-Type"] == "text/event-stream"
            first = await next_event(events.content)  # no version given: the board at once
            assert "Регистрация: 0 игроков" in first["html"]
            async with app.db.transaction() as tx:
                await tournaments.set_status(tx, tid, "cancelled", now)
            changed = await next_event(events.content)
            assert "Турнир отменён" in changed["html"] and changed["v"] != first["v"]
            events.close()
    finally:
        await close_services(app)


async def test_open_streams_do_not_hold_up_the_shutdown(
    emu: BotApiEmulator, clock: ManualClock, tmp_path: Path
) -> None:
    """Polling mode's own server (WEB_PORT): a reader still connected when the bot stops does
    not keep it waiting (aiohttp would wait a minute for the stream to end)."""
    settings = load_settings(
        bot_token=TOKEN,
        database_path=tmp_path / "club.db",
        telegram_api_url=emu.url,
        web_port=free_port(),
        _env_file=None,
    )
    app = await build_services(settings, clock=clock, limits=Limits.unlimited())
    create_dispatcher(app)  # the services the board reads
    async with app.db.transaction() as tx:
        tid = await tournaments.create(tx, GROUP, "billiards", "koth", "Пятничный", {}, 999, "")
        token = await board_links.make_token(tx, tid)
    served = await start_web(app.web_boards)
    try:
        async with ClientSession() as session:
            url = f"http://127.0.0.1:{settings.web_port}/t/{token}/events"
            async with session.get(url) as events:
                first = await next_event(events.content)
                assert "Регистрация: 0 игроков" in first["html"]
                started = time.monotonic()
                await served.close()
                assert time.monotonic() - started < 3
    finally:
        await close_services(app)


async def test_head_requests_frames_and_the_events_size(
    emu: BotApiEmulator, clock: ManualClock, tmp_path: Path
) -> None:
    """Issue 20, items 13-14: HEAD answered (a stream's too, without holding it open), only
    Telegram's web client may frame the page, the event carries UTF-8 as it is, encoded once
    for every reader."""
    app = await build_services(
        webhook_settings(emu, tmp_path), clock=clock, limits=Limits.unlimited()
    )
    dp = create_dispatcher(app)
    async with app.db.transaction() as tx:
        tid = await tournaments.create(tx, GROUP, "billiards", "koth", "Пятничный", {}, 999, "")
        token = await board_links.make_token(tx, tid)
    try:
        async with TestClient(TestServer(webhook_application(app, dp))) as client:
            page = await asyncio.wait_for(client.head(f"/t/{token}"), 10)
            assert page.status == 200 and await page.read() == b""
            csp = page.headers["Content-Security-Policy"]
            assert "frame-ancestors https://web.telegram.org" in csp
            assert f"script-src '{SCRIPT_HASH}'" in csp and "script-src 'unsafe-inline'" not in csp
            assert page.headers["Server"] == "club-bot"  # no Python or aiohttp version
            events = await asyncio.wait_for(client.head(f"/t/{token}/events"), 10)
            assert events.status == 200 and events.headers["Content-Type"] == "text/event-stream"
            assert app.web_boards.gate.streams == 0  # nothing held open by a HEAD
            hits = encoded.cache_info().hits
            readers = [await client.get(f"/t/{token}/events") for _ in range(3)]
            raw = [await raw_data(r.content) for r in readers]
            assert all("Регистрация".encode() in body for body in raw)  # not \\u-escaped
            assert b"\\u04" not in raw[0]
            assert encoded.cache_info().hits >= hits + 2  # one encoding for three readers
            for reader in readers:
                reader.close()
    finally:
        await close_services(app)
