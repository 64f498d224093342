"""A Story tournament's web board: its link from /board, the page showing both sides (who is
in, who waits, the captains) and whose turn it is, as the group's board does; a player leaves
his side with /drop before the start."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

from aiohttp import ClientSession

from tests.clock import ManualClock
from tests.e2e.drivers.story_club import DARK, GROUP, LIGHT, StoryClub
from tests.e2e.drivers.texts import ru
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import RunningBot, free_port

LINK = re.compile(r"https?://\S+/t/[A-Za-z0-9_-]+")


async def test_the_web_board_shows_both_sides(
    emu: BotApiEmulator, clock: ManualClock, tmp_path: Path
) -> None:
    bot = RunningBot(emu, tmp_path / "club.db", clock, organizer_ids="999", web_port=free_port())
    await bot.start()
    try:
        club = StoryClub(emu)
        created = await club.create("Сюжет <b>онлайн</b>", clock.now() + timedelta(days=4))
        for player, side in (("Ann", LIGHT), ("Bob", LIGHT), ("Eve", LIGHT)):
            await club.join(created, player, side)
        await club.join(created, "Hal", DARK)
        await club.users["Eve"].send(GROUP, "/drop")
        await emu.wait_bot_message(GROUP, contains=ru("story.drop_done", name="Eve"))
        await club.org.send(GROUP, "/begin")  # three players: too few (607.2)
        await emu.wait_bot_message(GROUP, contains=ru("story.too_few", needed=4, count=3))
        await club.join(created, "Cat", DARK)
        for captain in ("ann", "hal"):
            await club.org.send(GROUP, f"/captain @{captain}")
        await emu.wait_bot_message(GROUP, contains=ru("story.captain_named", name="Hal", side=DARK))
        await club.org.send(GROUP, "/begin")
        await club.name("Ann", 1, "Bob")
        await club.users["Ann"].send(GROUP, "/board")
        answer = await emu.wait_bot_message(GROUP, contains="/t/")
        link = LINK.search(answer.plain)
        assert link is not None, answer.plain
        async with ClientSession() as session, session.get(link.group(0)) as page:
            assert page.status == 200
            html = await page.text()
        assert "Сюжет &lt;b&gt;онлайн&lt;/b&gt;" in html  # the name as typed, escaped once
        assert "«Свет», атакует" in html and "«Тьма», защищается" in html
        assert "👑 Ann — ждёт пары" in html and "Cat — ждёт пары" in html
        assert "Eve —" not in html
        assert "Hal выбирает, кто сыграет против: Bob" in html  # whose turn it is
    finally:
        await bot.stop()
