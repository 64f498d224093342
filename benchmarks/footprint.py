"""Footprint benchmark: the bot as its own process with 10 running tournaments and 10 000 players.

Run with ``.venv/bin/python -m benchmarks.footprint`` (``--runs``, ``--players``).

The database is prepared once (not measured):

1. the real bot, in this process against the emulator (limits off), runs 10 Swiss tournaments
   in 10 groups of 32 players each through the buttons: created, joined, begun, and in round 1
   half the tables have reported a result and half of those are confirmed, so each tournament
   has a live board, events, results, pending reports and armed timers;
2. 10 000 more registered players (``players`` + ``tg_users`` + ``ratings`` rows) are inserted
   with SQL into the migrated schema;
3. the bot's modules are compiled to bytecode (``compile_bytecode``), as step 1 leaves them
   wherever Python may write its cache.

The bot's clock is pinned (the ``CLOCK_FILE`` setting) to ``benchmarks.sim.NOW`` while preparing
and in every measured start: the prepared deadlines (end of round, confirmation reminders) lie
after that moment, so nothing is overdue at start-up, whatever today's date.

Then, per run, in turn:

* **the bot**: a fresh copy of that file and ``python -m bot`` as a separate process with
  ``TELEGRAM_API_URL`` pointing at an emulator in this process. Start-up = from just before the
  process is spawned to the emulator receiving its first ``getUpdates``. Then every group asks
  ``/standings`` and ``/pairings`` and 4 players of each tournament ``/profile`` (so the
  handlers, the replay of every tournament and the texts are loaded), and once the bot is idle
  its resident memory is read from ``/proc/<pid>/status`` (``VmRSS``; ``VmHWM`` is the peak);
* **``import aiogram`` alone**: a fresh interpreter that imports aiogram (``Bot``,
  ``Dispatcher``, the types) and prints its ``VmRSS``. Start-up = from just before it is spawned
  to that line's arrival.

Figures: the median over the runs of each run's difference bot − ``import aiogram`` (the two
measured back to back, so a drift of this shared machine's speed cancels out). Targets (issue
"Simplify the engine room"): resident memory no more than 30 MB above ``import aiogram`` alone,
start-up no more than 0.6 s above it.
"""

from __future__ import annotations

import argparse
import asyncio
import compileall
import contextlib
import logging
import shutil
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.sim import (
    ACCEPTED,
    CONFIRM,
    NOW,
    REPORTED,
    ROOT,
    TOKEN,
    WON,
    BotProgram,
    InProcessBot,
    SwissClub,
    emit_json,
    median,
    settle,
)
from bot.pacing import Limits
from tests.e2e.emulator import BotApiEmulator, RateLimits

TOURNAMENTS = 10
PER_TOURNAMENT = 32
PLAYERS = 10_000
RUNS = 5
#: the targets: how much more than ``import aiogram`` alone, in the same run
RSS_ABOVE_TARGET_MB = 30.0
STARTUP_ABOVE_TARGET_S = 0.6


def group_id(index: int) -> int:
    return -100_900 - index


def first_player(index: int) -> int:
    return 200_000 + index * 1000


def add_clubs(emu: BotApiEmulator) -> list[SwissClub]:
    return [
        SwissClub(emu, PER_TOURNAMENT, first_id=first_player(i), group=group_id(i))
        for i in range(TOURNAMENTS)
    ]


