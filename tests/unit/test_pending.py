"""Whom the judge's nudge under ``/pending`` reaches (``bot.swiss.pending.to_nudge``)."""

from __future__ import annotations

from bot.swiss.pending import OpenTable, to_nudge
from db.reports import Report
from rules.results import Claim


def report(reporter: int, status: str = "pending") -> Report:
    return Report(1, 1, "r1t1p0", reporter, Claim(winner=reporter), status)


def test_a_table_with_no_report_nudges_both_players() -> None:
    assert to_nudge(OpenTable(1, 10, 20, [])) == [(10, None), (20, None)]


def test_a_waiting_report_nudges_only_the_opponent_with_it() -> None:
    waiting = report(20)
    assert to_nudge(OpenTable(1, 10, 20, [waiting])) == [(10, waiting)]
    first = report(10)
    assert to_nudge(OpenTable(1, 10, 20, [first])) == [(20, first)]


def test_a_dispute_nudges_nobody_the_judge_decides_it() -> None:
    assert to_nudge(OpenTable(1, 10, 20, [report(10, "disputed"), report(20, "disputed")])) == []
    assert OpenTable(1, 10, 20, [report(10, "disputed")]).disputed
