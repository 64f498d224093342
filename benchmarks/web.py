"""Web board benchmark: what a reader of the live board feels with a full club in the room.

Run with ``.venv/bin/python -m benchmarks.web`` (64 players, 30 readers: about a minute);
``--players 256``, ``--readers 1``. Needs Debian's chromium (``make chromium``).

In one process: the emulator (rate limits off), the real bot (``benchmarks.sim.InProcessBot``)
with its web board on a free port, and a Swiss tournament of ``--players`` players begun through
the bot's buttons (``benchmarks.sim.SwissClub``). ``--readers`` R readers keep the board open:
the club's TV, a headless Chromium page at 1920×1080 (``?tv=1``) whose DOM is timed, and R − 1
phones, plain server-sent-event clients (aiohttp) that time each event's arrival. Measured:

* **first render**: ``--loads`` fresh page loads at a phone's size while the readers are open,
  each timed from navigation start to the first contentful paint (the browser's
  ``first-contentful-paint``, which includes the server's render of the board), and the
  server's answer alone (``responseEnd``);
* **live latency**, the moment a reader shows a table as done minus the moment its confirming
  press was sent (the same machine's wall clock): for the TV, when its page's table row turns
  done (a ``MutationObserver``, ``Date.now()``); for a phone, when the event carrying it
  arrived. Two ways: a **burst**, every table of round 1 confirming at once (the reports were
  sent at once before, not timed); then **one by one**, ``--sequential`` tables of round 2,
  each report and confirmation after the previous one is on every reader. Target: within 2 s.
  Beside the burst: its slowest press → answer (the bot done with the press; what is left is
  the board reaching the readers);
* **a press beside a flood**: confirming presses of round 2 one after another, then the same
  while ``benchmarks.flood`` (another process) sends guessed board links from 8 addresses as
  fast as they are answered (the web gate answers them from memory and limits each address);
* **render cost**: one board rendered from the database (``bot.web.server.WebBoards.render``) at
  this size, median of 20, against the live target: the bot renders a board once per change
  for all readers, so ``readers × render`` is what rendering per reader would cost each change.

Everything but Chromium shares one event loop (emulator, simulated players, phones, bot), on a
machine shared with other work: the figures are upper bounds for the bot alone. The harness's
own heap is collected and frozen before each timed part (``set_aside``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import logging
import os
import re
import resource
import signal
import sys
import tempfile
import time
from collections.abc import Iterable
from functools import partial
from pathlib import Path

import aiohttp
from playwright.async_api import Browser, Page

from benchmarks.sim import (
    CONFIRM,
    GROUP,
    TOKEN,
    WON,
    InProcessBot,
    SwissClub,
    Table,
    emit_json,
    median,
    percentile,
    settle,
)
from bot.pacing import Limits
from bot.services import Services
from bot.web.page import event
from tests.e2e.emulator import BotApiEmulator, RateLimits, SimMessage
from tests.e2e.web_browser import LINK, PHONE, TV, chromium, free_port

TARGET_MS = 2000.0
RENDERS = 20
#: a reader's record of what it showed: (wall-clock ms, the tables shown as done)
Seen = list[tuple[float, frozenset[int]]]

#: the TV page keeps (Date.now(), done tables) at every change of its board
WATCH = """() => { window.__seen = [];
  const done = () => [...document.querySelectorAll('section.pairings tbody tr.done')]
    .map(r => parseInt(r.cells[0].innerText, 10));
  new MutationObserver(() => window.__seen.push([Date.now(), done()]))
    .observe(document.getElementById('board'), {childList: true, subtree: true}); }"""
FCP = "performance.getEntriesByName('first-contentful-paint')"
PAINT = """() => { const nav = performance.getEntriesByType('navigation')[0];
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  return [fcp.startTime, nav.responseEnd]; }"""
#: a done table's row in an event's data (the board's HTML inside JSON)
DONE_ROW = re.compile(rb'<tr class=\\"done\\"><td>(\d+)</td>')


def set_aside() -> None:
    """Collect, then freeze, what exists: the emulator and the simulated players keep every
    message, a heap the bot's process does not have, whose full collection (150 ms at 256
    players) would land in whatever is timed (as in ``benchmarks.burst``)."""
    gc.collect()
    gc.freeze()


def now_ms() -> float:
    return time.time() * 1000


class Phone:
    """A plain server-sent-event reader: the time each board arrived and its done tables.
    Each phone is its own address (``127.0.1.<n>``), as in the room: the web gate bounds
    what one address may hold."""

    def __init__(self, number: int, url: str) -> None:
        self.seen: Seen = []
        self.address = f"127.0.1.{number % 250 + 1}"
        self.task = asyncio.create_task(self.listen(url + "/events"))

    async def listen(self, url: str) -> None:
        connector = aiohttp.TCPConnector(local_addr=(self.address, 0))
        async with (
            aiohttp.ClientSession(connector=connector) as session,
            session.get(url, timeout=aiohttp.ClientTimeout(total=None)) as response,
        ):
            buffer = b""
            async for chunk in response.content.iter_any():
                buffer += chunk
                *events, buffer = buffer.split(b"\n\n")
                for data in events:
                    if b"event: board" in data:
                        tables = frozenset(int(n) for n in DONE_ROW.findall(data))
                        self.seen.append((now_ms(), tables))

    async def close(self) -> None:
        self.task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.task


def latencies(sent: dict[int, float], seen: Seen) -> list[float]:
    """Per table: the first moment after its press the reader showed it done, minus the press.
    (A table missing is a board that never showed it: the run fails loudly.)"""
    return [
        next(t for t, done in seen if t >= at and table in done) - at for table, at in sent.items()
    ]


async def tv_seen(page: Page) -> Seen:
    found = await page.evaluate("() => window.__seen")
    return [(float(t), frozenset(int(n) for n in done)) for t, done in found]


async def shown(page: Page, phones: list[Phone], tables: Iterable[int]) -> None:
    """Wait until the TV and every phone show ``tables`` done."""
    wanted = frozenset(tables)

    def phones_have() -> bool:
        return all(p.seen and wanted <= p.seen[-1][1] for p in phones)

    await page.wait_for_function(
        "(w) => { const s = window.__seen; return s.length > 0 && "
        "w.every(n => s[s.length - 1][1].includes(n)); }",
        arg=sorted(wanted),
        timeout=30_000,
    )
    deadline = time.monotonic() + 30
    while not phones_have():
        if time.monotonic() > deadline:
            raise TimeoutError("a phone never showed every table")
        await asyncio.sleep(0.05)


async def first_render(browser: Browser, url: str, loads: int) -> tuple[list[float], list[float]]:
    paints, served = [], []
    for _ in range(loads):
        page = await browser.new_page(viewport=PHONE)
        await page.goto(url)
        await page.wait_for_function(f"() => {FCP}.length > 0", timeout=10_000)
        fcp, response = await page.evaluate(PAINT)
        paints.append(float(fcp))
        served.append(float(response))
        await page.close()
    return paints, served


def request_of(club: SwissClub, table: Table) -> SimMessage:
    request = club.confirm_request(table.confirmer)
    if request is None:
        raise RuntimeError(f"no confirmation request at table {table.number}")
    return request


def all_asked(club: SwissClub, tables: list[Table]) -> bool:
    return all(club.confirm_request(t.confirmer) for t in tables)


async def burst(
    club: SwissClub, bot: InProcessBot, tables: list[Table]
) -> tuple[dict[int, float], dict[str, int]]:
    """Every table reports at once (not timed), then every table confirms at once: the press
    times by table, and the tables by callback query."""
    handles = [await t.reporter.press(t.reporter_message, WON) for t in tables]
    await asyncio.gather(*(h.answer(30) for h in handles))
    await club.emu.wait_for(partial(all_asked, club, tables), timeout=120)
    await settle(club.emu, bot.dp)
    set_aside()
    sent: dict[int, float] = {}
    query: dict[str, int] = {}

    async def confirm(table: Table) -> None:
        sent[table.number] = now_ms()
        handle = await table.confirmer.press(request_of(club, table), CONFIRM)
        query[handle.id] = table.number

    await asyncio.gather(*(confirm(t) for t in tables))
    return sent, query


def answered(emu: BotApiEmulator, sent: dict[int, float], query: dict[str, int]) -> list[float]:
    """Per confirming press: its answer (the bot done with it) minus the press, in ms."""
    answers = emu.requests_for("answerCallbackQuery")
    found = {str(r.params.get("callback_query_id")): r.time * 1000 for r in answers}
    return [found[qid] - sent[table] for qid, table in query.items() if qid in found]


async def one_by_one(
    club: SwissClub, tables: list[Table], tv: Page, phones: list[Phone]
) -> dict[int, float]:
    """Each table reports and confirms after the previous one is on every reader."""
    sent: dict[int, float] = {}
    set_aside()
    for table in tables:
        await (await table.reporter.press(table.reporter_message, WON)).answer(30)
        await club.emu.wait_for(partial(all_asked, club, [table]), timeout=30)
        sent[table.number] = now_ms()
        await (await table.confirmer.press(request_of(club, table), CONFIRM)).answer(30)
        await shown(tv, phones, sent)
    return sent


async def presses(club: SwissClub, tables: list[Table]) -> list[float]:
    """Each table's confirming press → its answer, in ms, one table after another."""
    took = []
    for table in tables:
        await (await table.reporter.press(table.reporter_message, WON)).answer(30)
        await club.emu.wait_for(partial(all_asked, club, [table]), timeout=30)
        started = now_ms()
        await (await table.confirmer.press(request_of(club, table), CONFIRM)).answer(30)
        took.append(now_ms() - started)
    return took


