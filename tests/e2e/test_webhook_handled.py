"""Webhook mode answers Telegram only once the update was handled (issue 10, item 4).

Telegram sends a webhook update again until it gets the HTTP answer, so that answer is the
confirmation: given before the handler ran (aiogram's default for ``SimpleRequestHandler``), a
crash loses the update as polling's early offset did.
"""

from __future__ import annotations

from pathlib import Path

from aiohttp.test_utils import TestClient, TestServer

from bot.main import build_services, close_services, create_dispatcher, webhook_application
from bot.pacing import Limits
from bot.settings import load_settings
from tests.clock import ManualClock
from tests.e2e.drivers.webhook import SECRET, update
from tests.e2e.emulator import BotApiEmulator, Fault
from tests.e2e.harness import TOKEN


async def test_webhook_answers_after_the_update_was_handled(
    emu: BotApiEmulator, clock: ManualClock, tmp_path: Path
) -> None:
    settings = load_settings(
        bot_token=TOKEN,
        database_path=tmp_path / "club.db",
        telegram_api_url=emu.url,
        webhook_url="https://bot.example.org",
        webhook_secret=SECRET,
        _env_file=None,
    )
    app = await build_services(settings, clock=clock, limits=Limits.unlimited())
    dp = create_dispatcher(app)
    ann = emu.add_user(31, "Ann", language_code="en")
    await ann.start()
    emu.inject("sendMessage", Fault.slow(0.3))  # the answer takes a while to go out
    try:
        async with TestClient(TestServer(webhook_application(app, dp))) as client:
            answer = await client.post(
                settings.webhook_path,
                json=update(3, ann.api_dict()),
                headers={"X-Telegram-Bot-Api-Secret-Token": SECRET},
            )
            assert answer.status == 200
            # No waiting: the reply is out by the time Telegram hears the update was taken.
            assert [m for m in emu.bot_messages(ann.id) if "Players" in m.plain]
    finally:
        await close_services(app)
