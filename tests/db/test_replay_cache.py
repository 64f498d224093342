"""The cache of replayed Swiss states equals a full replay of the log, whatever happens.

Random event sequences are appended in random batches to two tournaments, some in
transactions that are rolled back after reading the state (their ids are reused by SQLite),
with reads inside write transactions, callers changing what they got, and restarts (a new,
empty cache); after every step the cached state must equal ``replay`` of the whole log.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.swiss.core import ReplayCache
from db import tournaments
from db.database import Database, Tx
from rules.results import Outcome
from rules.swiss import State, replay

NOW = datetime(2026, 11, 30, 18, 0, tzinfo=UTC).isoformat()
PLAYERS = st.integers(min_value=1, max_value=8)
ROUNDS = st.integers(min_value=1, max_value=4)
ENDS = st.none() | st.sampled_from(["2026-11-30T19:00:00+00:00", "2026-11-30T19:30:00+00:00"])


def _payload(kind: str) -> st.SearchStrategy[dict[str, Any]]:
    if kind == "sw_begin":
        return st.fixed_dictionaries(
            {
                "seed": st.integers(0, 10**6),
                "rounds": ROUNDS,
                "top": st.sampled_from([0, 2, 4]),
                "ratings": st.dictionaries(PLAYERS.map(str), st.integers(0, 200_000)),
            }
        )
    if kind == "sw_round":
        return st.fixed_dictionaries(
            {
                "round": ROUNDS,
                "stage": st.sampled_from(["swiss", "top"]),
                "gen": st.integers(0, 2),
                "tables": st.lists(st.tuples(PLAYERS, PLAYERS).map(list), max_size=4),
                "bye": st.none() | PLAYERS,
                "ends_at": ENDS,
            }
        )
    if kind == "sw_result":
        outcomes = [o.value for o in Outcome if o is not Outcome.BYE]
        return st.fixed_dictionaries(
            {
                "round": ROUNDS,
                "table": st.integers(1, 4),
                "outcome_a": st.sampled_from(outcomes),
                "games": st.none() | st.tuples(st.integers(0, 2), st.integers(0, 2)).map(list),
            }
        )
    if kind in ("sw_drop",):
        return st.fixed_dictionaries({"player": PLAYERS})
    if kind == "sw_join":
        return st.fixed_dictionaries(
            {
                "player": PLAYERS,
                "rating": st.integers(0, 200_000),
                "missed": st.lists(ROUNDS, max_size=3),
                "as": st.sampled_from(["zero", "loss", "bye"]),
            }
        )
    if kind == "sw_top":
        return st.fixed_dictionaries({"seeds": st.lists(PLAYERS, max_size=4)})
    if kind == "sw_extend":
        return st.fixed_dictionaries(
            {"round": ROUNDS, "table": st.none() | st.integers(1, 4), "ends_at": ENDS}
        )
    if kind == "sw_finish":
        return st.fixed_dictionaries(
            {
                "champion": st.none() | PLAYERS,
                "changes": st.dictionaries(PLAYERS.map(str), st.integers(-500, 500)),
                "early": st.booleans(),
            }
        )
    return st.just({})  # sw_cancel, and kinds the Swiss state ignores


KINDS = [
    "sw_begin",
    "sw_round",
    "sw_result",
    "sw_drop",
    "sw_join",
    "sw_top",
    "sw_extend",
    "sw_finish",
    "sw_cancel",
    "judge_decision",
]
EVENTS = st.sampled_from(KINDS).flatmap(lambda k: _payload(k).map(lambda p: (k, p)))
STEPS = st.lists(
    st.tuples(
        st.sampled_from(["commit", "rollback", "read_in_write", "restart"]),
        st.integers(0, 1),  # which tournament
        st.lists(EVENTS, max_size=4),
        st.booleans(),  # appended at once, or queued to go with the next statement
    ),
    max_size=25,
)


async def _full(tx: Tx, tid: int) -> State:
    return replay((e.kind, e.payload) for e in await tournaments.events(tx, tid))


def _scribble(state: State) -> None:
    """What a careless caller might do to the state it got."""
    state.seeds = [99]
    state.dropped.add(99)
    state.ratings[99] = 1
    state.ends_at[99] = "never"
    for rnd in state.rounds:
        rnd.results.clear()
        rnd.tables.append((99, 98))
    state.rounds.clear()


Step = tuple[str, int, list[tuple[str, dict[str, Any]]], bool]


async def _append(tx: Tx, tid: int, kind: str, payload: dict[str, Any], queue: bool) -> None:
    if queue:
        await tournaments.append_event(tx, tid, kind, payload, None, NOW)
    else:
        await tournaments.append_event(tx, tid, kind, payload, None, NOW)


async def _run(steps: list[Step]) -> None:
    db = await Database.open(":memory:")
    try:
        async with db.transaction() as tx:
            ids = [
                await tournaments.create(tx, -1, "berserk", "swiss", f"Cup {n}", {}, 1, NOW)
                for n in range(2)
            ]
        cache = ReplayCache()
        for action, which, events, queue in steps:
            tid = ids[which]
            if action == "restart":  # a new process: nothing in memory
                cache = ReplayCache()
                db.memo.clear()
            elif action == "rollback":
                try:
                    async with db.transaction() as tx:
                        for kind, payload in events:
                            await _append(tx, tid, kind, payload, queue)
                        assert await cache.state(tx, tid) == await _full(tx, tid)
                        raise RuntimeError("roll back")
                except RuntimeError:
                    pass
            else:
                async with db.transaction() as tx:
                    for kind, payload in events:
                        await _append(tx, tid, kind, payload, queue)
                        if action == "read_in_write":
                            assert await cache.state(tx, tid) == await _full(tx, tid)
            for each in ids:
                async with db.read() as tx:
                    got = await cache.state(tx, each)
                    assert got == await _full(tx, each)
                _scribble(got)
                async with db.read() as tx:
                    assert await cache.state(tx, each) == await _full(tx, each)
    finally:
        await db.close()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(STEPS)
def test_the_cached_state_equals_a_full_replay(steps: list[Step]) -> None:
    asyncio.run(_run(steps))


async def test_a_rolled_back_event_whose_id_is_reused_is_not_in_the_cached_state() -> None:
    db = await Database.open(":memory:")
    try:
        async with db.transaction() as tx:
            tid = await tournaments.create(tx, -1, "berserk", "swiss", "Cup", {}, 1, NOW)
            await tournaments.append_event(tx, tid, "sw_drop", {"player": 1}, None, NOW)
        cache = ReplayCache()
        try:
            async with db.transaction() as tx:
                await tournaments.append_event(tx, tid, "sw_drop", {"player": 2}, None, NOW)
                assert (await cache.state(tx, tid)).dropped == {1, 2}
                raise RuntimeError("roll back")
        except RuntimeError:
            pass
        async with db.transaction() as tx:  # takes the rolled-back event's id
            await tournaments.append_event(tx, tid, "sw_drop", {"player": 3}, None, NOW)
        async with db.read() as tx:
            assert (await cache.state(tx, tid)).dropped == {1, 3}
    finally:
        await db.close()
