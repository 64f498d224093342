"""Load benchmark: a whole Swiss round reported and confirmed at once, against a bare echo bot.

Run with ``.venv/bin/python -m benchmarks.load`` (``--sizes 64 256`` to choose the sizes).

For every N (64, 256, 1024) one run, in one process, with one emulator:

1. setup (not measured): N players start the bot and join a Swiss tournament through the
   buttons, the organiser sends ``/begin``, every player gets his table privately;
2. **full bot, reports**: at one table's player of every table (N/2 people) presses "Я выиграл"
   on his pairing message, all at once;
3. **full bot, confirms**: when every confirmation request has arrived, all N/2 opponents
   press "✅ Подтверждаю" at once;
4. steps 2-3 again for each further round (``--rounds``, 3 by default; the organiser sends
   ``/next_round`` in between, not measured): more bursts, so one slow moment of this noisy
   machine weighs less;
5. the full bot is stopped and a **bare aiogram echo bot** (a Dispatcher whose callback handler
   only answers and whose message handler echoes) polls the same emulator; the *same* callback
   queries (same users, same messages, same callback data) are replayed in the same bursts.

Figures per bot: throughput = updates / (sum over both bursts of the time from the burst's first
update creation to the last ``answerCallbackQuery`` received by the emulator); latency = that
answer's arrival minus the update's creation (both ``time.monotonic()`` in this process);
``drain`` = time from the last answer until the bot has finished every update and the emulator
is idle (the full bot's follow-up work after answering: board edits, confirmation requests,
settled prompts), reported but not part of the throughput. The full bot answers the presses
of a burst before it does that work (``bot.priority``), as it would in a busy chat.

**Rate limits are off** for this benchmark: the emulator runs with ``RateLimits.disabled()``
and the bot with ``Limits.unlimited()`` (its pacer still runs, with buckets that never wait).
With Telegram's limits (30 messages/s overall) the follow-up messages, not the bot's own
processing, would set the pace; ``benchmarks.broadcast`` measures the bot under the limits.

Everything (emulator, simulated users, bot) shares one event loop, so the figures include the
emulator's own work; both bots pay it equally. Targets (issue 5): at N = 256 the full bot at
≥ 50 % of the echo bot's throughput and its p99 under 250 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import gc
import logging
import tempfile
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

from aiogram import Bot, Dispatcher, Router
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.types import CallbackQuery, Message

from benchmarks.sim import (
    ACCEPTED,
    CONFIRM,
    GROUP,
    REPORTED,
    WON,
    SwissClub,
    emit_json,
    percentile,
    settle,
    stop_bot,
)
from bot.clock import ManualClock
from bot.pacing import Limits
from tests.e2e.emulator import BotApiEmulator, RateLimits, SimMessage, SimUser
from tests.e2e.harness import START, TOKEN, RunningBot

SIZES = (64, 256, 1024)
#: rounds played per size: more bursts, so one slow moment of this noisy machine weighs less
ROUNDS = 3
TARGET_N = 256
TARGET_RATIO = 0.5
TARGET_P99_MS = 250.0

Press = tuple[SimUser, SimMessage, str]


@dataclass
class Burst:
    """One burst of callback queries and what the emulator saw of the answers."""

    updates: int
    seconds: float
    latencies: list[float]
    drain: float
    wrong: int

    @property
    def throughput(self) -> float:
        return self.updates / self.seconds if self.seconds else 0.0


@dataclass
class Figures:
    updates: int
    seconds: float
    throughput: float
    p50_ms: float
    p99_ms: float
    max_ms: float
    drain_s: float
    wrong_answers: int

    @classmethod
    def of(cls, bursts: list[Burst]) -> Figures:
        latencies = [x for b in bursts for x in b.latencies]
        updates = sum(b.updates for b in bursts)
        seconds = sum(b.seconds for b in bursts)
        return cls(
            updates=updates,
            seconds=round(seconds, 4),
            throughput=round(updates / seconds if seconds else 0.0, 1),
            p50_ms=round(percentile(latencies, 50) * 1000, 2),
            p99_ms=round(percentile(latencies, 99) * 1000, 2),
            max_ms=round(max(latencies, default=0.0) * 1000, 2),
            drain_s=round(sum(b.drain for b in bursts), 3),
            wrong_answers=sum(b.wrong for b in bursts),
        )

    def line(self, name: str) -> str:
        return (
            f"  {name:<6} {self.updates:>5} updates in {self.seconds:7.3f} s = "
            f"{self.throughput:8.1f} upd/s; latency p50 {self.p50_ms:7.1f} ms, "
            f"p99 {self.p99_ms:7.1f} ms, max {self.max_ms:7.1f} ms; drain {self.drain_s:.2f} s"
            + (f"; {self.wrong_answers} unexpected answers" if self.wrong_answers else "")
        )


async def burst(
    emu: BotApiEmulator, dp: Dispatcher | None, presses: list[Press], expected: str | None
) -> Burst:
    """Create every callback query at once; wait for every answer; then for the bot to go idle.

    ``expected``: the answer text every press must get (``None``: no text, the echo bot)."""
    answers_before = len(emu.requests_for("answerCallbackQuery"))
    created: dict[str, float] = {}

    async def press(user: SimUser, message: SimMessage, data: str) -> str:
        stamp = time.monotonic()
        handle = await user.press_data(message, data)
        created[handle.id] = stamp
        return handle.id

    # The emulator and the simulated users keep every message: a heap a real bot process does
    # not have. A full collection over it would land in whichever burst it falls on, so it is
    # collected and set aside (``gc.freeze``) first; what the bots allocate is collected as
    # usual. (``python -m bot`` freezes what its imports made in the same way.)
    gc.collect()
    gc.freeze()
    ids = await asyncio.gather(*(press(*p) for p in presses))
    await emu.wait_for(
        lambda: len(emu.requests_for("answerCallbackQuery")) - answers_before >= len(ids),
        timeout=600,
    )
    records = emu.requests_for("answerCallbackQuery")[answers_before:]
    answered: dict[str, float] = {}
    wrong = 0
    for record in records:
        query_id = str(record.params.get("callback_query_id", ""))
        if query_id in created and query_id not in answered:
            answered[query_id] = record.started
            text = record.params.get("text")
            if text != expected:
                wrong += 1
    missing = [qid for qid in ids if qid not in answered]
    if missing:
        raise RuntimeError(f"{len(missing)} callback queries were not answered")
    first = min(created.values())
    last = max(answered.values())
    await settle(emu, dp)
    drain = time.monotonic() - last
    latencies = [answered[qid] - created[qid] for qid in ids]
    return Burst(len(ids), last - first, latencies, max(drain, 0.0), wrong)


def echo_dispatcher() -> Dispatcher:
    """The baseline: answers every button press, echoes every text message."""
    router = Router(name="echo")

    @router.callback_query()
    async def on_press(query: CallbackQuery) -> None:
        await query.answer()

    @router.message()
    async def on_message(message: Message) -> None:
        if message.text:
            await message.answer(message.text)

    dp = Dispatcher()
    dp.include_router(router)
    return dp


@contextlib.asynccontextmanager
async def echo_bot(emu: BotApiEmulator) -> AsyncIterator[Dispatcher]:
    session = AiohttpSession(api=TelegramAPIServer.from_base(emu.url))
    bot = Bot(TOKEN, session=session)
    dp = echo_dispatcher()
    polls = len(emu.requests_for("getUpdates"))
    task = asyncio.create_task(
        dp.start_polling(bot, handle_signals=False, close_bot_session=False, polling_timeout=1)
    )
    await emu.wait_for(lambda: len(emu.requests_for("getUpdates")) > polls, timeout=10)
    try:
        yield dp
    finally:
        # Dispatcher.stop_polling, not task.cancel(): cancelling start_polling leaves aiogram's
        # polling tasks running.
        with contextlib.suppress(RuntimeError):
            await dp.stop_polling()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        await session.close()


def callback_data(message: SimMessage, label: str) -> str:
    return str(message.find_button(label)["callback_data"])


async def run_size(size: int, rounds: int, profile: str | None = None) -> dict[str, object]:
    with tempfile.TemporaryDirectory(prefix="load-bench-") as tmp:
        emu = BotApiEmulator(token=TOKEN, rate_limits=RateLimits.disabled())
        await emu.start()
        running = RunningBot(
            emu, Path(tmp) / "club.db", ManualClock(START), Limits.unlimited(), organizer_ids="999"
        )
        try:
            await running.start()
            club = SwissClub(emu, size)
            setup = time.monotonic()
            await club.start_all()
            created = await club.create()
            await club.join_all(created)
            before = club.sends()
            await club.org.send(GROUP, "/begin")
            await club.wait_sends(before + size + 1, timeout=600)
            await settle(emu, running.dp)
            profiler = cProfile.Profile() if profile else None
            full: list[Burst] = []
            replayed: list[tuple[list[Press], str | None]] = []
            for round_no in range(1, rounds + 1):
                if round_no > 1:
                    before = club.sends()
                    await club.org.send(GROUP, "/next_round")
                    await club.wait_sends(before + size + 1, timeout=600)
                    await settle(emu, running.dp)
                tables = club.tables(round_no)
                if len(tables) != size // 2:
                    raise RuntimeError(f"{len(tables)} tables for {size} players")
                if round_no == 1:
                    print(f"N={size}: setup {time.monotonic() - setup:.1f} s, {len(tables)} tables")
                if profiler is not None:
                    profiler.enable()
                reports: list[Press] = [
                    (t.reporter, t.reporter_message, callback_data(t.reporter_message, WON))
                    for t in tables
                ]
                full.append(await burst(emu, running.dp, reports, REPORTED))
                confirms: list[Press] = []
                for t in tables:
                    request = club.confirm_request(t.confirmer)
                    if request is None:
                        raise RuntimeError(f"no confirmation request for table {t.number}")
                    confirms.append((t.confirmer, request, callback_data(request, CONFIRM)))
                full.append(await burst(emu, running.dp, confirms, ACCEPTED))
                if profiler is not None:
                    profiler.disable()
                replayed += [(reports, None), (confirms, None)]
            if profiler is not None and profile:
                profiler.dump_stats(f"{profile}.{size}")
                print(f"  profile of the full bot's bursts: {profile}.{size}")
            await stop_bot(running)

            async with echo_bot(emu) as dp:
                # Unmeasured, as the full bot's setup was: aiohttp opens its connections to
                # the emulator here, not in the first measured burst.
                await burst(emu, dp, replayed[0][0], None)
                echo = [await burst(emu, dp, presses, expected) for presses, expected in replayed]
        finally:
            await stop_bot(running)
            await emu.stop()
    bot_figures, echo_figures = Figures.of(full), Figures.of(echo)
    ratio = bot_figures.throughput / echo_figures.throughput if echo_figures.throughput else 0.0
    print(bot_figures.line("bot"))
    for index, (b, e) in enumerate(zip(full, echo, strict=True)):
        name = f"r{index // 2 + 1} {('report', 'confirm')[index % 2]}"
        print(
            f"    {name:<10} {b.throughput:8.1f} upd/s, p99 "
            f"{percentile(b.latencies, 99) * 1000:7.1f} ms, drain {b.drain:.2f} s"
            f" | echo {e.throughput:8.1f} upd/s: ratio {b.throughput / e.throughput:.2f}"
        )
    print(echo_figures.line("echo"))
    print(f"  throughput ratio bot/echo = {ratio:.2f}")
    return {
        "n": size,
        "bot": vars(bot_figures),
        "echo": vars(echo_figures),
        "ratio": round(ratio, 3),
        "rounds": rounds,
    }


async def main(sizes: list[int], rounds: int = ROUNDS, profile: str | None = None) -> None:
    logging.basicConfig(level=logging.ERROR)
    print(
        f"Load: N players report and confirm {rounds} Swiss rounds, each round at once "
        "(rate limits off)"
    )
    results = [await run_size(size, rounds, profile) for size in sizes]
    target = next((r for r in results if r["n"] == TARGET_N), None)
    verdict: dict[str, object] = {}
    if target is not None:
        bot = target["bot"]
        assert isinstance(bot, dict)
        ratio_ok = float(str(target["ratio"])) >= TARGET_RATIO
        p99_ok = float(bot["p99_ms"]) < TARGET_P99_MS
        verdict = {"ratio_ok": ratio_ok, "p99_ok": p99_ok, "met": ratio_ok and p99_ok}
        print(
            f"Target at N={TARGET_N}: ratio ≥ {TARGET_RATIO} {'met' if ratio_ok else 'MISSED'}, "
            f"p99 < {TARGET_P99_MS:.0f} ms {'met' if p99_ok else 'MISSED'}"
        )
    emit_json(
        {
            "benchmark": "load",
            "rate_limits": "off (emulator RateLimits.disabled(), bot Limits.unlimited())",
            "results": results,
            "target": {"n": TARGET_N, "ratio_min": TARGET_RATIO, "p99_ms_max": TARGET_P99_MS}
            | verdict,
        }
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument(
        "--rounds", type=int, default=ROUNDS, help="rounds played (two bursts each)"
    )
    parser.add_argument(
        "--profile", metavar="FILE", help="cProfile the full bot's bursts into FILE.<N>"
    )
    args = parser.parse_args()
    asyncio.run(main(args.sizes, args.rounds, args.profile))
