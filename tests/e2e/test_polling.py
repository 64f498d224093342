"""The polling loop (``bot.polling``) against the emulator, with a dispatcher whose handler
waits until the test lets it finish (issue 10, items 4 and 8)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from aiogram import Bot, Dispatcher
from aiogram.types import Message

from bot.polling import Polling
from tests.e2e.emulator import BotApiEmulator


class Gate:
    """A handler that waits for ``release``, counting how many wait at once."""

    def __init__(self) -> None:
        self.open = asyncio.Event()
        self.waiting = 0
        self.most = 0
        self.done: list[str] = []

    async def handle(self, message: Message) -> None:
        self.waiting += 1
        self.most = max(self.most, self.waiting)
        try:
            await self.open.wait()
        finally:
            self.waiting -= 1
        self.done.append(message.text or "")


@pytest.fixture
async def bot(emu: BotApiEmulator) -> AsyncIterator[Bot]:
    bot = emu.make_bot()
    yield bot
    await bot.session.close()


async def run(polling: Polling) -> asyncio.Task[None]:
    task = asyncio.create_task(polling.run())
    await asyncio.sleep(0.05)
    return task


async def test_no_more_is_fetched_while_the_limit_is_being_handled(
    emu: BotApiEmulator, bot: Bot
) -> None:
    gate = Gate()
    dp = Dispatcher()
    dp.message.register(gate.handle)
    polling = Polling(dp, bot, timeout=1, limit=8)
    task = await run(polling)
    users = [emu.add_user(100 + i, f"U{i}") for i in range(5)]
    for n in range(50):
        await users[n % 5].send(None, f"m{n}")
    await emu.wait_for(lambda: gate.waiting == 8)
    await asyncio.sleep(0.3)  # a few polls' time: still nothing more is fetched
    assert gate.waiting == polling.in_flight == 8
    assert emu.unfetched_updates() == 42
    gate.open.set()
    await emu.wait_for(lambda: len(gate.done) == 50)
    assert gate.most == 8
    assert sorted(gate.done) == sorted(f"m{n}" for n in range(50))
    polling.stop()
    await asyncio.wait_for(task, 5)


async def test_the_offset_stays_at_the_oldest_update_not_handled(
    emu: BotApiEmulator, bot: Bot
) -> None:
    gate = Gate()
    dp = Dispatcher()
    dp.message.register(gate.handle)
    polling = Polling(dp, bot, timeout=1)
    task = await run(polling)
    ann = emu.add_user(201, "Ann")
    await ann.send(None, "slow")
    await emu.wait_for(lambda: gate.waiting == 1)
    await asyncio.sleep(0.3)
    # Fetched, being handled, polled again: Telegram still holds it (a crash now loses nothing).
    assert emu.unfetched_updates() == 0
    assert emu.pending_updates() == 1
    polls = len(emu.requests_for("getUpdates"))
    gate.open.set()
    await emu.wait_for(lambda: len(emu.requests_for("getUpdates")) > polls + 1)
    assert emu.pending_updates() == 0  # handled: confirmed by the next poll
    assert gate.done == ["slow"]
    polling.stop()
    await asyncio.wait_for(task, 5)


async def test_a_stop_lets_the_updates_being_handled_finish(emu: BotApiEmulator, bot: Bot) -> None:
    gate = Gate()
    dp = Dispatcher()
    dp.message.register(gate.handle)
    polling = Polling(dp, bot, timeout=1)
    task = await run(polling)
    ann = emu.add_user(202, "Ann")
    await ann.send(None, "last")
    await emu.wait_for(lambda: gate.waiting == 1)
    polling.stop()
    await asyncio.sleep(0.1)
    assert not task.done()  # waits for the handler
    gate.open.set()
    await asyncio.wait_for(task, 5)
    assert gate.done == ["last"]
