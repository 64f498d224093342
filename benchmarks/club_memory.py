"""The club's memory benchmark: what ``/h2h``, the nemesis on ``/profile`` and ``/season`` cost
once a player has many tournaments behind him (issue 27, items 4 and 5).

Run with ``.venv/bin/python -m benchmarks.club_memory`` (``--tournaments 40``, ``--games 8``).
It builds the services as the bot does on an in-memory database (a recording session instead
of Telegram, ``tests.service``), plays ``--tournaments`` King of the Hill tournaments of the
same four players through the shared result flow (the stronger player wins every game) and
declares each one's winner, then times each read, cold (the kinds' kept states and the
memory's kept games dropped, as after a start of the bot) and warm. A cold read replays every
tournament the player took part in through its kind (``KindService.played``); a warm one finds
their games kept (``bot.memory.ClubMemory``). The last line is the figures as JSON.

Measured (40 tournaments of 8 games, two cores shared with a load average of 8–9, so the
spread is the machine's): ``/h2h`` 18–88 ms cold, 3–22 ms warm; the nemesis 18–97 / 3–18 ms;
a season's table 16–78 / 3–17 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from decimal import Decimal

from bot.koth import KothService
from bot.koth.registration import Person
from bot.koth.replayed import Replayed
from bot.main import close_services
from bot.services import Services
from db import players, tournaments
from rules.results import Claim
from tests.clock import ManualClock
from tests.e2e.harness import START
from tests.service.conftest import GROUP, ORGANISER, open_club
from tests.service.recording import RecordingSession

PEOPLE = (("Анна", 1100), ("Борис", 980), ("Вера", 900), ("Глеб", 850))


async def one_tournament(app: Services, games: int) -> None:
    """Four players; ``games`` games, the lower club number of the pair at the table wins."""
    koth = app.service(KothService)
    tid = await koth.registration.create(GROUP, ORGANISER, "Вечер", 3000, "Стол 1")
    async with app.db.read() as tx:
        tournament = await tournaments.get(tx, tid)
    assert tournament is not None
    for index, (name, rating) in enumerate(PEOPLE, 1):
        person = Person(2000 + index, name, "Тестов")
        await koth.registration.add(tournament, ORGANISER, person, Decimal(rating))
    await koth.preparation.draw(tournament, ORGANISER, [1, 2, 3, 4])
    await koth.preparation.begin(tournament, ORGANISER)
    flow = app.flow
    for _ in range(games):
        async with app.db.read() as tx:
            now = await tournaments.get(tx, tid)
            assert now is not None
            game = await flow.desks["koth"].current_game(tx, now, 1)
            game = game or await flow.desks["koth"].current_game(tx, now, 2)
        assert game is not None
        winner, loser = sorted((game.a, game.b))
        outcome, _ = await flow.report(tid, game.key, winner, Claim(winner=winner))
        assert outcome.report is not None
        await flow.confirm(outcome.report.id, loser, outcome.report.revision)
    await koth.judging.act(tournament, ORGANISER, "declare", 1)
    await app.background.drain(timeout=30)


async def timed(
    read: Callable[[], Awaitable[object]], drop: Callable[[], None]
) -> tuple[float, float]:
    """(cold, warm) milliseconds of one ``read``."""
    drop()
    start = time.perf_counter()
    await read()
    cold = time.perf_counter() - start
    start = time.perf_counter()
    await read()
    return cold * 1000, (time.perf_counter() - start) * 1000


async def main(count: int, games: int) -> None:
    app = await open_club(RecordingSession(admins={GROUP: {ORGANISER}}), ManualClock(START))
    try:
        start = time.perf_counter()
        for _ in range(count):
            await one_tournament(app, games)
        built = time.perf_counter() - start
        season = await app.seasons.create(
            GROUP, ORGANISER, "Осень; 01.11.2026; 31.12.2026", app.clock.now()
        )
        koth = app.service(KothService)

        def drop() -> None:
            koth.core.replayed = Replayed()
            app.memory.forget()

        figures: dict[str, object] = {
            "tournaments": count,
            "games_each": games,
            "build_s": round(built, 1),
        }
        async with app.db.read() as tx:
            ann = await players.by_id(tx, 1)
        assert ann is not None
        reads: dict[str, Callable[[], Awaitable[object]]] = {
            "h2h_ms": lambda: app.memory.h2h_text(4, ann, "ru"),
            "nemesis_ms": lambda: app.memory.nemesis_text(4, "ru"),
            "season_ms": lambda: app.seasons.standing(season),
        }
        for name, read in reads.items():
            cold, warm = await timed(read, drop)
            figures[name] = {"cold": round(cold, 1), "warm": round(warm, 1)}
            print(f"{name}: cold {cold:.1f} ms, warm {warm:.1f} ms")
        print(json.dumps(figures))
    finally:
        await close_services(app)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=40)
    parser.add_argument("--games", type=int, default=8)
    arguments = parser.parse_args()
    asyncio.run(main(arguments.tournaments, arguments.games))
