"""The real bot (dispatcher, polling loop, database file) running against the emulator."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from aiogram import Dispatcher

from bot.main import build_services, close_services, create_dispatcher
from bot.pacing import Limits
from bot.polling import Polling
from bot.services import Services
from bot.settings import Settings, load_settings
from tests.clock import ManualClock
from tests.e2e.emulator import BotApiEmulator

TOKEN = "123456789:TEST-token-abcdefghijklmnop"
START = datetime(2026, 11, 30, 18, 0, tzinfo=UTC)


def free_port() -> int:
    """A TCP port free now on this machine (for the web board's server)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class RunningBot:
    """Starts, stops and restarts the bot in this process (a restart keeps the database)."""

    def __init__(
        self,
        emu: BotApiEmulator,
        db_path: Path,
        clock: ManualClock,
        limits: Limits | None = None,
        database_url: str = "",
        **settings: Any,
    ) -> None:
        self.emu = emu
        self.db_path = db_path
        #: a PostgreSQL database instead of the file (``tests.conftest.database_at``)
        self.database_url = database_url
        self.clock = clock
        self.limits = limits or Limits.unlimited()
        self.overrides = settings
        self.app: Services | None = None
        self.dp: Dispatcher | None = None
        self.polling: Polling | None = None
        self._task: asyncio.Task[None] | None = None

    @property
    def where(self) -> Path | str:
        """The database the bot runs on: its PostgreSQL address, else its file."""
        return self.database_url or self.db_path

    def settings(self) -> Settings:
        values: dict[str, Any] = {
            "bot_token": TOKEN,
            "database_path": self.db_path,
            "database_url": self.database_url,
            "telegram_api_url": self.emu.url,
            "_env_file": None,
            # Simulated people act at machine speed under a stopped clock: a throttle would
            # refuse whole tournaments. The tests of the throttle turn it on (tests/e2e/test_flood).
            "flood_limit": 0,
        }
        values.update(self.overrides)
        return load_settings(**values)

    async def start(self) -> Services:
        app = await build_services(self.settings(), clock=self.clock, limits=self.limits)
        dp = create_dispatcher(app)
        polling = Polling(dp, app.bot, app.db, timeout=1)
        polls_before = len(self.emu.requests_for("getUpdates"))

        served = None
        if app.settings.web_port is not None:
            from bot.web.server import start_web

            served = await start_web(app.web_boards)

        async def run() -> None:
            try:
                await polling.run()
            finally:
                if served is not None:
                    await served.close()
                await close_services(app)

        self.app = app
        self.dp = dp
        self.polling = polling
        self._task = asyncio.create_task(run())
        await self.emu.wait_for(
            lambda: len(self.emu.requests_for("getUpdates")) > polls_before, timeout=10
        )
        # What came due while it was down runs once it polls: a test goes on after that.
        await asyncio.wait_for(app.deadlines.caught_up.wait(), timeout=30)
        return app

    async def stop(self) -> None:
        """Stop polling (the updates being handled finish), then cancel what is still running
        (as a crash would)."""
        if self.polling is not None and self._task is not None and not self._task.done():
            self.polling.stop()
            with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(asyncio.shield(self._task), timeout=5)
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self._task = None
        self.app = None
        self.dp = None
        self.polling = None

    async def restart(self) -> Services:
        await self.stop()
        return await self.start()
