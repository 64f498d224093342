"""``Deadlines.run``: the after-commit step runs a durable job now and waits for it."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from bot.deadlines import Deadlines
from db import deadlines
from db.database import Database
from db.models import Deadline
from tests.clock import ManualClock

START = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


async def test_run_waits_for_a_durable_job_and_marks_it_done(database_at: Path | str) -> None:
    clock = ManualClock(START)
    db = await Database.open(database_at)
    service = Deadlines(db, clock)
    done: list[int] = []

    async def sending(deadline: Deadline) -> None:
        done.append(deadline.ref_id)

    service.on_durable("send", sending)
    await service.start()
    async with db.transaction() as tx:  # stored with the change that makes it necessary
        job = await deadlines.add(tx, "send", 7, clock.now())
    await service.run(job)
    assert done == [7]
    async with db.read() as tx:
        assert await tx.value("SELECT status FROM deadlines WHERE id = ?", (job,)) == "fired"
    await service.fire_due()  # a clock jump later finds nothing left to do
    assert done == [7]
    await service.stop()
    await db.close()
