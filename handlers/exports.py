"""``/export`` of any kind: who may have a tournament's CSV file and where (a judge of it, in its
own group or his private chat: never into some other group the judge is in), and sending it;
``answer_export`` is the whole answer of a kind whose file is the same for every judge."""

from __future__ import annotations

from typing import Protocol

from aiogram.dispatcher.event.bases import SkipHandler
from aiogram.types import BufferedInputFile, Message

from bot.directory import id_argument
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


class Exporting(Protocol):
    """A kind's service that knows which tournament ``/export`` means and writes its file."""

    async def export_target(self, chat_id: int, wanted: int | None) -> Tournament | None: ...

    async def export_csv(self, tid: int) -> str: ...


async def answer_export(
    message: Message, args: str | None, t: Tr, roles: Roles, service: Exporting, title: str
) -> None:
    """``/export [id]`` of the service's kind (another kind's tournament: the next handler's,
    ``SkipHandler``), its file captioned by the text ``title``."""
    tournament = await service.export_target(message.chat.id, id_argument(args))
    if tournament is None:
        raise SkipHandler
    if await export_allowed(message, roles, tournament, t):
        text = await service.export_csv(tournament.id)
        await send_csv(message, tournament, text, t(title, name=tournament.name))
