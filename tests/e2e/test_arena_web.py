"""An Arena's web board: its link from /board, the page with the standings, the map of Laar in
words and the open challenges; the result on it approved by a person a judge authorised."""

from __future__ import annotations

import re
from pathlib import Path

from aiohttp import ClientSession

from tests.clock import ManualClock
from tests.e2e.drivers.arena_club import GROUP, NAMES, ArenaClub
from tests.e2e.drivers.texts import ru
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import RunningBot, free_port

LINK = re.compile(r"https?://\S+/t/[A-Za-z0-9_-]+")


async def test_the_web_board_shows_the_standings_and_the_open_challenges(
    emu: BotApiEmulator, clock: ManualClock, tmp_path: Path
) -> None:
    bot = RunningBot(emu, tmp_path / "club.db", clock, organizer_ids="999", web_port=free_port())
    await bot.start()
    try:
        club = ArenaClub(emu, clock, name="Арена <b>Лаара</b>")
        await club.create()
        for name in NAMES[:4]:
            await club.enter(name)
        # 605.6: a judge authorises a person, who then approves results (and entries)
        for judge, named in ((club.org, "Eve"), (club.users["Eve"], "Fay")):
            await judge.send(GROUP, f"/judge @{named.lower()}")
            # the name, then his @username in brackets
            added = ru("tournament.judge_added", tournament=club.name, judge=named)[:-1]
            await emu.wait_bot_message(GROUP, contains=added)
        club.judge = club.users["Fay"]
        await club.game("Ann", "Bob", "Ann")
        open_one = await club.challenge("Cat", "Dan", accept=True)
        # A player asks to enter privately: the request reaches the group's judges.
        gus = club.users["Gus"]
        await gus.send(gus.id, "/join")
        await gus.wait_message(contains=ru("arena.entry_sent"))
        asked = ru("arena.entry_asked", name="Gus", tournament=club.name)
        request = await emu.wait_bot_message(GROUP, contains=asked)
        no = await (await club.judge.press(request, ru("arena.btn_decline"))).answer()
        assert no.text == ru("arena.entry_declined", name="Gus")
        await gus.wait_message(contains=ru("arena.entry_declined_you", tournament=club.name))
        await club.users["Ann"].send(GROUP, "/board")
        answer = await emu.wait_bot_message(GROUP, contains="/t/")
        link = LINK.search(answer.plain)
        assert link is not None, answer.plain
        async with ClientSession() as session, session.get(link.group(0)) as page:
            assert page.status == 200
            html = await page.text()
        assert "Арена «Арена &lt;b&gt;Лаара&lt;/b&gt;»" in html  # the name as typed, escaped once
        assert "1. Ann — сейчас 6, всего 6" in html
        assert "Bob — сейчас 4, всего 4" in html
        assert f"Вызов №{open_one}: Cat — Dan" in html
        assert "10:An" in html and "1:An" in html  # sector 10 went to Ann with the game
    finally:
        await bot.stop()
