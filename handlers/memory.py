"""/h2h (a reply, ``@username`` or a club number) and the «📊 Our games» button under a
pairing message: the asker's record against that player (``bot.memory``)."""

from __future__ import annotations

from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message

from bot.buttons import H2hCb
from bot.errors import UserError
from bot.memory import ClubMemory
from bot.registry import Registry
from bot.sender import plain_text
from bot.texts import Tr
from handlers.routes import Routes

routes = Routes(__name__)
#: the most of a record an alert shows (Telegram's limit is 200 characters)
ALERT = 200


@routes.message(Command("h2h"))
async def h2h(
    message: Message, command: CommandObject, t: Tr, registry: Registry, memory: ClubMemory
) -> None:
    assert message.from_user is not None
    me = await registry.player_of(message.from_user.id)
    if me is None:
        raise UserError("h2h.not_registered")
    replied = message.reply_to_message
    person = replied.from_user if replied is not None and not command.args else None
    other = await memory.opponent(
        me.id, telegram_id=person.id if person is not None else None, arg=command.args
    )
    await message.reply(await memory.h2h_text(me.id, other, t.lang))


@routes.callback_query(H2hCb.filter())
async def h2h_button(
    query: CallbackQuery, callback_data: H2hCb, t: Tr, registry: Registry, memory: ClubMemory
) -> None:
    """Privately, a new message with the record; in a group (a player the bot cannot write to
    saw his pairing there) an alert."""
    me = await registry.player_of(query.from_user.id)
    if me is None:
        raise UserError("h2h.not_registered")
    other = await memory.opponent(me.id, telegram_id=None, arg=str(callback_data.p))
    text = await memory.h2h_text(me.id, other, t.lang)
    private = query.message is not None and query.message.chat.id == query.from_user.id
    if private and query.message is not None:
        await query.answer()
        await query.message.answer(text)
        return
    await query.answer(plain_text(text)[:ALERT], show_alert=True)
