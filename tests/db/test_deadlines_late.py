"""After downtime: what came due while the bot was down is applied late and says why, or dropped.

The bot's heartbeat tells when it went down; ``catch_up`` (run once polling began) handles the
deadlines found due at start; a few seconds overdue is not late (``LATE_AFTER``).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.deadlines import LATE_AFTER, AfterCommit, Deadlines, Late, Overdue
from db import deadlines, heartbeat
from db.database import Database, Tx
from db.models import Deadline
from tests.clock import ManualClock

START = datetime(2026, 11, 30, 18, 0, tzinfo=UTC)
DOWN = timedelta(hours=10)


class Recorder:
    """Handlers of an "apply" kind and a "drop" kind that note what fired, and how late."""

    def __init__(self, service: Deadlines) -> None:
        self.service = service
        self.fired: list[tuple[int, Overdue | None]] = []
        self.jobs: list[tuple[int, Overdue | None]] = []
        self.told_late: list[int] = []
        service.on("state", self.handle, late=Late.APPLY)
        service.on("reminder", self.handle, late=Late.DROP)
        service.on("warning", self.handle, late=Late.WARN)
        service.on_durable("job", self.job)
        service.on_late_job = self.tell

    async def handle(self, tx: Tx, deadline: Deadline) -> AfterCommit | None:
        self.fired.append((deadline.ref_id, self.service.overdue(deadline.id)))
        return None

    async def job(self, deadline: Deadline) -> None:
        self.jobs.append((deadline.ref_id, self.service.overdue(deadline.id)))

    async def tell(self, deadline: Deadline, overdue: Overdue) -> None:
        self.told_late.append(deadline.ref_id)


async def status(db: Database, ref_id: int) -> str:
    async with db.read() as tx:
        return str(await tx.value("SELECT status FROM deadlines WHERE ref_id = ?", (ref_id,)))


async def test_after_downtime_state_changes_apply_late_and_reminders_are_dropped(
    database_at: Path | str,
) -> None:
    clock = ManualClock(START)
    db = await Database.open(database_at)
    service = Deadlines(db, clock)
    Recorder(service)
    await service.start()
    async with db.transaction() as tx:  # stored by the running bot, due while it is down
        for ref, kind, due in [
            (1, "reminder", START + timedelta(minutes=30)),
            (2, "state", START + timedelta(hours=1)),
            (3, "job", START + timedelta(hours=1)),
            (4, "state", START + DOWN - timedelta(seconds=5)),  # a restart's few seconds
            (5, "reminder", START + DOWN - timedelta(seconds=5)),
            (6, "state", START + DOWN + timedelta(hours=1)),  # still to come
        ]:
            await deadlines.add(tx, kind, ref, due)
    clock.set(START + timedelta(minutes=10))  # alive at 18:10, then down for ten hours
    await service.stop()

    clock.set(START + DOWN)
    service = Deadlines(db, clock)
    seen = Recorder(service)
    await service.start()
    assert seen.fired == [] and seen.jobs == []  # nothing before the catch-up
    await service.catch_up()

    expected = Overdue(START + timedelta(hours=1), START + timedelta(minutes=10), START + DOWN)
    assert seen.fired == [(2, expected), (4, None), (5, None)]
    assert seen.jobs == [(3, expected)] and seen.told_late == [3]
    assert [await status(db, ref) for ref in range(1, 7)] == [
        "dropped",
        "fired",
        "fired",
        "fired",
        "fired",
        "pending",
    ]
    clock.advance(timedelta(hours=1))
    await service.fire_due()
    assert seen.fired[-1] == (6, None)  # on time: the bot was running
    await service.stop()
    await db.close()


async def test_late_is_measured_from_the_start_with_a_small_grace(database_at: Path | str) -> None:
    clock = ManualClock(START)
    db = await Database.open(database_at)
    service = Deadlines(db, clock)
    Recorder(service)
    await service.start()
    await service.stop()
    async with db.transaction() as tx:
        await deadlines.add(tx, "reminder", 1, START + timedelta(minutes=1))
        await deadlines.add(tx, "reminder", 2, START + timedelta(minutes=1) + LATE_AFTER)
    clock.set(START + timedelta(minutes=2) + LATE_AFTER)
    service = Deadlines(db, clock)
    seen = Recorder(service)
    await service.start()
    await service.catch_up()
    assert [ref for ref, _ in seen.fired] == [2]
    assert await status(db, 1) == "dropped"
    await service.stop()
    await db.close()


async def test_a_warning_the_running_clock_jumped_past_is_dropped(database_at: Path | str) -> None:
    clock = ManualClock(START)
    db = await Database.open(database_at)
    service = Deadlines(db, clock)
    seen = Recorder(service)
    await service.start()
    async with db.transaction() as tx:
        for ref, kind in [(1, "warning"), (2, "reminder"), (3, "state")]:
            await deadlines.add(tx, kind, ref, START + timedelta(minutes=10))
        await deadlines.add(tx, "warning", 4, START + timedelta(minutes=20))
    clock.set(START + timedelta(minutes=20))  # 10 minutes past the first three, on time for 4
    await service.fire_due()
    # the reminder still reminds, the state changes; only the warning's moment is gone
    assert [ref for ref, _ in seen.fired] == [2, 3, 4]
    assert [await status(db, ref) for ref in range(1, 5)] == ["dropped", "fired", "fired", "fired"]
    await service.stop()
    await db.close()


async def test_heartbeat_keeps_the_last_moment_alive(database_at: Path | str) -> None:
    clock = ManualClock(START)
    db = await Database.open(database_at)

    async def last() -> datetime | None:
        async with db.read() as tx:
            return await heartbeat.last(tx)

    assert await last() is None  # a database from before the heartbeat
    service = Deadlines(db, clock)
    await service.start()
    assert await last() == START
    clock.advance(timedelta(minutes=7))  # a test clock's jump is a moment alive
    for _ in range(50):  # the jump's beat is a task of its own: wait for its commit
        if await last() == START + timedelta(minutes=7):
            break
        await service.fire_due()
    assert await last() == START + timedelta(minutes=7)
    clock.set(START + timedelta(minutes=9))
    await service.stop()  # a clean stop beats once more
    assert await last() == START + timedelta(minutes=9)
    await db.close()


async def test_unknown_downtime_start_is_still_late(database_at: Path | str) -> None:
    """A database from before the heartbeat: late all the same, the start of the downtime
    unknown."""
    clock = ManualClock(START + DOWN)
    db = await Database.open(database_at)
    async with db.transaction() as tx:
        await deadlines.add(tx, "state", 1, START)
    service = Deadlines(db, clock)
    seen = Recorder(service)
    await service.start()
    await service.catch_up()
    assert seen.fired == [(1, Overdue(START, None, START + DOWN))]
    await service.stop()
    await db.close()
