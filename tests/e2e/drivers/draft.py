"""A Limited club of up to 20 players (``DraftClub``), the settings every Limited wizard ends
with, and the published seating read back."""

from __future__ import annotations

import re

from tests.e2e.drivers.swiss_club import GROUP, Club
from tests.e2e.drivers.texts import fixed
from tests.e2e.emulator import BotApiEmulator, SimMessage

NAMES = [
    "Ann",
    "Bob",
    "Cat",
    "Dan",
    "Eve",
    "Fay",
    "Gus",
    "Hal",
    "Ivy",
    "Jon",
    "Kim",
    "Lea",
    "Max",
    "Ned",
    "Oli",
    "Pam",
    "Quin",
    "Rex",
    "Sam",
    "Tom",
]
SEAT = re.compile(r"(\d+)\. (\S+) \(№ (\d+)\)")
TABLE = re.compile(rf"^{re.escape(fixed('limited.seating_table'))} ?(\d+): (.+)$", re.MULTILINE)


class DraftClub(Club):
    """A club of up to 20 players whose organiser creates a Limited tournament."""

    def __init__(self, emu: BotApiEmulator, players: int, names: list[str] = NAMES) -> None:
        self.emu = emu
        self.org = emu.add_user(999, "Org", username="org")
        self.users = {}
        for i, name in enumerate(names[:players], start=1):
            self.users[name] = emu.add_user(i, name, username=f"p{i}")
        self.silent = ()
        emu.add_group(GROUP, "Club", members=[*self.users.values()], admins=[self.org])

    async def create_limited(self, fmt: str, steps: list[tuple[str, str]]) -> SimMessage:
        await self.org.start()
        await self.org.wait_message(contains="")
        for user in self.users.values():
            await user.start()
            await user.wait_message()
        await self.org.send(GROUP, "/new")
        kinds = await self.emu.wait_bot_message(GROUP, contains=fixed("tournament.choose_kind"))
        await (await self.org.press(kinds, "🃏 Берсерк: швейцарка + ТОП")).answer()
        await self.emu.wait_bot_message(GROUP, contains=fixed("swiss.wiz_name"))
        await self.org.send(GROUP, "Драфт клуба")
        for question, label in [(fixed("swiss.wiz_fmt"), fmt), *steps]:
            asked = await self.emu.wait_bot_message(GROUP, contains=question)
            await (await self.org.press(asked, label)).answer()
        created = await self.emu.wait_bot_message(GROUP, contains=fixed("swiss.created", -1))
        await self.register_all(created)
        return created


COMMON = [
    (fixed("swiss.wiz_time"), "50"),
    (fixed("swiss.wiz_tb"), "Бухгольц, усечённый Бухгольц, победы, личная встреча"),
    (fixed("swiss.wiz_game"), "Классический Берсерк"),
    (fixed("swiss.wiz_k"), "Обычный (16)"),
    (fixed("swiss.wiz_kind"), "Открытый: играет любой"),
]


def seating(message: SimMessage) -> tuple[list[list[str]], dict[str, int]]:
    """The published tables (names in seat order) and each name's club ID."""
    tables: list[list[str]] = []
    ids: dict[str, int] = {}
    for number, people in TABLE.findall(message.plain):
        seats = SEAT.findall(people)
        assert [int(n) for n, _, _ in seats] == list(range(1, len(seats) + 1))
        tables.append([name for _, name, _ in seats])
        ids |= {name: int(pid) for _, name, pid in seats}
        assert int(number) == len(tables)
    return tables, ids


def pod_heads(tables: list[list[str]], booster: int, boosters: int) -> list[str]:
    """Each pod's message of a 12-card booster above its clock line: the table, its seats as
    the seating published them, the booster and its pass direction (601.6.3: odd ones left)."""
    side = "налево ⬅️" if booster % 2 else "направо ➡️"
    return [
        f"🃏 Драфт · стол драфта {number} · {len(table)} игроков\n"
        f"Места по порядку: {', '.join(table)}\n"
        f"Бустер {booster} из {boosters} · 12 карт · передаём {side}"
        for number, table in enumerate(tables, start=1)
    ]


def unchanged_edits(emu: BotApiEmulator) -> list[str]:
    """The edits Telegram answered «message is not modified»: each one spent part of the
    group's 20 messages a minute on nothing (issue 21, item 12)."""
    return [
        r.method
        for r in emu.requests
        if r.method.lower().startswith("edit") and "not modified" in (r.description or "")
    ]
