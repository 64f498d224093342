"""Events of the Swiss log for the replay's tests: the start, a round's pairings, a result."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.swiss.replayed import EVENTS
from rules.results import Outcome
from rules.swiss import SWISS, State, replay


def begin(players: list[int]) -> tuple[str, dict[str, Any]]:
    return "sw_begin", {
        "seed": 7,
        "rounds": 3,
        "top": 2,
        "ratings": {str(p): 120_000 for p in players},
    }


def round_event(
    number: int, tables: list[list[int]], bye: int | None, gen: int = 0, stage: str = SWISS
) -> tuple[str, dict[str, Any]]:
    return "sw_round", {"round": number, "stage": stage, "gen": gen, "tables": tables, "bye": bye}


def result(number: int, table: int, outcome: Outcome) -> tuple[str, dict[str, Any]]:
    return "sw_result", {
        "round": number,
        "table": table,
        "outcome_a": outcome.value,
        "games": None,
    }


def replay_log(stored: Iterable[tuple[str, dict[str, Any]]]) -> State:
    """The state after events as the log stores them (kind, payload), read through the codec
    the bot reads its log with (``bot.swiss.replayed.EVENTS``)."""
    return replay(EVENTS.typed(stored))
