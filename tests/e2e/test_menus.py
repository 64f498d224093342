"""Every command the bot offers works where it is offered (issue 12, item 1).

For each kind of tournament, running in its group, and for each role (a stranger who only
started the bot, a player of the tournament, its judge, an organiser), in the group and in the
private chat: every command of the menu that person sees there (``bot.commands``: the lists the
menus are registered from) and every command his ``/help`` lists there is sent bare, and must get
an answer that is not the fallback (no open tournament, "I did not understand", silence).
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass

import pytest

from bot.commands import ADMIN, GROUP, PRIVATE
from tests.e2e.drivers import koth_club, swiss_club
from tests.e2e.drivers.texts import fixed, round_title, ru
from tests.e2e.emulator import BotApiEmulator, SimUser
from tests.e2e.harness import RunningBot

FALLBACKS = (ru("tournament.none_open"), ru("common.unknown"))
HELP_LINE = re.compile(r"^/(\w+) — ", re.MULTILINE)


@dataclass
class Cast:
    group: int
    roles: dict[str, SimUser]  #: stranger, player, judge, organiser


async def appoint_and_meet(emu: BotApiEmulator, group: int, org: SimUser) -> dict[str, SimUser]:
    """The judge (appointed) and the stranger (started the bot, never registered)."""
    jude = emu.add_user(702, "Jude", username="jude")
    stan = emu.add_user(50, "Stan", username="stan")
    for user in (jude, stan):
        emu.add_member(group, user)
        await user.start()
        await user.wait_message()
    await org.send(group, "/judge @jude")
    await emu.wait_bot_message(group, contains=fixed("tournament.judge_added"))
    return {"judge": jude, "stranger": stan}


async def koth_running(emu: BotApiEmulator) -> Cast:
    org, (ann, *_rest) = await koth_club.setup_club(emu)
    await koth_club.begin_tournament(emu, org)
    await emu.wait_bot_message(koth_club.GROUP, contains=f"{fixed('koth.pair')} 1:")
    met = await appoint_and_meet(emu, koth_club.GROUP, org)
    return Cast(koth_club.GROUP, {**met, "player": ann, "organiser": org})


async def swiss_running(emu: BotApiEmulator) -> Cast:
    club = await swiss_club.registered(emu, players=4, rounds="3")
    await club.org.send(swiss_club.GROUP, "/begin")
    await emu.wait_for(lambda: club.board(round_title(1, 3)))
    met = await appoint_and_meet(emu, swiss_club.GROUP, club.org)
    return Cast(swiss_club.GROUP, {**met, "player": club.users["Ann"], "organiser": club.org})


def answers(emu: BotApiEmulator, chats: tuple[int, ...], before: dict[int, int]) -> list[str]:
    return [m.plain for chat in chats for m in emu.bot_messages(chat)[before[chat] :]]


async def ask(emu: BotApiEmulator, user: SimUser, chat: int, text: str) -> list[str]:
    """Send ``text``; what the bot said in that chat and privately to him meanwhile."""
    chats = tuple(dict.fromkeys((chat, user.id)))
    before = {c: len(emu.bot_messages(c)) for c in chats}
    await user.send(chat, text)
    with contextlib.suppress(TimeoutError):  # silence is a failure the caller reports
        await emu.wait_for(lambda: answers(emu, chats, before), timeout=3)
    await emu.idle(quiet=0.1)
    return answers(emu, chats, before)


def offered(role: str, chat: int, help_text: str) -> list[str]:
    """The menu this person sees in this chat, then what his /help adds."""
    menu = PRIVATE if chat > 0 else ADMIN if role == "organiser" else GROUP
    return list(dict.fromkeys([*menu, *HELP_LINE.findall(help_text)]))


@pytest.mark.parametrize("kind", ["koth", "swiss"])
async def test_every_offered_command_answers_for_every_role(
    emu: BotApiEmulator, bot: RunningBot, kind: str
) -> None:
    # Each command's own answer is read: no board re-posted among them as the group fills up
    # (``bot.boards``, tested in test_result_tidy).
    bot.overrides["board_repost_after"] = 0
    await bot.restart()
    cast = await (koth_running(emu) if kind == "koth" else swiss_running(emu))
    await emu.idle()
    failures: list[str] = []
    walked = 0
    for role, user in cast.roles.items():
        for chat in (cast.group, user.id):
            help_said = await ask(emu, user, chat, "/help")
            help_text = next(
                (text for text in help_said if text.startswith(fixed("help.player"))), ""
            )
            assert help_text, (role, chat, help_said)
            for name in offered(role, chat, help_text):
                said = await ask(emu, user, chat, f"/{name}")
                walked += 1
                where = "group" if chat < 0 else "private"
                if not said:
                    failures.append(f"{kind} {role} {where} /{name}: no answer")
                elif any(fallback in text for text in said for fallback in FALLBACKS):
                    failures.append(f"{kind} {role} {where} /{name}: {said}")
                if name == "register" and chat > 0:
                    await ask(emu, user, chat, "/cancel")  # leave the registration he began
    assert not failures, "\n".join(failures)
    assert walked > 100


async def test_the_menus_registered_are_the_lists(emu: BotApiEmulator, bot: RunningBot) -> None:
    """What Telegram shows is what the walk above sent: the same lists, per scope."""
    await emu.wait_for(lambda: len(emu.commands) >= 8)
    shown = {
        scope: [c["command"] for c in commands]
        for (scope, lang), commands in emu.commands.items()
        if not lang
    }
    assert shown == {
        "default": list(GROUP),
        "all_private_chats": list(PRIVATE),
        "all_group_chats": list(GROUP),
        "all_chat_administrators": list(ADMIN),
    }
    for hidden in ("open",):
        assert all(hidden not in names for names in shown.values())
