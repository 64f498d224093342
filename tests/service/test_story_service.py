"""Story Constructed's service alone (``tests.service``): 607.4.6's order of level undefeated
winners by their captain (or a round robin first), the reminder a captain gets only when he
is slow, who may press a captain's button, a forged agreed draw refused (607.4.7), and
``/cancel``."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.deadlines import committed
from bot.errors import UserError
from bot.results import Game
from db.models import Player
from rules.results import Claim
from rules.story import StCancel
from rules.story.games import game_key
from tests.service.cancelled import check_cancel
from tests.service.card_clubs import begun, pair, registered
from tests.service.conftest import GROUP, ORGANISER, Club


async def win(club: Club, tid: int, table: int, winner: Player) -> None:
    _, after = await club.services.flow.decide(
        tid, game_key(1, table), Claim(winner=winner.id), ORGANISER
    )
    await committed(after)
    await club.services.background.drain(timeout=5)


async def test_level_undefeated_winners_are_ordered_by_their_captain(club: Club) -> None:
    story, tid, p = await begun(club)
    await pair(story, tid, 0, p["Анна"], p["Глеб"])
    await pair(story, tid, 2, p["Борис"], p["Дина"])
    await win(club, tid, 1, p["Анна"])
    await win(club, tid, 2, p["Борис"])
    # Анна and Борис: undefeated, 3 points, Buchholz 0, a clean win each: the captain orders
    asked = [r for r in club.session.sent() if "равны во всём" in r.text]
    assert len(asked) == 1 and set(asked[0].buttons) == {
        "Тестов Анна",
        "Тестов Борис",
        "Круговой турнир",
    }
    with pytest.raises(UserError):  # only the winning captain (or a judge)
        await story.order(tid, p["Вера"].id, False, 0)
    status, after = await story.order(tid, p["Анна"].id, False, 0)  # a round robin first
    assert status == "round_robin"
    await committed(after)
    await club.services.background.drain(timeout=5)
    assert any("играют круговой турнир" in t for t in club.session.texts(GROUP))
    assert any("Стол 1: Тестов Анна — Тестов Борис" in t for t in club.session.texts(GROUP))
    # while it is played the captain's buttons wait for its result
    status, _ = await story.order(tid, p["Анна"].id, False, p["Борис"].id)
    assert status == "playing"
    with pytest.raises(UserError):  # the round robin has one table
        await story.result(tid, ORGANISER, 0, 2, "d")
    # the judge's /result 0 1 d: the game's second player (Борис) won
    await committed(await story.result(tid, ORGANISER, 0, 1, "d"))
    await club.services.background.drain(timeout=5)
    final = next(t for t in club.session.texts(GROUP) if "окончен" in t)
    places = [line for line in final.splitlines() if line[:1].isdigit()]
    assert [line.split(". ")[1].split(" (")[0] for line in places[:3]] == [
        "Тестов Борис",
        "Тестов Анна",
        "Тестов Вера",
    ]


async def test_a_captain_who_names_in_time_gets_no_reminder(club: Club) -> None:
    story, tid, p = await begun(club)
    status, after = await story.pick(tid, p["Анна"].id, False, 1, 0, p["Вера"].id)
    assert status == "named"
    await committed(after)
    club.clock.advance(timedelta(minutes=2))
    await club.services.background.drain(timeout=5)
    # the first ask's deadline passes after he named: nothing; the defending captain's comes
    club.clock.advance(timedelta(minutes=2))
    await club.services.background.drain(timeout=5)
    reminders = [t for t in club.session.texts(GROUP) if "выбирает уже" in t]
    assert len(reminders) == 1 and "Тестов Глеб" in reminders[0]


async def test_only_the_captain_or_a_judge_picks_and_a_stale_press_is_told(club: Club) -> None:
    story, tid, p = await begun(club)
    with pytest.raises(UserError):
        await story.pick(tid, p["Борис"].id, False, 1, 0, p["Борис"].id)
    status, _ = await story.pick(tid, p["Анна"].id, False, 1, 5, p["Борис"].id)
    assert status == "stale"
    status, _ = await story.pick(tid, p["Анна"].id, False, 1, 0, p["Глеб"].id)
    assert status == "stale"  # not his side's player


async def test_a_forged_agreed_draw_is_refused(club: Club) -> None:
    story, tid, p = await begun(club)
    await pair(story, tid, 0, p["Анна"], p["Глеб"])
    game = Game(game_key(1, 1), p["Анна"].id, p["Глеб"].id)
    async with club.services.db.transaction() as tx:
        tournament = await story.core.tournament(tx, tid)
        with pytest.raises(UserError):
            await story.desk.record(tx, tournament, game, Claim(draw=True, agreed=True), None)


async def test_the_highest_strictness_starts_only_with_every_list(club: Club) -> None:
    story, tid, _ = await registered(club, "highest")
    with pytest.raises(UserError) as refused:
        await story.begin(tid, ORGANISER)
    assert refused.value.key == "decks.begin_missing" and refused.value.values["count"] == 5


async def test_a_captain_named_mid_round_gets_the_choice(club: Club) -> None:
    story, tid, p = await begun(club)
    await story.name_captain(tid, p["Вера"].id, ORGANISER)  # «Свет» is to name
    await club.services.background.drain(timeout=5)
    asks = [r for r in club.session.sent() if "выберите игрока стороны «Свет»" in r.text]
    assert [r.chat_id for r in asks] == [GROUP, GROUP]  # Анна's, then Вера's (a mention)
    assert "Тестов Вера" in asks[1].text
    with pytest.raises(UserError):  # Анна is no longer the captain
        await story.pick(tid, p["Анна"].id, False, 1, 0, p["Борис"].id)
    status, _ = await story.pick(tid, p["Вера"].id, False, 1, 0, p["Борис"].id)
    assert status == "named"


async def test_cancel_logs_sets_the_status_audits_and_tells_the_group_once(club: Club) -> None:
    """``/cancel`` of a running Story tournament (``tests.service.cancelled``)."""
    story, tid, _ = await begun(club)
    await check_cancel(club, story.core, story.cancel, tid, StCancel, "Пробный")
