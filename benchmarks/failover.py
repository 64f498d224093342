"""Failover: two bot processes on one PostgreSQL database, the leader killed ten times (issue 28).

Run with ``.venv/bin/python -m benchmarks.failover [--kills 10]`` (a throw-away PostgreSQL
server, ``tests.pg``). Each time: six people write ``/help`` privately, the leader fetches and
stores their updates and is killed with SIGKILL at once; the time is taken from the kill to the
first and to the last of their answers (sent by the standby, now the leader); the killed
process is started again and becomes the standby. Each kill also comes as a Swiss round's time
runs out (one tournament per kill, begun beforehand; the clock moved to its round's end 0, 50
or 100 ms before the batch is written, so the leader is firing it as it dies): its "time!"
notice must reach its group once. Reported: those
times (p50, max), updates lost (never answered) and answered twice, deadlines lost (no notice)
and doubled.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from datetime import datetime, timedelta
from functools import partial
from pathlib import Path

from tests import pg
from tests.clock import ManualClock
from tests.e2e.crash_driver import BotProcess
from tests.e2e.drivers.downtime import (
    ORGANISER,
    SWISS_PLAYERS,
    add_players,
    begin_swiss,
    group_of,
    player_tg,
)
from tests.e2e.drivers.standby import TIME_UP
from tests.e2e.emulator import BotApiEmulator, RateLimits, SimUser
from tests.e2e.harness import START, TOKEN, RunningBot

BATCH = 6


def answered(
    emu: BotApiEmulator, batch: list[SimUser], how: Callable[[Iterable[object]], bool]
) -> bool:
    return how(emu.bot_messages(person.id) for person in batch)


ROUND = timedelta(minutes=240)  #: a round's time (``begin_swiss``)


def begun_at(kill: int) -> datetime:
    """When the ``kill``-th kill's tournament began (an hour apart: one round ends at a time)."""
    return START + timedelta(hours=kill)


async def begin_rounds(emu: BotApiEmulator, url: str, folder: Path, kills: int) -> None:
    """One Swiss tournament per kill, begun by a bot of this process, its round running."""
    org = emu.add_user(ORGANISER, "Olga", username="olga")
    clock = ManualClock(START)
    for kill in range(kills):
        people = [emu.add_user(player_tg(kill, s), f"S{s}") for s in range(SWISS_PLAYERS)]
        for user in people:
            user.started = True
        emu.add_group(group_of(kill), f"Club {kill}", members=people, admins=[org])
        await add_players(url, kill, SWISS_PLAYERS)
    org_id = str(ORGANISER)
    setup = RunningBot(emu, folder / "unused.db", clock, database_url=url, organizer_ids=org_id)
    app = await setup.start()
    for kill in range(kills):
        clock.set(begun_at(kill))
        await begin_swiss(app, kill)
    await emu.idle()
    await setup.stop()


def time_up(emu: BotApiEmulator, kill: int) -> int:
    return sum(TIME_UP in m.plain for m in emu.bot_messages(group_of(kill)))


def waiting(log: Path, before: int) -> bool:
    """The process logging to ``log`` said it waits as a standby once more."""
    return standbys(log) > before


def standbys(log: Path) -> int:
    return log.read_text(errors="replace").count("standby:") if log.exists() else 0


async def main(kills: int) -> int:
    server = pg.server()
    if server is None:
        print(f"no PostgreSQL server: {pg.why_not}")
        return 1
    url = await server.fresh()
    emu = BotApiEmulator(TOKEN, rate_limits=RateLimits(enabled=False))
    await emu.start()
    first: list[float] = []
    last: list[float] = []
    with tempfile.TemporaryDirectory(prefix="failover-") as folder:
        tmp = Path(folder)
        a = BotProcess(emu, url, tmp / "clock.txt", tmp / "a.log", 999)
        b = BotProcess(emu, url, tmp / "clock.txt", tmp / "b.log", 999)
        for process in (a, b):
            process.extra_env["LOG_LEVEL"] = "INFO"
        await begin_rounds(emu, url, tmp, kills)
        a.set_clock(begun_at(0))
        people = [emu.add_user(60_000 + n, f"P{n}") for n in range(BATCH * kills)]
        try:
            await a.start()
            await b.launch()
            await emu.wait_for(lambda: standbys(b.log_file) == 1, timeout=60)
            leader, standby = a, b
            for kill in range(kills):
                batch = people[kill * BATCH : (kill + 1) * BATCH]
                leader.set_clock(begun_at(kill) + ROUND + timedelta(seconds=1))
                await asyncio.sleep(0.05 * (kill % 3))
                for person in batch:
                    await person.send(None, "/help")
                await emu.wait_for(lambda: emu.unfetched_updates() == 0, timeout=10)
                await leader.kill()
                killed = time.monotonic()
                await emu.wait_for(partial(answered, emu, batch, any), timeout=60)
                first.append(time.monotonic() - killed)
                await emu.wait_for(partial(answered, emu, batch, all), timeout=60)
                last.append(time.monotonic() - killed)
                seen = standbys(leader.log_file)
                await leader.launch()
                await emu.wait_for(partial(waiting, leader.log_file, seen), 60)
                leader, standby = standby, leader
            await emu.idle(quiet=2, timeout=30)
        finally:
            await a.stop()
            await b.stop()
            await emu.stop()
            pg.stop()
    counts = [len(emu.bot_messages(p.id)) for p in people]
    notices = [time_up(emu, kill) for kill in range(kills)]
    print(
        f"kills={kills}; first answer after SIGKILL: p50 {statistics.median(first):.1f} s, "
        f"max {max(first):.1f} s; last of the batch: p50 {statistics.median(last):.1f} s, "
        f"max {max(last):.1f} s; updates lost={counts.count(0)}, "
        f"answered twice={sum(n > 1 for n in counts)}; deadlines lost={notices.count(0)}, "
        f"doubled={sum(n > 1 for n in notices)}"
    )
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--kills", type=int, default=10)
    sys.exit(asyncio.run(main(parser.parse_args().kills)))
