"""The unit of work: one connection, one transaction at a time, awaited ``COMMIT``, after-commit
callbacks only once it returned, and failures or cancellations that undo only themselves."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from db.database import Database, is_database_error

INSERT = "INSERT INTO chats (id, kind, created_at) VALUES (?, 'group', 'now')"


@pytest.fixture
async def db(database_at: Path | str) -> AsyncIterator[Database]:
    database = await Database.open(database_at)
    yield database
    await database.close()


async def chat_ids(db: Database) -> list[int]:
    async with db.read() as tx:
        return [int(r[0]) for r in await tx.all("SELECT id FROM chats ORDER BY id")]


async def test_on_commit_runs_after_the_commit_and_never_after_a_rollback(db: Database) -> None:
    seen: list[list[int]] = []

    async def look() -> None:
        seen.append(await chat_ids(db))

    calls: list[asyncio.Task[None]] = []
    async with db.transaction() as tx:
        await tx.execute(INSERT, (1,))
        tx.on_commit(lambda: calls.append(asyncio.ensure_future(look())))
        assert calls == []
    await asyncio.gather(*calls)
    assert seen == [[1]]  # the row is committed when the callback runs
    with pytest.raises(RuntimeError):
        async with db.transaction() as tx:
            await tx.execute(INSERT, (2,))
            tx.on_commit(lambda: seen.append([-1]))
            raise RuntimeError("boom")
    assert seen == [[1]] and await chat_ids(db) == [1]


async def test_a_failed_transaction_rolls_back_only_itself(db: Database) -> None:
    async with db.transaction() as tx:
        await tx.execute(INSERT, (1,))

    async def duplicate() -> None:
        async with db.transaction() as tx:
            await tx.execute(INSERT, (5,))
            await tx.execute(INSERT, (1,))  # UNIQUE violation

    async def fine(chat_id: int) -> None:
        async with db.transaction() as tx:
            await tx.execute(INSERT, (chat_id,))

    results = await asyncio.gather(fine(2), duplicate(), fine(3), return_exceptions=True)
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], Exception) and is_database_error(results[1])
    assert "unique" in str(results[1]).lower()
    await fine(4)  # the connection goes on
    assert await chat_ids(db) == [1, 2, 3, 4]


async def test_insert_on_conflict_do_nothing_is_a_no_op_the_second_time(db: Database) -> None:
    sql = INSERT + " ON CONFLICT (id) DO NOTHING"
    async with db.transaction() as tx:
        first = await tx.insert(sql, (7,))
        second = await tx.insert(sql, (7,))
    assert first == 7 and second is None
    assert await chat_ids(db) == [7]


@pytest.mark.parametrize("steps", range(0, 40, 2))
async def test_a_task_cancelled_anywhere_in_its_transaction_leaves_the_connection_usable(
    db: Database, steps: int
) -> None:
    """Cancelled after ``steps`` turns of the event loop: while waiting for the lock, between
    statements, or while its ``COMMIT`` is under way (or not at all: it may have finished). Its
    two rows are stored both or neither, and its after-commit callback ran exactly when they
    were stored."""
    async with db.transaction() as tx:
        await tx.execute(INSERT, (1,))
    called: list[bool] = []

    async def work() -> None:
        async with db.transaction() as tx:
            await tx.execute(INSERT, (10,))
            await tx.execute(INSERT, (11,))
            tx.on_commit(lambda: called.append(True))

    task = asyncio.create_task(work())
    for _ in range(steps):
        await asyncio.sleep(0)
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    stored = await chat_ids(db)
    assert stored in ([1], [1, 10, 11])
    assert called == ([True] if stored == [1, 10, 11] else [])
    async with db.transaction() as tx:  # the next transaction works
        await tx.execute(INSERT, (20,))
    assert (await chat_ids(db))[-1] == 20


async def test_a_task_cancelled_while_its_commit_runs_waits_for_the_commit(
    db: Database,
) -> None:
    """Cancelled once the block has ended (its ``COMMIT`` sent): the commit stands, the
    callback runs, and the cancellation still reaches the task."""
    called: list[bool] = []
    block_done = asyncio.Event()

    async def work() -> None:
        async with db.transaction() as tx:
            await tx.execute(INSERT, (30,))
            tx.on_commit(lambda: called.append(True))
            block_done.set()

    task = asyncio.create_task(work())
    await block_done.wait()
    task.cancel()  # the task is now awaiting its COMMIT
    with pytest.raises(asyncio.CancelledError):
        await task
    assert called == [True] and await chat_ids(db) == [30]
    async with db.transaction() as tx:
        await tx.execute(INSERT, (31,))
    assert await chat_ids(db) == [30, 31]
