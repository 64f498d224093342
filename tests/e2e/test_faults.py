"""Telegram misbehaving: duplicated and reordered updates, failing polls, migrated groups."""

from __future__ import annotations

import sqlite3

from aiogram.types import Update

from tests.e2e.emulator import BotApiEmulator, Fault
from tests.e2e.harness import RunningBot

GROUP = -100888


async def test_duplicated_update_is_handled_once(emu: BotApiEmulator, bot: RunningBot) -> None:
    ann = emu.add_user(21, "Ann", language_code="en")
    emu.duplicate_next_update()
    await ann.start()
    await ann.wait_message(contains="Hello")
    await emu.idle(quiet=0.3)
    assert len([m for m in emu.bot_messages(ann.id) if "Hello" in m.plain]) == 1
    delivered = [r for r in emu.requests_for("getUpdates") if r.status == 200]
    assert delivered  # the duplicate really went out (the emulator counts it)


async def test_update_seen_before_a_restart_is_ignored_after_it(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    ann = emu.add_user(22, "Ann", language_code="en")
    await ann.start()
    await ann.wait_message(contains="Hello")
    update = Update.model_validate(
        {
            "update_id": 777,
            "message": {
                "message_id": 1,
                "date": 0,
                "chat": {"id": 22, "type": "private", "first_name": "Ann"},
                "from": ann.api_dict(),
                "text": "/help",
                "entities": [{"type": "bot_command", "offset": 0, "length": 5}],
            },
        }
    )
    assert bot.app is not None and bot.dp is not None
    await bot.dp.feed_update(bot.app.bot, update)
    await bot.restart()
    assert bot.app is not None and bot.dp is not None
    await bot.dp.feed_update(bot.app.bot, update)  # Telegram redelivers after the crash
    await emu.idle()
    assert len([m for m in emu.bot_messages(22) if "Players" in m.plain]) == 1


async def test_reordered_wizard_answers_do_not_crash_or_corrupt(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    eve = emu.add_user(23, "Eve", language_code="en")
    await eve.start("register")
    await eve.wait_message(contains="Your last name?")
    emu.reorder_next(2)
    await eve.send(None, "Adams")
    await eve.send(None, "Eve")
    # Whatever order they came in, each answer was validated and the wizard asked on (waited
    # for, not a quiet spell: on a loaded machine the second answer may come later than that).
    await eve.wait_message(contains="patronymic")
    texts = [m.plain for m in emu.bot_messages(eve.id)]
    assert any("Your first name?" in t for t in texts)
    assert any("patronymic" in t for t in texts)


async def test_polling_survives_server_errors_and_resets(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    emu.inject("getUpdates", Fault.server_error(502), times=1)
    emu.inject("getUpdates", Fault.connection_reset(), times=1)
    ann = emu.add_user(24, "Ann", language_code="en")
    await ann.start()
    await ann.wait_message(contains="Hello", timeout=15)


async def test_send_survives_a_connection_reset(emu: BotApiEmulator, bot: RunningBot) -> None:
    emu.inject("sendMessage", Fault.connection_reset(), times=1)
    ann = emu.add_user(25, "Ann", language_code="en")
    await ann.start()
    await ann.wait_message(contains="Hello", timeout=15)


async def test_group_migration_is_followed(emu: BotApiEmulator, bot: RunningBot) -> None:
    boss = emu.add_user(26, "Boss", language_code="en")
    emu.add_group(GROUP, "Club", kind="group", members=[], admins=[boss])
    await boss.send(GROUP, "/help")
    await emu.wait_bot_message(GROUP, contains="Players")
    new_id = -1001234567890
    emu.migrate_group(GROUP, new_id)
    await emu.idle(quiet=0.2)
    assert bot.app is not None
    await bot.app.sender.send(GROUP, "Board for the old id")
    moved = emu.last_bot_message(new_id)
    assert moved is not None and moved.plain == "Board for the old id"
    with sqlite3.connect(bot.db_path) as conn:
        row = conn.execute("SELECT migrated_to FROM chats WHERE id = ?", (GROUP,)).fetchone()
    assert row == (new_id,)