async def flooded(
    club: SwissClub, tables: list[Table], url: str, *options: str
) -> tuple[list[float], str]:
    """``presses`` while ``benchmarks.flood`` (``options``) runs in another process: guessed
    links, or (``--streams``) event streams held open."""
    base = url.split("/t/", 1)[0]
    flood = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "benchmarks.flood",
        base,
        "3600",
        *options,
        stdout=asyncio.subprocess.PIPE,
    )
    await asyncio.sleep(2)  # the flood under way
    try:
        took = await presses(club, tables)
        # this process's descriptors meanwhile: the bot's, the emulator's, the readers'
        fds = len(os.listdir("/proc/self/fd"))
    finally:
        flood.send_signal(signal.SIGINT)
        out, _ = await flood.communicate()
    return took, f"{out.decode().strip()}; descriptors open here: {fds}"


async def event_bytes(app: Services, url: str) -> dict[str, int]:
    """The bytes of one event carrying the board now, and of its markup as the page used to
    send it (JSON with ``\\u`` escapes)."""
    boards = app.web_boards
    tournament_id = boards.tournament_of(url.rsplit("/", 1)[1])
    assert tournament_id is not None
    version, board = await boards.board(tournament_id)
    sent = event(boards.version_id(version), "", board.title, board)
    return {"event_bytes": len(sent), "event_bytes_escaped": len(json.dumps(board.html))}


