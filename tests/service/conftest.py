"""The service tests' club: every service built as the bot builds it (``bot.main``), on an
in-memory SQLite database and on a PostgreSQL one (``tests.conftest.database_at``), talking to
a recording session instead of Telegram."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.main import build_services, close_services
from bot.pacing import Limits
from bot.services import Services
from bot.settings import load_settings
from db.database import is_postgres
from tests.clock import ManualClock
from tests.e2e.harness import START, TOKEN
from tests.service.recording import RecordingSession

GROUP = -100500
ORGANISER = 999


@dataclass
class Club:
    services: Services
    session: RecordingSession
    clock: ManualClock


async def open_club(
    session: RecordingSession, clock: ManualClock, where: Path | str = ":memory:"
) -> Services:
    """The club's services on the database at ``where``: a PostgreSQL address, else SQLite in
    memory."""
    place = {"database_url": where} if is_postgres(where) else {"database_path": ":memory:"}
    settings = load_settings(
        bot_token=TOKEN,
        **place,
        organizer_ids=str(ORGANISER),
        flood_limit=0,
        _env_file=None,
    )
    services = await build_services(
        settings, clock=clock, limits=Limits.unlimited(), session=session
    )
    await services.infra.deadlines.start()
    return services


@pytest.fixture
async def club(database_at: Path | str) -> AsyncIterator[Club]:
    session = RecordingSession(admins={GROUP: {ORGANISER}})
    clock = ManualClock(START)
    services = await open_club(session, clock, database_at)
    yield Club(services, session, clock)
    await close_services(services)
