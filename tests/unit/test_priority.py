"""Pending button answers go before other sends, without ever making a press wait on another."""

from __future__ import annotations

import asyncio

from bot.priority import AnswersFirst


async def hold(gate: AnswersFirst, query_id: str, release: asyncio.Event) -> None:
    """A press's handler that has not answered yet, until ``release``."""
    with gate.press(query_id):
        await release.wait()
        gate.answered(query_id)


async def test_a_send_waits_until_every_pending_press_is_answered() -> None:
    gate = AnswersFirst(max_wait=5)
    release_a, release_b = asyncio.Event(), asyncio.Event()
    presses = [
        asyncio.create_task(hold(gate, "a", release_a)),
        asyncio.create_task(hold(gate, "b", release_b)),
    ]
    await asyncio.sleep(0)
    assert gate.pending == 2
    follow_up = asyncio.create_task(gate.turn())
    await asyncio.sleep(0.01)
    release_a.set()
    await asyncio.sleep(0.01)
    assert not follow_up.done()  # "b" still spins
    release_b.set()
    await asyncio.wait_for(follow_up, timeout=1)
    await asyncio.gather(*presses)
    assert gate.pending == 0


async def test_a_press_sending_before_its_own_answer_does_not_wait() -> None:
    gate = AnswersFirst(max_wait=5)

    async def handler(query_id: str) -> str:
        with gate.press(query_id):
            await asyncio.sleep(0.01)  # both presses are pending now
            await gate.turn()  # e.g. it edits its message before answering
            gate.answered(query_id)
            return query_id

    done = await asyncio.wait_for(asyncio.gather(handler("a"), handler("b")), timeout=1)
    assert list(done) == ["a", "b"]


async def test_a_send_waits_at_most_max_wait() -> None:
    gate = AnswersFirst(max_wait=0.05)
    release = asyncio.Event()
    stuck = asyncio.create_task(hold(gate, "stuck", release))
    await asyncio.sleep(0)
    loop = asyncio.get_running_loop()
    started = loop.time()
    await gate.turn()
    assert loop.time() - started >= 0.04
    release.set()
    await stuck
    await asyncio.wait_for(gate.turn(), timeout=0.01)  # nothing pending: at once


async def test_a_handler_that_fails_still_releases_its_press() -> None:
    gate = AnswersFirst(max_wait=5)
    try:
        with gate.press("a"):
            raise RuntimeError("handler failed")
    except RuntimeError:
        pass
    assert gate.pending == 0
    await asyncio.wait_for(gate.turn(), timeout=0.01)
