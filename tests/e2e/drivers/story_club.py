"""A club's Story Constructed tournament driven through the emulator: twelve players, the
organiser's wizard, sides joined with buttons, the captains' ballots, the captains' private
picks, games played by the players' own buttons, and 607.4.6's order and round robin
(``StoryClub``)."""

from __future__ import annotations

from datetime import datetime

from tests.e2e.drivers.texts import fixed, ru
from tests.e2e.emulator import BotApiEmulator, SimMessage, SimUser

GROUP = -100900
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lee"]
LIGHT, DARK = "Свет", "Тьма"
CARDS = "Название;Тип\nЛедяной ёж;Существо\nКаменный страж;Существо\n"
CONFIRM = "✅ Подтверждаю"


class StoryClub:
    def __init__(self, emu: BotApiEmulator) -> None:
        self.emu = emu
        self.org = emu.add_user(999, "Org", username="org")
        self.users: dict[str, SimUser] = {}
        for i, name in enumerate(NAMES, start=1):
            self.users[name] = emu.add_user(i, name, username=name.lower())
        emu.add_group(GROUP, "Club", members=[*self.users.values()], admins=[self.org])

    async def ask(self, key: str, answer: str) -> None:
        """The organiser answers the wizard's question ``key`` with a text."""
        await self.emu.wait_bot_message(GROUP, contains=fixed(key))
        await self.org.send(GROUP, answer)

    async def choose(self, key: str, label: str) -> None:
        """The organiser answers the wizard's question ``key`` with the button ``label``."""
        asked = await self.emu.wait_bot_message(GROUP, contains=fixed(key))
        await (await self.org.press(asked, label)).answer()

    async def create(self, name: str, start: datetime, dark_cards: str = CARDS) -> SimMessage:
        """The wizard: «Свет» attacks, «Тьма» has a card list, no own rules, 50 minutes."""
        await self.org.start()
        await self.org.wait_message(contains="")
        for user in self.users.values():
            await user.start()
            await user.wait_message()
        await self.org.send(GROUP, "/new")
        kinds = await self.emu.wait_bot_message(GROUP, contains=fixed("tournament.choose_kind"))
        await (await self.org.press(kinds, ru("tournament.kind_story"))).answer()
        await self.ask("story.wiz_name", name)
        await self.ask("story.wiz_side", LIGHT)
        await self.ask("story.wiz_side", DARK)
        await self.choose("story.wiz_attack", LIGHT)
        await self.ask("story.wiz_cards", "-")
        await self.ask("story.wiz_cards", dark_cards)
        await self.ask("story.wiz_start", start.strftime("%d.%m.%Y %H:%M"))
        await self.ask("story.wiz_rules", "-")
        await self.choose("story.wiz_time", "50")
        await self.choose("story.wiz_strict", ru("story.wiz_strict_amateur"))
        return await self.emu.wait_bot_message(GROUP, contains=fixed("story.created"))

    async def join(self, registration: SimMessage, player: str, side: str) -> None:
        user = self.users[player]
        answer = await (await user.press(registration, ru("story.btn_join", side=side))).answer()
        assert answer.text is not None and answer.text.startswith(fixed("story.join_joined")), (
            answer.text
        )

    def find(self, user: SimUser | int, contains: str, button: str = "") -> SimMessage | None:
        chat = user if isinstance(user, int) else user.id
        for message in reversed(self.emu.bot_messages(chat)):
            if contains in message.plain and (not button or button in message.button_labels):
                return message
        return None

    async def wait_find(self, user: SimUser | int, contains: str, button: str = "") -> SimMessage:
        return await self.emu.wait_for(lambda: self.find(user, contains, button))

    async def name(self, captain: str, round_no: int, player: str) -> SimMessage:
        """The attacking captain names ``player`` with his private button."""
        asked = ru("story.ask_name", round=round_no, side=LIGHT)
        message = await self.wait_find(self.users[captain], asked, player)
        answer = await (await self.users[captain].press(message, player)).answer()
        assert answer.text == ru("story.pick_named"), answer.text
        return message

    async def answer(self, captain: str, round_no: int, nominee: str, player: str) -> SimMessage:
        """The defending captain answers ``nominee`` with ``player``; the group sees the pair."""
        asked = ru("story.ask_answer", round=round_no, side=LIGHT, nominee=nominee)
        message = await self.wait_find(self.users[captain], asked, player)
        answer = await (await self.users[captain].press(message, player)).answer()
        assert answer.text == ru("story.pick_paired"), answer.text
        return message

    async def pair(self, round_no: int, a: str, d: str, table: int) -> None:
        await self.name("Ann", round_no, a)
        await self.answer("Hal", round_no, a, d)
        made = ru("story.pair_made", a=a, b=d, side_a=LIGHT, side_b=DARK, table=table)
        await self.emu.wait_bot_message(GROUP, contains=made)

    async def play(
        self, round_no: int, table: int, reporter: str, opponent: str, label: str
    ) -> None:
        """``reporter`` reports his game with ``label``; ``opponent`` confirms."""
        user = self.users[reporter]
        intro = f"Тур {round_no}, стол {table}:"
        message = await self.wait_find(user, intro, label)
        answer = await (await user.press(message, label)).answer()
        assert answer.text == ru("results.sent_for_confirmation"), answer.text
        other = self.users[opponent]
        label_of = f"({ru('story.label', round=round_no, table=table)})"
        request = await self.wait_find(other, label_of, CONFIRM)
        confirmed = await (await other.press(request, CONFIRM)).answer()
        assert confirmed.text == ru("results.final"), confirmed.text

    async def order(self, captain: str, contains: str, label: str) -> str:
        """The winning captain presses ``label`` under his 607.4.6 question; the answer."""
        user = self.users[captain]
        message = await self.wait_find(user, contains, label)
        answer = await (await user.press(message, label)).answer()
        return answer.text or ""

    async def report_robin(
        self, table: int, reporter: str, opponent: str, label: str
    ) -> SimMessage:
        """``reporter`` reports his round-robin game against ``opponent`` at ``table`` with his
        private message's button ``label``; the request his opponent gets: :meth:`robin_request`."""
        user = self.users[reporter]
        told = ru("story.your_robin_game", table=table, opponent=opponent)
        message = await self.wait_find(user, told, label)
        answer = await (await user.press(message, label)).answer()
        assert answer.text == ru("results.sent_for_confirmation"), answer.text
        return message

    async def robin_request(self, table: int, opponent: str) -> SimMessage:
        label_of = f"({ru('story.robin_label', table=table)})"
        return await self.wait_find(self.users[opponent], label_of, CONFIRM)

    async def play_robin(self, table: int, reporter: str, opponent: str, label: str) -> None:
        """A round-robin game reported by ``reporter`` and confirmed by ``opponent``."""
        await self.report_robin(table, reporter, opponent, label)
        request = await self.robin_request(table, opponent)
        confirmed = await (await self.users[opponent].press(request, CONFIRM)).answer()
        assert confirmed.text == ru("results.final"), confirmed.text
