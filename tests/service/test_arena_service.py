"""The Arena's service alone (``tests.service``): the week's offer to leave (605.4) that nobody
answers within 24 hours (the player stays), an answer after it (refused), and an Arena that does
not hide an evening tournament of its group from commands that name none
(``KindSpec.lasts_weeks``)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.arena import ArenaService
from bot.arena.core import MAP_JOB
from bot.directory import Directory
from bot.errors import UserError
from bot.swiss import SwissService
from db import deadlines as db_deadlines
from db import players
from db.models import Deadline
from tests.service.conftest import GROUP, ORGANISER, Club

NAMES = ("Анна", "Борис", "Вера", "Глеб")


async def four_in(club: Club) -> tuple[ArenaService, int, list[int]]:
    arena = club.services.service(ArenaService)
    start = arena.core.today().isoformat()
    tid = await arena.create(GROUP, "Весна", {"start": start, "prizes": ""}, ORGANISER)
    ids = []
    for index, name in enumerate(NAMES, 1):
        async with club.services.db.transaction() as tx:  # he wrote to the bot privately
            now = club.clock.now().isoformat()
            await players.remember_user(
                tx, 1000 + index, name, "Тестов", None, "ru", now, private=True
            )
        player = await club.services.registry.ensure_player(1000 + index, name, "Тестов")
        _, after = await arena.enter(tid, player.id, ORGANISER)
        await after()
        ids.append(player.id)
    return arena, tid, ids


async def won(arena: ArenaService, tid: int, a: int, b: int) -> None:
    """``a`` challenges ``b``, ``b`` accepts, the judge records ``a``'s win (counted at once)."""
    _, after = await arena.challenge(tid, a, b)
    await after()
    snap = await arena.snapshot(tid)
    number = max(snap.state.challenges)
    await (await arena.answer(tid, number, b, True))()
    recorded = await arena.judge_result(tid, number, "a", "classic", ORGANISER)
    assert recorded is not None
    await recorded()


async def at(club: Club, arena: ArenaService, tid: int, day: int, hours: int) -> None:
    """The clock at ``hours`` into day ``day``; every deadline due by then fired."""
    tournament = await arena.tournament(tid)
    club.clock.set(arena.core.midnight(tournament, day) + timedelta(hours=hours))
    await club.services.infra.deadlines.fire_due()


async def test_an_offer_nobody_answers_in_24_hours_keeps_the_player_in(club: Club) -> None:
    arena, tid, (ann, bob, cat, dan) = await four_in(club)
    for other in (bob, cat, dan):
        await won(arena, tid, ann, other)
    assert (await arena.snapshot(tid)).state.count(ann) == 8
    await at(club, arena, tid, 7, 1)  # the first week's end: Анна (8) may leave with a card
    snap = await arena.snapshot(tid)
    assert snap.state.offers == {ann: 0}
    offer = [r for r in club.session.sent(1001) if "Неделя закончилась" in r.text]
    assert len(offer) == 1 and offer[0].buttons
    await at(club, arena, tid, 8, 2)  # 24 hours later, no answer: she stays
    snap = await arena.snapshot(tid)
    assert snap.state.offers == {} and snap.state.is_in(ann)
    settled = club.session.sent(method="editMessageText")
    assert [r.text for r in settled if r.chat_id == 1001][-1] == "Вы остаётесь на Арене."
    with pytest.raises(UserError, match=r"arena\.no_no_offer"):
        await arena.choose(tid, 0, ann, True)


async def test_an_arena_does_not_hide_an_evening_tournament(club: Club) -> None:
    arena, tid, _ = await four_in(club)
    swiss = club.services.service(SwissService)
    options = {"rounds": 2, "top": 0, "round_minutes": 50}
    evening = await swiss.create(GROUP, "Пятница", options, ORGANISER)
    directory = Directory(club.services.db)
    assert (await directory.current(GROUP, ORGANISER)).id == evening  # type: ignore[union-attr]
    found = await directory.current(GROUP, ORGANISER, kind="arena")
    assert found is not None and found.id == tid
    # An older evening tournament still comes before a newer Arena.
    later = await arena.create(GROUP, "Лето", {"start": arena.core.today().isoformat()}, ORGANISER)
    assert later > evening
    assert (await directory.current(GROUP, ORGANISER)).id == evening  # type: ignore[union-attr]


async def test_an_arena_that_never_has_four_players_is_cancelled_after_four_weeks(
    club: Club,
) -> None:
    arena = club.services.service(ArenaService)
    start = arena.core.today().isoformat()
    tid = await arena.create(GROUP, "Весна", {"start": start, "prizes": ""}, ORGANISER)
    await club.services.infra.deadlines.fire_due()
    assert not [t for t in club.session.texts(GROUP) if "ждёт игроков" in t]  # nobody asked yet
    player = await club.services.registry.ensure_player(1001, "Анна", "Тестов")
    _, after = await arena.enter(tid, player.id, ORGANISER)
    await after()
    await at(club, arena, tid, 28, 1)
    assert (await arena.tournament(tid)).status == "cancelled"
    assert any("Арена «Весна» отменена." in t for t in club.session.texts(GROUP))
    assert (await arena.snapshot(tid)).state.cancelled


async def test_the_days_map_shows_the_day_as_its_end_left_it(club: Club) -> None:
    """The map is a durable job drawn when sent: from the state at the day's end, not the
    results approved since; its job runs again (a restart) and sends nothing twice."""
    arena, tid, (ann, bob, cat, _) = await four_in(club)
    await won(arena, tid, ann, bob)
    await at(club, arena, tid, 1, 1)
    await won(arena, tid, ann, cat)  # day 2: after the first day's end
    async with club.services.db.read() as tx:
        after_day_one = await arena.core.state_after_day(tx, tid, 0)
        assert await arena.core.state_after_day(tx, tid, 1) is None  # not over yet
        jobs = await db_deadlines.pending_for(tx, tid, (MAP_JOB,))
    assert after_day_one is not None and after_day_one.count(ann) == 6
    assert (await arena.snapshot(tid)).state.count(ann) == 7
    photos = club.session.sent(GROUP, method="sendPhoto")
    assert [p.text for p in photos] == ["🗺 Карта Лаара после дня 1: Арена «Весна»"]
    assert jobs == []  # done once sent
    await arena.map_job(Deadline(0, MAP_JOB, tid, club.clock.now().isoformat(), {"day": 0}))
    assert len(club.session.sent(GROUP, method="sendPhoto")) == 1
