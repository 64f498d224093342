"""Clubs seeded straight into a database for the downtime and take-over tests: groups of
tournaments, their registered players, a King of the Hill or a Swiss begun through the services
(``tests/e2e/test_downtime.py``, ``test_standby_deadline.py``, ``benchmarks.failover``)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

from bot.koth import KothService
from bot.services import Services
from bot.swiss import SwissService
from db.database import Database
from tests.e2e.harness import START

ORGANISER = 999
KOTH, SWISS = 5, 5  #: tournaments of each kind
KOTH_PLAYERS, SWISS_PLAYERS = 5, 8
ENDS = START + timedelta(hours=4)  #: the main time (5 players) and the round (240 min) end


def group_of(index: int) -> int:
    return -100_500 - index


def player_tg(index: int, seat: int) -> int:
    return 70_000 + index * 100 + seat


async def add_players(db_path: Path | str, index: int, count: int) -> None:
    """Registered players of tournament ``index`` (as the registration wizard leaves them)."""
    db = await Database.open(db_path)
    try:
        async with db.transaction() as tx:
            for seat in range(count):
                tg = player_tg(index, seat)
                await tx.execute(
                    "INSERT INTO tg_users (id, username, first_name, language_code, started_bot,"
                    " blocked_bot, seen_at) VALUES (?, ?, ?, 'ru', 1, 0, ?)",
                    (tg, f"p{tg}", f"P{tg}", START.isoformat()),
                )
                await tx.execute(
                    "INSERT INTO players (telegram_id, last_name, first_name, email, city,"
                    " registered, created_at) VALUES (?, ?, ?, ?, 'Москва', 1, ?)",
                    (tg, f"L{tg}", f"P{tg}", f"p{tg}@example.org", START.isoformat()),
                )
    finally:
        await db.close()


async def club_ids(app: Services, index: int, count: int) -> list[int]:
    async with app.db.read() as tx:
        rows = await tx.all(
            "SELECT id FROM players WHERE telegram_id BETWEEN ? AND ? ORDER BY telegram_id",
            (player_tg(index, 0), player_tg(index, count - 1)),
        )
    return [int(row["id"]) for row in rows]


async def begin_koth(app: Services, index: int) -> int:
    koth: KothService = app.service(KothService)
    tid = await koth.registration.create(group_of(index), ORGANISER, f"Холм {index}", 3000, "1")
    for club_id in await club_ids(app, index, KOTH_PLAYERS):
        async with app.db.read() as tx:
            tournament = await koth.core.tournament(tx, tid)
        await koth.registration.add(tournament, ORGANISER, str(club_id), Decimal(1000))
    async with app.db.read() as tx:
        tournament = await koth.core.tournament(tx, tid)
    await koth.preparation.begin(tournament, ORGANISER)
    return tid


async def begin_swiss(app: Services, index: int) -> int:
    swiss: SwissService = app.service(SwissService)
    options: dict[str, Any] = {"rounds": 3, "top": 0, "round_minutes": 240}
    tid = await swiss.create(group_of(index), f"Кубок {index}", options, ORGANISER)
    for club_id in await club_ids(app, index, SWISS_PLAYERS):
        await swiss.join(tid, club_id)
    await swiss.begin(tid, ORGANISER)
    return tid
