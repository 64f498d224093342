"""The web board's gate alone (``bot.web.gate``): buckets, slots, Telegram's networks."""

from __future__ import annotations

import resource

from bot.web.gate import RESERVED_DESCRIPTORS, Gate, WebLimits, fd_budget, raise_fd_limit


def test_a_bucket_lets_a_burst_through_then_the_rate() -> None:
    gate = Gate(WebLimits(rate=2, burst=4))
    assert [gate.allowed("10.0.0.1", 0.0) for _ in range(5)] == [True] * 4 + [False]
    assert gate.allowed("10.0.0.2", 0.0)  # another address has its own
    assert gate.allowed("10.0.0.1", 0.5) and not gate.allowed("10.0.0.1", 0.5)  # 2 a second
    assert [gate.allowed("10.0.0.1", 100.0) for _ in range(5)].count(True) == 4  # never > burst
    assert gate.refused["request"] == 3


def test_telegram_is_never_bounded() -> None:
    gate = Gate(WebLimits(rate=1, burst=1, per_address=1, total=1, streams_per_address=1))
    assert all(gate.allowed("149.154.167.220", 0.0) for _ in range(50))
    assert all(gate.admit("91.108.6.1") for _ in range(50))
    assert gate.admit("10.0.0.1") and not gate.admit("10.0.0.2")  # the others: bounded
    assert not gate.exempt("149.154.176.1") and not gate.exempt("not an address")


def test_stream_slots_per_address_and_in_all() -> None:
    gate = Gate(WebLimits(streams=3, streams_per_address=2))
    with gate.stream("a") as one, gate.stream("a") as two, gate.stream("a") as three:
        assert (one, two, three) == (True, True, False)
        with gate.stream("b") as four, gate.stream("c") as five:
            assert (four, five) == (True, False)
            assert gate.streams == 3
    assert gate.streams == 0
    with gate.stream("a") as again:
        assert again


def test_connections_released_free_their_address() -> None:
    gate = Gate(WebLimits(total=2, per_address=1))
    assert gate.admit("a") and not gate.admit("a") and gate.admit("b") and not gate.admit("c")
    gate.release("a")
    assert gate.connections == 1 and gate.admit("c")


def test_the_board_leaves_the_bot_its_descriptors() -> None:
    assert fd_budget(1024, 512) == (1024 - RESERVED_DESCRIPTORS) // 2
    assert fd_budget(1 << 20, 512) == 512
    assert fd_budget(10, 512) == 1


def test_the_open_files_limit_is_raised_to_what_the_system_allows() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(256, hard), hard))
        raised = raise_fd_limit()
        assert raised == resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        assert raised >= min(256, hard) and (raised == hard or hard == resource.RLIM_INFINITY)
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
