"""The bot as a separate process that a crash test kills with SIGKILL, and the people around it.

``python -m tests.e2e.crash_driver`` runs exactly what ``python -m bot`` runs (settings from the
environment, long polling, the real database file, ``CLOCK_FILE`` as the clock), except that the
bot's own pacing is off: the emulator of the crash test enforces no flood limits, and pacing at
Telegram's 20 group messages a minute would make the test wait minutes for nothing it checks.

:class:`BotProcess` starts, kills and restarts that program; :class:`Person` presses a button
once and waits for the answer, also across kills: the restarted bot handles what the dead one
kept in its inbox, and Telegram delivers again what it had not stored yet, so every press must
be answered after the restart.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import sys
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from db.database import is_postgres
from tests.e2e.emulator import BotApiEmulator, CallbackAnswer, SimMessage, SimUser
from tests.e2e.harness import TOKEN

ROOT = Path(__file__).resolve().parents[2]
SILENCE = 15.0  #: seconds a live bot may take to answer a press before that is a failure
ANSWER_TIMEOUT = 300.0  #: a press's answer may come after several kills and restarts


class BotProcess:
    """``python -m tests.e2e.crash_driver`` against the emulator; see the module docstring."""

    def __init__(
        self,
        emu: BotApiEmulator,
        db_path: Path | str,
        clock_file: Path,
        log_file: Path,
        organiser: int,
    ) -> None:
        self.emu = emu
        self.db_path = db_path
        self.clock_file = clock_file
        self.log_file = log_file
        #: settings of this process's own (e.g. ``LEADER_CHECK_SECONDS``), over the others
        self.extra_env: dict[str, str] = {}
        self.organiser = organiser
        self.proc: asyncio.subprocess.Process | None = None
        self.epoch = 0  #: incremented at every kill
        self.kills = 0
        self.starts = 0
        self.start_seconds: list[float] = []
        self.in_flight = 0  #: presses waiting for an answer right now
        self.in_flight_at_kill: list[int] = []
        #: Armed by ``kill_at_press``: the next press claims it and kills the bot.
        self.kill_on_press: asyncio.Future[None] | None = None
        self.kill_delay = 0.0
        self._standby: asyncio.subprocess.Process | None = None
        self._up = asyncio.Event()
        self._died = asyncio.Event()
        self._lock = asyncio.Lock()

    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        env.update(
            {
                "BOT_TOKEN": TOKEN,
                **(
                    {"DATABASE_URL": str(self.db_path)}
                    if is_postgres(self.db_path)
                    else {"DATABASE_PATH": str(self.db_path)}
                ),
                "TELEGRAM_API_URL": self.emu.url,
                "ORGANIZER_IDS": str(self.organiser),
                "CLOCK_FILE": str(self.clock_file),
                "LOG_LEVEL": "WARNING",
                "WEBHOOK_URL": "",
                "PYTHONPATH": str(ROOT),
            }
        )
        env.update(self.extra_env)
        return env

    def set_clock(self, when: datetime) -> None:
        """Move the bot's "now" (atomically: the bot never reads half a file)."""
        temp = self.clock_file.with_suffix(".tmp")
        temp.write_text(when.isoformat(), encoding="utf-8")
        os.replace(temp, self.clock_file)

    @property
    def up(self) -> bool:
        return self._up.is_set()

    async def start(self) -> None:
        async with self._lock:
            await self._start()

    async def _spawn(self) -> asyncio.subprocess.Process:
        """A process that imports the bot and waits on stdin before it touches anything."""
        with self.log_file.open("a", encoding="utf-8") as log:
            return await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "tests.e2e.crash_driver",
                cwd=str(ROOT),
                env={**self.env(), "CRASH_STANDBY": "1"},
                stdin=asyncio.subprocess.PIPE,
                stdout=log,
                stderr=log,
            )

    async def _start(self) -> None:
        """Release the standby process (spawning one if needed) and wait for its first poll.

        The next standby is spawned at once, so a restart costs the time the bot needs from
        its settings to its first ``getUpdates``, not Python's and aiogram's import time.
        """
        assert self.proc is None
        polls = len(self.emu.requests_for("getUpdates"))
        began = time.monotonic()
        proc = self._standby or await self._spawn()
        self._standby = None
        assert proc.stdin is not None
        proc.stdin.write(b"go\n")
        await proc.stdin.drain()
        proc.stdin.close()
        self.proc = proc
        self.starts += 1
        await self.emu.wait_for(
            lambda: len(self.emu.requests_for("getUpdates")) > polls or proc.returncode is not None,
            timeout=30,
        )
        if proc.returncode is not None:
            raise RuntimeError(f"the bot exited with {proc.returncode}; see {self.log_file}")
        self.start_seconds.append(time.monotonic() - began)
        self._standby = await self._spawn()
        self._died.clear()
        self._up.set()

    async def launch(self) -> None:
        """Start the program and return at once (a standby of a shared database never polls
        until it leads, so ``start`` would wait for nothing)."""
        async with self._lock:
            assert self.proc is None
            proc = await self._spawn()
            assert proc.stdin is not None
            proc.stdin.write(b"go\n")
            await proc.stdin.drain()
            proc.stdin.close()
            self.proc = proc
            self.starts += 1
            self._died.clear()
            self._up.set()

    async def kill(self) -> None:
        """SIGKILL: no shutdown handler, no flush, as a power cut."""
        async with self._lock:
            await self._kill()

    async def _kill(self) -> None:
        proc = self.proc
        assert proc is not None
        self._up.clear()
        self.in_flight_at_kill.append(self.in_flight)
        self.epoch += 1
        with contextlib.suppress(ProcessLookupError):
            proc.send_signal(signal.SIGKILL)
        await proc.wait()
        self.proc = None
        self.kills += 1
        self._died.set()

    async def restart(self) -> None:
        async with self._lock:
            await self._kill()
            await self._start()

    async def stop(self) -> None:
        if self.proc is not None:
            await self.kill()
        standby, self._standby = self._standby, None
        if standby is not None:
            with contextlib.suppress(ProcessLookupError):
                standby.kill()
            await standby.wait()

    async def wait_up(self) -> None:
        await self._up.wait()

    async def kill_at_press(self, patience: float, delay: float) -> None:
        """SIGKILL ``delay`` seconds after the next press goes out (so while it is in flight),
        or after ``patience`` without a press; then start again."""
        armed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.kill_on_press, self.kill_delay = armed, delay
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(armed), patience)
        if self.kill_on_press is armed:  # no press came
            self.kill_on_press = None
            await self.restart()
            return
        await armed  # the press's kill is done
        await self.start()

    async def killed_by_press(self) -> None:
        armed, self.kill_on_press = self.kill_on_press, None
        if armed is None:
            return
        try:
            await asyncio.sleep(self.kill_delay)
            await self.kill()
        finally:
            armed.set_result(None)

    async def wait_died(self) -> None:
        await self._died.wait()


