"""The Overlord series' service with the Swiss one (``tests.service``): a Draft tournament joins
a series through the Swiss kind's extension point, its end's places give Table 5's crystals of
a field of 17 (606.2), and the week's limit refuses a third at the creation itself (606.5),
counting by the announced start in the club's time zone."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from bot.errors import UserError
from bot.series import SeriesService
from bot.swiss import SwissService
from bot.texts import Texts
from db import tournaments
from tests.service.conftest import GROUP, ORGANISER, Club

MOSCOW = ZoneInfo("Europe/Moscow")
TEXTS = Texts()
DRAFT = {"format": "draft", "boosters": [12, 12, 12], "rounds": None, "top": 0}


async def a_series(club: Club) -> tuple[SeriesService, SwissService, int]:
    series = club.services.service(SeriesService)
    swiss = club.services.service(SwissService)
    overlord = await club.services.registry.ensure_player(500, "Ола", "Повелитель")
    period = (date(2026, 11, 1), date(2026, 12, 31))
    sid = await series.create(GROUP, "Москва", "Архааль", overlord, period, ORGANISER)
    return series, swiss, sid


async def test_a_draft_of_17_earns_table_5s_third_column(club: Club) -> None:
    series, swiss, sid = await a_series(club)
    tid = await swiss.create(GROUP, "Драфт серии", {**DRAFT, "series": sid}, ORGANISER)
    placed = []
    for n in range(17):
        player = await club.services.registry.ensure_player(1000 + n, f"Игрок{n}", "Тестов")
        placed.append(player.id)
    async with club.services.db.transaction() as tx:
        tournament = await tournaments.get(tx, tid)
        assert tournament is not None
        assert series.minimum_field(tournament) == 6  # 606.1
        job = await series.finished(tx, tournament, placed, len(placed))
    assert job is not None  # the winner's challenge is offered
    async with club.services.db.read() as tx:
        found = await series.get(tx, sid)
        state = await series.state(tx, found)
        lines = await series.final_lines(tx, lambda k, **v: TEXTS.get("ru", k, **v), tournament)
    # 16–31 players: 3, 2 and 1 crystals to the first three places
    assert state.crystals == {placed[0]: 3, placed[1]: 2, placed[2]: 1}
    assert state.held == [tid] and state.duels[tid].player == placed[0]
    # the end's message names them (606.2)
    for n, count in enumerate((3, 2, 1)):
        name = f"Тестов Игрок{n}"
        assert TEXTS.get("ru", "series.crystals_one", name=name, count=count) in lines[0]


async def test_the_week_refuses_a_third_at_creation_by_the_start_in_moscow(club: Club) -> None:
    _series, swiss, sid = await a_series(club)
    # the clock is Monday 30.11.2026 21:00 in Moscow: two this week
    for name in ("Первый", "Второй"):
        await swiss.create(GROUP, name, {"series": sid}, ORGANISER)
    with pytest.raises(UserError) as refused:
        await swiss.create(GROUP, "Третий", {"series": sid}, ORGANISER)
    assert refused.value.key == "series.week_full"
    assert (refused.value.values["first"], refused.value.values["second"]) == (
        "Первый",
        "Второй",
    )
    # announced for Monday 07.12 00:30 in Moscow (still Sunday in UTC): the next week
    monday = datetime(2026, 12, 7, 0, 30, tzinfo=MOSCOW).isoformat()
    await swiss.create(GROUP, "Следующая неделя", {"series": sid, "starts_at": monday}, ORGANISER)
    sunday = datetime(2026, 12, 6, 23, 30, tzinfo=MOSCOW).isoformat()
    with pytest.raises(UserError):
        await swiss.create(GROUP, "Воскресенье", {"series": sid, "starts_at": sunday}, ORGANISER)
    with pytest.raises(UserError) as sealed:  # Constructed or Draft only (606.2)
        await swiss.create(GROUP, "Силед", {"series": sid, "format": "sealed"}, ORGANISER)
    assert sealed.value.key == "series.format"
    async with club.services.db.read() as tx:
        names = [t.name for t in await tournaments.open_in_chat(tx, GROUP)]
    assert {"Третий", "Воскресенье", "Силед"}.isdisjoint(names)  # refused: never created
