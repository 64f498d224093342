"""Broadcast benchmark: round 1 pairings to 256 players under Telegram's flood limits.

Run with ``.venv/bin/python -m benchmarks.broadcast`` (``--players``, ``--runs``).

Setup (not measured, limits off so it is quick): N players start the bot and join a Swiss
tournament through the buttons. Then the bot is restarted with its default ``Limits()`` and the
emulator switched to Telegram's default ``RateLimits()`` (fresh, full buckets), the organiser
sends ``/begin``, and the clock runs until every player has his pairing message and the group
its board. Measured: time from the ``/begin`` update's creation to the emulator's answer to the
last of those sendMessage requests, and the 429s the emulator gave (``emu.stats``).

The minimum the limits allow: the broadcast is M = N + 1 messages (N private pairings, one
board). Each private chat gets one message and the group one, so neither the per-chat limit
(1/s, burst 3) nor the group limit (20/min) binds; the global bucket does: ``burst`` messages at
once, then ``rate`` per second, so the M-th message can leave at the earliest
``(M - burst) / rate`` seconds after the first:

    T_min = max(0, M - global_burst) / global_per_second = (257 - 30) / 30 s = 7.57 s  (N = 256)

Target (issue 5): zero 429s and a total within 15 % of ``T_min``.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import tempfile
import time
from pathlib import Path

from benchmarks.sim import GROUP, TOKEN, InProcessBot, SwissClub, emit_json, median, settle
from bot.pacing import Limits
from tests.e2e.emulator import BotApiEmulator, RateLimits

PLAYERS = 256
RUNS = 3
MARGIN = 0.15


def minimum_seconds(messages: int, limits: RateLimits) -> float:
    burst = limits.global_burst or limits.global_per_second
    return max(0.0, messages - burst) / limits.global_per_second


async def run_once(players: int) -> dict[str, float | int | bool]:
    with tempfile.TemporaryDirectory(prefix="broadcast-bench-") as tmp:
        emu = BotApiEmulator(token=TOKEN, rate_limits=RateLimits.disabled())
        await emu.start()
        running = InProcessBot(emu, Path(tmp) / "club.db", Limits.unlimited())
        try:
            await running.start()
            club = SwissClub(emu, players)
            await club.start_all()
            created = await club.create()
            await club.join_all(created)
            await settle(emu, running.dp)

            await running.stop()
            running.limits = Limits()  # the bot as deployed
            await running.start()
            limits = RateLimits()  # Telegram's limits, buckets full
            emu.rate_limits = limits
            await asyncio.sleep(1.0)
            stats_before = emu.stats.by_status[429], emu.stats.rate_limited
            sends_before = len(emu.requests_for("sendMessage"))
            begun = time.monotonic()
            await club.org.send(GROUP, "/begin")

            ids = {str(user.id) for user in club.players}

            def private() -> int:
                records = emu.requests_for("sendMessage")[sends_before:]
                return sum(1 for r in records if r.status == 200 and r.params["chat_id"] in ids)

            await emu.wait_for(lambda: private() >= players, timeout=600)
            await settle(emu, running.dp)  # the board's second part goes out 1 s later
            sent = emu.requests_for("sendMessage")[sends_before:]
            records = [r for r in sent if r.status == 200]
            refused = [
                f"{r.params.get('chat_id')}: {r.description}" for r in sent if r.status == 429
            ]
            last = max(r.started + r.duration for r in records)
            total = last - begun
            tables = club.tables()
            too_many = emu.stats.by_status[429] - stats_before[0]
            flood = emu.stats.rate_limited - stats_before[1]
            board = [r for r in records if str(r.params.get("chat_id")) == str(GROUP)]
        finally:
            await running.stop()
            await emu.stop()
    messages = len(records)
    floor = minimum_seconds(messages, limits)
    assert len(tables) == players // 2, f"{len(tables)} tables"
    if refused:
        print(f"  429 answers: {refused}")
    return {
        "messages": messages,
        "group_messages": len(board),
        "seconds": round(total, 3),
        "minimum_seconds": round(floor, 3),
        "over_minimum": round(total / floor - 1, 4) if floor else 0.0,
        "http_429": too_many,
        "flood_429": flood,
    }


async def main(players: int, runs: int) -> None:
    logging.basicConfig(level=logging.ERROR)
    limits = RateLimits()
    burst = limits.global_burst or limits.global_per_second
    print(
        f"Broadcast: round 1 pairings to {players} players + the group board; emulator "
        f"RateLimits() (global {limits.global_per_second:g}/s burst {burst}, chat "
        f"{limits.per_chat:g}/s burst {limits.per_chat_burst}, group "
        f"{limits.per_group_per_minute:g}/min), bot Limits() {Limits()}"
    )
    print("T_min = max(0, M - global_burst) / global_rate, M = the messages the broadcast sent")
    results = []
    for run in range(1, runs + 1):
        result = await run_once(players)
        results.append(result)
        print(
            f"  run {run}: M = {result['messages']} messages ({result['group_messages']} in the "
            f"group): T_min = ({result['messages']} - {burst:g}) / "
            f"{limits.global_per_second:g} = {result['minimum_seconds']:.3f} s; took "
            f"{result['seconds']:.3f} s = T_min × {1 + float(result['over_minimum']):.3f}; "
            f"429s: {result['http_429']}"
        )
    seconds = median(float(r["seconds"]) for r in results)
    floor = median(float(r["minimum_seconds"]) for r in results)
    total_429 = sum(int(r["http_429"]) for r in results)
    over = seconds / floor - 1 if floor else 0.0
    met = total_429 == 0 and over <= MARGIN
    print(
        f"median {seconds:.3f} s ({over * 100:+.1f} % over T_min), 429s in all runs: {total_429}; "
        f"target (0 × 429, ≤ +{MARGIN * 100:.0f} %) {'met' if met else 'MISSED'}"
    )
    emit_json(
        {
            "benchmark": "broadcast",
            "players": players,
            "runs": results,
            "median_seconds": round(seconds, 3),
            "minimum_seconds": round(floor, 3),
            "over_minimum": round(over, 4),
            "http_429_total": total_429,
            "target_met": met,
        }
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", type=int, default=PLAYERS)
    parser.add_argument("--runs", type=int, default=RUNS)
    args = parser.parse_args()
    asyncio.run(main(args.players, args.runs))
