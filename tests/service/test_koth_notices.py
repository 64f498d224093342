"""King of the Hill's service alone (``tests.service``): its start, the game's result through
the shared result flow, and the announcements each change makes, once."""

from __future__ import annotations

import re

from bot.results import Step
from rules.results import Claim
from tests.service.conftest import GROUP, Club
from tests.service.koth_club import begun, get


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
