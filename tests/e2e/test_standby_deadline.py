"""No deadline fires twice across a take-over (issue 28, ``bot.leader``): a Swiss round's time
comes due in the instant the leader is killed with SIGKILL, and the standby that takes over
fires what the leader had not (the round's deadline claimed in the database with its effect,
the notice sent through the outbox once by key): the "time!" notice reaches the group exactly
once, whichever side of the kill the firing fell on."""

from __future__ import annotations

import asyncio
import time
from datetime import timedelta
from pathlib import Path

import asyncpg
import pytest

from tests.clock import ManualClock
from tests.e2e.crash_driver import BotProcess
from tests.e2e.drivers.downtime import (
    ENDS,
    ORGANISER,
    SWISS_PLAYERS,
    add_players,
    begin_swiss,
    group_of,
    player_tg,
)
from tests.e2e.drivers.standby import TIME_UP, logged, until
from tests.e2e.emulator import BotApiEmulator, RateLimits
from tests.e2e.harness import START, TOKEN, RunningBot

CHECK = 2  #: the standby's check of the lease (``LEADER_CHECK_SECONDS``), in seconds
#: seconds from the round's end to the kill: before the leader saw the clock move (it looks
#: every 0.05 s: the standby fires), and as the leader fires and sends
KILL_AFTER = (0.0, 0.1)


def add_chat(emu: BotApiEmulator) -> None:
    org = emu.add_user(ORGANISER, "Olga", username="olga")
    people = [emu.add_user(player_tg(0, seat), f"P{seat}") for seat in range(SWISS_PLAYERS)]
    for user in people:
        user.started = True
    emu.add_group(group_of(0), "Club", members=people, admins=[org])


def notices(emu: BotApiEmulator) -> int:
    return sum(TIME_UP in m.plain for m in emu.bot_messages(group_of(0)))


async def statuses(at: str) -> dict[str, str]:
    conn = await asyncpg.connect(at)
    try:
        rows = await conn.fetch("SELECT kind, status FROM deadlines WHERE kind LIKE 'swiss%'")
    finally:
        await conn.close()
    return {str(row["kind"]): str(row["status"]) for row in rows}


@pytest.mark.parametrize("kill_after", KILL_AFTER)
async def test_a_round_ending_as_the_leader_dies_ends_once(
    tmp_path: Path, postgres_at: str, kill_after: float
) -> None:
    emu = BotApiEmulator(TOKEN, rate_limits=RateLimits(enabled=False))
    await emu.start()
    add_chat(emu)
    await add_players(postgres_at, 0, SWISS_PLAYERS)
    # The tournament begun in a bot of this process; the two bot processes take it from there.
    setup = RunningBot(
        emu,
        tmp_path / "unused.db",
        ManualClock(START),
        database_url=postgres_at,
        organizer_ids=str(ORGANISER),
    )
    await begin_swiss(await setup.start(), 0)
    await emu.idle()
    await setup.stop()
    assert (await statuses(postgres_at))["swiss_time"] == "pending"
    clock = tmp_path / "clock.txt"
    leader = BotProcess(emu, postgres_at, clock, tmp_path / "leader.log", ORGANISER)
    standby = BotProcess(emu, postgres_at, clock, tmp_path / "standby.log", ORGANISER)
    for process in (leader, standby):
        process.extra_env["LEADER_CHECK_SECONDS"] = str(CHECK)
        process.extra_env["LOG_LEVEL"] = "INFO"
    leader.set_clock(ENDS - timedelta(minutes=5))  # past the warning, before the round's end
    try:
        await leader.start()
        await standby.launch()
        await until(lambda: logged(standby.log_file, "standby:"), want=True)
        leader.set_clock(ENDS + timedelta(seconds=1))
        await asyncio.sleep(kill_after)
        await leader.kill()
        killed = time.monotonic()
        await emu.wait_for(lambda: notices(emu) > 0, timeout=30)
        took = time.monotonic() - killed
        await until(lambda: logged(standby.log_file, "this process leads now"), want=True)
        await emu.idle(quiet=CHECK + 1, timeout=30)
    finally:
        await leader.stop()
        await standby.stop()
        await emu.stop()
    print(f"kill {kill_after} s after the round's end: its notice {took:.1f} s after SIGKILL")  # noqa: T201
    assert (await statuses(postgres_at))["swiss_time"] == "fired"
    assert notices(emu) == 1
