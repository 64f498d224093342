"""Shared pieces of the benchmarks: a club of simulated players and a Swiss round to play.

The players press the same buttons people press (see ``tests/e2e/test_swiss.py``): the
organiser runs the ``/new`` wizard in the group, every player starts the bot and presses
"✋ Участвую", the organiser sends ``/begin`` and the bot sends every player his table.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import statistics
import time
from collections.abc import Iterable
from dataclasses import dataclass

from aiogram import Dispatcher

from tests.e2e.emulator import BotApiEmulator, SimMessage, SimUser
from tests.e2e.harness import RunningBot

GROUP = -100700
ORG_ID = 999
FIRST_PLAYER_ID = 100_000
TABLE_RE = re.compile(r"Тур (\d+): стол (\d+),")
WON = "Я выиграл"
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
            ("Уровень строгости?", "Любительский (без дэк-листов)"),
            ("Сколько швейцарских туров?", "4"),
            ("Размер ТОПа?", "4"),
            ("Время тура", "50"),
            ("Дополнительные показатели?", "Бухгольц, усечённый Бухгольц, победы, личная встреча"),
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


async def stop_bot(running: RunningBot) -> None:
    """Stop the bot *and its polling*.

    ``RunningBot.stop`` cancels the task awaiting ``Dispatcher.start_polling``; aiogram's polling
    tasks live on (``asyncio.wait`` does not cancel them) and keep fetching updates for a bot
    whose database is closed. ``stop_polling`` ends them first.
    """
    dp, task = running.dp, running._task
    if dp is not None and task is not None and not task.done():
        with contextlib.suppress(RuntimeError):  # not polling (yet)
            await dp.stop_polling()
        with contextlib.suppress(TimeoutError, asyncio.CancelledError):
            await asyncio.wait_for(asyncio.shield(task), 10)
    await running.stop()


async def settle(emu: BotApiEmulator, dp: Dispatcher | None, timeout: float = 600.0) -> None:
    """Wait until the bot has finished handling every update and the emulator is idle.

    ``emu.idle()`` alone is not enough: a handler may still be busy with its database (a board
    refresh after the answer) with no request in flight for a while.
    """
    deadline = time.monotonic() + timeout
    while True:
        await emu.idle(quiet=0.05, timeout=max(deadline - time.monotonic(), 0.1))
        busy = list(dp._handle_update_tasks) if dp is not None else []
        if not busy:
            return
        if time.monotonic() > deadline:
            raise TimeoutError(f"{len(busy)} updates still being handled")
        await asyncio.wait(busy, timeout=max(deadline - time.monotonic(), 0.1))
