"""The wizard of a Limited tournament (Sealed, Draft, Heroes…) for a Swiss club."""

from __future__ import annotations

from tests.e2e.drivers.swiss_club import GROUP, Club
from tests.e2e.drivers.texts import fixed
from tests.e2e.emulator import SimMessage

Steps = list[tuple[str, str]]


async def create_limited(
    club: Club, fmt: str, own: Steps, sizes: Steps, name: str = "Кубок <b>клуба</b>"
) -> SimMessage:
    """``/new`` through the wizard with the format ``fmt``, its ``own`` steps right after it,
    and the rounds and Top ``sizes`` (none for a Heroes tournament); everyone but the club's
    silent players starts the bot."""
    emu = club.emu
    await club.org.start()
    await club.org.wait_message(contains="")
    for player, user in club.users.items():
        if player not in club.silent:  # never started the bot: reached through the group only
            await user.start()
            await user.wait_message()
    await club.org.send(GROUP, "/new")
    kinds = await emu.wait_bot_message(GROUP, contains=fixed("tournament.choose_kind"))
    await (await club.org.press(kinds, "🃏 Берсерк: швейцарка + ТОП")).answer()
    await emu.wait_bot_message(GROUP, contains=fixed("swiss.wiz_name"))
    await club.org.send(GROUP, name)
    steps = [
        (fixed("swiss.wiz_fmt"), fmt),
        *own,
        (fixed("swiss.wiz_strict"), "Любительский (без дэк-листов)"),
        *sizes,
        (fixed("swiss.wiz_time"), "50"),
        (fixed("swiss.wiz_tb"), "Бухгольц, усечённый Бухгольц, победы, личная встреча"),
        (fixed("swiss.wiz_game"), "Классический Берсерк"),
        (fixed("swiss.wiz_k"), "Обычный (16)"),
        (fixed("swiss.wiz_kind"), "Открытый: играет любой"),
    ]
    for question, label in steps:
        asked = await emu.wait_bot_message(GROUP, contains=question)
        await (await club.org.press(asked, label)).answer()
    return await emu.wait_bot_message(GROUP, contains=fixed("swiss.created", -1))
