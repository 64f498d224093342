"""Backlog benchmark: the bot's memory through one burst of 5 000 updates (issue 10, item 8).

Run with ``.venv/bin/python -m benchmarks.backlog`` (``--updates``, ``--users``).

The bot runs as its own process (``tests.e2e.crash_driver``: ``python -m bot`` with its pacing off,
and its flood throttle) against the emulator in this process. ``--users`` people open the private
chat (``/start``); once the bot is idle its resident memory is read from ``/proc/<pid>/status``
(``VmRSS``). Then they send ``--updates`` ``/help`` messages at once. While the bot works through
them its ``VmRSS`` is sampled every 20 ms (the peak); after the last answer and a quiet moment it is
read again.

Before ``bot.polling`` (aiogram's loop, no limit on handlers) the bot went from 112 MB to 222
MB: every fetched update became a running handler at once. With at most ``bot.polling.LIMIT``
updates handled at once the rest wait at Telegram, so the peak stays near the start: with the
inbox and 256 at once (``bot.polling``), 182.9 → 184.9 → 184.9 MB (before, 64 at once and the
offset held at the oldest update not handled: 181.4 → 182.8 → 182.8 MB).
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from benchmarks.sim import emit_json
from tests.e2e.crash_driver import BotProcess
from tests.e2e.emulator import BotApiEmulator, RateLimits
from tests.e2e.harness import START, TOKEN

UPDATES = 5000
USERS = 100


class Unthrottled(BotProcess):
    """The bot with its flood throttle off: 50 ``/help`` a person within a minute are the
    benchmark's load, not abuse (``FLOOD_LIMIT`` would drop all but 20 and never answer them)."""

    def env(self) -> dict[str, str]:
        return {**super().env(), "FLOOD_LIMIT": "0"}


def rss_mb(pid: int) -> float:
    """The process's resident memory (``VmRSS``) in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


async def sample_peak(pid: int, stop: asyncio.Event) -> float:
    peak = 0.0
    while not stop.is_set():
        peak = max(peak, rss_mb(pid))
        await asyncio.sleep(0.02)
    return peak


async def run(updates: int, users: int) -> dict[str, object]:
    with tempfile.TemporaryDirectory(prefix="backlog-bench-") as tmp:
        emu = BotApiEmulator(TOKEN, rate_limits=RateLimits.disabled(), log_params=False)
        await emu.start()
        folder = Path(tmp)
        bot = Unthrottled(emu, folder / "club.db", folder / "clock", folder / "bot.log", 999)
        bot.set_clock(START)
        try:
            await bot.start()
            people = [emu.add_user(5000 + i, f"P{i}", language_code="en") for i in range(users)]
            for person in people:
                await person.start()
            await emu.wait_for(lambda: all(p.last_bot_message() for p in people), timeout=60)
            await emu.idle(quiet=1.0, timeout=60)
            assert bot.proc is not None
            pid = bot.proc.pid
            before = rss_mb(pid)
            sends = len(emu.requests_for("sendMessage"))
            began = time.monotonic()
            for n in range(updates):
                await people[n % users].send(None, "/help")
            stop = asyncio.Event()
            sampler = asyncio.create_task(sample_peak(pid, stop))
            await emu.wait_for(
                lambda: len(emu.requests_for("sendMessage")) - sends >= updates, timeout=600
            )
            seconds = time.monotonic() - began
            await emu.idle(quiet=1.0, timeout=60)
            stop.set()
            peak = await sampler
            after = rss_mb(pid)
        finally:
            await bot.stop()
            await emu.stop()
    return {
        "benchmark": "backlog",
        "updates": updates,
        "users": users,
        "rss_before_mb": round(before, 1),
        "rss_peak_mb": round(peak, 1),
        "rss_after_mb": round(after, 1),
        "seconds": round(seconds, 1),
        "updates_per_second": round(updates / seconds),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--updates", type=int, default=UPDATES)
    parser.add_argument("--users", type=int, default=USERS)
    args = parser.parse_args()
    emit_json(asyncio.run(run(args.updates, args.users)))


if __name__ == "__main__":
    main()
