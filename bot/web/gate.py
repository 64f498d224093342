"""What the web board's visitors may take from the bot: connections, event streams, requests.

A board link is public, and anyone can open connections to the server that carries it (in
webhook mode the same server takes Telegram's deliveries). Without bounds one visitor holds
every file descriptor of the process and the bot stops answering (issue 20). So:

- *connections*: at most ``per_address`` open from one address and ``total`` in all; one over
  either is closed as it opens, before any byte is read;
- *the header timeout*: a connection that has not sent a whole request within ``header_seconds``
  of opening, or of its last answer (keep-alive), is closed: idle and slowloris connections
  are not held;
- *event streams*: at most ``streams_per_address`` from one address and ``streams`` in all; one
  over either is answered 429 (the page's script retries later);
- *requests*: a token bucket per address (``rate`` a second, ``burst`` at once); over it, 429;
- Telegram's own networks (``exempt``: its webhook senders) pass every bound, so the board can
  never take their connections; in polling mode the bot's connections to Telegram are its own,
  outgoing, and ``total`` leaves them descriptors (``fd_budget``: the limit raised at start).
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import resource
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from aiohttp import web

log = logging.getLogger(__name__)

#: where Telegram sends webhook deliveries from (core.telegram.org/bots/webhooks)
TELEGRAM_NETWORKS = ("149.154.160.0/20", "91.108.4.0/22")
#: descriptors the bot keeps for itself whatever the web board holds (its database, its log,
#: its connections to Telegram, the scheduler's)
RESERVED_DESCRIPTORS = 128


@dataclass(frozen=True, slots=True)
class WebLimits:
    """The bounds (module docstring); ``bot.settings`` gives the club's."""

    total: int = 512
    per_address: int = 32
    streams: int = 400
    streams_per_address: int = 8
    header_seconds: float = 10.0
    rate: float = 20.0
    burst: int = 60
    exempt: tuple[str, ...] = TELEGRAM_NETWORKS


def raise_fd_limit() -> int:
    """Raise this process's limit of open files to the hard limit where the system allows;
    the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            log.warning("could not raise the open-files limit from %s", soft)
    return soft


def fd_budget(limit: int, wanted: int) -> int:
    """The connections the web board may hold under an open-files ``limit``: ``wanted``, but
    never more than leaves ``RESERVED_DESCRIPTORS`` and half the rest to the bot."""
    return max(1, min(wanted, (limit - RESERVED_DESCRIPTORS) // 2))


@dataclass
class _Bucket:
    tokens: float
    at: float


@dataclass
class Gate:
    """Counts what each address holds and refuses what goes over (module docstring)."""

    limits: WebLimits = field(default_factory=WebLimits)
    #: the connections refused as they opened, the ones closed for sending no request in
    #: time, the streams and requests refused (for the log and the tests)
    refused: Counter[str] = field(default_factory=Counter)
    _open: Counter[str] = field(default_factory=Counter)
    _streams: Counter[str] = field(default_factory=Counter)
    _buckets: dict[str, _Bucket] = field(default_factory=dict)
    #: the admitted connections' guards, by transport (a request finds its own)
    guards: dict[asyncio.BaseTransport, _Guarded] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._exempt = [ipaddress.ip_network(n) for n in self.limits.exempt]

    def exempt(self, address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in self._exempt)

    @property
    def connections(self) -> int:
        return sum(self._open.values())

    @property
    def streams(self) -> int:
        return sum(self._streams.values())

    def protocol(self, server: web.Server) -> Callable[[], asyncio.Protocol]:
        """The protocol factory to listen with: aiohttp's, behind the gate."""
        return lambda: _Guarded(self, server())

    # -- connections
    def admit(self, address: str) -> bool:
        if self.exempt(address):
            return True
        over = self._open[address] >= self.limits.per_address
        if over or self.connections >= self.limits.total:
            self.refused["connection"] += 1
            return False
        self._open[address] += 1
        return True

    def release(self, address: str) -> None:
        if self._open[address] > 0:
            self._open[address] -= 1
            if not self._open[address]:
                del self._open[address]

    # -- requests (the middleware)
    def allowed(self, address: str, now: float) -> bool:
        """One request from ``address`` now, within its bucket."""
        if self.exempt(address):
            return True
        bucket = self._buckets.get(address)
        if bucket is None:
            if len(self._buckets) > 4 * self.limits.total:  # forget the idle ones
                self._buckets = {a: b for a, b in self._buckets.items() if now - b.at < 60}
            bucket = self._buckets[address] = _Bucket(float(self.limits.burst), now)
        rate, burst = self.limits.rate, self.limits.burst
        bucket.tokens = min(float(burst), bucket.tokens + (now - bucket.at) * rate)
        bucket.at = now
        if bucket.tokens < 1:
            self.refused["request"] += 1
            return False
        bucket.tokens -= 1
        return True

    def busy(self, transport: asyncio.BaseTransport | None, busy: bool) -> None:
        """A request on ``transport`` began (no header timeout while it runs) or ended (the
        next one must come within the timeout)."""
        guard = self.guards.get(transport) if transport is not None else None
        if guard is not None:
            guard.busy(busy)

    @contextmanager
    def stream(self, address: str) -> Iterator[bool]:
        """A slot for an event stream: ``True`` while held, ``False`` when over the bounds."""
        exempt = self.exempt(address)
        over = self._streams[address] >= self.limits.streams_per_address
        if not exempt and (over or self.streams >= self.limits.streams):
            self.refused["stream"] += 1
            yield False
            return
        self._streams[address] += 1
        try:
            yield True
        finally:
            self._streams[address] -= 1
            if not self._streams[address]:
                del self._streams[address]

    def middleware(self) -> Callable[..., Awaitable[web.StreamResponse]]:
        """The aiohttp middleware: the rate per address, and the header timeout's marks."""

        @web.middleware
        async def gate(
            request: web.Request,
            handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
        ) -> web.StreamResponse:
            if not self.allowed(request.remote or "", time.monotonic()):
                return web.Response(status=429, text="Too many requests", headers=RETRY)
            self.busy(request.transport, True)
            try:
                return await handler(request)
            finally:
                self.busy(request.transport, False)

        return gate


