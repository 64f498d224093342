"""A club's team event driven through the emulator: twelve players, the organiser's wizard,
teams entered with ``/team`` (the partner confirms) and ``/add``, rounds read from the group's
board and played by the players' own buttons (``TeamsClub``)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from tests.e2e.drivers.texts import fixed, ru
from tests.e2e.emulator import BotApiEmulator, SimMessage, SimUser

GROUP = -100800
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lee"]
NAMES += ["Max", "Ned", "Oli", "Pat"]
MATCH_LINE = re.compile(r"Стол (\d+)\s+«(.+?)» — «(.+?)»")
GAME_LINE = re.compile(r"^\s*(\d)\) (\S+) — (\S+): (.*)$", re.M)


@dataclass(frozen=True, slots=True)
class Match:
    """A team match as the group's board shows it: its table, teams, and each board's players."""

    table: int
    a: str
    b: str
    boards: tuple[tuple[str, str], tuple[str, str]]


def game_label(round_no: int, table: int, board: int) -> str:
    """How a confirmation request names a game of a team match."""
    if board == 3:
        return f"({ru('teams.label_deciding', table=table, round=round_no)})"
    return f"({ru('teams.label', table=table, board=board, round=round_no)})"


class TeamsClub:
    def __init__(self, emu: BotApiEmulator, players: int = 12) -> None:
        self.emu = emu
        self.org = emu.add_user(999, "Org", username="org")
        self.users: dict[str, SimUser] = {}
        for i, name in enumerate(NAMES[:players], start=1):
            self.users[name] = emu.add_user(i, name, username=name.lower())
        emu.add_group(GROUP, "Club", members=[*self.users.values()], admins=[self.org])

    async def create(
        self,
        name: str = "Командный кубок",
        scoring: str = "",
        rounds: str = "3",
        decks: str = "",
        boosters: str = "",
        top: str = "",
    ) -> SimMessage:
        """The wizard: Team Sealed (``scoring``), with ``boosters`` («12+12+12») Team Draft,
        or with ``decks`` a duel-set release."""
        await self.org.start()
        await self.org.wait_message(contains="")
        for user in self.users.values():
            await user.start()
            await user.wait_message()
        await self.org.send(GROUP, "/new")
        kinds = await self.emu.wait_bot_message(GROUP, contains=fixed("tournament.choose_kind"))
        await (await self.org.press(kinds, ru("tournament.kind_teams"))).answer()
        await self.emu.wait_bot_message(GROUP, contains=fixed("teams.wiz_name"))
        await self.org.send(GROUP, name)
        fmt = ru(
            "teams.wiz_fmt_duel_sets"
            if decks
            else "teams.wiz_fmt_team_draft"
            if boosters
            else "teams.wiz_fmt_team_sealed"
        )
        asked = await self.emu.wait_bot_message(GROUP, contains=fixed("teams.wiz_fmt"))
        await (await self.org.press(asked, fmt)).answer()
        if decks:
            await self.emu.wait_bot_message(GROUP, contains=fixed("teams.wiz_decks"))
            await self.org.send(GROUP, decks)
        else:
            asked = await self.emu.wait_bot_message(GROUP, contains=fixed("teams.wiz_score"))
            await (await self.org.press(asked, scoring or ru("teams.wiz_score_by_match"))).answer()
        if boosters:
            asked = await self.emu.wait_bot_message(GROUP, contains=fixed("teams.wiz_boost"))
            await (await self.org.press(asked, boosters)).answer()
        steps = [
            (fixed("teams.wiz_rounds"), rounds),
            (fixed("teams.wiz_top"), top or ru("teams.wiz_top_0")),
            (fixed("teams.wiz_time"), "70"),
        ]
        for question, label in steps:
            asked = await self.emu.wait_bot_message(GROUP, contains=question)
            await (await self.org.press(asked, label)).answer()
        return await self.emu.wait_bot_message(GROUP, contains=fixed("teams.created"))

    async def begin(self) -> SimMessage:
        """``/begin`` (the group is told round 1's seed), then Team Sealed's ``/next_round``
        pairing round 1 (its product opened: no deck list is required here)."""
        await self.org.send(GROUP, "/begin")
        begun = await self.emu.wait_bot_message(GROUP, contains=fixed("teams.begun"))
        assert ru("teams.begun_sealed") in begun.plain, begun.plain
        await self.org.send(GROUP, "/next_round")
        return begun

    async def team(self, first: str, second: str, name: str) -> None:
        """``first`` names ``second`` with ``/team``; ``second`` confirms privately."""
        await self.users[first].send(GROUP, f"/team @{second.lower()} {name}")
        await self.emu.wait_bot_message(GROUP, contains=f"«{name}»")
        ask = await self.users[second].wait_message(contains=f"«{name}»")
        answer = await (await self.users[second].press(ask, ru("teams.btn_accept"))).answer()
        assert answer.text == ru("teams.offer_joined"), answer.text
        told = ru("teams.team_in", team=name, first=first, second=second)
        await self.emu.wait_bot_message(GROUP, contains=told)  # the group is told

    async def team_offer(self, first: str, second: str, name: str) -> None:
        """``first`` names ``second`` after the start; ``second`` confirms: the organisers are
        asked to let the team in."""
        await self.users[first].send(GROUP, f"/team @{second.lower()} {name}")
        ask = await self.users[second].wait_message(contains=f"«{name}»")
        answer = await (await self.users[second].press(ask, ru("teams.btn_accept"))).answer()
        assert answer.text == ru("teams.offer_asked"), answer.text

    async def duel_team(self, first: str, deck1: str, second: str, deck2: str, name: str) -> None:
        """A duel-set team: ``first`` names ``second`` and picks ``deck1``; the partner answers
        by picking ``deck2``."""
        await self.users[first].send(GROUP, f"/team @{second.lower()} {name}")
        mine = await self.users[first].wait_message(contains=ru("teams.deck_ask", team=name))
        answer = await (
            await self.users[first].press(mine, ru("teams.btn_deck", deck=deck1))
        ).answer()
        assert answer.text == ru("teams.offer_waiting"), answer.text
        ask = await self.users[second].wait_message(contains=f"«{name}»")
        label = ru("teams.btn_deck", deck=deck2)
        answer = await (await self.users[second].press(ask, label)).answer()
        assert answer.text == ru("teams.offer_joined"), answer.text
        told = ru("teams.team_in", team=name, first=first, second=second)
        await self.emu.wait_bot_message(GROUP, contains=told)  # the group is told

    def board(self, round_no: int) -> SimMessage | None:
        """The newest group board of round ``round_no``."""
        title = f"тур {round_no} из"
        for message in reversed(self.emu.bot_messages(GROUP)):
            if title in message.plain and MATCH_LINE.search(message.plain):
                return message
        return None

    def matches(self, board: SimMessage) -> list[Match]:
        found: list[Match] = []
        lines = board.plain.splitlines()
        for index, line in enumerate(lines):
            head = MATCH_LINE.search(line)
            if head is None:
                continue
            games = [GAME_LINE.match(lines[index + k]) for k in (1, 2)]
            assert all(games), lines[index : index + 3]
            pairs = tuple((g.group(2), g.group(3)) for g in games if g is not None)
            assert len(pairs) == 2
            found.append(
                Match(int(head.group(1)), head.group(2), head.group(3), (pairs[0], pairs[1]))
            )
        return found

    def find(self, user: SimUser, contains: str, button: str) -> SimMessage | None:
        for message in reversed(self.emu.bot_messages(user.id)):
            if contains in message.plain and (not button or button in message.button_labels):
                return message
        return None

    async def wait_find(self, user: SimUser, contains: str, button: str) -> SimMessage:
        return await self.emu.wait_for(lambda: self.find(user, contains, button))

    async def play(
        self, round_no: int, table: int, board: int, reporter: str, opponent: str, label: str
    ) -> None:
        """``reporter`` reports his game with ``label``; ``opponent`` confirms."""
        user = self.users[reporter]
        if board == 3:
            intro = ru("teams.deciding_ask", round=round_no, table=table, opponent=opponent)
        else:
            intro = f"Тур {round_no}: стол {table}, доска {board},"
        message = await self.wait_find(user, intro, label)
        answer = await (await user.press(message, label)).answer()
        assert answer.text == ru("results.sent_for_confirmation"), answer.text
        other = self.users[opponent]
        request = await self.wait_find(other, game_label(round_no, table, board), "✅ Подтверждаю")
        confirmed = await (await other.press(request, "✅ Подтверждаю")).answer()
        assert confirmed.text == ru("results.final"), confirmed.text
