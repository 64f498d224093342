"""``db.penalties``: a player's penalties in every tournament, from their logs (migration 0010)."""

from __future__ import annotations

from pathlib import Path

from db import chats, penalties, tournaments
from db.database import Database

NOW = "2026-11-30T18:00:00+00:00"


async def test_a_players_penalties_across_tournaments_in_order(database_at: Path | str) -> None:
    db = await Database.open(database_at)
    try:
        async with db.transaction() as tx:
            await chats.remember(tx, -100, "supergroup", "Club", NOW)
            first = await tournaments.create(tx, -100, "berserk", "swiss", "Осень", {}, 1, NOW)
            second = await tournaments.create(tx, -100, "berserk", "swiss", "Зима", {}, 1, NOW)
            for tid, player, kind, reason in (
                (first, 7, "warning", "опоздание"),
                (first, 8, "dq", "не он"),
                (second, 7, "match_loss", "снова"),
            ):
                payload = {"player": player, "kind": kind, "reason": reason}
                await tournaments.append_event(tx, tid, "sw_penalty", payload, 1, NOW)
            await tournaments.append_event(tx, first, "sw_drop", {"player": 7}, 1, NOW)
        query = (
            "SELECT id FROM events WHERE kind = 'sw_penalty'"
            " AND json_extract(payload_json, '$.player') = ?"
        )
        async with db.transaction() as tx:
            found = await penalties.of_player(tx, 7)
            if db.dialect == "sqlite":
                plan = await tx.all("EXPLAIN QUERY PLAN " + query, (7,))
            else:  # a table this small is read whole unless that is ruled out
                await tx.execute("SET LOCAL enable_seqscan = off")
                plan = await tx.all("EXPLAIN " + query, (7,))
        assert [(p.tournament, p.kind, p.reason) for p in found] == [
            ("Осень", "warning", "опоздание"),
            ("Зима", "match_loss", "снова"),
        ]
        assert any("events_penalties" in str(tuple(row)) for row in plan)
    finally:
        await db.close()