class Person:
    """A simulated user who presses once and waits: a press the bot died on must be answered
    once it is back (it handles what its inbox kept, and Telegram delivers again what it was
    not told arrived), never pressed again."""

    def __init__(self, user: SimUser, bot: BotProcess) -> None:
        self.user = user
        self.bot = bot
        self.name = user.first_name
        self.presses = 0
        self.across_kills = 0  #: presses the bot died on before answering (answered later)

    async def _answer(self, handle_answer: asyncio.Future[CallbackAnswer]) -> bool:
        """Wait for the answer; False when the bot died first (answer still possible later)."""
        died: asyncio.Future[None] = asyncio.ensure_future(self.bot.wait_died())
        waiting: set[asyncio.Future[Any]] = {handle_answer, died}
        try:
            done, _ = await asyncio.wait(
                waiting, timeout=SILENCE, return_when=asyncio.FIRST_COMPLETED
            )
        finally:
            died.cancel()
        if handle_answer in done:
            return True
        if not done:
            raise AssertionError(f"{self.name}: a live bot left a press unanswered {SILENCE}s")
        return False

    async def press(self, find: Callable[[], SimMessage | None], label: str) -> str | None:
        """Press ``label`` on the message ``find`` gives, once; the answer text, also when the
        bot died meanwhile (it must answer after the restart).

        ``None`` when the message (or its button) is gone: someone else settled it.
        """
        await self.bot.wait_up()
        message = find()
        if message is None or label not in message.button_labels:
            return None
        try:
            handle = await self.user.press(message, label)
        except LookupError:
            return None
        self.presses += 1
        future = asyncio.ensure_future(handle.answer(timeout=ANSWER_TIMEOUT))
        self.bot.in_flight += 1
        try:
            if self.bot.kill_on_press is not None:
                await self.bot.killed_by_press()
            died = False
            while not await self._answer(future):
                died = True
                await self.bot.wait_up()
            self.across_kills += died
            return (await future).text or ""
        finally:
            self.bot.in_flight -= 1
            if not future.done():
                future.cancel()

    async def send(self, chat: int, text: str) -> None:
        await self.bot.wait_up()
        await self.user.send(chat, text)


def newest(
    emu: BotApiEmulator, chat: int, contains: str, button: str | None = None
) -> SimMessage | None:
    """The newest bot message in ``chat`` containing ``contains`` (and the ``button``)."""
    for message in reversed(emu.bot_messages(chat)):
        if contains in message.plain and (button is None or button in message.button_labels):
            return message
    return None


def main() -> int:
    """``python -m bot`` with the bot's own pacing off (see the module docstring).

    With ``CRASH_STANDBY`` set it first imports everything, then waits for a line on stdin.
    """
    import handlers
    from bot import main  # noqa: F401 - imported ahead, for a quick start
    from bot.main import run_polling, run_webhook
    from bot.pacing import Limits
    from bot.settings import SettingsError, load_settings

    handlers.build_router()
    if os.environ.get("CRASH_STANDBY") and not sys.stdin.readline():
        return 0  # the test ended before this standby was needed

    try:
        settings = load_settings()
    except SettingsError as exc:
        print(f"error: {exc}", file=sys.stderr)  # noqa: T201 - the operator's one line
        return 2
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    with contextlib.suppress(KeyboardInterrupt):
        if settings.webhook_url:  # webhook mode (``WEBHOOK_URL`` in ``extra_env``)
            asyncio.run(run_webhook(settings))
        else:
            asyncio.run(run_polling(settings, limits=Limits.unlimited(), handle_signals=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
