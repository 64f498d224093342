import sqlite3
from pathlib import Path

import pytest

from db.database import Database, migration_scripts

LATEST = migration_scripts()[-1][0]


def tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    return {row[0] for row in rows}


async def test_fresh_database_gets_every_migration(tmp_path: Path) -> None:
    path = tmp_path / "club.db"
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
    assert expected <= tables(path)


async def test_upgrade_from_version_one_keeps_data(tmp_path: Path) -> None:
    path = tmp_path / "club.db"
    old = await Database.open(path, migrate=False)
    assert await old.migrate(target=1) == 1
    async with old.transaction() as tx:
        await tx.execute(
            "INSERT INTO players (telegram_id, first_name, created_at) VALUES (7, 'Ann', 'now')"
        )
    await old.close()
    assert "fsm" not in tables(path)

    db = await Database.open(path)
    assert await db.version() == LATEST
    async with db.read() as tx:
        assert await tx.value("SELECT first_name FROM players WHERE telegram_id = 7") == "Ann"
    await db.close()
    assert "fsm" in tables(path)


async def test_reopening_applies_nothing_twice(tmp_path: Path) -> None:
    path = tmp_path / "club.db"
    await (await Database.open(path)).close()
    db = await Database.open(path)
    assert await db.migrate() == LATEST
    await db.close()


async def test_failed_migration_leaves_database_unchanged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "club.db"
    db = await Database.open(path, migrate=False)
    broken = [(1, "CREATE TABLE a (x);"), (2, "CREATE TABLE b (y); THIS IS NOT SQL;")]
    monkeypatch.setattr("db.database.migration_scripts", lambda: broken)
    with pytest.raises(sqlite3.OperationalError):
        await db.migrate()
    assert await db.version() == 0
    await db.close()
    assert "a" not in tables(path)


async def test_transaction_rolls_back_on_error(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "club.db")
    with pytest.raises(RuntimeError):
        async with db.transaction() as tx:
            await tx.execute("INSERT INTO chats (id, kind, created_at) VALUES (1, 'private', 'x')")
            raise RuntimeError("boom")
    async with db.read() as tx:
        assert await tx.value("SELECT count(*) FROM chats") == 0
    await db.close()


async def test_foreign_keys_and_wal_are_on(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "club.db")
    async with db.read() as tx:
        assert await tx.value("PRAGMA foreign_keys") == 1
        assert await tx.value("PRAGMA journal_mode") == "wal"
    with pytest.raises(sqlite3.IntegrityError):
        async with db.transaction() as tx:
            await tx.execute("INSERT INTO ratings VALUES (999, 'berserk', 100)")
    await db.close()
