"""``Database.compact``: deleted rows leave no bytes in the database or its WAL (issue 10, 11)."""

from __future__ import annotations

from pathlib import Path

from db.database import Database

NOW = "2026-11-30T18:00:00+00:00"
INSERT = "INSERT INTO chats (id, kind, title, created_at) VALUES (?, 'group', ?, ?)"
MARK = "secret-title-4711@example.org"


def files_holding(path: Path, text: str) -> list[str]:
    names = [path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")]
    return [f.name for f in names if f.exists() and text.encode() in f.read_bytes()]


async def test_deleted_rows_leave_no_bytes_and_writes_go_on(tmp_path: Path) -> None:
    path = tmp_path / "club.db"
    db = await Database.open(path)
    try:
        for n in range(50):
            async with db.transaction() as tx:
                await tx.execute(INSERT, (n, f"{MARK} {n}", NOW))
        async with db.transaction() as tx:
            await tx.execute("DELETE FROM chats")
        assert files_holding(path, MARK)  # deleted, but still in the files
        await db.compact()
        assert files_holding(path, MARK) == []
        async with db.transaction() as tx:  # no statement was left open
            await tx.execute(INSERT, (1, "after", NOW))
        async with db.read() as tx:
            assert await tx.value("SELECT title FROM chats") == "after"
    finally:
        await db.close()
