"""Webhook mode with a leader and a standby on one PostgreSQL database (issue 28,
``bot.inbox_loop``): two real bot processes, each with its own port. Updates posted to the
standby's port are stored in the inbox and handled by the leader; the leader is frozen with
updates stored and not handled, then killed with SIGKILL, and the standby takes over within
15 s, answering each of them once and nothing twice."""

from __future__ import annotations

import asyncio
import signal
import socket
import time
from pathlib import Path

import aiohttp

from tests.e2e.crash_driver import BotProcess
from tests.e2e.drivers.standby import logged, said, stored, until
from tests.e2e.drivers.webhook import SECRET, update
from tests.e2e.emulator import BotApiEmulator, RateLimits, SimUser
from tests.e2e.harness import START, TOKEN

ORGANISER = 999
PEOPLE = 12
CHECK = 2  #: the standby's check of the lease (``LEADER_CHECK_SECONDS``), in seconds
PATH = "/telegram/webhook"


def answers(emu: BotApiEmulator, people: list[SimUser]) -> list[int]:
    return [len(emu.bot_messages(person.id)) for person in people]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def webhook_process(emu: BotApiEmulator, at: str, clock: Path, log: Path) -> BotProcess:
    process = BotProcess(emu, at, clock, log, ORGANISER)
    process.port = free_port()  # type: ignore[attr-defined]
    process.extra_env.update(
        {
            "LEADER_CHECK_SECONDS": str(CHECK),
            "LOG_LEVEL": "INFO",
            "WEBHOOK_URL": "https://bot.example.org",
            "WEBHOOK_SECRET": SECRET,
            "WEBHOOK_PORT": str(process.port),  # type: ignore[attr-defined]
        }
    )
    return process


async def post(http: aiohttp.ClientSession, port: int, update_id: int, person: SimUser) -> None:
    """Telegram's post of ``/help`` from ``person``: answered 200 once stored."""
    async with http.post(
        f"http://127.0.0.1:{port}{PATH}",
        json=update(update_id, person.api_dict()),
        headers={"X-Telegram-Bot-Api-Secret-Token": SECRET},
    ) as answer:
        assert answer.status == 200


async def test_the_standby_stores_and_takes_over_what_the_leader_left(
    tmp_path: Path, postgres_at: str
) -> None:
    emu = BotApiEmulator(TOKEN, rate_limits=RateLimits(enabled=False))
    emu.webhooks_accepted = True
    await emu.start()
    clock = tmp_path / "clock.txt"
    leader = webhook_process(emu, postgres_at, clock, tmp_path / "leader.log")
    standby = webhook_process(emu, postgres_at, clock, tmp_path / "standby.log")
    leader.set_clock(START)
    people = [emu.add_user(50_000 + n, f"P{n}") for n in range(PEOPLE)]
    for person in people:
        await person.start()  # the private chat exists (the /start itself is never posted)
    first, second = people[: PEOPLE // 2], people[PEOPLE // 2 :]
    try:
        async with aiohttp.ClientSession() as http:
            await leader.launch()
            await until(lambda: logged(leader.log_file, "Telegram posts to"), want=True)
            await standby.launch()
            await until(lambda: logged(standby.log_file, "standby:"), want=True)
            # Posted to the standby: stored there, answered by the leader.
            for n, person in enumerate(first):
                await post(http, standby.port, 900_000 + n, person)  # type: ignore[attr-defined]
            await emu.wait_for(lambda: all(answers(emu, first)), timeout=15)
            await until(lambda: stored(postgres_at), want=0)  # each marked handled, deleted
            assert not said(standby.log_file, "this process leads now")
            # The leader frozen: what the standby stores now is left unhandled at the kill.
            assert leader.proc is not None
            leader.proc.send_signal(signal.SIGSTOP)
            for n, person in enumerate(second):
                await post(http, standby.port, 900_100 + n, person)  # type: ignore[attr-defined]
            await leader.kill()
            killed = time.monotonic()
            await emu.wait_for(lambda: all(answers(emu, second)), timeout=30)
            took = time.monotonic() - killed
            # A post Telegram repeats (no 200 seen) after the take-over is answered no more.
            await post(http, standby.port, 900_100, second[0])  # type: ignore[attr-defined]
            await asyncio.sleep(2 * CHECK + 1)  # two looks at the inbox: nothing more comes
    finally:
        await leader.stop()
        await standby.stop()
        await emu.stop()
    print(f"webhook take-over: the stored batch answered {took:.1f} s after SIGKILL")  # noqa: T201
    assert took < 15
    assert said(standby.log_file, "this process leads now")
    assert answers(emu, people) == [1] * PEOPLE  # every update answered once, none twice
