"""Shared pieces of the benchmarks: the bot, a club of simulated players, a Swiss round to play.

The players press the same buttons people press (see ``tests/e2e/test_swiss.py``): the
organiser runs the ``/new`` wizard in the group, every player starts the bot and presses
"✋ Участвую", the organiser sends ``/begin`` and the bot sends every player his table.

The bot is started only through its public entry points: ``bot.main.create_app`` and
``create_dispatcher`` with settings from ``bot.settings.load_settings`` (``InProcessBot``), or
``python -m bot`` with the settings in its environment (``BotProgram``). Its clock is pinned with
the ``CLOCK_FILE`` setting to ``NOW``, so no benchmark depends on today's date: every deadline
the bot arms is in the future of that moment, and nothing becomes due while a benchmark runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import statistics
import sys
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from aiogram import BaseMiddleware, Dispatcher
from aiogram.types import TelegramObject

from bot.main import build_services, close_services, create_dispatcher
from bot.pacing import Limits
from bot.polling import Polling
from bot.services import Services
from bot.settings import load_settings
from bot.web.server import start_web
from tests.e2e.emulator import BotApiEmulator, SimMessage, SimUser

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "123456789:BENCH-token-abcdefghijklmnop"
#: the bot's "now" in every benchmark (its clock never moves)
NOW = datetime(2026, 11, 30, 18, 0, tzinfo=UTC)
GROUP = -100700
ORG_ID = 999
FIRST_PLAYER_ID = 100_000
TABLE_RE = re.compile(r"Тур (\d+): стол (\d+),")
WON = "Моя победа"
CONFIRM = "✅ Подтверждаю"
JOIN = "✋ Участвую"
REPORTED = "Отправлено сопернику на подтверждение."
ACCEPTED = "Результат принят."


def percentile(values: Iterable[float], q: float) -> float:
    """The ``q``-th percentile (0..100) by linear interpolation; 0 for no values."""
    data = sorted(values)
    if not data:
        return 0.0
    if len(data) == 1:
        return data[0]
    rank = (len(data) - 1) * q / 100
    low = int(rank)
    high = min(low + 1, len(data) - 1)
    return data[low] + (data[high] - data[low]) * (rank - low)


def median(values: Iterable[float]) -> float:
    data = list(values)
    return statistics.median(data) if data else 0.0


def emit_json(figures: dict[str, object]) -> None:
    """The one closing line of a benchmark."""
    print(json.dumps(figures, ensure_ascii=False, sort_keys=False))


@dataclass(frozen=True)
class Table:
    number: int
    reporter: SimUser
    reporter_message: SimMessage
    confirmer: SimUser


class SwissClub:
    """A group with an organiser and ``size`` players who have all started the bot."""

    def __init__(
        self,
        emu: BotApiEmulator,
        size: int,
        first_id: int = FIRST_PLAYER_ID,
        group: int = GROUP,
    ) -> None:
        self.emu = emu
        self.group_id = group
        org = emu.users.get(ORG_ID)
        self.org = org if org is not None else emu.add_user(ORG_ID, "Org", username="org")
        self.players = [
            emu.add_user(first_id + i, f"P{first_id + i}", username=f"p{first_id + i}")
            for i in range(size)
        ]
        self.group = emu.add_group(group, "Club", members=self.players, admins=[self.org])

    def sends(self) -> int:
        """sendMessage requests so far (cheap: a live list's length)."""
        return len(self.emu.requests_for("sendMessage"))

    async def wait_sends(self, count: int, timeout: float) -> None:
        await self.emu.wait_for(lambda: self.sends() >= count, timeout=timeout)

    async def start_all(self, timeout: float = 300.0) -> None:
        """Everybody sends /start and gets the greeting."""
        if not self.org.started:
            await self.org.start()
            await self.org.wait_message(timeout=timeout)
        for chunk in _chunks(self.players, 128):
            for user in chunk:
                await user.start()
            await asyncio.gather(*(user.wait_message(timeout=timeout) for user in chunk))

    async def create(self, timeout: float = 30.0) -> SimMessage:
        """The organiser's /new wizard; returns the "registration open" message."""
        emu, org = self.emu, self.org
        group = self.group_id
        await org.send(group, "/new")
        kinds = await emu.wait_bot_message(group, contains="Какой турнир", timeout=timeout)
        await (await org.press(kinds, "🃏 Берсерк: швейцарка + ТОП")).answer(timeout)
        await emu.wait_bot_message(group, contains="Пришлите название", timeout=timeout)
        await org.send(group, "Benchmark cup")
        steps = [
            ("Формат?", "Констрактед"),
            ("Подформат констрактеда?", "Классика"),
            ("Уровень строгости?", "Любительский (без дэк-листов)"),
            ("Сколько швейцарских туров?", "4"),
            ("Размер ТОПа?", "4"),
            ("Время тура", "50"),
            ("Дополнительные показатели?", "Бухгольц, усечённый Бухгольц, победы, личная встреча"),
            ("Какая игра?", "Классический Берсерк"),
            ("Базовый K", "Обычный (16)"),
            ("Вид турнира?", "Открытый: играет любой"),
        ]
        for question, label in steps:
            asked = await emu.wait_bot_message(group, contains=question, timeout=timeout)
            await (await org.press(asked, label)).answer(timeout)
        return await emu.wait_bot_message(group, contains="Регистрация открыта", timeout=timeout)

    async def join_all(self, created: SimMessage, timeout: float = 300.0) -> None:
        """Every player presses "✋ Участвую" (in chunks, to keep the setup quick)."""
        for chunk in _chunks(self.players, 128):
            handles = [await user.press(created, JOIN) for user in chunk]
            answers = await asyncio.gather(*(h.answer(timeout) for h in handles))
            bad = [a.text for a in answers if not a.text or "вы в турнире" not in a.text]
            if bad:
                raise RuntimeError(f"join refused: {bad[:3]}")

    def pairing_message(self, user: SimUser, round_no: int = 1) -> SimMessage | None:
        for message in reversed(self.emu.bot_messages(user.id)):
            found = TABLE_RE.search(message.plain)
            if found and int(found.group(1)) == round_no and WON in message.button_labels:
                return message
        return None

    def tables(self, round_no: int = 1) -> list[Table]:
        """Each table's two players from their private pairing messages (first = reporter)."""
        seats: dict[int, list[tuple[SimUser, SimMessage]]] = {}
        for user in self.players:
            message = self.pairing_message(user, round_no)
            if message is None:
                continue
            found = TABLE_RE.search(message.plain)
            assert found is not None
            seats.setdefault(int(found.group(2)), []).append((user, message))
        tables = []
        for number, seated in sorted(seats.items()):
            if len(seated) != 2:
                raise RuntimeError(f"table {number} has {len(seated)} players with a message")
            (reporter, message), (confirmer, _) = seated
            tables.append(Table(number, reporter, message, confirmer))
        return tables

    def confirm_request(self, user: SimUser) -> SimMessage | None:
        for message in reversed(self.emu.bot_messages(user.id)):
            if CONFIRM in message.button_labels:
                return message
        return None


def _chunks(items: list[SimUser], size: int) -> list[list[SimUser]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


class Stopwatch:
    """``time.monotonic()`` stamps, the same clock the emulator records requests with."""

    def __init__(self) -> None:
        self.start = time.monotonic()

    def elapsed(self) -> float:
        return time.monotonic() - self.start


def clock_file(folder: Path, now: datetime = NOW) -> Path:
    """A ``CLOCK_FILE`` for the bot holding ``now`` (see ``bot.clock.FileClock``)."""
    path = folder / "clock"
    path.write_text(now.isoformat(), encoding="utf-8")
    return path


class InProcessBot:
    """The real bot (dispatcher, polling loop, database file) in this process's event loop.

    ``limits``: the bot's own pacing of its messages (``Limits()`` as deployed,
    ``Limits.unlimited()`` when the emulator's rate limits are off). ``web_port``: the web
    board is served there too (``WEB_PORT``), as ``bot.main.run_polling`` does.
    """

    def __init__(
        self,
        emu: BotApiEmulator,
        db_path: Path,
        limits: Limits,
        organizer_ids: str = "999",
        web_port: int | None = None,
    ) -> None:
        self.emu = emu
        self.db_path = db_path
        self.limits = limits
        self.organizer_ids = organizer_ids
        self.web_port = web_port
        self.app: Services | None = None
        self.dp: Dispatcher | None = None
        self.polling: Polling | None = None
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        settings = load_settings(
            bot_token=TOKEN,
            database_path=self.db_path,
            telegram_api_url=self.emu.url,
            organizer_ids=self.organizer_ids,
            clock_file=str(clock_file(self.db_path.parent)),
            web_port=self.web_port,
            _env_file=None,
        )
        app = await build_services(settings, limits=self.limits)
        dp = track(create_dispatcher(app))
        polls = len(self.emu.requests_for("getUpdates"))

        polling = Polling(dp, app.bot, app.db, timeout=1)  # the bot's own loop, as deployed
        served = await start_web(app.web_boards) if self.web_port is not None else None

        async def run() -> None:
            try:
                await polling.run()
            finally:
                if served is not None:
                    await served.close()
                await close_services(app)

        self.app, self.dp, self.polling = app, dp, polling
        self._task = asyncio.create_task(run())
        await self.emu.wait_for(lambda: len(self.emu.requests_for("getUpdates")) > polls, 30)

    async def stop(self) -> None:
        """Stop polling (the updates being handled finish), then the bot."""
        polling, task = self.polling, self._task
        self.app, self.dp, self.polling, self._task = None, None, None, None
        if polling is None or task is None:
            return
        if not task.done():
            polling.stop()
            with contextlib.suppress(TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(asyncio.shield(task), 10)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


class BotProgram:
    """``python -m bot`` as its own process, as deployed (``Limits()``), against the emulator.

    Its standard error goes to ``<folder>/bot.log``; ``errors()`` returns its ERROR lines.
    """

    def __init__(self, emu: BotApiEmulator, db_path: Path, organizer_ids: str = "999") -> None:
        self.emu = emu
        self.db_path = db_path
        self.log_path = db_path.parent / "bot.log"
        self.env = {
            **os.environ,
            "BOT_TOKEN": TOKEN,
            "TELEGRAM_API_URL": emu.url,
            "DATABASE_PATH": str(db_path),
            "ORGANIZER_IDS": organizer_ids,
            "CLOCK_FILE": str(clock_file(db_path.parent)),
            "LOG_LEVEL": "WARNING",
        }
        self.process: asyncio.subprocess.Process | None = None

    async def spawn(self) -> None:
        with open(self.log_path, "ab") as log:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", cwd=ROOT, env=self.env, stderr=log
            )

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    async def stop(self) -> None:
        process, self.process = self.process, None
        if process is None or process.returncode is not None:
            return
        process.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(process.wait(), 10)
        except TimeoutError:
            process.kill()
            await process.wait()

    def errors(self) -> list[str]:
        if not self.log_path.exists():
            return []
        text = self.log_path.read_text(encoding="utf-8", errors="replace")
        return [line for line in text.splitlines() if "ERROR" in line or "CRITICAL" in line]


class InFlight(BaseMiddleware):
    """Counts the updates a dispatcher is handling, so ``settle`` can wait for none."""

    def __init__(self) -> None:
        self.tasks: set[asyncio.Task[Any]] = set()

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        task = asyncio.current_task()
        assert task is not None
        self.tasks.add(task)
        try:
            return await handler(event, data)
        finally:
            self.tasks.discard(task)


#: id of a dispatcher → its ``InFlight`` (``track``)
_TRACKED: dict[int, InFlight] = {}


def track(dp: Dispatcher) -> Dispatcher:
    """Count ``dp``'s updates in flight (its outermost middleware of ours: the wait for a
    person's turn comes before it, but ``settle`` waits for the emulator to be quiet first)."""
    counter = InFlight()
    dp.update.outer_middleware(counter)
    _TRACKED[id(dp)] = counter
    return dp


async def settle(emu: BotApiEmulator, dp: Dispatcher | None, timeout: float = 600.0) -> None:
    """Wait until the bot has finished handling every update and the emulator is idle.

    ``emu.idle()`` alone is not enough: a handler may still be busy with its database (a board
    refresh after the answer) with no request in flight for a while.
    """
    deadline = time.monotonic() + timeout
    while True:
        await emu.idle(quiet=0.05, timeout=max(deadline - time.monotonic(), 0.1))
        busy = list(_TRACKED[id(dp)].tasks) if dp is not None else []
        if not busy:
            return
        if time.monotonic() > deadline:
            raise TimeoutError(f"{len(busy)} updates still being handled")
        await asyncio.wait(busy, timeout=max(deadline - time.monotonic(), 0.1))
