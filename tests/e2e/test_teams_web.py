"""A team event's web board: its link from /board, the page showing the round's team matches
and their games as the group's board does."""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path

from aiohttp import ClientSession

from tests.clock import ManualClock
from tests.e2e.drivers.teams_club import GROUP, TeamsClub
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import RunningBot, free_port

LINK = re.compile(r"https?://\S+/t/[A-Za-z0-9_-]+")


async def test_the_web_board_shows_the_team_matches(
    emu: BotApiEmulator, clock: ManualClock, tmp_path: Path
) -> None:
    bot = RunningBot(emu, tmp_path / "club.db", clock, organizer_ids="999", web_port=free_port())
    await bot.start()
    try:
        club = TeamsClub(emu, players=8)
        await club.create(name="Кубок <b>команд</b>")
        pairs = [("Ann", "Bob"), ("Cat", "Dan"), ("Eve", "Fay"), ("Gus", "Hal")]
        for n, (first, second) in enumerate(pairs, start=1):
            await club.org.send(GROUP, f"/add @{first.lower()} @{second.lower()} Команда{n}")
            await emu.wait_bot_message(GROUP, contains=f"«Команда{n}»")
        await club.begin()
        board = await emu.wait_for(partial(club.board, 1))
        (first_match, _) = club.matches(board)
        await club.users["Ann"].send(GROUP, "/board")
        answer = await emu.wait_bot_message(GROUP, contains="/t/")
        link = LINK.search(answer.plain)
        assert link is not None, answer.plain
        async with ClientSession() as session, session.get(link.group(0)) as page:
            assert page.status == 200
            html = await page.text()
        assert "Кубок &lt;b&gt;команд&lt;/b&gt;" in html  # the name as typed, escaped once
        assert f"«{first_match.a}» — «{first_match.b}»" in html
        (a, b), _ = first_match.boards
        assert f"1) {a} — {b}: …" in html
    finally:
        await bot.stop()
