"""Webhook mode: the same dispatcher behind aiohttp, refusing posts without the secret."""

from __future__ import annotations

from pathlib import Path

from aiohttp.test_utils import TestClient, TestServer

from bot.app import close_app, create_app, create_dispatcher
from bot.pacing import Limits
from bot.webhook import build_webhook_app
from tests.clock import ManualClock
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import TOKEN

SECRET = "s3cret-token_1"


def update(update_id: int, user: dict[str, object]) -> dict[str, object]:
    return {
        "update_id": update_id,
        "message": {
            "message_id": update_id,
            "date": 0,
            "chat": {"id": user["id"], "type": "private", "first_name": user["first_name"]},
            "from": user,
            "text": "/help",
            "entities": [{"type": "bot_command", "offset": 0, "length": 5}],
        },
    }


async def test_webhook_checks_the_secret_and_answers(
    emu: BotApiEmulator, clock: ManualClock, tmp_path: Path
) -> None:
    from bot.settings import load_settings

    settings = load_settings(
        bot_token=TOKEN,
        database_path=tmp_path / "club.db",
        telegram_api_url=emu.url,
        webhook_url="https://bot.example.org",
        webhook_secret=SECRET,
        _env_file=None,
    )
    app = await create_app(settings, clock=clock, limits=Limits.unlimited())
    dp = create_dispatcher(app)
    ann = emu.add_user(31, "Ann", language_code="en")
    await ann.start()  # the private chat exists, so the bot may answer there
    async with TestClient(TestServer(build_webhook_app(app, dp))) as client:
        path = settings.webhook_path
        refused = await client.post(path, json=update(1, ann.api_dict()))
        assert refused.status == 401
        wrong = await client.post(
            path,
            json=update(2, ann.api_dict()),
            headers={"X-Telegram-Bot-Api-Secret-Token": "wrong"},
        )
        assert wrong.status == 401
        accepted = await client.post(
            path,
            json=update(3, ann.api_dict()),
            headers={"X-Telegram-Bot-Api-Secret-Token": SECRET},
        )
        assert accepted.status == 200
        reply = await emu.wait_bot_message(ann.id, contains="Players")
        assert "/register" in reply.plain
    assert len([m for m in emu.bot_messages(ann.id) if "Players" in m.plain]) == 1
    await close_app(app)
