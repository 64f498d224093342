from pathlib import Path

import pytest

from db import chats, tournaments
from db.database import Database, is_database_error, migration_scripts

LATEST = migration_scripts()[-1][0]


async def tables(path: Path | str) -> set[str]:
    db = await Database.open(path, migrate=False)
    try:
        return set(await db.tables())
    finally:
        await db.close()


async def test_fresh_database_gets_every_migration(database_at: Path | str) -> None:
    path = database_at
    db = await Database.open(path)
    assert await db.version() == LATEST
    await db.close()
    expected = {
        "chats",
        "players",
        "ratings",
        "rating_history",
        "rating_bonuses",
        "tournaments",
        "participants",
        "events",
        "reports",
        "deadlines",
        "audit_log",
        "fsm",
        "judges",
        "processed_updates",
        "inbox",
    }
    assert expected <= await tables(path)


async def test_upgrade_from_version_one_keeps_data(database_at: Path | str) -> None:
    path = database_at
    old = await Database.open(path, migrate=False)
    assert await old.migrate(target=1) == 1
    async with old.transaction() as tx:
        await tx.execute(
            "INSERT INTO players (telegram_id, first_name, created_at) VALUES (7, 'Ann', 'now')"
        )
    await old.close()
    assert "fsm" not in await tables(path)

    db = await Database.open(path)
    assert await db.version() == LATEST
    async with db.read() as tx:
        assert await tx.value("SELECT first_name FROM players WHERE telegram_id = 7") == "Ann"
    await db.close()
    assert "fsm" in await tables(path)


async def test_reopening_applies_nothing_twice(database_at: Path | str) -> None:
    path = database_at
    await (await Database.open(path)).close()
    db = await Database.open(path)
    assert await db.migrate() == LATEST
    await db.close()


async def test_failed_migration_leaves_database_unchanged(
    database_at: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = database_at
    db = await Database.open(path, migrate=False)
    broken = [(1, "CREATE TABLE a (x INTEGER);"), (2, "CREATE TABLE b (y INTEGER); NOT SQL;")]
    monkeypatch.setattr("db.database.migration_scripts", lambda dialect: broken)
    with pytest.raises(Exception) as failed:
        await db.migrate()
    assert is_database_error(failed.value)
    assert await db.version() == 0
    await db.close()
    assert "a" not in await tables(path)


async def test_transaction_rolls_back_on_error(database_at: Path | str) -> None:
    db = await Database.open(database_at)
    with pytest.raises(RuntimeError):
        async with db.transaction() as tx:
            await tx.execute("INSERT INTO chats (id, kind, created_at) VALUES (1, 'private', 'x')")
            raise RuntimeError("boom")
    async with db.read() as tx:
        assert await tx.value("SELECT count(*) FROM chats") == 0
    await db.close()


async def test_foreign_keys_are_enforced(database_at: Path | str) -> None:
    db = await Database.open(database_at)
    with pytest.raises(Exception) as refused:
        async with db.transaction() as tx:
            await tx.execute("INSERT INTO ratings VALUES (999, 'berserk', 100)")
    assert is_database_error(refused.value)
    await db.close()


async def test_sqlite_runs_in_wal_mode(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "club.db")
    async with db.read() as tx:
        assert await tx.value("PRAGMA foreign_keys") == 1
        assert await tx.value("PRAGMA journal_mode") == "wal"
    await db.close()


async def test_a_club_database_of_version_11_loses_the_unwritten_group_language(
    database_at: Path | str,
) -> None:
    """0012: the chats' ``language`` and ``timezone`` columns (never written) go; the chats,
    a group's migration to a supergroup and the tournaments in it stay as they were."""
    path = database_at
    old = await Database.open(path, migrate=False)
    assert await old.migrate(target=11) == 11
    async with old.transaction() as tx:
        await chats.remember(tx, -5, "group", "Club", "2026-12-01T18:00:00+00:00")
        await tournaments.create(tx, -5, "billiards", "koth", "Friday", {}, 1, "2026-12-01")
    await old.close()
    db = await Database.open(path)
    assert await db.version() == LATEST
    columns = (await db.describe()).tables["chats"]
    assert "language" not in columns and "timezone" not in columns
    async with db.transaction() as tx:
        assert await chats.title(tx, -5) == "Club"
        await chats.migrate(tx, -5, -1005, "2026-12-02T18:00:00+00:00")
        assert await chats.title(tx, -1005) == "Club"
        moved = await tournaments.open_in_chat(tx, -1005)
    assert [t.name for t in moved] == ["Friday"]
    await db.close()


async def test_a_begun_king_of_the_hill_of_version_12_keeps_its_start_in_its_begin_event(
    database_at: Path | str,
) -> None:
    """0013: what ``/begin`` wrote into the settings before (the order, the norms, the
    ratings, their average: the rows exactly as that code stored them) moves into the begin
    event; the state replayed from the log is the one the settings gave."""
    from bot.koth.events import begun
    from bot.koth.replayed import state_of

    path = database_at
    old = await Database.open(path, migrate=False)
    assert await old.migrate(target=12) == 12
    settings = {
        "fee": 3000,
        "table": "Стол 1",
        "norm_overrides": [[2, 3]],
        "drawn": [2, 1, 3, 4],
        "order": [2, 1, 3, 4],
        "norms": [[2, 3], [1, 4], [3, 4], [4, 5]],
        "ratings": [[2, 98000], [1, 110000], [3, 90010], [4, 85000]],
        "average": "914.02",
    }
    async with old.transaction() as tx:
        tid = await tournaments.create(tx, -5, "billiards", "koth", "Friday", settings, 1, "now")
        await tournaments.append_event(tx, tid, "begin", {"order": [2, 1, 3, 4]}, 1, "now")
        await tournaments.append_event(tx, tid, "game", {"w": 2, "l": 1, "key": "g1v0"}, 2, "now")
        other = await tournaments.create(tx, -5, "billiards", "koth", "Later", {"fee": 1}, 1, "n")
    await old.close()

    db = await Database.open(path)
    async with db.read() as tx:
        moved = await tournaments.get(tx, tid)
        waiting = await tournaments.get(tx, other)
        stored = await tournaments.events(tx, tid)
    await db.close()
    assert moved is not None and waiting is not None
    assert moved.settings == {
        "fee": 3000,
        "table": "Стол 1",
        "norm_overrides": [[2, 3]],
        "drawn": [2, 1, 3, 4],
    }
    assert waiting.settings == {"fee": 1}  # not begun: nothing to move
    start = begun(stored)
    assert start is not None
    assert start.order == (2, 1, 3, 4) and start.average == "914.02"
    assert dict(start.norms) == {2: 3, 1: 4, 3: 4, 4: 5}
    assert dict(start.ratings) == {2: 98000, 1: 110000, 3: 90010, 4: 85000}
    state = state_of(stored)
    assert state is not None and state.order == (2, 1, 3, 4) and state.win_counts == (1, 0, 0, 0)
