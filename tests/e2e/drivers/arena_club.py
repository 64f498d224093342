"""A club's Arena (605) driven through the emulator: eight players, the organiser's wizard,
entries a judge approves with a button, challenges answered privately, results reported,
confirmed and approved by the judge; the days moved by the test clock (``ArenaClub``)."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from tests.clock import ManualClock
from tests.e2e.drivers.texts import fixed, ru
from tests.e2e.emulator import BotApiEmulator, SimMessage, SimUser

GROUP = -100900
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
ZONE = ZoneInfo("Europe/Moscow")
ARENA = "Арена Лаара"


class ArenaClub:
    def __init__(self, emu: BotApiEmulator, clock: ManualClock, name: str = ARENA) -> None:
        self.emu = emu
        self.name = name
        self.clock = clock
        self.org = emu.add_user(999, "Org", username="org")
        #: who approves results (a judge of the Arena)
        self.judge = self.org
        self.users: dict[str, SimUser] = {}
        for i, name in enumerate(NAMES, start=1):
            self.users[name] = emu.add_user(i, name, username=name.lower())
        emu.add_group(GROUP, "Club", members=[*self.users.values()], admins=[self.org])
        self.start = clock.now().astimezone(ZONE).date()

    async def create(self) -> SimMessage:
        """The wizard: the name, today as the start date, the prizes."""
        await self.org.start()
        await self.org.wait_message(contains="")
        for user in self.users.values():
            await user.start()
            await user.wait_message()
        await self.org.send(GROUP, "/new")
        kinds = await self.emu.wait_bot_message(GROUP, contains=fixed("tournament.choose_kind"))
        await (await self.org.press(kinds, ru("tournament.kind_arena"))).answer()
        await self.emu.wait_bot_message(GROUP, contains=fixed("arena.wiz_name"))
        await self.org.send(GROUP, self.name)
        asked = await self.emu.wait_bot_message(GROUP, contains=fixed("arena.wiz_start"))
        await (await self.org.press(asked, self.start.strftime("%d.%m"))).answer()
        await self.emu.wait_bot_message(GROUP, contains=fixed("arena.wiz_prizes_ask"))
        await self.org.send(GROUP, "8 — одна карта, 10 — две, 12 — три")
        return await self.emu.wait_bot_message(GROUP, contains=fixed("arena.created"))

    async def enter(self, name: str, *, again: bool = False) -> None:
        """``name`` asks with /join; the judge approves with the button."""
        await self.users[name].send(GROUP, "/join")
        asked = ru("arena.entry_asked", name=name, tournament=self.name)
        ask = await self.emu.wait_bot_message(GROUP, contains=asked)
        answer = await (await self.org.press(ask, ru("arena.btn_enter"))).answer()
        assert answer.text == ru("arena.entry_done", name=name), answer.text
        key = "arena.entered_again" if again else "arena.entered"
        await self.emu.wait_bot_message(GROUP, contains=ru(key, name=name, sectors=5))

    def find(self, user: SimUser, contains: str, button: str = "") -> SimMessage | None:
        for message in reversed(self.emu.bot_messages(user.id)):
            if contains in message.plain and (not button or button in message.button_labels):
                return message
        return None

    async def wait_find(self, user: SimUser, contains: str, button: str = "") -> SimMessage:
        return await self.emu.wait_for(lambda: self.find(user, contains, button))

    async def challenge(
        self, a: str, b: str, *, accept: bool | None, by_button: bool = False
    ) -> int:
        """``a`` challenges ``b``; ``b`` accepts, refuses, or (``None``) does not answer.
        Returns the challenge's number."""
        seen = len(self.emu.bot_messages(self.users[b].id))
        if by_button:  # his own /arena, privately: a button on each player he may challenge
            challenger = self.users[a]
            await challenger.send(challenger.id, "/arena")
            view = await challenger.wait_message(contains=fixed("arena.me_sectors"))
            sent = await (await challenger.press(view, f"⚔️ {b}")).answer()
            assert sent.text == ru("arena.challenge_sent", name=b), sent.text
        else:
            await self.users[a].send(GROUP, f"/challenge @{b.lower()}")
            await self.emu.wait_bot_message(GROUP, contains=ru("arena.challenge_sent", name=b))

        def new() -> SimMessage | None:
            fresh = self.emu.bot_messages(self.users[b].id)[seen:]
            return next((m for m in fresh if f"Вызывает: {a}." in m.plain), None)

        asked = await self.emu.wait_for(new)
        number = int(asked.plain.split("Вызов №", 1)[1].split()[0])
        if accept is None:
            return number
        label = ru("arena.btn_accept" if accept else "arena.btn_refuse")
        await (await self.users[b].press(asked, label)).answer()
        key = "arena.accepted" if accept else "arena.refused"
        await self.wait_find(self.users[a], ru(key, name=b, id=number))
        return number

    async def report(self, number: int, reporter: str, opponent: str, label: str, fmt: str) -> None:
        """``reporter`` names the format and reports; ``opponent`` confirms."""
        user = self.users[reporter]
        intro = f"Партия по вызову №{number},"
        message = await self.wait_find(user, intro, label)
        fmt_label = ru(f"arena.format_{fmt}")
        named = await (await user.press(message, fmt_label)).answer()
        assert named.text == ru("arena.format_named", format=fmt_label), named.text
        answer = await (await user.press(self.emu.current(message), label)).answer()
        assert answer.text == ru("results.sent_for_confirmation"), answer.text
        other = self.users[opponent]
        request = await self.wait_find(other, f"вызов №{number}", "✅ Подтверждаю")
        confirmed = await (await other.press(request, "✅ Подтверждаю")).answer()
        assert confirmed.text == ru("results.final"), confirmed.text

    async def approve(self, number: int) -> None:
        """The judge approves the result waiting in the group."""

        def waiting() -> SimMessage | None:
            label = ru("arena.btn_approve")
            for message in reversed(self.emu.bot_messages(GROUP)):
                if label in message.button_labels:
                    data = str(message.find_button(label)["callback_data"])
                    if data.endswith(f":{number}"):
                        return message
            return None

        ask = await self.emu.wait_for(waiting)
        answer = await (await self.judge.press(ask, ru("arena.btn_approve"))).answer()
        assert answer.text == ru("arena.approved", id=number), answer.text

    async def game(
        self, a: str, b: str, winner: str | None, fmt: str = "classic", *, by_button: bool = False
    ) -> int:
        """A whole game: challenged, accepted, reported by ``a``, confirmed, approved."""
        number = await self.challenge(a, b, accept=True, by_button=by_button)
        label = "Ничья" if winner is None else ("Моя победа" if winner == a else "Моё поражение")
        await self.report(number, a, b, label, fmt)
        await self.approve(number)
        return number

    def day_map(self, day: int) -> SimMessage | None:
        """The group's map of Laar after day ``day`` (counted from 1, as people do): drawn in a
        worker thread, it may come after the next day's post."""
        caption = ru("pictures.laar_caption_day", name=self.name, day=day)
        for message in reversed(self.emu.bot_messages(GROUP)):
            if message.photo is not None and caption in (message.caption or ""):
                return message
        return None

    def midnight(self, day: int) -> datetime:
        """The club's midnight that begins day ``day`` of the Arena."""
        return datetime.combine(self.start + timedelta(days=day), time(0), tzinfo=ZONE)

    async def to_day(self, day: int, hour: int = 12) -> SimMessage:
        """Move the clock to ``hour`` o'clock of day ``day``; every day's end on the way fires.
        Returns the group's post of the day before's end."""
        self.clock.set(self.midnight(day) + timedelta(hours=hour))
        said = ru("arena.day_over", day=day, tournament=self.name)
        post = await self.emu.wait_bot_message(GROUP, contains=said, timeout=20)

        await self.emu.wait_for(lambda: self.day_map(day), timeout=20)
        await self.emu.idle(timeout=20)
        return post
