"""An Arena's web board: its link from /board, the page with the standings, the map of Laar
(a picture, its words as its alt) and the open challenges; the result on it approved by a
person a judge authorised."""

from __future__ import annotations

import asyncio
import base64
import io
import re
import threading
from pathlib import Path

import pytest
from aiohttp import ClientSession
from PIL import Image

import bot.arena.service as arena_service
from bot.pictures import canvas
from bot.pictures.laar import NEUTRAL, PALETTE, Cell, LaarMap, Legend, draw_laar_map
from tests.clock import ManualClock
from tests.e2e.drivers.arena_club import GROUP, NAMES, ArenaClub
from tests.e2e.drivers.texts import ru
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import RunningBot, free_port

LINK = re.compile(r"https?://\S+/t/[A-Za-z0-9_-]+")
PNG = re.compile(
    r'<img class="picture" alt="([^"]*)" src="data:image/png;base64,([A-Za-z0-9+/=]+)">'
)


def rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


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


async def test_the_web_board_shows_the_map_drawn_off_the_event_loop(
    emu: BotApiEmulator, clock: ManualClock, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page carries the map of Laar as a PNG (each sector in its owner's colour); it is
    drawn in a worker thread, and while it draws a judge's press is answered."""
    drawing, done = threading.Event(), threading.Event()
    threads: list[threading.Thread] = []

    def held_drawing(picture: LaarMap) -> bytes:
        threads.append(threading.current_thread())
        drawing.set()
        assert done.wait(30)  # held until the press below was answered
        return draw_laar_map(picture)

    monkeypatch.setattr(arena_service, "draw_laar_map", held_drawing)
    bot = RunningBot(emu, tmp_path / "club.db", clock, organizer_ids="999", web_port=free_port())
    await bot.start()
    try:
        club = ArenaClub(emu, clock)
        await club.create()
        for name in NAMES[:4]:
            await club.enter(name)
        await club.game("Ann", "Bob", "Ann")  # sector 10 goes to Ann
        await club.users["Ann"].send(GROUP, "/board")
        link = LINK.search((await emu.wait_bot_message(GROUP, contains="/t/")).plain)
        assert link is not None
        async with ClientSession() as session:
            fetched = asyncio.create_task(session.get(link.group(0)))
            await emu.wait_for(drawing.is_set, timeout=30)
            await club.enter("Eve")  # a judge's press, answered while the map is drawn
            assert not fetched.done()
            done.set()
            async with await fetched as page:
                assert page.status == 200
                assert "img-src data:" in page.headers["Content-Security-Policy"]
                html = await page.text()
            assert len(threads) == 1
            # Eve came in since: a new version, drawn once for two readers at once
            again = await asyncio.gather(*(session.get(link.group(0)) for _ in range(2)))
            for response in again:
                assert "Eve" in (await response.text())
                response.release()
        assert len(threads) == 2
        assert all(t is not threading.main_thread() for t in threads)
    finally:
        done.set()
        await bot.stop()
    found = PNG.search(html)
    assert found is not None
    assert "10:An" in found.group(1)  # the map in words is the picture's alt
    image = Image.open(io.BytesIO(base64.b64decode(found.group(2)))).convert("RGB")
    # the page was read before Eve came in: four players, their 20 sectors
    owners = [0] * 5 + [1] * 4 + [0] + [2] * 5 + [3] * 5
    cells = tuple(Cell(n, PALETTE[o]) for n, o in enumerate(owners, start=1))
    shape = LaarMap("", cells, tuple(Legend("", 5, NEUTRAL) for _ in range(4)), "")
    width, height = shape.size
    assert image.size == (round(width * canvas.DPI), round(height * canvas.DPI))
    for index, cell in enumerate(cells):
        assert image.getpixel(shape.pixel(index)) == rgb(cell.colour), cell
