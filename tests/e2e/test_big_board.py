"""A live board longer than one Telegram message: posted in parts, every part kept current.

A round of 32 tables with long names does not fit one message with room to grow: the board is
posted as two messages (``Sender.post_board``), and a result at a table of the second part
edits that part alone, where it used to be lost (only the first part was ever edited).
"""

from __future__ import annotations

import re

from handlers.swiss.entry import GROUP_ROWS
from tests.e2e.drivers.swiss_club import BOARD_LINE, GROUP, Club
from tests.e2e.drivers.texts import fixed, ru
from tests.e2e.emulator import BotApiEmulator, SimMessage, SimUser
from tests.e2e.harness import RunningBot

PLAYERS = 64
#: a line of the standings: «12. Name — 3 очка · …»
STANDING = re.compile(r"^\d+\. .+ — ", re.MULTILINE)


def long_name(index: int) -> str:
    return f"Александра-Виктория Константинопольская {index:02d}"


def board_parts(emu: BotApiEmulator) -> list[SimMessage]:
    return [m for m in emu.bot_messages(GROUP) if BOARD_LINE.search(m.plain)]


async def test_a_board_of_two_messages_keeps_both_current(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = Club(emu, players=0)
    for index in range(1, PLAYERS + 1):
        name = long_name(index)
        club.users[name] = emu.add_user(index, name, username=f"player{index}")
    emu.add_group(GROUP, "Club", members=[*club.users.values()], admins=[club.org])
    await club.register_all(await club.create(rounds="3", top="Без ТОПа"))
    await club.org.send(GROUP, "/begin")
    await emu.wait_for(lambda: len(board_parts(emu)) == 2)
    first, second = board_parts(emu)
    assert "Тур 1 из 3" in first.plain and "Тур 1 из 3" not in second.plain
    tables = club.tables(first) + club.tables(second)
    assert [t[0] for t in tables] == list(range(1, PLAYERS // 2 + 1))  # every table, once
    assert all(len(m.text or "") < 4096 for m in (first, second))

    last, a, b, _ = tables[-1]
    await club.report(1, last, a, "Моя победа")
    assert await club.confirm(1, last, b, "✅ Подтверждаю") == "Результат принят."
    await emu.wait_for(lambda: club.tables(second)[-1][3] == "✅ 1:0")
    await emu.idle()
    assert first.edits == 0  # its tables did not change: no edit
    assert [t[3] for t in club.tables(first)] == ["…"] * len(club.tables(first))

    # The round's other tables by the organiser, so that the standings count the round.
    for table, *_ in tables[:-1]:
        await club.org.send(GROUP, f"/result {table} a")
    await emu.wait_bot_message(
        GROUP,
        contains=ru("swiss.round_complete", round=ru("swiss.round_name", round=1)),
        timeout=60,
    )

    # /standings of 64 players in the group: its top and where the rest is (issue 20, item 11);
    # privately: the whole table.
    mark = emu.mark()
    await a_member(club).send(GROUP, "/standings")
    shown = await emu.wait_bot_message(GROUP, contains=fixed("swiss.standings_cut", 1), since=mark)
    assert len(STANDING.findall(shown.plain)) == GROUP_ROWS
    assert f"ещё {PLAYERS - GROUP_ROWS}" in shown.plain
    asker = a_member(club)
    before = len(emu.bot_messages(asker.id))
    await asker.send(asker.id, "/standings 1")

    def lines() -> int:  # the whole table may take two messages
        return sum(len(STANDING.findall(m.plain)) for m in emu.bot_messages(asker.id)[before:])

    await emu.wait_for(lambda: lines() == PLAYERS or None)


def a_member(club: Club) -> SimUser:
    return next(iter(club.users.values()))
