"""Sealed (603) through the bot: the wizard's product step, what the start tells, Swiss as usual."""

from __future__ import annotations

import json
import sqlite3

from tests.e2e.drivers.limited import create_limited
from tests.e2e.drivers.swiss_club import GROUP, Club
from tests.e2e.drivers.texts import fixed, round_title
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import RunningBot


def settings(bot: RunningBot) -> dict[str, object]:
    with sqlite3.connect(bot.db_path) as conn:
        row = conn.execute("SELECT settings_json FROM tournaments").fetchone()
    found: dict[str, object] = json.loads(row[0])
    return found


async def test_sealed_with_six_seven_card_boosters_tells_product_deck_and_hand(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = Club(emu, players=4)
    asked_product = (fixed("swiss.wiz_product"), "6 бустеров по 7 карт")
    created = await create_limited(
        club,
        "Силед",
        [asked_product],
        [(fixed("swiss.wiz_rounds"), "3"), (fixed("swiss.wiz_top"), "Без ТОПа")],
    )
    assert "Силед" in created.plain
    assert (
        "📦 Силед: каждый игрок открывает 6 бустеров по 7 карт. Колода — от 30 карт, "
        "в раздачу 15 карт. Дэк-лист — весь пул с пометкой, какая карта в колоде (/deck)."
    ) in created.plain
    stored = settings(bot)
    assert stored["format"] == "sealed" and stored["sealed_product"] == "seven"
    await club.register_all(created)
    await club.org.send(GROUP, "/begin")

    # The group first: the product, the deck of 30+ (603.6), the hand of 15 (603.7), /deck.
    told = await emu.wait_bot_message(GROUP, contains=fixed("heroes.sealed_group", 1))
    assert told.plain == (
        "📦 «Кубок <b>клуба</b>»: Силед, игроки за столы не рассаживаются (603.4). Каждый "
        "открывает 6 бустеров по 7 карт. Колода — от 30 карт (603.6), в раздачу 15 карт "
        "(603.7). Впишите весь пул в дэк-лист командой /deck, пометив каждую карту: в колоде "
        "или нет (603.3). Тур 1 судья разводит командой /next_round, когда колоды собраны; "
        "тогда же дэк-листы закрываются."
    )
    # The product is opened and the decks built first: /begin pairs no round (603.3).
    await emu.idle()
    assert club.board(round_title(1, 3)) is None
    await club.org.send(GROUP, "/next_round")
    board = await emu.wait_for(lambda: club.board(round_title(1, 3)))
    group = emu.bot_messages(GROUP)
    assert group.index(told) < group.index(board)  # told before round 1 is paired
    for user in club.users.values():  # and each player privately, once
        mine = [
            m for m in emu.bot_messages(user.id) if fixed("heroes.sealed_private", 1) in m.plain
        ]
        assert [m.plain for m in mine] == [
            "📦 «Кубок <b>клуба</b>»: ваш продукт — 6 бустеров по 7 карт. Колода — от 30 карт, "
            "в раздачу 15 карт. Пул — в дэк-лист командой /deck, у каждой карты пометка "
            "«в колоде» или «не в колоде»."
        ]

    # No seating (603.4), Swiss as usual: three rounds of two tables, then the final standings.
    assert len(club.tables(board)) == 2
    await club.play(1, round_title(1, 3))
    for number in (2, 3):
        await club.org.send(GROUP, "/next_round")
        await club.play(number, round_title(number, 3))
    await club.org.send(GROUP, "/next_round")
    final = await emu.wait_bot_message(GROUP, contains=fixed("swiss.finished", 1))
    assert "Кубок <b>клуба</b>" in final.plain
    with sqlite3.connect(bot.db_path) as conn:
        kinds = [r[0] for r in conn.execute("SELECT kind FROM events")]
    assert "sw_pods" not in kinds and kinds.count("sw_round") == 3
