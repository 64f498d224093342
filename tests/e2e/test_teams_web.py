"""A team event's web board: its link from /board, the page's own layout — each team match
with its games and where each stands (playing, awaiting confirmation, done with its result),
the team standings once a round is complete."""

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
        (a, b), (c, d) = first_match.boards
        assert f"<td>1)</td><td>{a} — {b}</td>" in html
        assert '<tr class="playing">' in html and "играют" in html
        assert "Регистрация" not in html and "Тур 1 из 3" in html
        # a game reported waits for the confirmation; a confirmed one is done with its result
        await club.play(1, first_match.table, 1, a, b, "Моя победа")
        user = club.users[c]
        told = await club.wait_find(user, "Тур 1: стол 1, доска 2,", "Моя победа")
        await (await user.press(told, "Моя победа")).answer()
        await emu.idle()
        async with ClientSession() as session, session.get(link.group(0)) as page:
            html = await page.text()
        assert f'<td>{a} — {b}</td><td><span class="st">сыграно 1:0</span>' in html
        assert f'<td>{c} — {d}</td><td><span class="st">ждёт подтверждения</span>' in html
    finally:
        await bot.stop()
