"""Footprint benchmark: the bot as its own process with 10 running tournaments and 10 000 players.

Run with ``.venv/bin/python -m benchmarks.footprint`` (``--runs``, ``--players``).

The database is prepared once (not measured):

1. the real bot, in this process against the emulator (limits off), runs 10 Swiss tournaments
   in 10 groups of 32 players each through the buttons: created, joined, begun, and in round 1
   half the tables have reported a result and half of those are confirmed, so each tournament
   has a live board, events, results, pending reports and armed timers;
2. 10 000 more registered players (``players`` + ``tg_users`` + ``ratings`` rows) are inserted
   with SQL into the migrated schema (``db.database.Database.open``);
3. the bot's modules are compiled to bytecode (``compile_bytecode``), as step 1 leaves them
   wherever Python may write its cache.

Then, per run, a fresh copy of that file and ``python -m bot`` as a separate process with
``TELEGRAM_API_URL`` pointing at an emulator in this process, ``BOT_TOKEN`` its token and
``DATABASE_PATH`` the copy. Measured: start-up = from just before the process is spawned to the
emulator receiving its first ``getUpdates``; then every group asks ``/standings`` and
``/pairings`` and every tournament's players ``/profile`` (so the handlers, the replay of
every tournament and the texts are loaded), and once the bot is idle its resident memory is
read from ``/proc/<pid>/status`` (``VmRSS``; ``VmHWM`` is the peak). Medians of the runs.
Targets (issue 5): RSS under 150 MB, start-up under 2 s.
"""

from __future__ import annotations

import argparse
import asyncio
import compileall
import logging
import os
import shutil
import signal
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.sim import (
    ACCEPTED,
    CONFIRM,
    REPORTED,
    WON,
    SwissClub,
    emit_json,
    median,
    settle,
    stop_bot,
)
from bot.pacing import Limits
from db.database import Database
from tests.clock import ManualClock
from tests.e2e.emulator import BotApiEmulator, RateLimits
from tests.e2e.harness import START, TOKEN, RunningBot

TOURNAMENTS = 10
PER_TOURNAMENT = 32
PLAYERS = 10_000
RUNS = 5
RSS_TARGET_MB = 150.0
START_TARGET_S = 2.0
ROOT = Path(__file__).resolve().parent.parent


def group_id(index: int) -> int:
    return -100_900 - index


def first_player(index: int) -> int:
    return 200_000 + index * 1000


def add_clubs(emu: BotApiEmulator) -> list[SwissClub]:
    return [
        SwissClub(emu, PER_TOURNAMENT, first_id=first_player(i), group=group_id(i))
        for i in range(TOURNAMENTS)
    ]


async def play_tournaments(db_path: Path) -> None:
    """Ten Swiss tournaments through the bot, each left running in the middle of round 1."""
    emu = BotApiEmulator(token=TOKEN, rate_limits=RateLimits.disabled())
    await emu.start()
    running = RunningBot(emu, db_path, ManualClock(START), Limits.unlimited(), organizer_ids="999")
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
        await stop_bot(running)
        await emu.stop()


async def add_players(db_path: Path, count: int) -> None:
    db = await Database.open(db_path)
    try:
        async with db.transaction() as tx:
            base = 5_000_000
            await tx.execute_many(
                "INSERT INTO tg_users (id, username, first_name, last_name, language_code,"
                " started_bot, blocked_bot, seen_at) VALUES (?, ?, ?, ?, 'ru', 1, 0, ?)",
                [
                    (base + n, f"member{n}", f"Имя{n}", f"Фамилия{n}", START.isoformat())
                    for n in range(count)
                ],
            )
            await tx.execute_many(
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
                        START.isoformat(),
                    )
                    for n in range(count)
                ],
            )
            await tx.execute(
                "INSERT INTO ratings (player_id, discipline, rating_cents)"
                " SELECT id, 'berserk', 150000 + (id * 37) % 50000 FROM players"
                " WHERE telegram_id >= ? AND id NOT IN (SELECT player_id FROM ratings)",
                (base,),
            )
    finally:
        await db.close()


async def prepare(folder: Path, players: int) -> Path:
    path = folder / "prepared.db"
    await play_tournaments(path)
    await add_players(path, players)
    db = await Database.open(path)
    try:
        async with db.read() as tx:
            counts = {
                table: int(await tx.value(f"SELECT count(*) FROM {table}"))
                for table in ("players", "tournaments", "events", "reports", "deadlines")
            }
            running = int(
                await tx.value("SELECT count(*) FROM tournaments WHERE status = 'running'")
            )
    finally:
        await db.close()
    print(f"prepared {path.stat().st_size / 1e6:.1f} MB: {counts}, running tournaments {running}")
    return path


def compile_bytecode() -> None:
    """Cache the bot's compiled modules, as importing them for step 1 does by default.

    Where PYTHONDONTWRITEBYTECODE is set (some CI and sandbox machines) nothing is cached, and
    every measured start would compile the bot's ~100 modules again (~0.1 s), which a deployed bot
    reads from the cache (``make run`` compiles them too).
    """
    for package in ("bot", "handlers", "db", "rules"):
        compileall.compile_dir(ROOT / package, quiet=2)


def status_kb(pid: int, field: str) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as handle:
        for line in handle:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise LookupError(field)


