"""A King of the Hill begun through its service for the service tests: four players (club
numbers 1–4) in the order 1, 2, 3, 4, the first game called."""

from __future__ import annotations

from decimal import Decimal

from bot.koth import KothService
from bot.koth.registration import Person
from db import tournaments
from db.database import Tx
from db.tournaments import Tournament
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
