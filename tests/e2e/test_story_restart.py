"""A Story captain's reminder is a durable deadline: the bot restarted while the attacking
captain thinks still reminds him when his 3 minutes are up, and the group is shown his
choice; a judge's press from it makes the name; a judge's ``/pick`` shows the defending
captain's choice at once and makes the pair (a player's ``/pick`` is refused)."""

from __future__ import annotations

from datetime import timedelta

from tests.clock import ManualClock
from tests.e2e.drivers.story_club import DARK, GROUP, LIGHT, StoryClub
from tests.e2e.drivers.texts import ru
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import RunningBot


async def test_the_reminder_survives_a_restart(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    club = StoryClub(emu)
    created = await club.create("Сюжет после сбоя", clock.now() + timedelta(days=4))
    for player, side in (("Ann", LIGHT), ("Bob", LIGHT), ("Hal", DARK), ("Ivy", DARK)):
        await club.join(created, player, side)
    for captain in ("ann", "hal"):
        await club.org.send(GROUP, f"/captain @{captain}")
    await emu.wait_bot_message(GROUP, contains=ru("story.captain_named", name="Hal", side=DARK))
    await club.org.send(GROUP, "/begin")
    await club.users["Ann"].wait_message(contains=ru("story.ask_name", round=1, side=LIGHT))
    await emu.idle()

    await bot.restart()
    clock.advance(timedelta(minutes=3))
    reminder = await emu.wait_bot_message(
        GROUP, contains=ru("story.remind_group", captain="Ann", side=LIGHT, minutes=3)
    )
    assert set(reminder.button_labels) == {"Ann", "Bob"}
    await club.users["Ann"].wait_message(contains=ru("story.remind_captain", minutes=3))
    named = await (await club.org.press(reminder, "Bob")).answer()
    assert named.text == ru("story.pick_named")
    asked = ru("story.ask_answer", round=1, side=LIGHT, nominee="Bob")
    await club.wait_find(club.users["Hal"], asked, "Ivy")
    # /pick: a judge makes the defending captain's choice at once, without waiting
    await club.users["Ivy"].send(GROUP, "/pick")  # a player may not
    await emu.wait_bot_message(GROUP, contains=ru("common.not_allowed"))
    await club.org.send(GROUP, "/pick")
    shown = await emu.wait_bot_message(
        GROUP, contains=ru("story.judge_choice", captain="Hal", side=DARK)
    )
    assert set(shown.button_labels) == {"Hal", "Ivy"}
    paired = await (await club.org.press(shown, "Ivy")).answer()
    assert paired.text == ru("story.pick_paired")
    made = ru("story.pair_made", a="Bob", b="Ivy", side_a=LIGHT, side_b=DARK, table=1)
    await emu.wait_bot_message(GROUP, contains=made)
