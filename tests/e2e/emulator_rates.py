"""Rate-limit model and fault descriptions for the Bot API emulator."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Literal

__all__ = ["Fault", "FaultKind", "RateLimiter", "RateLimits", "TokenBucket"]


@dataclass(frozen=True)
class RateLimits:
    """Telegram's flood limits, modelled as token buckets.

    ``per_chat`` messages per second sustained in one chat with bursts of ``per_chat_burst``;
    ``per_group_per_minute`` messages per minute in a group/supergroup (burst ``group_burst``,
    default the same number); ``global_per_second`` messages per second over all chats (burst
    ``global_burst``, default the same number). ``count_edits`` makes editMessageText /
    editMessageReplyMarkup take a token from the per-chat bucket too.
    """

    per_chat: float = 1.0
    per_chat_burst: int = 3
    per_group_per_minute: float = 20.0
    group_burst: int | None = None
    global_per_second: float = 30.0
    global_burst: int | None = None
    enabled: bool = True
    count_edits: bool = True

    @classmethod
    def disabled(cls) -> RateLimits:
        return cls(enabled=False)


class TokenBucket:
    """Classic token bucket: ``capacity`` tokens, refilled at ``rate`` tokens per second."""

    __slots__ = ("capacity", "rate", "stamp", "tokens")

    def __init__(self, rate: float, capacity: float, now: float) -> None:
        self.rate = rate
        self.capacity = max(capacity, 1.0)
        self.tokens = self.capacity
        self.stamp = now

    def refill(self, now: float) -> None:
        if now > self.stamp:
            self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.rate)
            self.stamp = now

    def wait_time(self, now: float) -> float:
        """Seconds until one token is available (0 when one is available now)."""
        self.refill(now)
        if self.tokens >= 1.0:
            return 0.0
        if self.rate <= 0:
            return math.inf
        return (1.0 - self.tokens) / self.rate

    def take(self) -> None:
        self.tokens -= 1.0


class RateLimiter:
    """Per-chat, per-group and global buckets. ``check`` either consumes a token from every
    applicable bucket and returns 0, or consumes nothing and returns ``retry_after`` seconds."""

    def __init__(self, limits: RateLimits) -> None:
        self.limits = limits
        self._chat: dict[int, TokenBucket] = {}
        self._group: dict[int, TokenBucket] = {}
        now = time.monotonic()
        self._global = TokenBucket(
            limits.global_per_second,
            float(limits.global_burst or limits.global_per_second),
            now,
        )

    def check(self, chat_id: int, is_group: bool, *, counts_global: bool = True) -> int:
        limits = self.limits
        if not limits.enabled:
            return 0
        now = time.monotonic()
        buckets: list[TokenBucket] = []
        bucket = self._chat.get(chat_id)
        if bucket is None:
            bucket = self._chat[chat_id] = TokenBucket(
                limits.per_chat, float(limits.per_chat_burst), now
            )
        buckets.append(bucket)
        if is_group:
            group = self._group.get(chat_id)
            if group is None:
                burst = limits.group_burst or limits.per_group_per_minute
                group = self._group[chat_id] = TokenBucket(
                    limits.per_group_per_minute / 60.0, float(burst), now
                )
            buckets.append(group)
        if counts_global:
            buckets.append(self._global)
        wait = max(b.wait_time(now) for b in buckets)
        if wait > 0:
            return max(1, math.ceil(wait)) if math.isfinite(wait) else 3600
        for b in buckets:
            b.take()
        return 0


FaultKind = Literal["retry_after", "server_error", "delay", "reset", "timeout"]


@dataclass
class Fault:
    """A fault to inject into the answer of one API method (see ``BotApiEmulator.inject``).

    Use the constructors: ``Fault.too_many_requests(retry_after)``,
    ``Fault.server_error(status=500)``, ``Fault.slow(delay)`` (answers normally after a delay),
    ``Fault.connection_reset()`` (closes the connection without an answer) and ``Fault.hang()``
    (never answers; the request ends when the client gives up).
    """

    kind: FaultKind
    retry_after: int = 1
    status: int = 500
    delay: float = 0.0
    description: str | None = None

    @classmethod
    def too_many_requests(cls, retry_after: int = 1) -> Fault:
        return cls("retry_after", retry_after=retry_after)

    @classmethod
    def server_error(cls, status: int = 500, description: str | None = None) -> Fault:
        return cls("server_error", status=status, description=description)

    @classmethod
    def slow(cls, delay: float) -> Fault:
        return cls("delay", delay=delay)

    @classmethod
    def connection_reset(cls) -> Fault:
        return cls("reset")

    @classmethod
    def hang(cls) -> Fault:
        return cls("timeout")

    @classmethod
    def timeout(cls) -> Fault:
        return cls("timeout")