RETRY = {"Retry-After": "5", "Cache-Control": "no-store"}


def address_of(transport: asyncio.BaseTransport) -> str:
    peer = transport.get_extra_info("peername")
    return str(peer[0]) if isinstance(peer, tuple) and peer else ""


class _Guarded(asyncio.Protocol):
    """aiohttp's protocol for one connection, admitted by the gate and closed when it sends
    no request in time; everything else is passed on as it comes."""

    def __init__(self, gate: Gate, inner: asyncio.Protocol) -> None:
        self._gate = gate
        self._inner = inner
        self._transport: asyncio.Transport | None = None
        self._address = ""
        self._timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)  # a TCP server's
        self._address = address_of(transport)
        if not self._gate.admit(self._address):
            transport.abort()
            return
        self._transport = transport
        self._gate.guards[transport] = self
        self._inner.connection_made(transport)
        self.busy(False)

    def busy(self, busy: bool) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if not busy and self._transport is not None:
            delay = self._gate.limits.header_seconds
            self._timer = asyncio.get_running_loop().call_later(delay, self._expire)

    def _expire(self) -> None:
        self._timer = None
        if self._transport is not None and not self._transport.is_closing():
            self._gate.refused["header_timeout"] += 1
            self._transport.abort()

    def data_received(self, data: bytes) -> None:
        if self._transport is not None:
            self._inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self._inner.eof_received() if self._transport is not None else None

    def pause_writing(self) -> None:
        self._inner.pause_writing()

    def resume_writing(self) -> None:
        self._inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._transport is None:
            return
        if self._timer is not None:
            self._timer.cancel()
        self._gate.guards.pop(self._transport, None)
        self._gate.release(self._address)
        self._transport = None
        self._inner.connection_lost(exc)


@dataclass
class Listening:
    """A web application served behind the gate; ``close`` stops it."""

    runner: web.AppRunner
    server: asyncio.Server

    async def close(self) -> None:
        self.server.close()  # no new connections; the runner's cleanup ends the open ones
        await self.runner.cleanup()
        await self.server.wait_closed()


async def listen(runner: web.AppRunner, gate: Gate, host: str, port: int) -> Listening:
    """Serve the set-up ``runner``'s application on ``host:port`` behind ``gate``
    (``OSError`` when the port cannot be had)."""
    server = runner.server
    assert server is not None, "the runner is set up first"
    loop = asyncio.get_running_loop()
    listening = await loop.create_server(gate.protocol(server), host, port, reuse_address=True)
    return Listening(runner, listening)
