"""A group that is gone («chat not found», issue 10, item 12): the round-broadcast job gives up
instead of retrying every 30 seconds, the chat is marked, and the organiser is told privately.

The group is deleted while the bot is down, with the round's broadcast still to do (staged in
the database as in ``test_durable_announcements``); the job runs at the start.
"""

from __future__ import annotations

import logging
import sqlite3

import pytest

from tests.e2e.drivers.crash import crash_before
from tests.e2e.drivers.swiss_club import GROUP, registered
from tests.e2e.drivers.texts import fixed
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import RunningBot

ROUND_1_OF_3 = f"{fixed('swiss.board_title')} 1 {fixed('swiss.board_title', 1)} 3"


async def test_a_deleted_group_gives_up_its_job_and_tells_the_organiser(
    emu: BotApiEmulator, bot: RunningBot, caplog: pytest.LogCaptureFixture
) -> None:
    club = await registered(emu, players=4, rounds="3")
    await club.org.send(GROUP, "/begin")
    await emu.wait_for(lambda: club.board(ROUND_1_OF_3))
    await emu.idle()
    await bot.stop()
    assert crash_before(bot, "job:swiss_round", "%:board") == 1
    del emu.chats[GROUP]  # the group is deleted: Telegram answers «chat not found»
    told = len(emu.bot_messages(club.org.id))
    with caplog.at_level(logging.WARNING):
        await bot.start()
        notice = await club.org.wait_message(contains=f"{fixed('chat.gone')}Club")
        await emu.idle(quiet=0.3)

    assert "chat not found" in notice.plain and "«Кубок" in notice.plain
    assert len(emu.bot_messages(club.org.id)) == told + 1  # told once
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
    with sqlite3.connect(bot.db_path) as conn:
        jobs = conn.execute(
            "SELECT status FROM deadlines WHERE kind = 'job:swiss_round'"
        ).fetchall()
        gone = conn.execute("SELECT gone_reason FROM chats WHERE id = ?", (GROUP,)).fetchone()
    assert jobs == [("fired",)]  # done: not retried every 30 seconds
    assert gone is not None and "chat not found" in gone[0]
