"""bot.flood.FloodGate: per person and chat, a fixed window, one warning (issue 10, item 6)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot import flood
from bot.flood import FloodGate, Verdict

T0 = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
MINUTE = timedelta(seconds=60)


def test_over_the_limit_one_warning_then_silence_until_the_window_ends() -> None:
    gate = FloodGate(3, MINUTE)
    verdicts = [gate.admit(-1, 7, T0 + timedelta(seconds=i)) for i in range(6)]
    assert verdicts == [Verdict.HANDLE] * 3 + [Verdict.WARN, Verdict.DROP, Verdict.DROP]
    assert gate.wait_seconds(-1, 7, T0 + timedelta(seconds=5)) == 55
    assert gate.admit(-1, 7, T0 + timedelta(seconds=59)) is Verdict.DROP
    assert gate.admit(-1, 7, T0 + MINUTE) is Verdict.HANDLE  # a new window


def test_counted_per_person_and_per_chat() -> None:
    gate = FloodGate(1, MINUTE)
    assert gate.admit(-1, 7, T0) is Verdict.HANDLE
    assert gate.admit(-1, 7, T0) is Verdict.WARN
    assert gate.admit(-1, 8, T0) is Verdict.HANDLE  # another member of the group
    assert gate.admit(7, 7, T0) is Verdict.HANDLE  # the same person in his private chat


def test_a_limit_of_zero_turns_the_throttle_off() -> None:
    gate = FloodGate(0, MINUTE)
    assert all(gate.admit(-1, 7, T0) is Verdict.HANDLE for _ in range(1000))


def test_ended_windows_are_forgotten_when_many_people_were_seen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(flood, "KEPT", 10)
    gate = FloodGate(5, MINUTE)
    for user in range(10):
        gate.admit(-1, user, T0)
    gate.admit(-1, 99, T0 + MINUTE)  # the eleventh: the ten ended windows go
    assert gate.wait_seconds(-1, 0, T0 + MINUTE) == 1  # forgotten
    assert gate.wait_seconds(-1, 99, T0 + MINUTE) == 60
