"""``python -m tools.to_postgres``: a club's SQLite file copied into an empty PostgreSQL
database, ids and sequences included, checked by row counts and the tournaments' logs."""

from __future__ import annotations

from pathlib import Path

import pytest

from db import chats, players, tournaments
from db.copy import NotEmpty
from db.database import Database
from tools import to_postgres

NOW = "2026-11-30T18:00:00+00:00"


async def a_club(path: Path) -> None:
    """A small club: a group, players (one erased: a gap in the ids), a tournament with its
    participants and log, ratings, a pending deadline."""
    db = await Database.open(path)
    try:
        async with db.transaction() as tx:
            await chats.remember(tx, -100, "supergroup", "Клуб", NOW)
            ids = [
                await players.create(tx, 700 + n, {"first_name": f"P{n}"}, NOW, registered=True)
                for n in range(5)
            ]
            await players.erase(tx, ids[1], NOW)
            tid = await tournaments.create(tx, -100, "berserk", "swiss", "Осень", {"x": 1}, 1, NOW)
            for pid in ids:
                await tournaments.add_participant(tx, tid, pid, NOW)
                await players.set_rating(tx, pid, "berserk", 100_000 + pid, "start", NOW, None)
            await tournaments.append_event(tx, tid, "sw_round", {"round": 1, "gen": 0}, 1, NOW)
            await tx.execute(
                "INSERT INTO deadlines (kind, ref_id, due_at) VALUES ('swiss_time', ?, ?)",
                (tid, NOW),
            )
    finally:
        await db.close()


async def test_a_club_moves_over_whole_and_new_rows_get_new_ids(
    tmp_path: Path, postgres_at: str, capsys: pytest.CaptureFixture[str]
) -> None:
    await a_club(tmp_path / "club.db")
    assert await to_postgres.move(str(tmp_path / "club.db"), postgres_at) == []
    assert "checked: " in capsys.readouterr().out
    db = await Database.open(postgres_at)
    try:
        async with db.transaction() as tx:
            assert await tx.value("SELECT count(*) FROM players") == 5
            newest = await tx.value("SELECT max(id) FROM players")
            fresh = await players.create(tx, 999, {"first_name": "New"}, NOW, registered=True)
            assert fresh > newest  # the sequence is past the copied ids
            tid = await tournaments.create(tx, -100, "berserk", "swiss", "Зима", {}, 1, NOW)
            assert tid == 2
    finally:
        await db.close()
    # A second move would mix two clubs: refused.
    with pytest.raises(NotEmpty):
        await to_postgres.move(str(tmp_path / "club.db"), postgres_at)
