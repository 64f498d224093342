"""A club whose organiser picks the tie-breaks (``JudgedClub``), the judge's commands and the
standings read back, and a look into the database."""

from __future__ import annotations

import re
import sqlite3

from tests.e2e.drivers.swiss_club import GROUP, Club
from tests.e2e.drivers.texts import fixed
from tests.e2e.emulator import SimMessage, SimUser
from tests.e2e.harness import RunningBot

MTG = "OMW%, GW%, OGW%"
BO3 = "Констрактед, матч до двух побед (Bo3)"
STANDING = re.compile(r"^(\d+)\. (.+?)(?: \(выход из турнира\))? — ([\d,]+)(?: · (.*))?$", re.M)


class JudgedClub(Club):
    """The club of ``tests.e2e.drivers.swiss_club`` whose organiser may pick the tie-breaks."""

    async def register_all(self, created: SimMessage) -> None:
        for user in self.users.values():
            answer = await (await user.press(created, "✋ Участвую")).answer()
            assert answer.text is not None
            assert "вы в турнире" in answer.text or "you are in" in answer.text

    async def create_with(self, rounds: str, top: str, fmt: str, tb: str) -> SimMessage:
        await self.org.start()
        await self.org.wait_message(contains="")
        for user in self.users.values():
            await user.start()
            await user.wait_message()
        await self.org.send(GROUP, "/new")
        kinds = await self.emu.wait_bot_message(GROUP, contains=fixed("tournament.choose_kind"))
        await (await self.org.press(kinds, "🃏 Берсерк: швейцарка + ТОП")).answer()
        await self.emu.wait_bot_message(GROUP, contains=fixed("swiss.wiz_name"))
        await self.org.send(GROUP, "Кубок клуба")
        steps = [
            (fixed("swiss.wiz_fmt"), fmt),
            (fixed("swiss.wiz_sub"), "Классика"),
            (fixed("swiss.wiz_strict"), "Любительский (без дэк-листов)"),
            (fixed("swiss.wiz_rounds"), rounds),
            (fixed("swiss.wiz_top"), top),
            (fixed("swiss.wiz_time"), "50"),
            (fixed("swiss.wiz_tb"), tb),
            (fixed("swiss.wiz_game"), "Классический Берсерк"),
            (fixed("swiss.wiz_k"), "Обычный (16)"),
            (fixed("swiss.wiz_kind"), "Открытый: играет любой"),
        ]
        for question, label in steps:
            asked = await self.emu.wait_bot_message(GROUP, contains=question)
            await (await self.org.press(asked, label)).answer()
        created = await self.emu.wait_bot_message(GROUP, contains=fixed("swiss.created", -1))
        await self.register_all(created)
        return created

    async def standings(self, rounds: int) -> dict[str, tuple[str, list[str]]]:
        """/standings as name → (points, tie-break values), in the order shown."""
        await self.org.send(GROUP, "/standings")
        text = (
            await self.emu.wait_bot_message(
                GROUP, contains=f"{fixed('swiss.standings_title')} {rounds} тур"
            )
        ).plain
        return {
            m.group(2): (m.group(3), (m.group(4) or "").split(" · "))
            for m in STANDING.finditer(text)
        }

    async def judge_says(self, command: str, contains: str) -> str:
        await self.org.send(GROUP, command)
        return (await self.emu.wait_bot_message(GROUP, contains=contains)).plain

    def private(self, user: SimUser, contains: str) -> SimMessage | None:
        return self.find(user, contains, "")


def query(bot: RunningBot, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(bot.db_path) as conn:
        return conn.execute(sql).fetchall()
