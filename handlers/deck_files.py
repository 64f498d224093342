"""Reading a text file people send (a deck list, the club's card list)."""

from __future__ import annotations

from aiogram import Bot
from aiogram.types import Message

from bot.errors import UserError
from rules.text import decoded_text

MAX_FILE = 64 * 1024
"""A deck list is a few KB; the club's card list of a few thousand cards fits too."""
MAX_CARD_FILE = 2 * 1024 * 1024
TEXT_ENDINGS = (".txt", ".csv")


async def document_text(message: Message, bot: Bot, limit: int = MAX_FILE) -> str | None:
    """The text of the message's file: ``None`` unless it is a small text file. UTF-8 (with or
    without its mark), else Windows-1251, which Russian spreadsheets still save; bytes that are
    neither, or hold control characters (a binary file named ``deck.txt``), are refused with one
    answer (``UserError``), never read line by line."""
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
    text = decoded_text(raw)
    if text is None:
        raise UserError("decks.file_not_text", name=document.file_name or "")
    return text
