"""The registration wizard in English with a profile's personal data (e-mail, names, phone),
for the privacy checks."""

from __future__ import annotations

from tests.e2e.emulator import SimUser

EMAIL = "kim.private-4711@club.example"
LAST_NAME = "Leeroyson"
NICKNAME = "Kimberly-Unique"
PHONE = "+79001234567"


async def answer(user: SimUser, text: str, expect: str) -> None:
    await user.send(None, text)
    await user.wait_message(contains=expect)


async def register(user: SimUser, *, share_phone: bool) -> None:
    await user.start("register")
    await user.wait_message(contains="Your last name?")
    for text, expect in [
        (LAST_NAME, "first name"),
        ("Kim", "patronymic"),
        ("-", "e-mail"),
        (EMAIL, "city"),
        ("Tula", "Nickname"),
        (NICKNAME, "Phone"),
    ]:
        await answer(user, text, expect)
    await user.press_keyboard("📱 Share my phone" if share_phone else "Skip")
    await user.wait_message(contains="Your club ID")