async def render_cost(app: Services, url: str) -> list[float]:
    """Milliseconds of one board render from the database, ``RENDERS`` times."""
    boards = app.web_boards
    tournament_id = boards.tournament_of(url.rsplit("/", 1)[1])
    assert tournament_id is not None
    costs = []
    for _ in range(RENDERS):
        start = time.perf_counter()
        await boards.render(tournament_id)
        costs.append((time.perf_counter() - start) * 1000)
    return costs


async def setup(club: SwissClub, bot: InProcessBot, players: int) -> str:
    """The tournament begun through the bot; the board's address (``/board``)."""
    await club.start_all()
    await club.join_all(await club.create())
    before = club.sends()
    await club.org.send(GROUP, "/begin")
    await club.wait_sends(before + players + 1, timeout=600)
    await settle(club.emu, bot.dp)
    await club.org.send(GROUP, "/board")
    answer = await club.emu.wait_bot_message(GROUP, contains="/t/", timeout=30)
    found = LINK.search(answer.plain)
    assert found is not None
    return found.group(0)


def figures(name: str, sent: dict[int, float], tv: Seen, phones: list[Phone]) -> dict[str, float]:
    on_tv = latencies(sent, tv)
    on_phones = [x for p in phones for x in latencies(sent, p.seen)]
    return {
        f"{name}_tables": len(sent),
        f"{name}_tv_ms_median": round(median(on_tv), 1),
        f"{name}_tv_ms_max": round(max(on_tv), 1),
        f"{name}_phones_ms_median": round(median(on_phones), 1),
        f"{name}_phones_ms_max": round(max(on_phones, default=0.0), 1),
    }


