"""The evening's recap as a service (``bot.recap``) on a King of the Hill played through the
shared result flow, on SQLite and PostgreSQL: one post and one card when the group's last
tournament finishes (after, not before), its lines checked by hand, never twice a night."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.errors import UserError
from bot.recap import Recaps
from db import players
from rules.recap import night_of
from tests.service.conftest import GROUP, ORGANISER, Club
from tests.service.koth_club import BORIS, begun, boris_wins, get
from tests.service.recording import Request


async def settle(club: Club) -> None:
    """Past the moment a finish's job waits (``bot.recap.AFTER_FINISH``), its work done."""
    club.clock.advance(timedelta(seconds=5))
    await club.services.background.drain(timeout=10)


def recaps_in(club: Club) -> list[str]:
    return [text for text in club.session.texts(GROUP) if text.startswith("🌙")]


def cards_in(club: Club) -> list[Request]:
    return [
        card
        for card in club.session.sent(GROUP, method="sendPhoto")
        if str(card.params.get("caption", "")).startswith("Итоги вечера")
    ]


async def test_one_recap_when_the_evenings_last_tournament_finishes(club: Club) -> None:
    koth, tid = await begun(club)
    # Boris (980) beats Анна (1100), Вера (900) and Глеб (850) in a row: three games
    assert [await boris_wins(club, tid) for _ in range(3)] == [(BORIS, 1), (BORIS, 3), (BORIS, 4)]
    # another tournament of the group, in its registration with no start: the evening is open
    other = await koth.registration.create(GROUP, ORGANISER, "Ночной", 3000, "Стол 2")
    async with club.services.db.read() as tx:
        tournament = await get(tx, tid)
    await koth.judging.act(tournament, ORGANISER, "declare", BORIS)
    await settle(club)
    assert recaps_in(club) == []

    # /recap: nothing runs any more (a registration does not hold it): the post, now
    recaps: Recaps = club.services.recaps
    text, posted = await recaps.asked(GROUP)
    assert posted and recaps_in(club) == [text]
    async with club.services.db.read() as tx:
        now = await players.rating(tx, BORIS, "billiards")
    assert now is not None
    lines = text.splitlines()
    assert lines[:4] == [
        "🌙 Итоги вечера 30.11.2026: 1 турнир",
        "🏆 «Пятничный»: Тестов Борис",
        # 980 against 1100: 1 / (1 + 10^(120/400)) = 0.334
        "⚡ Сенсация вечера. Победитель: Тестов Борис (980,00), соперник: Тестов Анна"
        " (1100,00); шанс на эту победу был 33%",
        "📈 Больше всех прибавили в рейтинге:",
    ]
    gain = f"+{(now - 98000) // 100},{(now - 98000) % 100:02d}"
    assert lines[4] == f"• Тестов Борис: {gain} (Бильярд)"
    assert "👑 Дольше всех на троне: Тестов Борис — 3 победы подряд в турнире «Пятничный»" in lines
    assert lines[-1] == "🥇 Тестов Борис: первая победа!"  # the others only lost
    assert len(cards_in(club)) == 1

    # again that night: the same text, nothing new to the group; the finish's job again too
    assert await recaps.asked(GROUP) == (text, False)
    await recaps.post(GROUP, night_of(club.clock.now(), club.services.settings.zone))
    assert recaps_in(club) == [text] and len(cards_in(club)) == 1
    async with club.services.db.read() as tx:
        assert (await get(tx, other)).status == "registration"


async def test_the_recap_waits_for_the_running_tournament(club: Club) -> None:
    koth, tid = await begun(club)
    await boris_wins(club, tid)
    recaps: Recaps = club.services.recaps
    with pytest.raises(UserError) as refused:  # the evening goes on
        await recaps.asked(GROUP)
    assert refused.value.key == "recap.not_yet"
    assert recaps_in(club) == []
    async with club.services.db.read() as tx:
        tournament = await get(tx, tid)
    await koth.judging.act(tournament, ORGANISER, "declare", BORIS)
    await settle(club)
    assert len(recaps_in(club)) == 1 and len(cards_in(club)) == 1
    # the same night's /recap: the same post, for the asker alone
    text, posted = await recaps.asked(GROUP)
    assert not posted and recaps_in(club) == [text]
