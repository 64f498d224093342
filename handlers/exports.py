"""``/export`` of any kind: who may have a tournament's CSV file and where (a judge of it, in its
own group or his private chat: never into some other group the judge is in), and sending it."""

from __future__ import annotations

from aiogram.types import BufferedInputFile, Message

from bot.roles import Role, Roles
from bot.texts import Tr
from db.tournaments import Tournament
from handlers.guard import permitted


async def export_allowed(message: Message, roles: Roles, tournament: Tournament, t: Tr) -> bool:
    """Whether the sender may have the file here (else he is told why not)."""
    if await permitted(message, roles, tournament, Role.JUDGE, t) is None:
        return False
    assert message.from_user is not None
    if message.chat.id not in (tournament.chat_id, message.from_user.id):
        await message.reply(t("swiss.export_where"))
        return False
    return True


async def send_csv(message: Message, tournament: Tournament, text: str, caption: str) -> None:
    """The CSV text as a file a spreadsheet opens as UTF-8 (with its mark)."""
    content = text.encode("utf-8-sig")
    document = BufferedInputFile(content, filename=f"tournament-{tournament.id}.csv")
    await message.answer_document(document, caption=caption)
