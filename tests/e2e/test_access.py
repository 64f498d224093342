"""An administrator of his own group attacks the tournaments of another group (issue 10, item 1).

The club runs a King of the Hill (tournament 1) and a Swiss (tournament 2), each in its group.
Omar is an administrator of a group of his own, where he added the bot, and nothing in the
club. Every kind of button (every ``CallbackData`` of the bot's button modules, found by
enumeration, so a new kind is attacked too) is forged with the club's tournament ids and
pressed on a bot message in Omar's group and in his private chat; every organiser and judge
command is sent there with the tournaments' ids. Nothing of the club may change: no event, no
status, no rating, no participant, and no message in the club's groups.
"""

from __future__ import annotations

import enum
import inspect
import itertools
import random
from types import ModuleType
from typing import Any

from aiogram.filters.callback_data import CallbackData

import bot.arena.buttons
import bot.buttons
import bot.draft.buttons
import bot.koth.buttons
import bot.swiss.buttons
import bot.teams.buttons
from bot.access import RULES, parse
from bot.commands import MANAGING
from bot.kind import NamedBy
from tests.e2e.drivers.hostile import KOTH, SWISS, Club, build_club
from tests.e2e.emulator import BotApiEmulator, SimMessage, SimUser
from tests.e2e.hardening import Said, capture_errors, diff, settled, snapshot
from tests.e2e.harness import RunningBot

ATTACK = -100666
BUTTON_MODULES: tuple[ModuleType, ...] = (
    bot.buttons,
    bot.koth.buttons,
    bot.swiss.buttons,
    bot.draft.buttons,
    bot.teams.buttons,
    bot.arena.buttons,
)
#: The club's tournaments: 1 (King of the Hill, running), 2 (Swiss, running).
TOURNAMENTS = (1, 2)
#: Values worth forging for a field of this name (any other field gets the generic ones).
HINTS: dict[str, list[Any]] = {
    "a": ["finish", "cancel", "keep", "go", "pause", "resume", "deck"],
    "c": ["w", "l", "d", "a", "b", "ta"],
    "g": ["g1v0", "g2v0", "g3v0"],  # King of the Hill keys; the real Swiss ones are added
    "action": ["edit", "delete", "delete_yes", "field"],
    "field": ["", "city"],
    "discipline": ["billiards", "berserk", "berserk_teams"],
    "s": ["fmt", "tb"],
    "v": ["constructed", "default"],
}
GENERIC: dict[type, list[Any]] = {int: [1, 2, 3, 5], str: ["1", "a", "yes"], bool: [True, False]}
PER_KIND = 40  #: at most this many forgeries of one kind (a seeded sample of all combinations)
#: Organiser and judge commands with arguments naming the club's tournaments, ids and tables.
ARGUMENTS = ["", "1", "2", "1 1", "2 b", "fund 100"]
EXTRA_COMMANDS = ("players", "repair", "queue", "standings", "pairings", "join", "drop")


def button_kinds() -> list[type[CallbackData]]:
    """Every button kind the bot defines (each ``CallbackData`` subclass of the modules)."""
    found = []
    for module in BUTTON_MODULES:
        for _, value in inspect.getmembers(module, inspect.isclass):
            if issubclass(value, CallbackData) and value.__module__ == module.__name__:
                found.append(value)
    return found


def values_of(name: str, annotation: Any) -> list[Any]:
    if name == "t":
        return list(TOURNAMENTS)
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return list(annotation)  # every action of the button
    if name in HINTS:
        return HINTS[name]
    return GENERIC.get(annotation, GENERIC[str])


def forgeries(kind: type[CallbackData]) -> list[str]:
    """Packed data of ``kind`` with the club's tournament ids and plausible other fields."""
    fields = kind.model_fields
    choices = [values_of(name, info.annotation) for name, info in fields.items()]
    combos = list(itertools.product(*choices))
    if len(combos) > PER_KIND:
        combos = random.Random(kind.__name__).sample(combos, PER_KIND)
    return [kind(**dict(zip(fields, combo, strict=True))).pack() for combo in combos]


def test_every_button_kind_has_an_access_rule() -> None:
    """A new button kind cannot be added without saying what pressing it needs."""
    kinds = set(button_kinds())
    assert kinds == set(RULES), kinds ^ set(RULES)
    for kind, rule in RULES.items():
        if rule.names is not NamedBy.NONE:
            assert rule.names.value in kind.model_fields, kind


async def attacker(emu: BotApiEmulator, club: Club) -> tuple[SimUser, list[SimMessage]]:
    """Omar, his group with the bot in it, and a bot message there and in his private chat.
    He has asked to enter the Swiss before (a request in its group: a player's right)."""
    omar = emu.add_user(801, "Omar", username="omar")
    emu.add_group(ATTACK, "Omar's den", admins=[omar])
    await omar.start()
    private = await omar.wait_message()
    await omar.send(ATTACK, "/help")
    in_group = await emu.wait_bot_message(ATTACK, contains="")
    await omar.start("t-2")
    await omar.wait_message()  # (test_entry checks what it says)
    await emu.idle()
    return omar, [in_group, private]


async def test_forged_buttons_and_commands_from_another_group_change_nothing(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = await build_club(emu, bot)
    omar, anchors = await attacker(emu, club)
    real = [data for _, data in club.buttons()]
    forged = sorted({d for kind in button_kinds() for d in forgeries(kind)} | set(real))
    assert any(d.startswith("swm:2:finish") for d in forged)  # the reported attack is in
    await settled(emu, bot.db_path)
    before = snapshot(bot.db_path)
    club_groups = Said(emu, (KOTH, SWISS))
    with capture_errors() as errors:
        for anchor, data in itertools.product(anchors, forged):
            answer = await (await omar.press_data(anchor, data)).answer()
            parsed = parse(data)
            if parsed is not None and parsed[1].names is not NamedBy.NONE and anchor.chat_id < 0:
                assert answer.text and answer.show_alert, (data, answer)  # refused, told so
        for chat, command, args in itertools.product(
            (ATTACK, None), (*MANAGING, *EXTRA_COMMANDS), ARGUMENTS
        ):
            await omar.send(chat, f"/{command} {args}".strip())
            await emu.idle(quiet=0.02)
        await settled(emu, bot.db_path)
    assert not errors.records, errors.describe()
    assert diff(before, snapshot(bot.db_path)) == []
    assert club_groups.messages() == [], [m.plain for m in club_groups.messages()]
