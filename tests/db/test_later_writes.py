"""Queued writes (``Tx.later``) go with the next statement or the commit, or not at all."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from db import database, players, tournaments
from db.database import Database, DatabaseBroken

NOW = "2026-11-30T18:00:00+00:00"
INSERT = "INSERT INTO chats (id, kind, title, created_at) VALUES (?, 'group', ?, ?)"


async def titles(db: Database) -> list[str]:
    async with db.read() as tx:
        return [r[0] for r in await tx.all("SELECT title FROM chats ORDER BY id")]


async def test_a_queued_write_runs_before_the_next_statement(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "club.db")
    async with db.transaction() as tx:
        first = tx.later(INSERT, (1, "one", NOW))
        assert not first.ran
        count = await tx.value("SELECT count(*) FROM chats")
        assert count == 1 and first.ran and first.changed == 1 and first.rowid == 1
        second = tx.later(INSERT, (2, "two", NOW))
    assert second.ran  # with the commit
    assert await titles(db) == ["one", "two"]
    await db.close()


async def test_queued_writes_vanish_with_a_rollback(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "club.db")
    with pytest.raises(RuntimeError):
        async with db.transaction() as tx:
            await tx.execute(INSERT, (1, "one", NOW))
            tx.later(INSERT, (2, "two", NOW))
            raise RuntimeError("refused")
    assert await titles(db) == []
    await db.close()


async def test_a_failed_commit_rolls_back_and_breaks_the_database(tmp_path: Path) -> None:
    """The commit goes without waiting under the lock; when it fails, what came after it
    (already queued, or started on the caches it updated) must not be stored."""
    db = await Database.open(tmp_path / "club.db")
    broken: list[BaseException] = []
    db.on_broken = broken.append
    async with db.transaction() as tx:
        await tx.execute(INSERT, (1, "one", NOW))

    async def failing() -> None:
        async with db.transaction() as tx:
            tx.later(INSERT, (2, "two", NOW))
            tx.later(INSERT, (1, "again", NOW))  # fails with the commit

    async def next_in_line() -> None:
        async with db.transaction() as tx:
            tx.later(INSERT, (3, "three", NOW))  # queued right behind the failing commit

    results = await asyncio.gather(failing(), next_in_line(), return_exceptions=True)
    assert isinstance(results[0], sqlite3.IntegrityError)
    # Committed with it (the same group) or refused after it: either way not stored.
    assert isinstance(results[1], sqlite3.IntegrityError | DatabaseBroken)
    assert len(broken) == 1
    with pytest.raises(DatabaseBroken):
        async with db.transaction() as tx:
            await tx.execute(INSERT, (4, "four", NOW))
    with pytest.raises(DatabaseBroken):
        await titles(db)
    await db.close()
    reopened = await Database.open(tmp_path / "club.db")  # a restart: what was committed
    assert await titles(reopened) == ["one"]
    await reopened.close()


async def test_a_queued_event_is_in_the_log_and_its_memory(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "club.db")
    async with db.transaction() as tx:
        await tx.execute(INSERT, (-100, "club", NOW))
        owner = await players.create(tx, 5, {"first_name": "Org"}, NOW, registered=True)
        tid = await tournaments.create(tx, -100, "berserk", "swiss", "Cup", {}, owner, NOW)
    async with db.transaction() as tx:
        assert await tournaments.events(tx, tid) == []
        await tournaments.append_event(tx, tid, "sw_drop", {"player": 1}, None, NOW)
        mine = await tournaments.events(tx, tid)  # sends the queued event, then reads it
        assert [e.kind for e in mine] == ["sw_drop"]
        await tournaments.append_event(tx, tid, "sw_drop", {"player": 2}, None, NOW)
    async with db.read() as tx:
        stored = [e.payload for e in await tournaments.events(tx, tid)]
    assert stored == [{"player": 1}, {"player": 2}]
    await db.close()


async def test_a_lazy_read_waits_for_the_lock_only_at_its_first_statement(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "club.db")
    release = asyncio.Event()

    async def writer() -> None:
        async with db.transaction() as tx:
            await tx.execute(INSERT, (1, "one", NOW))
            await release.wait()

    holding = asyncio.create_task(writer())
    await asyncio.sleep(0.01)

    async def from_memory() -> None:
        async with db.read(lazy=True):
            pass

    await asyncio.wait_for(from_memory(), timeout=0.5)  # no statement: no waiting

    async def with_statement() -> list[str]:
        async with db.read(lazy=True) as tx:
            return [r[0] for r in await tx.all("SELECT title FROM chats")]

    reading = asyncio.create_task(with_statement())
    await asyncio.sleep(0.05)
    assert not reading.done()  # it waits for the transaction
    release.set()
    await holding
    assert await reading == ["one"]  # and then sees what it committed
    async with db.transaction() as tx:  # the lock was released again
        await tx.execute(INSERT, (2, "two", NOW))
    await db.close()


async def test_transactions_that_queue_up_commit_together(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = await Database.open(tmp_path / "club.db")
    groups: list[int] = []
    real = database._run_group

    def counted(conn: sqlite3.Connection, pipe: Any, group: Any) -> Any:
        results = real(conn, pipe, group)
        groups.append(len(results))
        return results

    monkeypatch.setattr(database, "_run_group", counted)

    async def one(n: int) -> int:
        async with db.transaction() as tx:
            row = tx.later(INSERT, (n, f"chat {n}", NOW))
        return row.rowid

    rowids = await asyncio.gather(*(one(n) for n in range(1, 41)))
    assert rowids == list(range(1, 41))  # each transaction gets its own results
    assert await titles(db) == [f"chat {n}" for n in range(1, 41)]
    assert sum(groups) == 40 and len(groups) < 40  # fewer commits than transactions
    async with db.transaction() as tx:  # a transaction that reads first starts a new group
        assert await tx.value("SELECT count(*) FROM chats") == 40
        tx.later(INSERT, (41, "chat 41", NOW))
    assert len(await titles(db)) == 41
    await db.close()
