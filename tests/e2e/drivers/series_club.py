"""An Overlord series driven through the emulator (``tests/e2e/test_series.py``): the Swiss club
of ``swiss_club`` with a player of the Overlord, the wizard with its series step or another
format's text answers, and the final places read from the end's message."""

from __future__ import annotations

import re

from tests.e2e.drivers.swiss_club import GROUP, Club
from tests.e2e.drivers.texts import fixed, round_title
from tests.e2e.emulator import SimMessage, SimUser

STANDING = re.compile(r"^(\d+)\. (\w+)\b.* — ", re.MULTILINE)
KIND = "🃏 Берсерк: швейцарка + ТОП"
TIE_BREAKS = "Бухгольц, усечённый Бухгольц, победы, личная встреча"


async def started(club: Club) -> SimUser:
    """Everyone opens the bot once; the Overlord's player (Ola) joins the group."""
    await club.org.start()
    await club.org.wait_message(contains="")
    ola = club.emu.add_user(20, "Ola", username="ola")
    club.emu.add_member(GROUP, ola)
    for user in (*club.users.values(), ola):
        await user.start()
        await user.wait_message()
    return ola


async def wizard(club: Club, name: str, fmt: str = "Констрактед") -> SimMessage:
    """``/new`` → the Swiss, its name and format; the format's question answered."""
    emu, org = club.emu, club.org
    await org.send(GROUP, "/new")
    kinds = await emu.wait_bot_message(GROUP, contains=fixed("tournament.choose_kind"))
    await (await org.press(kinds, KIND)).answer()
    await emu.wait_bot_message(GROUP, contains=fixed("swiss.wiz_name"))
    await org.send(GROUP, name)
    asked = await emu.wait_bot_message(GROUP, contains=fixed("swiss.wiz_fmt"))
    await (await org.press(asked, fmt)).answer()
    return asked


async def constructed_steps(club: Club, *, sub: bool = True) -> SimMessage:
    """The steps after the format up to the kind (3 rounds, no Top); the last question."""
    steps = [
        (fixed("swiss.wiz_strict"), "Любительский (без дэк-листов)"),
        (fixed("swiss.wiz_rounds"), "3"),
        (fixed("swiss.wiz_top"), "Без ТОПа"),
        (fixed("swiss.wiz_time"), "50"),
        (fixed("swiss.wiz_tb"), TIE_BREAKS),
        (fixed("swiss.wiz_game"), "Классический Берсерк"),
        (fixed("swiss.wiz_k"), "Обычный (16)"),
        (fixed("swiss.wiz_kind"), "Открытый: играет любой"),
    ]
    if sub:
        steps.insert(0, (fixed("swiss.wiz_sub"), "Классика"))
    return await answered(club, steps)


async def answered(club: Club, steps: list[tuple[str, str]]) -> SimMessage:
    """The wizard's ``steps`` (its question, the button pressed), in order; the last question."""
    asked: SimMessage | None = None
    for question, label in steps:
        asked = await club.emu.wait_bot_message(GROUP, contains=question)
        await (await club.org.press(asked, label)).answer()
    assert asked is not None
    return asked


def places(final: SimMessage) -> list[str]:
    """The final places of the end's message, first place first."""
    return [m.group(2) for m in STANDING.finditer(final.plain)]


async def in_series(
    club: Club,
    name: str,
    series: str,
    fmt: str = "Констрактед",
    steps: list[tuple[str, str]] | None = None,
) -> SimMessage:
    """A tournament created in ``series`` (its button's label): Constructed, or ``fmt`` with
    its wizard's ``steps``; its registration message, which says it is a series tournament."""
    await wizard(club, name, fmt)
    if steps is None:
        await constructed_steps(club)
    else:
        await answered(club, steps)
    asked = await club.emu.wait_bot_message(GROUP, contains=fixed("swiss.wiz_ser"))
    await (await club.org.press(asked, series)).answer()
    created = await club.emu.wait_bot_message(GROUP, contains=fixed("swiss.created", -1))
    assert fixed("swiss.created_series") in created.plain
    return created


async def three_rounds(club: Club, name: str) -> None:
    """``/begin``, three rounds played (the first player of each table wins), the end."""
    await club.org.send(GROUP, "/begin")
    for round_no in (1, 2, 3):
        if round_no > 1:
            await club.org.send(GROUP, "/next_round")
        # the board of this tournament's round (an earlier one's boards are still in the group)
        await club.play(round_no, f"{name} {round_title(round_no, 3)}")
    await club.org.send(GROUP, "/next_round")
