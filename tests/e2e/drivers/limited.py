"""The wizard of a Limited tournament (Sealed, Draft, Heroes…) for a Swiss club."""

from __future__ import annotations

from tests.e2e.drivers.swiss_club import GROUP, Club
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
    kinds = await emu.wait_bot_message(GROUP, contains="Какой турнир")
    await (await club.org.press(kinds, "🃏 Берсерк: швейцарка + ТОП")).answer()
    await emu.wait_bot_message(GROUP, contains="Пришлите название")
    await club.org.send(GROUP, name)
    steps = [
        ("Формат?", fmt),
        *own,
        ("Уровень строгости?", "Любительский (без дэк-листов)"),
        *sizes,
        ("Время тура", "50"),
        ("Дополнительные показатели?", "Бухгольц, усечённый Бухгольц, победы, личная встреча"),
        ("Какая игра?", "Классический Берсерк"),
        ("Базовый K", "Обычный (16)"),
        ("Вид турнира?", "Открытый: играет любой"),
    ]
    for question, label in steps:
        asked = await emu.wait_bot_message(GROUP, contains=question)
        await (await club.org.press(asked, label)).answer()
    return await emu.wait_bot_message(GROUP, contains="Регистрация открыта")
