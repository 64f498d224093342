"""The web board's gate (``bot.web.gate``, issue 20): what one visitor with a board link, or
none, can take from the bot. Streams and connections past their caps are refused while a
player's press is answered; silent and slow connections are closed; guessed links are
answered without the database; a malformed event id is a 400, not a traceback.

The bounds in these tests are there to catch a hang, not to time the bot: the machine may be
busy (the press's latency under a flood is ``benchmarks.web``'s figure)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp import ClientResponse, ClientSession, TCPConnector

from db import tournaments
from tests.clock import ManualClock
from tests.e2e.drivers import koth_club
from tests.e2e.drivers.koth_club import GROUP, press
from tests.e2e.drivers.texts import fixed
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import RunningBot, free_port

PER_ADDRESS = 3
CONNECTIONS = 20  # streams in all: 3/4 of it (``bot.main.web_limits``)
STREAMS = CONNECTIONS * 3 // 4


@pytest.fixture
async def gated(
    emu: BotApiEmulator, clock: ManualClock, tmp_path: Path
) -> AsyncIterator[RunningBot]:
    running = RunningBot(
        emu,
        tmp_path / "club.db",
        clock,
        organizer_ids="999",
        web_port=free_port(),
        web_connections=CONNECTIONS,
        web_connections_per_address=CONNECTIONS,
        web_streams_per_address=PER_ADDRESS,
        web_header_seconds=1,
        web_requests_per_second=5,
    )
    await running.start()
    yield running
    await running.stop()


def base(bot: RunningBot) -> str:
    assert bot.app is not None
    return f"http://127.0.0.1:{bot.app.settings.web_port}"


async def token_of(bot: RunningBot, tournament_id: int = 1) -> str:
    assert bot.app is not None
    return await bot.app.infra.links.token(tournament_id)


@contextlib.asynccontextmanager
async def visitor(address: str) -> AsyncIterator[ClientSession]:
    """A visitor from one loopback address (127.0.0.0/8 is all this machine's)."""
    connector = TCPConnector(local_addr=(address, 0), limit=0, force_close=True)
    async with ClientSession(connector=connector) as session:
        yield session


async def open_stream(session: ClientSession, url: str) -> ClientResponse:
    return await asyncio.wait_for(session.get(url), 10)


async def test_streams_past_the_caps_are_refused_while_a_press_is_answered(
    emu: BotApiEmulator, gated: RunningBot
) -> None:
    org, (ann, bob, *_rest) = await koth_club.setup_club(emu)
    await koth_club.begin_tournament(emu, org)
    pair = await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.pair')} 1:")
    url = f"{base(gated)}/t/{await token_of(gated)}/events"
    assert gated.app is not None
    gate = gated.app.web_boards.gate
    held: list[ClientResponse] = []
    async with contextlib.AsyncExitStack() as stack:
        first = await stack.enter_async_context(visitor("127.0.0.1"))
        for _ in range(PER_ADDRESS):
            held.append(await open_stream(first, url))
        assert [r.status for r in held] == [200] * PER_ADDRESS
        over = await open_stream(first, url)  # one address: its cap
        assert over.status == 429 and over.headers["Retry-After"]
        address = 2
        while len(held) < STREAMS:  # other addresses fill the cap in all
            other = await stack.enter_async_context(visitor(f"127.0.0.{address}"))
            for _ in range(min(PER_ADDRESS, STREAMS - len(held))):
                held.append(await open_stream(other, url))
            address += 1
        assert {r.status for r in held} == {200} and gate.streams == STREAMS
        fresh = await stack.enter_async_context(visitor(f"127.0.0.{address}"))
        refused = await open_stream(fresh, url)
        assert refused.status == 429  # the cap in all, for a new address too
        # The bot answers a player's press all the while.
        answer = await asyncio.wait_for(press(ann, pair, "Моя победа"), 30)
        assert "Отправлено" in answer
        ask = await bob.wait_message(contains=fixed("results.confirm_request", -1))
        assert "Результат принят" in await asyncio.wait_for(press(bob, ask, "Подтверждаю"), 30)
        for response in held:
            response.close()
        await emu.wait_for(lambda: gate.streams == 0 or None, timeout=10)
        again = await open_stream(fresh, url)  # freed slots are given again
        assert again.status == 200
        again.close()
    assert gate.refused["stream"] == 2


async def silent(
    host: str, port: int, source: str
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    return await asyncio.open_connection(host, port, local_addr=(source, 0))


async def closed(reader: asyncio.StreamReader, within: float = 10) -> bool:
    """The server closed the connection (the read ends) within ``within`` seconds."""
    try:
        data = await asyncio.wait_for(reader.read(1024), within)
    except (ConnectionResetError, asyncio.IncompleteReadError):
        return True
    except TimeoutError:
        return False
    return data == b"" or data.startswith(b"HTTP/1.1 4")


async def test_silent_and_slow_connections_are_closed_and_connections_capped(
    emu: BotApiEmulator, clock: ManualClock, tmp_path: Path
) -> None:
    bot = RunningBot(
        emu,
        tmp_path / "club.db",
        clock,
        web_port=free_port(),
        web_connections=CONNECTIONS,
        web_connections_per_address=PER_ADDRESS,
        web_header_seconds=1,
    )
    await bot.start()
    try:
        assert bot.app is not None
        port = bot.app.settings.web_port
        assert port is not None
        gate = bot.app.web_boards.gate
        idle = [await silent("127.0.0.1", port, "127.0.0.1") for _ in range(PER_ADDRESS)]
        await emu.wait_for(lambda: gate.connections == PER_ADDRESS or None, timeout=10)
        reader, writer = await silent("127.0.0.1", port, "127.0.0.1")
        assert await closed(reader)  # over the address's cap: closed as it opened
        writer.close()
        # A slow sender: a byte of a header now and then keeps nothing open.
        slow_reader, slow = await silent("127.0.0.1", port, "127.0.0.9")
        slow.write(b"GET /t/x HTTP/1.1\r\n")
        sent = 0
        while not slow_reader.at_eof() and sent < 100:
            await asyncio.sleep(0.2)
            with contextlib.suppress(ConnectionError):
                slow.write(b"X")
                await slow.drain()
            sent += 1
        assert slow_reader.at_eof() or await closed(slow_reader)
        assert sent < 100  # closed by the header timeout, not by the end of the loop
        for reader, writer in idle:  # the silent ones: closed too
            assert await closed(reader)
            writer.close()
        assert gate.refused["connection"] == 1 and gate.refused["header_timeout"] >= PER_ADDRESS
        await emu.wait_for(lambda: gate.connections == 0 or None, timeout=10)
        async with visitor("127.0.0.1") as session:  # and the board still answers
            response = await session.get(f"http://127.0.0.1:{port}/t/{secrets.token_urlsafe(16)}")
            assert response.status == 404
    finally:
        await bot.stop()


async def test_guessed_links_cost_no_database_and_bad_ids_are_refused(
    emu: BotApiEmulator, gated: RunningBot, caplog: pytest.LogCaptureFixture
) -> None:
    assert gated.app is not None
    db = gated.app.db
    async with db.transaction() as tx:  # a tournament with a board link
        tid = await tournaments.create(tx, GROUP, "billiards", "koth", "Кубок", {}, 999, "")
    token = await token_of(gated, tid)
    url = f"{base(gated)}/t/"
    async with visitor("127.0.0.3") as session:
        # The database is held by a writer: a guessed link is answered all the same.
        async with db.transaction():
            guessed = await asyncio.wait_for(session.get(url + secrets.token_urlsafe(16)), 10)
            assert guessed.status == 404
        caplog.set_level(logging.ERROR)
        for bad in ("１２", "0" * 5000, "ab.١٢", "deadbeef.1e3"):
            events = await session.get(f"{url}{token}/events", headers={"Last-Event-ID": bad})
            assert events.status == 400, bad
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    async with visitor("127.0.0.4") as session:  # a flood from one address: limited
        statuses = [(await session.get(url + "nothing")).status for _ in range(40)]
        assert statuses[0] == 404 and statuses.count(429) > 0
        flooded = await session.get(url + "nothing")
        assert flooded.status == 429 and flooded.headers["Retry-After"]
    async with visitor("127.0.0.5") as session:  # another address is not held up by it
        assert (await session.get(f"{url}{token}")).status == 200
