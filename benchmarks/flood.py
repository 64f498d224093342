"""A flood of guessed board links, as a stranger would send it (issue 20): run beside the bot,
in its own process, by ``benchmarks.web`` (the flood's own work must not share the bot's loop);
SIGINT or SIGTERM ends it.

``.venv/bin/python -m benchmarks.flood http://127.0.0.1:PORT 10``: ``--clients`` connections
from each of ``--addresses`` loopback addresses ask for ``/t/<random token>`` as fast as they
are answered, for the given seconds; it prints the answers' statuses and how many a second.
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import signal
import time
from collections import Counter

import aiohttp


async def client(
    session: aiohttp.ClientSession, base: str, until: float, stop: asyncio.Event, seen: Counter[int]
) -> None:
    while time.monotonic() < until and not stop.is_set():
        try:
            async with session.get(f"{base}/t/{secrets.token_urlsafe(16)}") as response:
                seen[response.status] += 1
        except aiohttp.ClientError:
            seen[0] += 1


async def flood(base: str, seconds: float, addresses: int, clients: int) -> Counter[int]:
    seen: Counter[int] = Counter()
    until = time.monotonic() + seconds
    stop = asyncio.Event()  # SIGINT or SIGTERM: stop and tell what was sent
    for signum in (signal.SIGINT, signal.SIGTERM):
        asyncio.get_running_loop().add_signal_handler(signum, stop.set)
    sessions = [
        aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(f"127.0.0.{n + 2}", 0)))
        for n in range(addresses)
    ]
    try:
        await asyncio.gather(
            *(client(s, base, until, stop, seen) for s in sessions for _ in range(clients))
        )
    finally:
        for session in sessions:
            await session.close()
    return seen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base")
    parser.add_argument("seconds", type=float)
    parser.add_argument("--addresses", type=int, default=8)
    parser.add_argument("--clients", type=int, default=8)
    args = parser.parse_args()
    started = time.monotonic()
    seen = asyncio.run(flood(args.base, args.seconds, args.addresses, args.clients))
    total = sum(seen.values())
    print(f"flood: {total} requests, {total / (time.monotonic() - started):.0f}/s, {dict(seen)}")


if __name__ == "__main__":
    main()
