"""Filters shared by the tournament routers."""

from __future__ import annotations

from typing import Any

from aiogram.filters import Filter
from aiogram.types import Message

from bot import directory
from db.database import Database


class CurrentTournament(Filter):
    """Passes when the command refers to an open tournament of ``kind`` (see ``bot.directory``)
    and gives it to the handler as ``tournament``; otherwise the next router gets the update.
    """

    def __init__(self, kind: str) -> None:
        self.kind = kind

    async def __call__(self, message: Message, db: Database) -> bool | dict[str, Any]:
        if message.from_user is None or message.text is None:
            return False
        parts = message.text.split(maxsplit=1)
        args = parts[1] if len(parts) > 1 else None
        found = await directory.current(db, message.chat.id, message.from_user.id, args)
        if found is None or found.kind != self.kind:
            return False
        return {"tournament": found}
