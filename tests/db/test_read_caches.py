"""The in-memory caches of hot reads (FSM storage, player by telegram id, reachability,
tournament rows) always answer what the database holds."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path
from typing import cast

import pytest
from aiogram.fsm.storage.base import StorageKey
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.notify import Notifier
from bot.registry import Registry
from bot.sender import Sender
from bot.storage import SqliteStorage
from db import chats, players, reports, tournaments
from db.database import Database
from rules.results import Claim
from tests.clock import ManualClock

NOW = datetime(2026, 11, 30, 18, 0, tzinfo=UTC)
KEY = StorageKey(bot_id=1, chat_id=5, user_id=5)


class Boom(Exception):
    pass


async def test_storage_writes_through_and_reloads_after_reopening(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "s.db")
    storage = SqliteStorage(db)
    assert await storage.get_state(KEY) is None  # cached as absent
    await storage.set_state(KEY, "Wizard:one")
    assert await storage.get_state(KEY) == "Wizard:one"
    assert await storage.get_data(KEY) == {}
    await storage.set_data(KEY, {"step": 1})
    assert await storage.get_state(KEY) == "Wizard:one"
    data = await storage.get_data(KEY)
    assert data == {"step": 1}
    data["step"] = 99  # the caller's own copy
    assert await storage.get_data(KEY) == {"step": 1}
    await storage.set_state(KEY, "Wizard:two")
    assert (await storage.get_state(KEY), await storage.get_data(KEY)) == (
        "Wizard:two",
        {"step": 1},
    )
    await db.close()

    db = await Database.open(tmp_path / "s.db")
    storage = SqliteStorage(db)
    assert await storage.get_state(KEY) == "Wizard:two"
    assert await storage.get_data(KEY) == {"step": 1}
    await storage.set_state(KEY, None)
    assert await storage.get_state(KEY) is None
    await db.close()


async def test_player_of_follows_registration_changes_and_deletion(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "r.db")
    registry = Registry(db, ManualClock(NOW))
    assert await registry.player_of(7) is None
    # Created elsewhere (as King of the Hill does): found at once, "none" was not cached.
    async with db.transaction() as tx:
        await players.create(tx, 7, {"first_name": "Bob"}, NOW.isoformat(), registered=False)
    bob = await registry.player_of(7)
    assert bob is not None and bob.first_name == "Bob" and not bob.registered

    registered = await registry.register(7, {"first_name": "Robert", "last_name": "Smith"})
    assert registered.id == bob.id
    assert await registry.player_of(7) == registered
    await registry.update_field(bob.id, "nickname", "bobby")
    again = await registry.player_of(7)
    assert again is not None and again.nickname == "bobby"
    await registry.delete(bob.id)
    assert await registry.player_of(7) is None

    ensured = await registry.ensure_player(8, "Carol", None)
    assert await registry.player_of(8) == ensured
    await db.close()


async def test_reachable_follows_start_block_and_unblock(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "n.db")
    notifier = Notifier(db, cast(Sender, None))  # ``reachable`` sends nothing
    now = NOW.isoformat()

    async def remember(private: bool) -> None:
        async with db.transaction() as tx:
            await players.remember_user(tx, 9, "Dan", None, None, "ru", now, private=private)

    assert not await notifier.reachable(9)
    await remember(private=False)  # seen in a group only
    assert not await notifier.reachable(9)
    await remember(private=True)
    assert await notifier.reachable(9)
    with pytest.raises(Boom):  # a block rolled back changes nothing
        async with db.transaction() as tx:
            await players.mark_blocked(tx, 9)
            raise Boom
    assert await notifier.reachable(9)
    async with db.transaction() as tx:
        await players.mark_blocked(tx, 9)
    assert not await notifier.reachable(9)
    await remember(private=False)  # a group message does not unblock
    assert not await notifier.reachable(9)
    await remember(private=True)  # a private one does
    assert await notifier.reachable(9)
    async with db.transaction() as tx:
        await players.mark_blocked(tx, 9)
    await db.close()

    db = await Database.open(tmp_path / "n.db")  # a new process reads it again
    assert not await Notifier(db, cast(Sender, None)).reachable(9)
    await db.close()


async def test_tournament_rows_follow_every_write(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "t.db")
    now = NOW.isoformat()
    async with db.transaction() as tx:
        tid = await tournaments.create(tx, -100, "berserk", "swiss", "Cup", {"rounds": 3}, 1, now)

    async def get() -> tournaments.Tournament:
        async with db.read() as tx:
            found = await tournaments.get(tx, tid)
        assert found is not None
        return found

    first = await get()
    assert first.status == "registration"
    first.settings["rounds"] = 99  # the caller's own copy
    assert (await get()).settings == {"rounds": 3}

    async with db.transaction() as tx:
        await tournaments.set_status(tx, tid, "running", now)
        seen = await tournaments.get(tx, tid)  # the transaction sees its own write
        assert seen is not None and seen.status == "running"
    assert (await get()).status == "running"

    with pytest.raises(Boom):  # a rolled-back write is never cached
        async with db.transaction() as tx:
            await tournaments.set_status(tx, tid, "finished", now)
            await tournaments.get(tx, tid)
            raise Boom
    assert (await get()).status == "running"

    async with db.transaction() as tx:
        await tournaments.update_settings(tx, tid, {"rounds": 5})
        await tournaments.set_board(tx, tid, 42)
    after = await get()
    assert after.settings == {"rounds": 5} and after.board_message_id == 42

    async with db.transaction() as tx:
        await chats.remember(tx, -100, "group", "Club", now)
        await chats.migrate(tx, -100, -1001, now)
    assert (await get()).chat_id == -1001
    await db.close()


REPORT_STEPS = st.lists(
    st.tuples(
        st.sampled_from(["add", "status", "resolve", "void", "read_game", "rollback"]),
        st.sampled_from(["r1t1p0", "r1t2p0"]),
        st.integers(1, 3),  # a player, or which report
    ),
    max_size=20,
)


async def _reports_follow_every_write(steps: list[tuple[str, str, int]]) -> None:
    db = await Database.open(":memory:")
    now = NOW.isoformat()
    async with db.transaction() as tx:
        for user in (1, 2, 3):
            await players.create(tx, user, {"first_name": f"P{user}"}, now, registered=True)
        tid = await tournaments.create(tx, -100, "berserk", "swiss", "Cup", {}, 1, now)
        reports.fresh_games(tx, tid, ["r1t1p0"])  # known empty; the other game is read once
    try:
        for action, game, n in steps:
            try:
                async with db.transaction() as tx:
                    if action == "add":
                        stored = await reports.for_game(tx, tid, game)
                        if all(r.reporter_id != n for r in stored):  # as the result flow does
                            await reports.add(tx, tid, game, n, Claim(winner=n), now)
                    elif action == "status":
                        await reports.set_status(tx, n, "disputed")
                    elif action == "resolve":
                        await reports.resolve(tx, tid, game, "confirmed", None, now)
                    elif action == "void":
                        await reports.void_game(tx, tid, game)
                    await reports.for_game(tx, tid, game)  # reads are kept on commit
                    if action == "rollback":
                        await reports.set_status(tx, n, "void")
                        await reports.get(tx, n)
                        raise Boom
            except Boom:
                pass
            async with db.read() as tx:
                rows = await tx.all("SELECT id, game_key, status FROM reports ORDER BY id")
                truth = {row["id"]: row["status"] for row in rows}
                for report_id in range(1, 7):
                    got = await reports.get(tx, report_id)
                    assert (got.status if got else None) == truth.get(report_id)
                for key in ("r1t1p0", "r1t2p0"):
                    of_game = [(r.id, r.status) for r in await reports.for_game(tx, tid, key)]
                    assert of_game == [(r["id"], r["status"]) for r in rows if r["game_key"] == key]
    finally:
        await db.close()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(REPORT_STEPS)
def test_reports_in_memory_follow_every_write(steps: list[tuple[str, str, int]]) -> None:
    asyncio.run(_reports_follow_every_write(steps))
