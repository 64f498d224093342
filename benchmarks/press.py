"""Press → answer against the length of a tournament's log (issue "One engine for every kind").

Run with ``.venv/bin/python -m benchmarks.press`` (``--sizes 100 1000 10000``, ``--presses 10``).

For every size N, one run with the real bot in this process (dispatcher, polling loop, database
file) against the emulator, rate limits off:

1. setup (not measured): a King-of-the-Hill club of five, the tournament begun through the bot;
   the bot is stopped and the log padded to N events with games the judge voided (a ``game``
   and its ``void``: they change nothing the rules see, as a long evening of corrected games
   would not either, yet every replay reads them); the bot is started again on that file;
2. ``--presses`` times: Ann asks ``/report`` in private and presses "Моя победа" (a report:
   the game is looked up), Bob presses "✅ Подтверждаю" on the request (the result is recorded,
   the tournament replayed to announce it), then the organiser sends ``/void`` in the group so
   the same pair plays again and the log stays near N.

Measured: press → answer = from the press (the update's creation) to the ``answerCallbackQuery``
reaching the emulator, ``time.monotonic()`` in this process; median and max per kind of press.
Also counted: the replays from the start (``rules.koth.replay``) while a confirmation is
answered — the issue asks for at most one.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sqlite3
import tempfile
import time
from pathlib import Path
from typing import Any
from unittest import mock

from benchmarks.sim import TOKEN, InProcessBot, emit_json, median
from bot.pacing import Limits
from rules.koth import replay
from tests.e2e.drivers.koth_club import GROUP, begin_tournament, has_buttons, setup_club
from tests.e2e.emulator import BotApiEmulator, RateLimits, SimMessage, SimUser

SIZES = (100, 1000, 10000)
PRESSES = 10


def counting_replays() -> Any:
    """Counts the replays of the King-of-the-Hill state from the start while it is entered
    (``bot.koth.replayed.replay``; applying new events to a kept state is not one)."""
    return mock.patch("bot.koth.replayed.replay", wraps=replay)


def pad(db_path: Path, size: int) -> int:
    """Append voided games to the only tournament's log until it holds ``size`` events."""
    with sqlite3.connect(db_path) as db:
        (tid, count) = db.execute("SELECT tournament_id, count(*) FROM events").fetchone()
        (at,) = db.execute("SELECT max(at) FROM events").fetchone()
        while count + 2 <= size:
            game = json.dumps({"w": 1, "l": 2, "key": "padding"})
            cur = db.execute(
                "INSERT INTO events (tournament_id, kind, payload_json, actor_id, at)"
                " VALUES (?, 'game', ?, NULL, ?)",
                (tid, game, at),
            )
            void = json.dumps({"target": cur.lastrowid})
            db.execute(
                "INSERT INTO events (tournament_id, kind, payload_json, actor_id, at)"
                " VALUES (?, 'void', ?, NULL, ?)",
                (tid, void, at),
            )
            count += 2
        return int(count)


async def timed_press(user: SimUser, message: SimMessage, label: str) -> tuple[float, str]:
    start = time.monotonic()
    answer = await (await user.press(message, label)).answer(timeout=60)
    return time.monotonic() - start, answer.text or ""


async def one_size(size: int, presses: int, folder: Path) -> dict[str, object]:
    emu = BotApiEmulator(token=TOKEN, rate_limits=RateLimits(enabled=False))
    await emu.start()
    db_path = folder / f"press-{size}.db"
    running = InProcessBot(emu, db_path, Limits.unlimited())
    try:
        await running.start()
        org, people = await setup_club(emu)
        await begin_tournament(emu, org)
        await running.stop()
        events = pad(db_path, size)
        await running.start()
        ann, bob = people[0], people[1]
        reports: list[float] = []
        confirms: list[float] = []
        replays: list[int] = []
        for _ in range(presses):
            await ann.send(ann.id, "/report")
            offer = await ann.wait_message(predicate=has_buttons, timeout=60)
            elapsed, text = await timed_press(ann, offer, "Моя победа")
            assert "Отправлено" in text, text
            reports.append(elapsed)
            ask = await bob.wait_message(contains="Верно?", predicate=has_buttons, timeout=60)
            with counting_replays() as counter:
                elapsed, text = await timed_press(bob, ask, "Подтверждаю")
            assert "Результат принят" in text, text
            confirms.append(elapsed)
            replays.append(counter.call_count)
            await org.send(GROUP, "/void")
            await emu.wait_bot_message(GROUP, contains="партия отменена", timeout=60)
    finally:
        await running.stop()
        await emu.stop()
    return {
        "events": events,
        "report_ms_median": round(median(reports) * 1000, 1),
        "report_ms_max": round(max(reports) * 1000, 1),
        "confirm_ms_median": round(median(confirms) * 1000, 1),
        "confirm_ms_max": round(max(confirms) * 1000, 1),
        "replays_per_confirm_max": max(replays),
    }


async def main(sizes: list[int], presses: int) -> None:
    figures: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as folder:
        for size in sizes:
            result = await one_size(size, presses, Path(folder))
            figures[str(size)] = result
            print(f"{size:>6} events: {result}", flush=True)
    emit_json(figures)


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--presses", type=int, default=PRESSES)
    args = parser.parse_args()
    asyncio.run(main(args.sizes, args.presses))
