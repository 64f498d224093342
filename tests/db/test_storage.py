from pathlib import Path

from aiogram.fsm.storage.base import StorageKey

from bot.storage import SqliteStorage
from db.database import Database


async def test_wizard_state_and_answers_survive_reopening(database_at: Path | str) -> None:
    key = StorageKey(bot_id=1, chat_id=5, user_id=5)
    db = await Database.open(database_at)
    storage = SqliteStorage(db)
    await storage.set_state(key, "Registration:answering")
    await storage.set_data(key, {"step": 2, "answers": {"last_name": "Иванов"}})
    await db.close()

    db = await Database.open(database_at)
    storage = SqliteStorage(db)
    assert await storage.get_state(key) == "Registration:answering"
    assert await storage.get_data(key) == {"step": 2, "answers": {"last_name": "Иванов"}}
    other = StorageKey(bot_id=1, chat_id=6, user_id=6)
    assert await storage.get_state(other) is None and await storage.get_data(other) == {}
    await storage.set_state(key, None)
    assert await storage.get_state(key) is None
    await db.close()
