"""Registration, profile and the basics, played through the emulator by simulated users."""

from __future__ import annotations

import sqlite3

from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import RunningBot

GROUP = -100500


async def answer(user, text: str, expect: str) -> None:  # type: ignore[no-untyped-def]
    await user.send(None, text)
    await user.wait_message(contains=expect)


async def test_registration_with_every_validation_error(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    ann = emu.add_user(1, "Ann", language_code="en")
    await ann.start()
    await ann.wait_message(contains="register")
    await answer(ann, "/register", "Your last name?")
    await answer(ann, "Smith2", "Letters, spaces")
    await answer(ann, "x" * 51, "1 to 50 characters")
    await answer(ann, "Smith", "Your first name?")
    await answer(ann, "Ann", "patronymic")
    await answer(ann, "-", "e-mail")
    await answer(ann, "not-an-email", "does not look like an e-mail")
    await answer(ann, "ann@club.org", "Your city?")
    await answer(ann, "1", "2 to 60 characters")
    await answer(ann, "Tver", "Nickname")
    await answer(ann, "x", "2 to 32")
    await answer(ann, "<b>Annie</b> & co", "Phone")
    await answer(ann, "+7 900 000", "Share my phone")
    await ann.press_keyboard("📱 Share my phone")
    done = await ann.wait_message(contains="Your club ID")
    assert done.plain.startswith("Done, Ann Smith! ")  # addressed as people say his name

    await ann.send(None, "/profile")
    profile = await ann.wait_message(contains="Profile")
    assert "<b>Annie</b> & co" in profile.plain  # typed HTML shows as typed
    assert "Berserk: no rating yet (the start value 1200" in profile.plain  # none stored
    assert "Billiards: no rating" in profile.plain


async def test_register_in_group_answers_with_deep_link(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    bob = emu.add_user(2, "Bob")
    emu.add_group(GROUP, "Club", members=[bob])
    await bob.send(GROUP, "/register")
    reply = await emu.wait_bot_message(GROUP, contains="Регистрация")
    assert reply.raw_text is not None and "t.me/test_bot?start=register" in reply.raw_text


async def test_restart_in_the_middle_of_the_wizard_keeps_answers(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    eve = emu.add_user(3, "Eve", language_code="en")
    await eve.start("register")
    await eve.wait_message(contains="Your last name?")
    await answer(eve, "Adams", "Your first name?")
    await answer(eve, "Eve", "patronymic")
    await bot.restart()
    await answer(eve, "Ivanovna", "e-mail")
    await answer(eve, "eve@club.org", "Your city?")
    await answer(eve, "Moscow", "Nickname")
    await answer(eve, "-", "Phone")
    await eve.press_keyboard("Skip")
    await eve.wait_message(contains="Your club ID")
    with sqlite3.connect(bot.db_path) as conn:
        row = conn.execute(
            "SELECT last_name, first_name, patronymic, city FROM players WHERE telegram_id = 3"
        ).fetchone()
    assert row == ("Adams", "Eve", "Ivanovna", "Moscow")


async def test_profile_edit_and_delete(emu: BotApiEmulator, bot: RunningBot) -> None:
    kim = emu.add_user(4, "Kim", language_code="en")
    await kim.start("register")
    await kim.wait_message(contains="Your last name?")
    for text, expect in [
        ("Lee", "first name"),
        ("Kim", "patronymic"),
        ("-", "e-mail"),
        ("kim@club.org", "city"),
        ("Tula", "Nickname"),
        ("-", "Phone"),
    ]:
        await answer(kim, text, expect)
    await kim.press_keyboard("Skip")
    await kim.wait_message(contains="Your club ID")

    await kim.send(None, "/profile")
    profile = await kim.wait_message(contains="Profile")
    await kim.press(profile, "✏️ Edit")
    choice = await kim.wait_message(contains="What to change?")
    await kim.press(choice, "City")
    await kim.wait_message(contains="Your city?")
    await answer(kim, "9", "2 to 60")
    await answer(kim, "Kazan", "Saved: City")
    await kim.send(None, "/profile")
    profile = await kim.wait_message(contains="Profile")
    assert "City: Kazan" in profile.plain

    await kim.press(profile, "🗑 Delete my data")
    ask = await kim.wait_message(contains="Delete your personal data?")
    await kim.press(ask, "Yes, delete")
    await kim.wait_message(contains="Personal data deleted")
    with sqlite3.connect(bot.db_path) as conn:
        row = conn.execute(
            "SELECT telegram_id, last_name, email FROM players WHERE id = 1"
        ).fetchone()
    assert row == (None, None, None)
    await answer(kim, "/profile", "not registered")
