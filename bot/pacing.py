"""Token buckets that keep outgoing messages within Telegram's limits.

Telegram allows about one message a second in a chat (short bursts are tolerated), twenty a
minute in a group, and thirty a second overall. Each limit is a bucket; a send waits until every
bucket it touches has a token.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Limits:
    """Rates in messages per second, and how many may go at once after a quiet spell.

    The global burst is kept below Telegram's 30: the server counts a message when it
    *arrives*, and requests sent 1/30 s apart can arrive closer together (network, a busy
    event loop). The five spare tokens absorb that jitter (about 170 ms) for the price of
    1/6 s on a long broadcast; with a burst of 30 a 256-player round drew a 429.
    """

    chat_rate: float = 1.0
    chat_burst: float = 3.0
    group_rate: float = 20 / 60
    group_burst: float = 5.0
    global_rate: float = 30.0
    global_burst: float = 25.0

    @classmethod
    def unlimited(cls) -> Limits:
        big = 1e9
        return cls(big, big, big, big, big, big)


class Bucket:
    """A token bucket on the event loop's monotonic clock."""

    __slots__ = ("_burst", "_lock", "_rate", "_stamp", "_tokens")

    def __init__(self, rate: float, burst: float) -> None:
        self._rate = rate
        self._burst = burst
        self._tokens = burst
        self._stamp: float | None = None
        self._lock = asyncio.Lock()

    def _refill(self, now: float) -> None:
        if self._stamp is not None:
            self._tokens = min(self._burst, self._tokens + (now - self._stamp) * self._rate)
        self._stamp = now

    async def take(self) -> None:
        """Wait for a token and spend it; callers are served in arrival order."""
        async with self._lock:
            loop = asyncio.get_running_loop()
            self._refill(loop.time())
            if self._tokens < 1:
                await asyncio.sleep((1 - self._tokens) / self._rate)
                self._refill(loop.time())
            self._tokens -= 1

    def idle(self, now: float) -> bool:
        """True when the bucket is full again (it can be forgotten)."""
        self._refill(now)
        return self._tokens >= self._burst


class Pacer:
    """The buckets of every chat, the groups' per-minute buckets and the global one."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._global = Bucket(limits.global_rate, limits.global_burst)
        self._chats: dict[int, Bucket] = {}
        self._groups: dict[int, Bucket] = {}

    async def before_send(self, chat_id: int) -> None:
        """Wait for a send's or an edit's turn: in a group, edits count towards its twenty
        a minute as new messages do (Telegram answers a flood of board edits with 429)."""
        if chat_id < 0:
            await self._bucket(self._chats, chat_id, self.limits.chat_rate, 1.0).take()
            group = self.limits.group_rate, self.limits.group_burst
            await self._bucket(self._groups, chat_id, *group).take()
        else:
            chat = self.limits.chat_rate, self.limits.chat_burst
            await self._bucket(self._chats, chat_id, *chat).take()
        await self._global.take()

    def _bucket(self, table: dict[int, Bucket], key: int, rate: float, burst: float) -> Bucket:
        bucket = table.get(key)
        if bucket is None:
            if len(table) > 10_000:
                self._forget_idle(table)
            bucket = table[key] = Bucket(rate, burst)
        return bucket

    @staticmethod
    def _forget_idle(table: dict[int, Bucket]) -> None:
        now = asyncio.get_running_loop().time()
        for key in [key for key, bucket in table.items() if bucket.idle(now)]:
            del table[key]