async def run_once(prepared: Path, folder: Path, run: int) -> dict[str, float]:
    db_path = folder / f"run{run}.db"
    shutil.copyfile(prepared, db_path)
    emu = BotApiEmulator(token=TOKEN, rate_limits=RateLimits.disabled())
    # Telegram's update ids keep growing; a fresh emulator would start again at 1, ids the
    # bot has recorded as handled (and would skip as redeliveries).
    with sqlite3.connect(db_path) as conn:
        handled = conn.execute("SELECT max(update_id) FROM processed_updates").fetchone()[0]
    emu._next_update_id = int(handled or 0) + 1
    await emu.start()
    clubs = add_clubs(emu)
    for user in [clubs[0].org, *(p for club in clubs for p in club.players)]:
        user.started = True
    env = {
        **os.environ,
        "BOT_TOKEN": TOKEN,
        "TELEGRAM_API_URL": emu.url,
        "DATABASE_PATH": str(db_path),
        "ORGANIZER_IDS": "999",
        "LOG_LEVEL": "WARNING",
    }
    spawned = time.monotonic()
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=ROOT, env=env, stderr=asyncio.subprocess.PIPE
    )
    try:
        await emu.wait_for(lambda: emu.requests_for("getUpdates"), timeout=30)
        startup = emu.requests_for("getUpdates")[0].started - spawned
        rss_started = status_kb(process.pid, "VmRSS")
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
        replies = sum(len(emu.bot_messages(c.group_id)) for c in clubs)
        replies += sum(len(emu.bot_messages(p.id)) for p in asked)
        rss = status_kb(process.pid, "VmRSS")
        peak = status_kb(process.pid, "VmHWM")
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(process.wait(), 10)
            except TimeoutError:
                process.kill()
                await process.wait()
        stderr = await process.stderr.read() if process.stderr else b""
        await emu.stop()
    errors = [line for line in stderr.decode(errors="replace").splitlines() if "ERROR" in line]
    if errors:
        print(f"  bot errors: {errors[:3]}")
    return {
        "startup_s": round(startup, 3),
        "rss_started_mb": round(rss_started / 1024, 1),
        "rss_mb": round(rss / 1024, 1),
        "peak_rss_mb": round(peak / 1024, 1),
        "replies": replies,
    }


BASELINE = (
    "import time; t = time.monotonic(); import aiogram, aiogram.types; "
    "from aiogram import Bot, Dispatcher; "
    "rss = [l for l in open('/proc/self/status') if l.startswith('VmRSS')][0].split()[1]; "
    "print(rss)"
)


async def baseline() -> tuple[float, float]:
    """(seconds, RSS MB) of a bare interpreter that only imports aiogram, for comparison."""
    spawned = time.monotonic()
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", BASELINE, stdout=asyncio.subprocess.PIPE
    )
    out, _ = await process.communicate()
    return time.monotonic() - spawned, int(out.decode().strip()) / 1024


async def main(runs: int, players: int) -> None:
    logging.basicConfig(level=logging.ERROR)
    print(
        f"Footprint: python -m bot with {TOURNAMENTS} running Swiss tournaments "
        f"({PER_TOURNAMENT} players each) and {players} more registered players"
    )
    with tempfile.TemporaryDirectory(prefix="footprint-bench-") as tmp:
        folder = Path(tmp)
        prepared = await prepare(folder, players)
        compile_bytecode()
        results = []
        for run in range(1, runs + 1):
            result = await run_once(prepared, folder, run)
            results.append(result)
            print(
                f"  run {run}: start-up {result['startup_s']:.3f} s, RSS at first getUpdates "
                f"{result['rss_started_mb']:.1f} MB, after serving every group "
                f"{result['rss_mb']:.1f} MB (peak {result['peak_rss_mb']:.1f} MB)"
            )
    bare = [await baseline() for _ in range(runs)]
    bare_s, bare_mb = median(b[0] for b in bare), median(b[1] for b in bare)
    print(
        f"  for comparison, `import aiogram` alone in a fresh interpreter: {bare_s:.3f} s, "
        f"RSS {bare_mb:.1f} MB (median of {runs})"
    )
    startup = median(r["startup_s"] for r in results)
    rss = median(r["rss_mb"] for r in results)
    peak = median(r["peak_rss_mb"] for r in results)
    met = rss < RSS_TARGET_MB and peak < RSS_TARGET_MB and startup < START_TARGET_S
    print(
        f"median of {runs}: start-up {startup:.3f} s (target < {START_TARGET_S:g} s), "
        f"RSS {rss:.1f} MB, peak {peak:.1f} MB (target < {RSS_TARGET_MB:g} MB): "
        f"{'met' if met else 'MISSED'}"
    )
    emit_json(
        {
            "benchmark": "footprint",
            "tournaments": TOURNAMENTS,
            "players": players + TOURNAMENTS * PER_TOURNAMENT,
            "runs": results,
            "median_startup_s": startup,
            "median_rss_mb": rss,
            "median_peak_rss_mb": peak,
            "aiogram_import_s": round(bare_s, 3),
            "aiogram_import_rss_mb": round(bare_mb, 1),
            "target_met": met,
        }
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=RUNS)
    parser.add_argument("--players", type=int, default=PLAYERS)
    args = parser.parse_args()
    asyncio.run(main(args.runs, args.players))
