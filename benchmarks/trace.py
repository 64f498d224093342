"""What one press of «Моя победа» passes through: the project's functions and files between the
press and its answer (issue "One engine for every kind", its measure).

Run with ``.venv/bin/python -m benchmarks.trace`` (``--all`` lists every function).

The real bot in this process (dispatcher, polling loop, database file) against the emulator: a
King-of-the-Hill club of five, begun through the bot; then Ann asks ``/report`` privately and
presses «Моя победа». From that press until its ``answerCallbackQuery`` reaches the emulator,
``sys.setprofile`` records every call of a function defined in ``bot/``, ``handlers/``, ``db/``
or ``rules/`` (the emulator and the libraries are left out). What runs beside the press in the
same moments (the deadline runner, the follow-up the press starts) is counted apart: the
press's own path is what its update's task (``Polling._handle``) calls, the rest runs beside it.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import tempfile
from pathlib import Path
from types import FrameType
from typing import Any

from benchmarks.sim import TOKEN, InProcessBot, emit_json
from bot.pacing import Limits
from tests.e2e.drivers.koth_club import begin_tournament, has_buttons, setup_club
from tests.e2e.emulator import BotApiEmulator, RateLimits

ROOT = Path(__file__).resolve().parents[1]
INNER = ("<listcomp>", "<genexpr>", "<dictcomp>", "<setcomp>", "<lambda>")
FOLDERS = tuple(str(ROOT / name) + "/" for name in ("bot", "handlers", "db", "rules"))


class Calls:
    """The project's functions called while recording, in the order first called: ``seen`` in
    the update's own task (the press's path to its answer), ``beside`` in any other."""

    def __init__(self) -> None:
        self.seen: dict[tuple[str, str], int] = {}
        self.beside: dict[tuple[str, str], int] = {}
        self._own: dict[asyncio.Task[Any], bool] = {}

    def __call__(self, frame: FrameType, event: str, arg: Any) -> None:
        if event != "call":
            return
        path = frame.f_code.co_filename
        if path.startswith(FOLDERS):
            key = (str(Path(path).relative_to(ROOT)), frame.f_code.co_qualname)
            calls = self.seen if self._in_update(asyncio.current_task()) else self.beside
            calls[key] = calls.get(key, 0) + 1

    def _in_update(self, task: asyncio.Task[Any] | None) -> bool:
        """Whether ``task`` handles an update (``bot.polling.Polling._handle``)."""
        if task is None:
            return False
        if task not in self._own:
            coro = task.get_coro()
            code = getattr(coro, "cr_code", None)
            self._own[task] = code is not None and code.co_qualname == "Polling._handle"
        return self._own[task]


async def trace(folder: Path) -> Calls:
    emu = BotApiEmulator(token=TOKEN, rate_limits=RateLimits(enabled=False))
    await emu.start()
    running = InProcessBot(emu, folder / "trace.db", Limits.unlimited())
    calls = Calls()
    try:
        await running.start()
        _org, people = await setup_club(emu)
        await begin_tournament(emu, _org)
        ann = people[0]
        await ann.send(ann.id, "/report")
        offer = await ann.wait_message(predicate=has_buttons, timeout=60)
        await emu.idle()
        sys.setprofile(calls)
        try:
            answer = await (await ann.press(offer, "Моя победа")).answer(timeout=60)
        finally:
            sys.setprofile(None)
        assert "Отправлено" in (answer.text or ""), answer.text
    finally:
        await running.stop()
        await emu.stop()
    return calls


async def main(every: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        calls = await trace(Path(folder))
    files = sorted({path for path, _ in calls.seen})
    if every:
        for (path, name), count in calls.seen.items():
            print(f"{count:>4}  {path}:{name}")
    beside = sorted({path for path, _ in calls.beside} - set(files))
    # comprehensions and lambdas run inside the function a reader follows: not counted apart
    named = [name for _, name in calls.seen if not name.endswith(INNER)]
    figures = {
        "functions": len(named),
        "with_comprehensions": len(calls.seen),
        "files": len(files),
        "file_list": files,
        "beside_functions": len(calls.beside),
        "beside_files_not_on_the_path": beside,
    }
    print(
        f"functions={len(named)} ({len(calls.seen)} with comprehensions) files={len(files)} "
        f"(beside it: {len(calls.beside)} functions)",
        flush=True,
    )
    emit_json(figures)


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="list every function called")
    args = parser.parse_args()
    asyncio.run(main(args.all))
