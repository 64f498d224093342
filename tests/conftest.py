"""The database a test runs on: ``database_at`` is each database test's place, once on SQLite
(a file in the test's folder) and once on PostgreSQL (an empty database of the run's own
server, ``tests.pg``). Without a PostgreSQL server the second half is skipped, and the run's
summary says so in one line."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests import pg

BACKENDS = ("sqlite", "postgresql")


async def place(backend: str, tmp_path: Path) -> AsyncIterator[Path | str]:
    """A new database's place on ``backend``; the PostgreSQL one is dropped after the test."""
    if backend == "sqlite":
        yield tmp_path / "club.db"
        return
    server = pg.server()
    if server is None:
        pytest.skip(f"PostgreSQL half skipped: {pg.why_not}")
    url = await server.fresh()
    yield url
    await server.drop(url)


@pytest.fixture(params=BACKENDS)
async def database_at(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Path | str]:
    async for where in place(request.param, tmp_path):
        yield where


@pytest.fixture
async def postgres_at() -> AsyncIterator[str]:
    """An empty PostgreSQL database (the tests of what is PostgreSQL's own)."""
    async for where in place("postgresql", Path()):
        yield str(where)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if pg.why_not:
        terminalreporter.write_line(
            f"PostgreSQL half SKIPPED: {pg.why_not} (the SQLite half ran)", yellow=True, bold=True
        )


def pytest_sessionfinish() -> None:
    pg.stop()
