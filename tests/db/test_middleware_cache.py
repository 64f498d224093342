"""ContextMiddleware writes a user's row only when it changed, yet never misses what matters."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from aiogram.types import Chat, Message, TelegramObject, Update, User

from bot.handled import HandledUpdates
from bot.middleware import ContextMiddleware
from bot.texts import Texts
from db import players
from db.database import Database
from tests.clock import ManualClock

NOW = datetime(2026, 11, 30, 18, 0, tzinfo=UTC)
ALICE = User(id=5, is_bot=False, first_name="Alice", language_code="ru")
GROUP = Chat(id=-100, type="supergroup", title="Club")
PRIVATE = Chat(id=5, type="private")


def update(update_id: int, chat: Chat, user: User = ALICE) -> Update:
    message = Message(message_id=update_id, date=NOW, chat=chat, from_user=user, text="hi")
    return Update(update_id=update_id, message=message)


async def test_rows_are_rewritten_only_when_needed_and_duplicates_skipped(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "club.db")
    clock = ManualClock(NOW)
    middleware = ContextMiddleware(db, Texts(), clock, HandledUpdates(db))
    handled: list[int] = []

    async def handler(event: TelegramObject, data: dict[str, Any]) -> None:
        assert isinstance(event, Update)
        handled.append(event.update_id)

    async def seen() -> tuple[str | None, bool, bool]:
        async with db.read() as tx:
            user = await players.tg_user(tx, ALICE.id)
        assert user is not None
        return user.first_name, user.started_bot, user.blocked_bot

    await middleware(handler, update(1, GROUP), {})
    assert await seen() == ("Alice", False, False)
    await middleware(handler, update(2, PRIVATE), {})  # first private message: started
    assert await seen() == ("Alice", True, False)
    async with db.transaction() as tx:  # a send failed since: the bot was blocked
        await players.mark_blocked(tx, ALICE.id)
    await middleware(handler, update(3, GROUP), {})
    assert (await seen())[2] is True  # a group message says nothing about the block
    await middleware(handler, update(4, PRIVATE), {})  # nothing changed, but he writes again
    assert await seen() == ("Alice", True, False)
    renamed = ALICE.model_copy(update={"first_name": "Alicia"})
    await middleware(handler, update(5, GROUP, renamed), {})
    assert (await seen())[0] == "Alicia"
    await middleware(handler, update(5, GROUP, renamed), {})  # a duplicated update
    await middleware(handler, update(2, PRIVATE), {})
    assert handled == [1, 2, 3, 4, 5]
    clock.advance(timedelta(minutes=11))  # seen_at is kept roughly current
    async with db.read() as tx:
        before = await tx.value("SELECT seen_at FROM tg_users WHERE id = ?", (ALICE.id,))
    await middleware(handler, update(6, GROUP, renamed), {})
    async with db.read() as tx:
        after = await tx.value("SELECT seen_at FROM tg_users WHERE id = ?", (ALICE.id,))
    assert after > before
    await db.close()
