"""A flood of guessed board links, as a stranger would send it (issue 20): run beside the bot,
in its own process, by ``benchmarks.web`` (the flood's own work must not share the bot's loop);
SIGINT or SIGTERM ends it. With ``--streams N --token T`` it opens and holds N event streams of
the board ``T`` instead, as one stranger with one link would.

``.venv/bin/python -m benchmarks.flood http://127.0.0.1:PORT 10``: ``--clients`` connections
from each of ``--addresses`` loopback addresses ask for ``/t/<random token>`` as fast as they
are answered, for the given seconds; it prints the answers' statuses and how many a second.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
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


def stopped_by_signal() -> asyncio.Event:
    """Set by SIGINT or SIGTERM: stop, and tell what was sent."""
    stop = asyncio.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        asyncio.get_running_loop().add_signal_handler(signum, stop.set)
    return stop


def from_addresses(
    prefix: str, first: int, count: int, limit: int = 100
) -> list[aiohttp.ClientSession]:
    """A client session from each of ``count`` loopback addresses ``prefix + first`` on."""
    return [
        aiohttp.ClientSession(
            connector=aiohttp.TCPConnector(local_addr=(f"{prefix}{first + n}", 0), limit=limit)
        )
        for n in range(count)
    ]


async def hold(
    session: aiohttp.ClientSession, url: str, stop: asyncio.Event, seen: Counter[int]
) -> None:
    """One event stream opened and held (read) until ``stop``."""
    try:
        async with session.get(url, timeout=aiohttp.ClientTimeout(total=None)) as response:
            seen[response.status] += 1
            while not stop.is_set() and response.status == 200:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(response.content.readany(), 1)
    except aiohttp.ClientError:
        seen[0] += 1


async def streams(url: str, count: int, addresses: int) -> Counter[int]:
    """``count`` event streams of ``url`` spread over ``addresses`` loopback addresses, held
    until SIGINT or SIGTERM: the statuses they were answered with."""
    seen: Counter[int] = Counter()
    stop = stopped_by_signal()
    sessions = from_addresses("127.0.2.", 1, addresses, limit=0)
    try:
        await asyncio.gather(
            *(hold(sessions[n % addresses], url, stop, seen) for n in range(count))
        )
    finally:
        for session in sessions:
            await session.close()
    return seen


async def flood(base: str, seconds: float, addresses: int, clients: int) -> Counter[int]:
    seen: Counter[int] = Counter()
    until = time.monotonic() + seconds
    stop = stopped_by_signal()
    sessions = from_addresses("127.0.0.", 2, addresses)
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
    parser.add_argument("--streams", type=int, default=0, help="hold this many event streams")
    parser.add_argument("--token", default="", help="the board's token (with --streams)")
    args = parser.parse_args()
    started = time.monotonic()
    if args.streams:
        url = f"{args.base}/t/{args.token}/events"
        held = asyncio.run(streams(url, args.streams, args.addresses))
        print(f"streams: {args.streams} asked, answered {dict(held)}")
        return
    seen = asyncio.run(flood(args.base, args.seconds, args.addresses, args.clients))
    total = sum(seen.values())
    print(f"flood: {total} requests, {total / (time.monotonic() - started):.0f}/s, {dict(seen)}")


if __name__ == "__main__":
    main()
