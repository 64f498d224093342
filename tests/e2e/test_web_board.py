"""The live web board in a real browser (headless Chromium): each kind of tournament at a
phone's size and a TV's, its text against the tournament, a result confirmed through the bot
on the open page within 2 s, a TV page that never scrolls. Screenshots: artifacts/screenshots."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.formats import Money
from tests.clock import ManualClock
from tests.e2e.drivers import koth_club, swiss_club
from tests.e2e.drivers.texts import fixed, round_title, ru
from tests.e2e.emulator import BotApiEmulator, SimUser
from tests.e2e.harness import RunningBot
from tests.e2e.web_browser import LINK, PHONE, TV, chromium, free_port, rows, scrolls, shot

LIVE_MS = 2000


async def board_link(emu: BotApiEmulator, user: SimUser, chat: int) -> str:
    await user.send(chat, "/board")
    answer = await emu.wait_bot_message(chat, contains="/t/")
    found = LINK.search(answer.plain)
    assert found is not None, answer.plain
    return found.group(0)


def first_row_shows(text: str) -> str:
    """A page's script: true once the first row of its pairings shows ``text``."""
    row = "document.querySelector('section.pairings tbody tr').innerText"
    return f"() => {row}.includes({json.dumps(text)})"


async def test_koth_board_phone_and_tv_live(emu: BotApiEmulator, web_bot: RunningBot) -> None:
    org, (ann, bob, *_others) = await koth_club.setup_club(emu)
    mark = emu.mark()
    await koth_club.begin_tournament(emu, org)
    await emu.wait_bot_message(koth_club.GROUP, contains=f"{fixed('koth.pair')} 1:")
    url = await board_link(emu, ann, koth_club.GROUP)
    assert "/t/1" not in url  # a token, not the tournament's number
    async with chromium() as browser:
        phone = await browser.new_page(viewport=PHONE)
        await phone.goto(url)
        text = await phone.inner_text("main")
        assert "Царь горы" in text and "Пятничный" in text
        assert "Основное время" in text and "Круг 1" in text
        assert f"Призовой фонд: {Money(5000).text('ru')}" in text
        table = await phone.inner_text("section.table")
        assert "Ann" in table and koth_club.BOB in table  # the name as typed, markup shown
        queue = await phone.inner_text("section.queue")
        assert queue.split("\n") == ["Очередь", "Cid", "Dan", "Eve", "конец круга"]
        assert await rows(phone, "players") == [
            ["1", "Ann", "0", "4", "4"],
            ["2", koth_club.BOB, "0", "3", "3"],
            ["3", "Cid", "0", "4", "4"],
            ["4", "Dan", "0", "4", "4"],
            ["5", "Eve", "0", "4", "4"],
        ]
        # the bot's clock stands still (a test clock); the page's ticks on from the bot's time
        assert await phone.inner_text(".clock .time") in ("4:00:00", "3:59:59", "3:59:58")
        await shot(phone, "koth-phone")
        tv = await browser.new_page(viewport=TV)
        await tv.goto(url + "?tv=1")
        assert not await scrolls(tv)

        await koth_club.win(emu, 1, ann, bob, since=mark)
        confirmed = time.monotonic()
        await phone.wait_for_function(
            """() => [...document.querySelectorAll('section.players tbody tr')].some(
                r => r.cells[1].innerText.startsWith('Ann') && r.cells[2].innerText === '1')""",
            timeout=LIVE_MS,
        )
        await tv.wait_for_function(
            "() => document.querySelector('section.table').innerText.includes('Cid')",
            timeout=LIVE_MS,
        )
        assert time.monotonic() - confirmed < LIVE_MS / 1000
        assert (await rows(phone, "players"))[0] == ["1", "Ann 👑", "1", "4", "3"]
        assert "Король" in await phone.inner_text("section.table")
        assert not await scrolls(tv)
        await shot(phone, "koth-phone")
        await shot(tv, "koth-tv")


