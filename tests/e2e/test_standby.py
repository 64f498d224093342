"""A leader and a standby on one PostgreSQL database (issue 28, ``bot.leader``): two real bot
processes; the leader is killed with SIGKILL right after it fetched a batch of updates (stored
in the inbox, not handled), and the standby takes over within 15 s, answering each of them
once and nothing twice."""

from __future__ import annotations

import time
from pathlib import Path

from tests.e2e.crash_driver import BotProcess
from tests.e2e.drivers.standby import stored, until
from tests.e2e.emulator import BotApiEmulator, RateLimits, SimUser
from tests.e2e.harness import START, TOKEN

ORGANISER = 999
PEOPLE = 12
#: the standby's check of the lease (``LEADER_CHECK_SECONDS``), in seconds
CHECK = 2


def said(log: Path, text: str) -> bool:
    return log.exists() and text in log.read_text(encoding="utf-8", errors="replace")


def answers(emu: BotApiEmulator, people: list[SimUser]) -> list[int]:
    return [len(emu.bot_messages(person.id)) for person in people]


async def test_the_standby_answers_what_the_killed_leader_had_stored(
    tmp_path: Path, postgres_at: str
) -> None:
    emu = BotApiEmulator(TOKEN, rate_limits=RateLimits(enabled=False))
    await emu.start()
    clock = tmp_path / "clock.txt"
    leader = BotProcess(emu, postgres_at, clock, tmp_path / "leader.log", ORGANISER)
    standby = BotProcess(emu, postgres_at, clock, tmp_path / "standby.log", ORGANISER)
    for process in (leader, standby):
        process.extra_env["LEADER_CHECK_SECONDS"] = str(CHECK)
        process.extra_env["LOG_LEVEL"] = "INFO"
    leader.set_clock(START)
    people = [emu.add_user(50_000 + n, f"P{n}") for n in range(PEOPLE)]
    first, second = people[: PEOPLE // 2], people[PEOPLE // 2 :]
    try:
        await leader.start()
        await standby.launch()
        await emu.wait_for(lambda: said(standby.log_file, "standby:"), timeout=60)
        # While the leader lives, it alone answers.
        for person in first:
            await person.send(None, "/help")
        await emu.wait_for(lambda: all(answers(emu, first)), timeout=15)
        # Answered is not finished: a kill before the leader marked them handled (``bot.handled``)
        # would have the standby answer them again.
        await until(lambda: stored(postgres_at), want=0)
        # A batch the leader fetched and stored, then SIGKILL before it could answer.
        for person in second:
            await person.send(None, "/help")
        await emu.wait_for(lambda: emu.unfetched_updates() == 0, timeout=10)
        await leader.kill()
        killed = time.monotonic()
        await emu.wait_for(lambda: all(answers(emu, second)), timeout=30)
        took = time.monotonic() - killed
        await emu.idle(quiet=CHECK + 1, timeout=30)
    finally:
        await leader.stop()
        await standby.stop()
        await emu.stop()
    print(f"take-over: first answer of the batch {took:.1f} s after SIGKILL")  # noqa: T201
    assert took < 15
    assert said(standby.log_file, "this process leads now")
    assert answers(emu, people) == [1] * PEOPLE  # every update answered once, none twice
