"""Web board benchmark: the page's time to first render and the live update's latency.

Run with ``.venv/bin/python -m benchmarks.web`` (``--players``, ``--loads``); needs Debian's
chromium (``make chromium``).

In one process: the emulator, the real bot (``tests.e2e.harness.RunningBot``, limits off) with
its web board on a free port, and a card tournament of ``--players`` players begun through the
bot. Then headless Chromium opens the board:

* **first render**: ``--loads`` fresh page loads at a phone's size, each timed from navigation
  start to the first contentful paint (the browser's ``first-contentful-paint`` entry, which
  includes the server's render of the board), and the server's answer alone (``responseEnd``);
* **live latency**: every table of round 1 reports and confirms its result through the bot's
  buttons, one after another; latency = the moment the open page's table row shows the result
  (a ``MutationObserver`` in the page, ``Date.now()``) minus the moment the confirming press was
  sent (the same machine's wall clock). Target: within 2 s.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import tempfile
import time
from pathlib import Path

from benchmarks.sim import emit_json, median, percentile
from tests.clock import ManualClock
from tests.e2e import test_swiss
from tests.e2e.emulator import BotApiEmulator, RateLimits
from tests.e2e.harness import START, TOKEN, RunningBot
from tests.e2e.web_browser import LINK, PHONE, chromium, free_port

WATCH = """() => { window.__seen = {};
  new MutationObserver(() => {
    document.querySelectorAll('section.pairings tbody tr.done').forEach(r => {
      const n = r.cells[0].innerText.trim();
      if (!(n in window.__seen)) { window.__seen[n] = Date.now(); } });
  }).observe(document.getElementById('board'), {childList: true, subtree: true}); }"""

CONFIRM = "✅ Подтверждаю"
PAINT = """() => { const nav = performance.getEntriesByType('navigation')[0];
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  return [fcp ? fcp.startTime : -1, nav.responseEnd]; }"""


async def run(players: int, loads: int) -> dict[str, object]:
    emu = BotApiEmulator(token=TOKEN, rate_limits=RateLimits(enabled=False))
    await emu.start()
    folder = Path(tempfile.mkdtemp(prefix="web-bench-"))
    bot = RunningBot(emu, folder / "club.db", ManualClock(START), organizer_ids="999")
    bot.overrides["web_port"] = free_port()
    await bot.start()
    try:
        club = await test_swiss.registered(emu, players=players, rounds="3")
        await club.org.send(test_swiss.GROUP, "/begin")
        board = await emu.wait_for(lambda: club.board("Тур 1 из 3"), timeout=60)
        tables = club.tables(board)
        await club.users["Ann"].send(test_swiss.GROUP, "/board")
        answer = await emu.wait_bot_message(test_swiss.GROUP, contains="/t/")
        found = LINK.search(answer.plain)
        assert found is not None
        url = found.group(0)
        async with chromium() as browser:
            paints, served = [], []
            for _ in range(loads):
                page = await browser.new_page(viewport=PHONE)
                await page.goto(url)
                await page.wait_for_load_state("load")
                await page.wait_for_timeout(50)
                fcp, response = await page.evaluate(PAINT)
                paints.append(float(fcp))
                served.append(float(response))
                await page.close()
            page = await browser.new_page(viewport=PHONE)
            await page.goto(url)
            await page.evaluate(WATCH)
            sent: dict[str, float] = {}
            for table, a, b, _ in tables:
                await club.report(1, table, a, "Моя победа")
                user = club.users[b]
                request = await club.wait_find(user, test_swiss.game_label(1, table), CONFIRM)
                sent[str(table)] = time.time() * 1000
                await (await user.press(request, CONFIRM)).answer()
            await page.wait_for_function(
                f"() => Object.keys(window.__seen).length >= {len(tables)}", timeout=10_000
            )
            seen: dict[str, float] = await page.evaluate("() => window.__seen")
        latencies = [seen[n] - sent[n] for n in sent]
    finally:
        await bot.stop()
        await emu.stop()
    return {
        "benchmark": "web",
        "players": len(club.users),
        "first_render_ms_median": round(median(paints), 1),
        "first_render_ms_p95": round(percentile(paints, 95), 1),
        "page_served_ms_median": round(median(served), 1),
        "live_latency_ms_median": round(median(latencies), 1),
        "live_latency_ms_max": round(max(latencies), 1),
        "tables": len(latencies),
        "live_target_ms": 2000,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=8, help="up to 9 (the test club)")
    parser.add_argument("--loads", type=int, default=10)
    args = parser.parse_args()
    with contextlib.suppress(KeyboardInterrupt):
        figures = asyncio.run(run(args.players, args.loads))
        for key, value in figures.items():
            print(f"{key}: {value}")
        emit_json(figures)


if __name__ == "__main__":
    main()