async def play_tournaments(db_path: Path) -> int:
    """Ten Swiss tournaments through the bot, each left running in the middle of round 1.

    Returns the next update id: Telegram's update ids keep growing, and a fresh emulator starting
    again at 1 would send ids the bot has recorded as handled (and skips as redeliveries)."""
    emu = BotApiEmulator(token=TOKEN, rate_limits=RateLimits.disabled())
    await emu.start()
    running = InProcessBot(emu, db_path, Limits.unlimited())
    try:
        await running.start()
        for club in add_clubs(emu):
            await club.start_all()
            created = await club.create()
            await club.join_all(created)
            await club.org.send(club.group_id, "/begin")
            await settle(emu, running.dp)
            tables = club.tables()
            reported = tables[: len(tables) // 2]
            for table in reported:
                handle = await table.reporter.press(table.reporter_message, WON)
                assert (await handle.answer(30)).text == REPORTED
            await settle(emu, running.dp)
            for table in reported[: len(reported) // 2]:
                request = club.confirm_request(table.confirmer)
                assert request is not None
                answer = await (await table.confirmer.press(request, CONFIRM)).answer(30)
                assert answer.text == ACCEPTED
            await settle(emu, running.dp)
    finally:
        await running.stop()
        await emu.stop()
    return emu.next_update_id


def add_players(db_path: Path, count: int) -> None:
    base = 5_000_000
    with contextlib.closing(sqlite3.connect(db_path)) as db, db:
        db.executemany(
            "INSERT INTO tg_users (id, username, first_name, last_name, language_code,"
            " started_bot, blocked_bot, seen_at) VALUES (?, ?, ?, ?, 'ru', 1, 0, ?)",
            [
                (base + n, f"member{n}", f"Имя{n}", f"Фамилия{n}", NOW.isoformat())
                for n in range(count)
            ],
        )
        db.executemany(
            "INSERT INTO players (telegram_id, last_name, first_name, patronymic, email,"
            " city, nickname, registered, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?)",
            [
                (
                    base + n,
                    f"Фамилия{n}",
                    f"Имя{n}",
                    "Отчество",
                    f"member{n}@example.org",
                    "Москва",
                    f"nick{n}",
                    NOW.isoformat(),
                )
                for n in range(count)
            ],
        )
        db.execute(
            "INSERT INTO ratings (player_id, discipline, rating_cents)"
            " SELECT id, 'berserk', 150000 + (id * 37) % 50000 FROM players"
            " WHERE telegram_id >= ? AND id NOT IN (SELECT player_id FROM ratings)",
            (base,),
        )


async def prepare(folder: Path, players: int) -> tuple[Path, int]:
    """The prepared database, and the next update id for the emulators of the measured runs."""
    path = folder / "prepared.db"
    next_update_id = await play_tournaments(path)
    add_players(path, players)
    with contextlib.closing(sqlite3.connect(path)) as db:
        counts = {
            table: db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
            for table in ("players", "tournaments")
        }
        running = db.execute("SELECT count(*) FROM tournaments WHERE status = 'running'")
        counts["running tournaments"] = running.fetchone()[0]
    print(f"prepared {path.stat().st_size / 1e6:.1f} MB: {counts}")
    return path, next_update_id


def compile_bytecode() -> None:
    """Cache the bot's compiled modules, as importing them for step 1 does by default.

    Where PYTHONDONTWRITEBYTECODE is set (some CI and sandbox machines) nothing is cached, and
    every measured start would compile the bot's ~100 modules again (~0.1 s), which a deployed bot
    reads from the cache (``make run`` compiles them too).
    """
    for package in ("bot", "handlers", "db", "rules"):
        if (ROOT / package).is_dir():
            compileall.compile_dir(ROOT / package, quiet=2)


def status_kb(pid: int, field: str) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as handle:
        for line in handle:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise LookupError(field)


async def bot_once(prepared: Path, next_update_id: int, folder: Path, run: int) -> dict[str, float]:
    """``python -m bot`` on a fresh copy of the prepared database: start-up and memory."""
    run_folder = folder / f"run{run}"
    run_folder.mkdir()
    db_path = run_folder / "club.db"
    shutil.copyfile(prepared, db_path)
    emu = BotApiEmulator(
        token=TOKEN, rate_limits=RateLimits.disabled(), first_update_id=next_update_id
    )
    await emu.start()
    clubs = add_clubs(emu)
    for user in [clubs[0].org, *(p for club in clubs for p in club.players)]:
        user.started = True
    program = BotProgram(emu, db_path)
    spawned = time.monotonic()
    await program.spawn()
    try:
        await emu.wait_for(lambda: emu.requests_for("getUpdates"), timeout=60)
        startup = emu.requests_for("getUpdates")[0].started - spawned
        rss_started = status_kb(program.pid, "VmRSS")
        asked = [p for club in clubs for p in club.players[:4]]
        for club in clubs:
            for command in ("/standings", "/pairings"):
                await club.org.send(club.group_id, command)
        for player in asked:
            await player.send(None, "/profile")

        def answered() -> bool:
            groups = all(len(emu.bot_messages(c.group_id)) >= 2 for c in clubs)
            return groups and all(emu.bot_messages(p.id) for p in asked)

        await emu.wait_for(answered, timeout=60)
        await emu.idle(quiet=0.5, timeout=60)
        rss = status_kb(program.pid, "VmRSS")
        peak = status_kb(program.pid, "VmHWM")
    finally:
        await program.stop()
        await emu.stop()
    errors = program.errors()
    if errors:
        print(f"  bot errors: {errors[:3]}")
    return {
        "startup_s": round(startup, 3),
        "rss_started_mb": round(rss_started / 1024, 1),
        "rss_mb": round(rss / 1024, 1),
        "peak_rss_mb": round(peak / 1024, 1),
    }


BASELINE = (
    "import aiogram, aiogram.types; from aiogram import Bot, Dispatcher; "
    "rss = [l for l in open('/proc/self/status') if l.startswith('VmRSS')][0].split()[1]; "
    "print(rss, flush=True)"
)


async def aiogram_once() -> dict[str, float]:
    """A fresh interpreter that only imports aiogram: start-up and memory."""
    spawned = time.monotonic()
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", BASELINE, cwd=ROOT, stdout=asyncio.subprocess.PIPE
    )
    assert process.stdout is not None
    line = await process.stdout.readline()
    startup = time.monotonic() - spawned
    await process.wait()
    return {"startup_s": round(startup, 3), "rss_mb": round(int(line) / 1024, 1)}


async def main(runs: int, players: int) -> None:
    logging.basicConfig(level=logging.ERROR)
    print(
        f"Footprint: python -m bot with {TOURNAMENTS} running Swiss tournaments "
        f"({PER_TOURNAMENT} players each) and {players} more registered players, "
        f"clock pinned at {NOW.isoformat()}, against `import aiogram` alone"
    )
    with tempfile.TemporaryDirectory(prefix="footprint-bench-") as tmp:
        folder = Path(tmp)
        prepared, next_update_id = await prepare(folder, players)
        compile_bytecode()
        await aiogram_once()  # warm-up: the interpreter's and aiogram's files in the page cache
        runs_json: list[dict[str, object]] = []
        startup_diffs: list[float] = []
        rss_diffs: list[float] = []
        for run in range(1, runs + 1):
            bot = await bot_once(prepared, next_update_id, folder, run)
            bare = await aiogram_once()
            startup_diffs.append(bot["startup_s"] - bare["startup_s"])
            rss_diffs.append(bot["rss_mb"] - bare["rss_mb"])
            runs_json.append({"bot": bot, "aiogram": bare})
            print(
                f"  run {run}: bot start-up {bot['startup_s']:.3f} s, RSS at first getUpdates "
                f"{bot['rss_started_mb']:.1f} MB, after serving every group {bot['rss_mb']:.1f} "
                f"MB (peak {bot['peak_rss_mb']:.1f} MB) | import aiogram {bare['startup_s']:.3f}"
                f" s, {bare['rss_mb']:.1f} MB | bot above it: {startup_diffs[-1]:+.3f} s, "
                f"{rss_diffs[-1]:+.1f} MB"
            )
    startup_above = round(median(startup_diffs), 3)
    rss_above = round(median(rss_diffs), 1)
    startup_ok = startup_above <= STARTUP_ABOVE_TARGET_S
    rss_ok = rss_above <= RSS_ABOVE_TARGET_MB
    print(
        f"median of {runs} runs, bot minus `import aiogram` alone:\n"
        f"  resident memory {rss_above:+.1f} MB (target ≤ +{RSS_ABOVE_TARGET_MB:g} MB): "
        f"{'met' if rss_ok else 'MISSED'}\n"
        f"  start-up {startup_above:+.3f} s (target ≤ +{STARTUP_ABOVE_TARGET_S:g} s): "
        f"{'met' if startup_ok else 'MISSED'}"
    )
    emit_json(
        {
            "benchmark": "footprint",
            "tournaments": TOURNAMENTS,
            "players": players + TOURNAMENTS * PER_TOURNAMENT,
            "clock": NOW.isoformat(),
            "runs": runs_json,
            "rss_above_aiogram_mb": rss_above,
            "rss_target_met": rss_ok,
            "startup_above_aiogram_s": startup_above,
            "startup_target_met": startup_ok,
        }
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=RUNS)
    parser.add_argument("--players", type=int, default=PLAYERS)
    args = parser.parse_args()
    asyncio.run(main(args.runs, args.players))