async def test_swiss_board_phone_and_tv_live(emu: BotApiEmulator, web_bot: RunningBot) -> None:
    club = await swiss_club.registered(emu, players=8, rounds="3")
    await club.org.send(swiss_club.GROUP, "/begin")
    board = await emu.wait_for(lambda: club.board(round_title(1, 3)))
    tables = club.tables(board)
    url = await board_link(emu, club.users["Ann"], swiss_club.GROUP)
    async with chromium() as browser:
        phone = await browser.new_page(viewport=PHONE)
        await phone.goto(url)
        text = await phone.inner_text("main")
        assert "Кубок <b>клуба</b>" in text and "Тур 1 из 3" in text
        assert "До конца тура" in text
        pairings = await rows(phone, "pairings")
        assert [(int(n), pair, state) for n, pair, state in pairings] == [
            (n, f"{a} — {b}", "играют") for n, a, b, _ in tables
        ]
        assert sorted(r[1] for r in await rows(phone, "standings")) == sorted(club.users)
        tv = await browser.new_page(viewport=TV)
        await tv.goto(url + "?tv=1")
        assert not await scrolls(tv)

        _, a, b, _ = tables[0]
        await club.report(1, 1, a, "Моя победа")
        await phone.wait_for_function(
            first_row_shows(fixed("web.state_waiting")),
            timeout=LIVE_MS,
        )
        assert await club.confirm(1, 1, b, "✅ Подтверждаю") == "Результат принят."
        confirmed = time.monotonic()
        for page in (phone, tv):
            await page.wait_for_function(
                first_row_shows(ru("web.state_done", result="1:0")),
                timeout=LIVE_MS,
            )
        assert time.monotonic() - confirmed < LIVE_MS / 1000
        standings = await rows(phone, "standings")
        assert standings[0][1:3] == [a, "3"]
        assert not await scrolls(tv)
        await shot(phone, "swiss-phone")
        await shot(tv, "swiss-tv")


@pytest.fixture
async def public_bot(
    emu: BotApiEmulator, clock: ManualClock, tmp_path: Path
) -> AsyncIterator[RunningBot]:
    running = RunningBot(
        emu,
        tmp_path / "club.db",
        clock,
        organizer_ids="999",
        web_port=free_port(),
        public_url="https://club.example",
    )
    await running.start()
    yield running
    await running.stop()


async def test_mini_app_button_private_url_button_in_the_group(
    emu: BotApiEmulator, public_bot: RunningBot
) -> None:
    """With an https PUBLIC_URL the group board carries a URL button to the page (Telegram
    allows Mini App buttons in private chats only: the emulator refuses them in a group), and
    /board in the private chat answers with the Mini App button; both open the same page."""
    org, (ann, *_others) = await koth_club.setup_club(emu)
    board = await koth_club.begin_tournament(emu, org)
    button = board.find_button("📺 Табло")
    assert set(button) == {"text", "url"}
    assert LINK.fullmatch(button["url"]) and button["url"].startswith("https://club.example/t/")
    await ann.send(ann.id, "/board")
    answer = await ann.wait_message(contains="/t/")
    mini = answer.find_button("📺 Табло")
    assert mini["web_app"] == {"url": button["url"]}
    assert button["url"] in answer.plain
    await org.send(koth_club.GROUP, "/board")
    in_group = await emu.wait_bot_message(koth_club.GROUP, contains=fixed("web.link"))
    assert in_group.find_button("📺 Табло")["url"] == button["url"]


async def test_the_card_tournaments_group_board_has_the_button(
    emu: BotApiEmulator, public_bot: RunningBot
) -> None:
    club = await swiss_club.registered(emu, players=4, rounds="3")
    await club.org.send(swiss_club.GROUP, "/begin")
    board = await emu.wait_for(lambda: club.board(round_title(1, 3)))
    button = board.find_button("📺 Табло")
    assert LINK.fullmatch(button["url"]) and button["url"].startswith("https://club.example/t/")
    tables = club.tables(board)
    _, a, b, _ = tables[0]
    await club.report(1, 1, a, "Моя победа")
    assert await club.confirm(1, 1, b, "✅ Подтверждаю") == "Результат принят."

    def edited() -> bool:
        shown = emu.chat(swiss_club.GROUP).messages[board.message_id]
        return "✅ 1:0" in shown.plain and shown.find_button("📺 Табло")["url"] == button["url"]

    await emu.wait_for(edited)  # the edited board keeps its button
