"""Headless Chromium for the web board's tests: Debian's ``chromium`` (``make chromium``)
driven by Playwright, never a browser Playwright downloads itself (the machine is offline)."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from playwright.async_api import Browser, Page, ViewportSize, async_playwright

from tests.e2e.harness import free_port as free_port  # re-exported for the browser tests

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = ViewportSize(width=390, height=844)
TV = ViewportSize(width=1920, height=1080)
#: the screenshots the tests leave behind (gitignored; ``make screenshots`` makes them)
SHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
LINK = re.compile(r"https?://\S+/t/[A-Za-z0-9_-]+")

if not CHROMIUM.exists():  # `make test` installs it first (make chromium)
    pytest.skip("no /usr/bin/chromium: run `make chromium`", allow_module_level=True)


@asynccontextmanager
async def chromium() -> AsyncIterator[Browser]:
    async with async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield browser
        finally:
            await browser.close()


async def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(SHOTS / f"{name}.png"))


async def scrolls(page: Page) -> bool:
    """Whether the page is taller or wider than the window, or a part of it is cut (the TV
    must show everything without scrolling)."""
    return bool(
        await page.evaluate(
            """() => { const e = document.scrollingElement;
                const cut = [...document.querySelectorAll('section, .col')].some(
                    s => s.scrollWidth > s.clientWidth + 1);
                const tall = e.scrollHeight > innerHeight + 1;
                return cut || tall || e.scrollWidth > innerWidth + 1; }"""
        )
    )


async def rows(page: Page, section: str) -> list[list[str]]:
    """The visible cells of a section's table, row by row."""
    found = await page.evaluate(
        """(section) => Array.from(document.querySelectorAll(`section.${section} tbody tr`))
            .filter(r => !r.hidden).map(r => Array.from(r.cells).map(c => c.innerText.trim()))""",
        section,
    )
    return [list(map(str, r)) for r in found]
