"""The database's turns (``db.turns``): one holder at a time, a person's update before
background work, background work never starved, a cancelled waiter never losing the turn."""

from __future__ import annotations

import asyncio

import pytest

from db.turns import Turns, in_background


async def waiter(turns: Turns, name: str, order: list[str], *, background: bool) -> None:
    if background:
        with in_background():
            await take(turns, name, order)
    else:
        await take(turns, name, order)


async def take(turns: Turns, name: str, order: list[str]) -> None:
    async with turns:
        order.append(name)
        await asyncio.sleep(0)


async def queue_behind(turns: Turns, *plan: tuple[str, bool]) -> list[str]:
    """Hold the turns, queue the waiters of ``plan`` (name, background) in that order, let go."""
    order: list[str] = []
    await turns.acquire()
    tasks = []
    for name, background in plan:
        tasks.append(asyncio.create_task(waiter(turns, name, order, background=background)))
        await asyncio.sleep(0)  # each reaches its wait in this order
    turns.release()
    await asyncio.gather(*tasks)
    return order


async def test_updates_go_before_background_work_that_came_first() -> None:
    order = await queue_behind(
        Turns(),
        ("follow-up 1", True),
        ("press 1", False),
        ("follow-up 2", True),
        ("press 2", False),
    )
    assert order == ["press 1", "press 2", "follow-up 1", "follow-up 2"]


async def test_background_work_waiting_its_patience_goes_next() -> None:
    order = await queue_behind(Turns(patience=0.0), ("follow-up", True), ("press", False))
    assert order == ["follow-up", "press"]


async def test_the_marking_ends_with_its_block() -> None:
    turns, order = Turns(), list[str]()
    await turns.acquire()
    with in_background():
        follow_up = asyncio.create_task(take(turns, "follow-up", order))  # a copy of the context
    await asyncio.sleep(0)
    press = asyncio.create_task(take(turns, "press", order))  # created after the block: not
    await asyncio.sleep(0)
    turns.release()
    await asyncio.gather(follow_up, press)
    assert order == ["press", "follow-up"] and not turns.locked()


async def test_a_waiter_cancelled_while_waiting_leaves_the_queue() -> None:
    turns = Turns()
    order: list[str] = []
    await turns.acquire()
    gone = asyncio.create_task(waiter(turns, "gone", order, background=False))
    await asyncio.sleep(0)
    stays = asyncio.create_task(waiter(turns, "stays", order, background=False))
    await asyncio.sleep(0)
    gone.cancel()
    await asyncio.sleep(0)
    turns.release()
    await stays
    with pytest.raises(asyncio.CancelledError):
        await gone
    assert order == ["stays"] and not turns.locked()


async def test_a_turn_given_to_a_waiter_cancelled_at_once_passes_on() -> None:
    turns = Turns()
    order: list[str] = []
    await turns.acquire()
    first = asyncio.create_task(waiter(turns, "first", order, background=False))
    await asyncio.sleep(0)
    second = asyncio.create_task(waiter(turns, "second", order, background=False))
    await asyncio.sleep(0)
    turns.release()  # the turn is the first's: his wait ends at his next step
    first.cancel()  # ... but the cancellation comes with it
    await second
    with pytest.raises(asyncio.CancelledError):
        await first
    assert order == ["second"] and not turns.locked()
