from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from db.database import is_postgres
from tests.clock import ManualClock
from tests.e2e.emulator import BotApiEmulator, RateLimits
from tests.e2e.harness import START, TOKEN, RunningBot, free_port

# The drivers' asserts explain their failures as a test's do (pytest rewrites test modules only).
pytest.register_assert_rewrite("tests.e2e.drivers")


@pytest.fixture
async def emu() -> AsyncIterator[BotApiEmulator]:
    emulator = BotApiEmulator(token=TOKEN, rate_limits=RateLimits(enabled=False))
    await emulator.start()
    yield emulator
    await emulator.stop()


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(START)


@pytest.fixture
async def bot(emu: BotApiEmulator, clock: ManualClock, tmp_path: Path) -> AsyncIterator[RunningBot]:
    running = RunningBot(emu, tmp_path / "club.db", clock, organizer_ids="999")
    await running.start()
    yield running
    await running.stop()


@pytest.fixture
async def web_bot(
    emu: BotApiEmulator, clock: ManualClock, tmp_path: Path
) -> AsyncIterator[RunningBot]:
    """The bot with its web board served on a free port (its links are answered)."""
    running = RunningBot(
        emu, tmp_path / "club.db", clock, organizer_ids="999", web_port=free_port()
    )
    await running.start()
    yield running
    await running.stop()


@pytest.fixture
async def bot_both(
    emu: BotApiEmulator, clock: ManualClock, database_at: Path | str, tmp_path: Path
) -> AsyncIterator[RunningBot]:
    """``bot`` on SQLite and on PostgreSQL (the end-to-end subset run on both)."""
    url = str(database_at) if is_postgres(database_at) else ""
    running = RunningBot(emu, tmp_path / "club.db", clock, database_url=url, organizer_ids="999")
    await running.start()
    yield running
    await running.stop()
