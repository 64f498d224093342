"""The bot's settings in webhook mode and an update as Telegram posts it."""

from __future__ import annotations

from pathlib import Path

from bot.settings import Settings, load_settings
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import TOKEN

SECRET = "s3cret-token_1-0123456789"


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


def webhook_settings(emu: BotApiEmulator, tmp_path: Path) -> Settings:
    return load_settings(
        bot_token=TOKEN,
        database_path=tmp_path / "club.db",
        telegram_api_url=emu.url,
        webhook_url="https://bot.example.org",
        webhook_secret=SECRET,
        _env_file=None,
    )
