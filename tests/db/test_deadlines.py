"""Timers: stored, rebuilt at start, fired once, never lost."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.clock import Clock
from bot.deadlines import AfterCommit, Deadlines, Late
from db.database import Database, Tx
from db.models import Deadline
from tests.clock import ManualClock

START = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


async def make(path: Path | str, clock: Clock, fired: list[int]) -> tuple[Database, Deadlines]:
    db = await Database.open(path)
    service = Deadlines(db, clock)

    async def handler(tx: Tx, deadline: Deadline) -> AfterCommit | None:
        await tx.execute(
            "INSERT INTO audit_log (actor_id, action, at) VALUES (0, 'fired', ?)",
            (deadline.due_at,),
        )
        fired.append(deadline.ref_id)
        return None

    service.on("test", handler, late=Late.APPLY)
    return db, service


async def count_fired(db: Database) -> int:
    async with db.read() as tx:
        return int(await tx.value("SELECT count(*) FROM audit_log WHERE action = 'fired'"))


async def test_deadline_fires_when_the_clock_reaches_it(database_at: Path | str) -> None:
    clock = ManualClock(START)
    fired: list[int] = []
    db, service = await make(database_at, clock, fired)
    await service.start()
    await service.add("test", 7, START + timedelta(hours=3))
    clock.advance(timedelta(hours=2, minutes=59))
    await service.fire_due()
    assert fired == []
    clock.advance(timedelta(minutes=1))
    await service.fire_due()
    await service.fire_due()
    assert fired == [7]
    assert await count_fired(db) == 1
    await service.stop()
    await db.close()


async def test_deadline_missed_while_down_fires_once_at_start(database_at: Path | str) -> None:
    clock = ManualClock(START)
    fired: list[int] = []
    db, service = await make(database_at, clock, fired)
    await service.start()
    await service.add("test", 1, START + timedelta(minutes=10))
    await service.add("test", 2, START + timedelta(hours=5))
    await service.stop()
    await db.close()

    clock.set(START + timedelta(hours=1))  # the bot was down while deadline 1 passed
    fired.clear()
    db, service = await make(database_at, clock, fired)
    await service.start()
    assert fired == []  # started: the overdue ones wait for the catch-up (after the first poll)
    await service.catch_up()
    assert fired == [1]
    await service.stop()
    await db.close()

    db, service = await make(database_at, clock, fired)
    await service.start()  # a second restart: nothing fires twice
    await service.catch_up()
    assert fired == [1]
    clock.advance(timedelta(hours=4))
    await service.fire_due()
    assert fired == [1, 2]
    assert await count_fired(db) == 2
    await service.stop()
    await db.close()


async def test_cancelled_deadline_never_fires(database_at: Path | str) -> None:
    clock = ManualClock(START)
    fired: list[int] = []
    db, service = await make(database_at, clock, fired)
    await service.start()
    await service.add("test", 3, START + timedelta(minutes=5))
    await service.cancel_for(3, ("test",))
    clock.advance(timedelta(hours=1))
    await service.fire_due()
    assert fired == []
    await service.stop()
    await db.close()


async def test_failed_handler_rolls_back_and_the_deadline_stays_pending(
    database_at: Path | str,
) -> None:
    clock = ManualClock(START)
    db = await Database.open(database_at)
    service = Deadlines(db, clock)
    calls = 0

    async def broken(tx: Tx, deadline: Deadline) -> AfterCommit | None:
        nonlocal calls
        calls += 1
        raise RuntimeError("boom")

    service.on("test", broken, late=Late.APPLY)
    await service.start()
    await service.add("test", 4, START)
    await service.fire_due()
    assert calls >= 1
    async with db.read() as tx:
        assert await tx.value("SELECT status FROM deadlines WHERE ref_id = 4") == "pending"
    await service.stop()
    await db.close()


async def test_durable_job_is_done_only_after_its_handler_finished(database_at: Path | str) -> None:
    clock = ManualClock(START)
    db = await Database.open(database_at)
    service = Deadlines(db, clock)
    runs: list[int] = []

    async def crashing(deadline: Deadline) -> None:
        runs.append(deadline.ref_id)
        raise ConnectionError("the bot died while sending")

    service.on_durable("send", crashing)
    await service.start()
    await service.add("send", 5, START)
    await service.fire_due()
    await service.stop()
    async with db.read() as tx:
        assert await tx.value("SELECT status FROM deadlines WHERE ref_id = 5") == "pending"

    # After the "restart" the job runs again, and is done once it finished.
    service = Deadlines(db, clock)
    done: list[int] = []

    async def sending(deadline: Deadline) -> None:
        done.append(deadline.ref_id)

    service.on_durable("send", sending)
    await service.start()
    await service.catch_up()
    assert runs and done == [5]
    async with db.read() as tx:
        assert await tx.value("SELECT status FROM deadlines WHERE ref_id = 5") == "fired"
    await service.stop()
    service = Deadlines(db, clock)
    service.on_durable("send", sending)
    await service.start()
    await service.catch_up()
    assert done == [5]
    await service.stop()
    await db.close()


async def test_wall_clock_timers_fire_in_time_order_once(database_at: Path | str) -> None:
    """One scheduler job per deadline: later first, earlier, a cancel that removes its job."""
    clock = Clock()
    fired: list[int] = []
    db, service = await make(database_at, clock, fired)
    await service.start()
    now = clock.now()
    await service.add("test", 1, now + timedelta(milliseconds=300))
    await service.add("test", 2, now + timedelta(milliseconds=100))  # earlier: the job moves
    await service.add("test", 3, now + timedelta(milliseconds=200))
    await service.cancel_for(3, ("test",))
    for _ in range(100):
        if len(fired) == 2:
            break
        await asyncio.sleep(0.02)
    await asyncio.sleep(0.1)
    assert fired == [2, 1]
    assert await count_fired(db) == 2
    await service.stop()
    await db.close()
