"""The Swiss state (``bot.swiss.replayed``): handed over inside a transaction, the next read takes
it with the events since applied, equal to a replay, and a press replays once; the log kept
decoded after a commit, a later read fetching only what came after it."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from unittest import mock

from bot.swiss.replayed import Replayed
from db import event_log, tournaments
from db.database import Database, Tx
from rules.swiss import replay
from tests.unit.swiss_events import replay_log

NOW = datetime(2026, 11, 30, 18, 0, tzinfo=UTC).isoformat()
BEGIN = {"seed": 1, "ratings": {"1": 1500, "2": 1500, "3": 1400, "4": 1400}, "rounds": 3, "top": 0}
ROUND = {"round": 1, "stage": "swiss", "gen": 0, "tables": [[1, 2], [3, 4]]}


def result(table: int) -> dict[str, Any]:
    return {"round": 1, "table": table, "outcome_a": "clean_win", "games": None}


async def club(database_at: Path | str) -> tuple[Database, int]:
    db = await Database.open(database_at)
    async with db.transaction() as tx:
        tid = await tournaments.create(tx, -1, "berserk", "swiss", "Cup", {}, 1, NOW)
        for kind, payload in (("sw_begin", BEGIN), ("sw_round", ROUND)):
            await tournaments.append_event(tx, tid, kind, payload, None, NOW)
    return db, tid


async def replayed_fully(tx: Tx, tid: int) -> object:
    return replay_log((e.kind, e.payload) for e in await tournaments.events(tx, tid))


async def test_a_handed_state_gets_the_events_since_and_equals_a_replay(
    database_at: Path | str,
) -> None:
    db, tid = await club(database_at)
    replayed = Replayed()
    async with db.transaction() as tx:
        with mock.patch("bot.swiss.replayed.replay", wraps=replay) as spy:
            found = await replayed.state(tx, tid)
            assert found.current is not None and not found.current.results
            await replayed.hand_over(tx, tid, found)
            await tournaments.append_event(tx, tid, "sw_result", result(1), None, NOW)
            after = await replayed.state(tx, tid)
            assert spy.call_count == 1  # the game found and the result recorded: one replay
        assert after is found and after == await replayed_fully(tx, tid)
        assert after.current is not None and set(after.current.results) == {1}
        again = await replayed.state(tx, tid)  # taken once: the next read is its own
        assert again is not after and again == after
    await db.close()


async def test_nothing_is_handed_to_another_transaction(database_at: Path | str) -> None:
    db, tid = await club(database_at)
    replayed = Replayed()
    async with db.transaction() as tx:
        found = await replayed.state(tx, tid)
        await replayed.hand_over(tx, tid, found)
    async with db.read() as tx:
        assert await replayed.state(tx, tid) is not found
    await db.close()


async def test_a_committed_read_is_kept_and_the_next_reads_only_what_came_after(
    database_at: Path | str,
) -> None:
    db, tid = await club(database_at)
    replayed = Replayed()
    async with db.transaction() as tx:
        first = await replayed.state(tx, tid)
        await tournaments.append_event(tx, tid, "sw_result", result(1), None, NOW)
        last = await event_log.last_id(tx, tid)
    async with db.transaction() as tx:
        with mock.patch("bot.swiss.replayed.event_log.since", wraps=event_log.since) as since:
            after = await replayed.state(tx, tid)
        assert since.call_args.args[2] == last  # the result: the begin and the round are kept
        assert after == await replayed_fully(tx, tid) and after is not first
        assert after.current is not None and set(after.current.results) == {1}
        after.current.results.clear()  # the reader's own: the kept log does not change
        assert await replayed.state(tx, tid) == await replayed_fully(tx, tid)
    await db.close()


async def test_a_read_rolled_back_is_not_kept(database_at: Path | str) -> None:
    db, tid = await club(database_at)
    replayed = Replayed()
    try:
        async with db.transaction() as tx:
            await tournaments.append_event(tx, tid, "sw_result", result(1), None, NOW)
            assert (await replayed.state(tx, tid)).current.results  # type: ignore[union-attr]
            raise RuntimeError("rolled back")
    except RuntimeError:
        pass
    async with db.read() as tx:
        found = await replayed.state(tx, tid)
        assert found.current is not None and not found.current.results
        assert found == await replayed_fully(tx, tid)
    await db.close()


async def test_a_state_handed_over_after_an_append_gets_that_event_too(
    database_at: Path | str,
) -> None:
    db, tid = await club(database_at)
    replayed = Replayed()
    async with db.transaction() as tx:
        found = await replayed.state(tx, tid)
        await tournaments.append_event(tx, tid, "sw_result", result(1), None, NOW)
        await replayed.hand_over(tx, tid, found)  # read before the append: it is applied next
        after = await replayed.state(tx, tid)
        assert after is found and after == await replayed_fully(tx, tid)
        assert after.current is not None and set(after.current.results) == {1}
    await db.close()
