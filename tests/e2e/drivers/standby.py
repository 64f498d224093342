"""What the take-over tests wait on and read (``tests/e2e/test_standby*.py``,
``benchmarks.failover``): a process's log, the inbox of a PostgreSQL database, a bounded wait."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import asyncpg

#: a Swiss round's end as the group reads it (``test_standby_deadline``, ``benchmarks.failover``)
TIME_UP = "Тур 1: время!"


def said(log: Path, text: str) -> bool:
    return log.exists() and text in log.read_text(encoding="utf-8", errors="replace")


async def logged(log: Path, text: str) -> bool:
    return said(log, text)


async def stored(at: str) -> int:
    """The updates in the inbox (stored, not handled)."""
    conn = await asyncpg.connect(at)
    try:
        return int(await conn.fetchval("SELECT count(*) FROM inbox"))
    finally:
        await conn.close()


async def until(probe: Callable[[], Awaitable[object]], want: object, patience: float = 60) -> None:
    """Wait until ``probe()`` gives ``want`` (bounded only to catch a hang)."""
    deadline = time.monotonic() + patience
    while await probe() != want:
        assert time.monotonic() < deadline, f"still not {want!r} after {patience} s"
        await asyncio.sleep(0.1)
