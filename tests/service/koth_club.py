"""A King of the Hill begun through its service for the service tests: four players (club
numbers 1–4) in the order 1, 2, 3, 4, the first game called; a game Борис wins at the table."""

from __future__ import annotations

from decimal import Decimal

from bot.koth import KothService
from bot.koth.registration import Person
from bot.results import Step
from db import tournaments
from db.database import Tx
from db.tournaments import Tournament
from rules.results import Claim
from tests.service.conftest import GROUP, ORGANISER, Club

PEOPLE = (("Анна", 1100), ("Борис", 980), ("Вера", 900), ("Глеб", 850))


async def get(tx: Tx, tid: int) -> Tournament:
    found = await tournaments.get(tx, tid)
    assert found is not None
    return found


async def begun(
    club: Club, chat: int = GROUP, organiser: int = ORGANISER
) -> tuple[KothService, int]:
    """The tournament in ``chat`` (the club's group), created by ``organiser``."""
    koth = club.services.service(KothService)
    tid = await koth.registration.create(chat, organiser, "Пятничный", 3000, "Стол 1")
    async with club.services.db.read() as tx:
        tournament = await get(tx, tid)
    for index, (name, rating) in enumerate(PEOPLE, 1):
        person = Person(2000 + index, name, "Тестов")
        await koth.registration.add(tournament, organiser, person, Decimal(rating))
    await koth.preparation.draw(tournament, organiser, [1, 2, 3, 4])
    await koth.preparation.begin(tournament, organiser)
    await club.services.background.drain(timeout=5)
    return koth, tid


#: Борис, the strongest at the table (``boris_wins``)
BORIS = 2


async def boris_wins(club: Club, tid: int) -> tuple[int, int]:
    """The game at the table: Boris wins it (reported by him, confirmed by the other)."""
    flow = club.services.flow
    async with club.services.db.read() as tx:
        game = await flow.desks["koth"].current_game(tx, await get(tx, tid), BORIS)
    assert game is not None
    other = game.opponent(BORIS)

    def claim_of(*_args: object) -> Claim:
        return Claim(winner=BORIS)

    outcome, _ = await flow.report(tid, game.key, BORIS, claim_of)
    assert outcome.report is not None
    confirmed, after = await flow.confirm(outcome.report.id, other, outcome.report.revision)
    assert confirmed.step is Step.FINAL
    club.services.notices.follow(confirmed, after)
    await club.services.background.drain(timeout=5)
    return BORIS, other
