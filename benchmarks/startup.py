"""How fast a start that cannot work exits: ``python -m benchmarks.startup [--runs N]``.

The bot runs as a program (``python -m bot``) against the emulator, twice per run: with the
token refused by Telegram, and with the database under a file. Printed: each case's seconds
from the process's start to its exit (min, median, max). It was a test's bound once
(``tests/e2e/test_startup.py``), which failed on a busy machine: the time is the interpreter's
and aiogram's import as much as the bot's, so it belongs here, measured, not asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

from tests.e2e.crash_driver import ROOT
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import TOKEN


def environment(emu: BotApiEmulator, db_path: Path, token: str) -> dict[str, str]:
    return {
        "PATH": "/usr/bin:/bin",
        "HOME": str(db_path.parent),
        "PYTHONPATH": str(ROOT),
        "BOT_TOKEN": token,
        "DATABASE_PATH": str(db_path),
        "TELEGRAM_API_URL": emu.url,
        "LOG_LEVEL": "WARNING",
    }


async def exit_seconds(emu: BotApiEmulator, db_path: Path, token: str) -> float:
    began = time.monotonic()
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=str(db_path.parent if db_path.parent.is_dir() else db_path.parent.parent),
        env=environment(emu, db_path, token),
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
    )
    status = await proc.wait()
    took = time.monotonic() - began
    if status != 1:
        raise SystemExit(f"the start was expected to fail with status 1, got {status}")
    return took


async def measure(runs: int) -> dict[str, list[float]]:
    emu = BotApiEmulator(token=TOKEN)
    await emu.start()
    wrong = TOKEN.split(":")[0] + ":wrong-token-abcdefghijklmnop"
    found: dict[str, list[float]] = {"token refused": [], "database under a file": []}
    try:
        with tempfile.TemporaryDirectory() as folder:
            base = Path(folder)
            (base / "file").write_text("not a folder")
            for run in range(runs):
                db_path = base / f"club{run}.db"
                found["token refused"].append(await exit_seconds(emu, db_path, wrong))
                under = base / "file" / "club.db"
                found["database under a file"].append(await exit_seconds(emu, under, TOKEN))
    finally:
        await emu.stop()
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.startup", description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    for case, seconds in asyncio.run(measure(args.runs)).items():
        print(
            f"{case}: exit after {min(seconds):.2f} / {statistics.median(seconds):.2f} / "
            f"{max(seconds):.2f} s (min / median / max of {len(seconds)})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
