"""Messages of a durable job are sent once by key, also when the job runs again."""

from __future__ import annotations

from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import RunningBot

GROUP = -100999


async def test_send_once_by_key_survives_a_restart(emu: BotApiEmulator, bot: RunningBot) -> None:
    ann = emu.add_user(41, "Ann", language_code="en")
    emu.add_group(GROUP, "Club", members=[ann])
    await ann.start()
    await ann.wait_message(contains="Hello")
    assert bot.app is not None
    first = await bot.app.outbox.send_once("round:1:board", GROUP, "Round 1 pairings")
    again = await bot.app.outbox.send_once("round:1:board", GROUP, "Round 1 pairings")
    assert first is not None and first == again
    await bot.restart()
    assert bot.app is not None
    after = await bot.app.outbox.send_once("round:1:board", GROUP, "Round 1 pairings")
    assert after == first
    await bot.app.outbox.notify_once("round:1:ann", ann.id, "Ann", "Table 1", fallback_chat=GROUP)
    await bot.app.outbox.notify_once("round:1:ann", ann.id, "Ann", "Table 1", fallback_chat=GROUP)
    boards = [m for m in emu.bot_messages(GROUP) if m.plain == "Round 1 pairings"]
    personal = [m for m in emu.bot_messages(ann.id) if m.plain == "Table 1"]
    assert len(boards) == 1 and len(personal) == 1
