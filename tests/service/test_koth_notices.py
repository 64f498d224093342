"""King of the Hill's service alone (``tests.service``): its start, the game's result through
the shared result flow, and the announcements each change makes, once."""

from __future__ import annotations

import re
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


async def begun(club: Club) -> tuple[KothService, int]:
    koth = club.services.service(KothService)
    tid = await koth.registration.create(GROUP, ORGANISER, "Пятничный", 3000, "Стол 1")
    async with club.services.db.read() as tx:
        tournament = await get(tx, tid)
    for index, (name, rating) in enumerate(PEOPLE, 1):
        person = Person(2000 + index, name, "Тестов")
        await koth.registration.add(tournament, ORGANISER, person, Decimal(rating))
    await koth.preparation.draw(tournament, ORGANISER, [1, 2, 3, 4])
    await koth.preparation.begin(tournament, ORGANISER)
    await club.services.background.drain(timeout=5)
    return koth, tid


async def test_the_start_announces_the_first_game_once_with_its_buttons(club: Club) -> None:
    _koth, _tid = await begun(club)
    pairs = [r for r in club.session.sent(GROUP) if "Партия 1:" in r.text]
    assert len(pairs) == 1
    assert "Тестов Анна — Тестов Борис" in re.sub(r"<[^>]+>", "", pairs[0].text)
    # they never opened the bot: mentioned in the call, not told apart (issue 22, item 17)
    assert 'href="tg://user?id=2001"' in pairs[0].text
    assert not [t for t in club.session.texts(GROUP) if "Ваша партия" in t]
    assert "Моя победа" in " ".join(pairs[0].buttons)


async def test_a_confirmed_win_is_announced_and_the_next_pair_called(club: Club) -> None:
    _koth, tid = await begun(club)
    flow = club.services.flow
    async with club.services.db.read() as tx:
        found = await flow.desks["koth"].current_game(tx, await get(tx, tid), 1)
    assert found is not None
    ann, bob = found.a, found.b

    def claim_of(*_args: object) -> Claim:
        return Claim(winner=ann)

    outcome, after = await flow.report(tid, found.key, ann, claim_of)
    assert outcome.step is Step.PENDING
    assert outcome.report is not None
    confirmed, after = await flow.confirm(outcome.report.id, bob, outcome.report.revision)
    assert confirmed.step is Step.FINAL
    club.services.notices.follow(confirmed, after)
    await club.services.background.drain(timeout=5)
    texts = club.session.texts(GROUP)
    assert sum("Партия 2:" in t for t in texts) == 1


async def get(tx: Tx, tid: int) -> Tournament:
    found = await tournaments.get(tx, tid)
    assert found is not None
    return found
