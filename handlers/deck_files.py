"""Reading a text file people send (a deck list, the club's card list)."""

from __future__ import annotations

from aiogram import Bot
from aiogram.types import Message

MAX_FILE = 64 * 1024
"""A deck list is a few KB; the club's card list of a few thousand cards fits too."""
MAX_CARD_FILE = 2 * 1024 * 1024
TEXT_ENDINGS = (".txt", ".csv")


async def document_text(message: Message, bot: Bot, limit: int = MAX_FILE) -> str | None:
    """The text of the message's file: ``None`` unless it is a small text file. UTF-8 (with or
    without its mark), else Windows-1251, which Russian spreadsheets still save."""
    document = message.document
    if document is None or (document.file_size or 0) > limit:
        return None
    name = (document.file_name or "").lower()
    if not name.endswith(TEXT_ENDINGS) and not (document.mime_type or "").startswith("text/"):
        return None
    loaded = await bot.download(document)
    if loaded is None:
        return None
    raw = loaded.read(limit + 1)
    if len(raw) > limit:
        return None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("cp1251", errors="replace")
