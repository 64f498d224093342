"""A Swiss club driven through the emulator: the group, its organiser and players, the wizard,
registration, rounds played by buttons (``Club``), and the texts naming a pairing."""

from __future__ import annotations

import re

from tests.e2e.drivers.texts import fixed, ru
from tests.e2e.emulator import BotApiEmulator, SimMessage, SimUser

GROUP = -100700
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Kit", "Lou", "Max"]
BOARD_LINE = re.compile(r"Стол (\d+)  (.+?) \(#?([\d,]+)\) — (.+?) \(#?([\d,]+)\)  (.*)")


Rnd = int | str
"""A Swiss round's number, or a Top round's name ("ТОП: полуфинал")."""


def pairing_of(round_no: Rnd, table: int) -> str:
    """The start of a player's pairing message."""
    if isinstance(round_no, str):
        return f"{round_no}, стол {table},"
    return f"Тур {round_no}: стол {table},"


def game_label(round_no: Rnd, table: int) -> str:
    """How confirmations name the game."""
    if isinstance(round_no, str):
        return f"({ru('swiss.label_top', table=table, round=round_no)})"
    return f"({ru('swiss.label', table=table, round=round_no)})"


class Club:
    """The group, its organiser and the players, with helpers to play rounds quickly."""

    def __init__(self, emu: BotApiEmulator, players: int = 9, silent: tuple[str, ...] = ()) -> None:
        self.emu = emu
        self.org = emu.add_user(999, "Org", username="org")
        self.users: dict[str, SimUser] = {}
        for i, name in enumerate(NAMES[:players], start=1):
            self.users[name] = emu.add_user(i, name, username=name.lower())
        self.silent = silent  # never started the bot: messages come through the group
        emu.add_group(GROUP, "Club", members=[*self.users.values()], admins=[self.org])

    async def create(
        self,
        rounds: str = "4",
        top: str = "4",
        fmt: str = "Констрактед",
        game: str = "Классический Берсерк",
        k: str = "Обычный (16)",
        kind: str = "Открытый: играет любой",
        auto: str = "",
        strictness: str = "Любительский (без дэк-листов)",
        sub: str = "Классика",
        name: str = "Кубок <b>клуба</b>",
    ) -> SimMessage:
        await self.org.start()
        await self.org.wait_message(contains="")
        for who, user in self.users.items():
            if who not in self.silent:
                await user.start()
                await user.wait_message()
        await self.org.send(GROUP, "/new")
        kinds = await self.emu.wait_bot_message(GROUP, contains=fixed("tournament.choose_kind"))
        await (await self.org.press(kinds, "🃏 Берсерк: швейцарка + ТОП")).answer()
        await self.emu.wait_bot_message(GROUP, contains=fixed("swiss.wiz_name"))
        await self.org.send(GROUP, name)
        steps = [
            (fixed("swiss.wiz_fmt"), fmt),
            (fixed("swiss.wiz_sub"), sub),
            (fixed("swiss.wiz_strict"), strictness),
            (fixed("swiss.wiz_rounds"), rounds),
            (fixed("swiss.wiz_top"), top),
            (fixed("swiss.wiz_time"), "50"),
            (fixed("swiss.wiz_tb"), "Бухгольц, усечённый Бухгольц, победы, личная встреча"),
            (fixed("swiss.wiz_game"), game),
            (fixed("swiss.wiz_k"), k),
            (fixed("swiss.wiz_kind"), kind),
        ]
        if auto:
            steps.append((fixed("swiss.wiz_auto"), auto))
        for question, label in steps:
            asked = await self.emu.wait_bot_message(GROUP, contains=question)
            await (await self.org.press(asked, label)).answer()
        return await self.emu.wait_bot_message(GROUP, contains=fixed("swiss.created", -1))

    async def register_all(self, created: SimMessage) -> None:
        for user in self.users.values():
            answer = await (await user.press(created, "✋ Участвую")).answer()
            assert answer.text is not None and "вы в турнире" in answer.text

    def board(self, title: str) -> SimMessage | None:
        """The newest board with ``title`` (not a settled game's line that names the round)."""
        for message in reversed(self.emu.bot_messages(GROUP)):
            if title in message.plain and BOARD_LINE.search(message.plain):
                return message
        return None

    def tables(self, board: SimMessage) -> list[tuple[int, str, str, str]]:
        return [
            (int(m.group(1)), m.group(2), m.group(4), m.group(6))
            for m in BOARD_LINE.finditer(board.plain)
        ]

    def find(self, user: SimUser, contains: str, button: str) -> SimMessage | None:
        """The newest message to ``user`` (private, or the group with his mention) that has
        ``button`` among its buttons (any message when ``button`` is empty)."""
        for chat in (user.id, GROUP):
            for message in reversed(self.emu.bot_messages(chat)):
                if contains not in message.plain:
                    continue
                if button and button not in message.button_labels:
                    continue
                if chat == user.id or message.plain.startswith(user.first_name + "\n"):
                    return message
        return None

    async def wait_find(self, user: SimUser, contains: str, button: str) -> SimMessage:
        return await self.emu.wait_for(lambda: self.find(user, contains, button))

    async def report(self, round_no: Rnd, table: int, reporter: str, label: str) -> None:
        user = self.users[reporter]
        pairing = await self.wait_find(user, pairing_of(round_no, table), label)
        answer = await (await user.press(pairing, label)).answer()
        assert answer.text == ru("results.sent_for_confirmation"), answer.text

    async def confirm(self, round_no: Rnd, table: int, confirmer: str, label: str) -> str:
        user = self.users[confirmer]
        request = await self.wait_find(user, game_label(round_no, table), label)
        answer = await (await user.press(request, label)).answer()
        return answer.text or ""

    async def play(
        self, round_no: Rnd, title: str, skip: tuple[int, ...] = (), won: str = "Моя победа"
    ) -> list[tuple[int, str, str, str]]:
        """Every table except ``skip``: the first player wins (``won``), the opponent confirms."""
        board = await self.emu.wait_for(lambda: self.board(title))
        tables = self.tables(board)
        for table, a, b, _ in tables:
            if table in skip:
                continue
            await self.report(round_no, table, a, won)
            assert await self.confirm(round_no, table, b, "✅ Подтверждаю") == ru("results.final")
        await self.emu.idle()
        return tables


async def registered(
    emu: BotApiEmulator, players: int = 4, rounds: str = "3", top: str = "Без ТОПа"
) -> Club:
    """A club whose tournament has its registration done (the default: no Top)."""
    club = Club(emu, players=players)
    await club.register_all(await club.create(rounds=rounds, top=top))
    return club
