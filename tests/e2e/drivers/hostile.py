"""The club under attack: a running King of the Hill and a running Swiss, each in its group,
and Mallory, a stranger who started the bot."""

from __future__ import annotations

import contextlib
import sqlite3
from typing import Any

from tests.e2e.drivers import koth_club, swiss_club
from tests.e2e.drivers.texts import fixed
from tests.e2e.emulator import BotApiEmulator, SimMessage, SimUser
from tests.e2e.hardening import snapshot
from tests.e2e.harness import RunningBot

KOTH, SWISS = koth_club.GROUP, swiss_club.GROUP
MALLORY = 666
RTL = "\u200f"  # right-to-left mark


# ---------------------------------------------------------------- the club under attack
class Club:
    """A running King of the Hill (game 1 confirmed, game 2 at the table) and a running Swiss
    (round 1 paired), each in its group; Mallory is a stranger who started the bot."""

    def __init__(self, emu: BotApiEmulator, bot: RunningBot) -> None:
        self.emu = emu
        self.bot = bot
        self.koth_people: list[SimUser] = []
        self.swiss: swiss_club.Club | None = None
        self.mallory = emu.add_user(MALLORY, "Mal<b>lory</b> & 🕵" + RTL, username="mallory")

    async def build(self) -> None:
        emu = self.emu
        boss, people = await koth_club.setup_club(emu)
        self.koth_people = people
        await koth_club.create(emu, boss)
        for name, rating in [("ann", 1100), ("bob", 980), ("cid", 900), ("dan", 850)]:
            await koth_club.say(emu, boss, f"/add @{name} {rating}", fixed("koth.added"))
        await koth_club.say(emu, boss, "/draw 1 2 3 4", fixed("koth.drawn"))
        await koth_club.say(emu, boss, "/begin", fixed("koth.begun"))
        await koth_club.play(emu, "1", people[0], "Моя победа", people[1])
        await emu.wait_bot_message(KOTH, contains=f"{fixed('koth.pair')} 2:", since=0)
        club = swiss_club.Club(emu, players=4)
        created = await club.create(rounds="3", top="Без ТОПа")
        await club.register_all(created)
        await club.org.send(SWISS, "/begin")
        await emu.wait_for(lambda: club.board("Тур 1 из 3"))
        self.swiss = club
        for group in (KOTH, SWISS):
            emu.add_member(group, self.mallory)
        await self.mallory.start()
        await self.mallory.wait_message()
        await emu.idle()

    def player_id(self, telegram_id: int) -> int | None:
        with contextlib.closing(sqlite3.connect(self.bot.db_path)) as conn:
            row = conn.execute(
                "SELECT id FROM players WHERE telegram_id = ?", (telegram_id,)
            ).fetchone()
        return int(row[0]) if row else None

    def state_of_others(self, user_id: int = MALLORY) -> dict[str, list[Any]]:
        """The state tables without the rows of ``user_id``'s own player (his profile)."""
        state = snapshot(self.bot.db_path)
        own = self.player_id(user_id)
        state["players"] = [r for r in state["players"] if r[1] != user_id]
        state["ratings"] = [r for r in state["ratings"] if r[0] != own]
        return state

    def buttons(self) -> list[tuple[SimMessage, str]]:
        """Every (message, callback data) on the bot's messages so far, groups and private."""
        found = []
        for chat in list(self.emu.chats):
            for message in self.emu.bot_messages(chat):
                for row in message.inline_keyboard:
                    for button in row:
                        if "callback_data" in button:
                            found.append((message, str(button["callback_data"])))
        return found


async def build_club(emu: BotApiEmulator, bot: RunningBot) -> Club:
    club = Club(emu, bot)
    await club.build()
    return club
