"""The leader's lease (``db.lease``, ``bot.leader``): one holder at a time on a PostgreSQL
database, free the moment its holder's connection ends; always this process's on SQLite."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.leader import lead, watch
from db.lease import Lease


async def test_one_holder_at_a_time_and_free_once_it_is_gone(postgres_at: str) -> None:
    first, second = Lease.open(postgres_at), Lease.open(postgres_at)
    try:
        assert first.shared and await first.take()
        assert await first.take()  # held here already
        assert not await second.take()
        assert await first.holds()
        await first.close()  # a graceful stop gives it up
        assert await second.take()
        assert not await first.take()
    finally:
        await first.close()
        await second.close()


async def test_a_standby_leads_once_the_leader_is_lost(postgres_at: str) -> None:
    leader, standby = Lease.open(postgres_at), Lease.open(postgres_at)
    lost: list[bool] = []
    try:
        await lead(leader, 0.05)
        watching = asyncio.ensure_future(watch(leader, 0.05, lambda: lost.append(True)))
        waiting = asyncio.ensure_future(lead(standby, 0.05))
        await asyncio.sleep(0.3)
        assert not waiting.done() and not lost
        await leader.close()  # as a killed process's connection ends
        await asyncio.wait_for(waiting, 10)
        await asyncio.wait_for(watching, 10)
        assert lost == [True]
    finally:
        await leader.close()
        await standby.close()


async def test_on_sqlite_the_one_process_always_leads(tmp_path: Path) -> None:
    lease = Lease.open(tmp_path / "club.db")
    assert not lease.shared
    assert await lease.take() and await lease.holds()
    await lease.close()
    assert await lease.take()