async def run(players: int, readers: int, loads: int, sequential: int) -> dict[str, object]:
    emu = BotApiEmulator(token=TOKEN, rate_limits=RateLimits.disabled())
    await emu.start()
    folder = Path(tempfile.mkdtemp(prefix="web-bench-"))
    bot = InProcessBot(emu, folder / "club.db", Limits.unlimited(), web_port=free_port())
    await bot.start()
    club = SwissClub(emu, players)
    result: dict[str, object] = {"benchmark": "web", "players": players, "readers": readers}
    try:
        started = time.monotonic()
        url = await setup(club, bot, players)
        print(f"setup: {time.monotonic() - started:.1f} s")
        set_aside()
        async with chromium() as browser:
            phones = [Phone(n, url) for n in range(readers - 1)]
            tv = await browser.new_page(viewport=TV)
            await tv.goto(url + "?tv=1")
            await tv.evaluate(WATCH)
            paints, served = await first_render(browser, url, loads)
            result |= {
                "first_render_ms_median": round(median(paints), 1),
                "first_render_ms_p95": round(percentile(paints, 95), 1),
                "page_served_ms_median": round(median(served), 1),
            }
            tables = club.tables(1)
            sent, query = await burst(club, bot, tables)
            await shown(tv, phones, sent)
            result |= figures("burst", sent, await tv_seen(tv), phones)
            result["burst_press_answered_ms_max"] = round(max(answered(emu, sent, query)), 1)
            assert bot.app is not None
            await settle(emu, bot.dp)  # the burst's follow-up work done: the render alone
            set_aside()
            await asyncio.sleep(1)  # the TV's layout of the last board, the sender's last jobs
            costs = await render_cost(bot.app, url)
            result |= await event_bytes(bot.app, url)
            before = club.sends()
            await club.org.send(GROUP, "/next_round")
            await club.wait_sends(before + players + 1, timeout=600)
            await settle(emu, bot.dp)
            round_two = club.tables(2)
            sent = await one_by_one(club, round_two[:sequential], tv, phones)
            result |= figures("one_by_one", sent, await tv_seen(tv), phones)
            # The web server's work beside a press: guessed links flooding it (issue 20).
            rest = round_two[sequential:]
            third = len(rest) // 3
            quiet = await presses(club, rest[:third])
            loud, flood = await flooded(club, rest[third : 2 * third], url)
            token = url.rsplit("/", 1)[1]
            held = ("--streams", "1100", "--addresses", "40", "--token", token)
            streamed, streams = await flooded(club, rest[2 * third :], url, *held)
            result |= {
                "press_ms_median": round(median(quiet), 1),
                "press_ms_max": round(max(quiet), 1),
                "press_flooded_ms_median": round(median(loud), 1),
                "press_flooded_ms_p95": round(percentile(loud, 95), 1),
                "press_flooded_ms_max": round(max(loud), 1),
                "flood": flood,
                "press_1100_streams_ms_median": round(median(streamed), 1),
                "press_1100_streams_ms_max": round(max(streamed), 1),
                "streams": streams,
                "open_files_limit": resource.getrlimit(resource.RLIMIT_NOFILE)[0],
            }
            for phone in phones:
                await phone.close()
    finally:
        await bot.stop()
        await emu.stop()
    render = median(costs)
    return result | {
        "render_ms_median": round(render, 2),
        "render_ms_max": round(max(costs), 2),
        "render_per_reader_ms": round(render * readers, 1),
        "live_target_ms": TARGET_MS,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--readers", type=int, default=30, help="the TV and R-1 phones")
    parser.add_argument("--loads", type=int, default=10, help="fresh page loads timed")
    parser.add_argument("--sequential", type=int, default=16, help="tables confirmed one by one")
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    with contextlib.suppress(KeyboardInterrupt):
        found = asyncio.run(run(args.players, max(args.readers, 1), args.loads, args.sequential))
        for key, value in found.items():
            print(f"{key}: {value}")
        emit_json(found)


if __name__ == "__main__":
    main()
