"""The web board's page in a real browser, without a bot: the TV's paging of a long table and
Telegram's theme colours (``bot.web.page``)."""

from __future__ import annotations

import json
from urllib.parse import quote

from aiohttp import web

from bot.texts import Texts
from bot.web.page import page
from bot.web.render import Board, row, section, table
from tests.e2e.web_browser import PHONE, TV, chromium, free_port, scrolls, shot

TEXTS = Texts("ru")


def long_board(players: int) -> Board:
    rows = [row([str(n), f"Игрок {n}", "3", "4", "1"]) for n in range(1, players + 1)]
    body = section(
        "players", "Игроки", table(["#", "Игрок", "Победы", "Норма", "Ост."], rows, paged=True)
    )
    return Board(
        "Большой турнир",
        "ru",
        '<header><h1>Большой турнир</h1></header><div class="columns"><div class="col">'
        + body
        + "</div></div>",
    )


def texts() -> dict[str, str]:
    t = TEXTS.get
    return {
        "title": t("ru", "web.title", name="Большой турнир"),
        "page": t("ru", "web.page", page="{page}", pages="{pages}"),
        "live": t("ru", "web.live"),
        "offline": t("ru", "web.offline"),
    }


async def serve(html: str) -> tuple[web.AppRunner, str]:
    async def handle(request: web.Request) -> web.Response:
        return web.Response(text=html, content_type="text/html")

    app = web.Application()
    app.router.add_get("/t/x", handle)
    runner = web.AppRunner(app)
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    return runner, f"http://127.0.0.1:{port}/t/x"


async def test_tv_pages_a_long_table_without_scrolling() -> None:
    html = page(long_board(60), "e.1", "2026-11-30T18:00:00+00:00", texts(), tv=True)
    runner, url = await serve(html)
    try:
        async with chromium() as browser:
            tv = await browser.new_page(viewport=TV)
            await tv.goto(url)
            assert not await scrolls(tv)
            shown = await tv.evaluate(
                "() => [...document.querySelectorAll('tbody tr')].filter(r => !r.hidden).length"
            )
            assert 5 < shown < 60
            pages = -(-60 // shown)
            assert await tv.inner_text("#pageno") == f"Стр. 1 из {pages}"
            first = await tv.inner_text("tbody tr:not([hidden]) td:nth-child(2)")
            assert first == "Игрок 1"
            await shot(tv, "paging-tv")
            # the next page comes by itself (every 8 s)
            await tv.wait_for_function(
                "() => document.getElementById('pageno').innerText.startsWith('Стр. 2')",
                timeout=9000,
            )
            first = await tv.inner_text("tbody tr:not([hidden]) td:nth-child(2)")
            assert first == f"Игрок {shown + 1}"
    finally:
        await runner.cleanup()


async def test_telegram_theme_from_the_fragment() -> None:
    """Telegram passes its theme in the address's fragment; the page takes its colours."""
    html = page(long_board(3), "e.1", "2026-11-30T18:00:00+00:00", texts(), tv=False)
    runner, url = await serve(html)
    theme = {"bg_color": "#ffffff", "text_color": "#222222", "button_color": "#2481cc"}
    fragment = "#tgWebAppData=x&tgWebAppThemeParams=" + quote(json.dumps(theme))
    try:
        async with chromium() as browser:
            phone = await browser.new_page(viewport=PHONE)
            await phone.goto(url + fragment)
            colours = await phone.evaluate(
                """() => [getComputedStyle(document.body).backgroundColor,
                          getComputedStyle(document.body).color,
                          getComputedStyle(document.querySelector('h2')).color]"""
            )
            assert colours == ["rgb(255, 255, 255)", "rgb(34, 34, 34)", "rgb(36, 129, 204)"]
            plain = await browser.new_page(viewport=PHONE)
            await plain.goto(url + "#tgWebAppThemeParams=%7Bnot-json")
            background = await plain.evaluate(
                "() => getComputedStyle(document.body).backgroundColor"
            )
            assert background == "rgb(16, 20, 26)"  # its own dark theme, no error
    finally:
        await runner.cleanup()
