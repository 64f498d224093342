"""Text questions of a wizard in a group, asked so that the answer reaches the bot.

Under Telegram's privacy mode a bot that is no administrator of the group gets only commands,
replies to its own messages and mentions of it: a plain answer typed into the group never
arrives. So each question carries ``ForceReply``, selective: the app of the person asked (the
one the question mentions, or the one whose message it replies to) opens a reply to it, and his
answer is a reply to the bot, which Telegram delivers. Nobody else in the group is bothered.
"""

from __future__ import annotations

from aiogram.types import CallbackQuery, ForceReply, Message

from bot.notify import mention

#: the answer field opens for the person the question mentions or replies to, only
ASK = ForceReply(force_reply=True, selective=True)


async def ask_presser(query: CallbackQuery, text: str) -> None:
    """The first question after a button, for the presser: a reply to his own message the
    button's message answered (his /new), else with his @username (Telegram documents
    @mentions as what a selective ForceReply targets), else a link to him."""
    message = query.message
    if not isinstance(message, Message):
        return
    presser = query.from_user
    his = message.reply_to_message
    if his is not None and his.from_user is not None and his.from_user.id == presser.id:
        await his.reply(text, reply_markup=ASK)
        return
    who = f"@{presser.username}" if presser.username else mention(presser.id, presser.full_name)
    await message.answer(f"{who}\n{text}", reply_markup=ASK)


async def settle(query: CallbackQuery, line: str) -> None:
    """A question answered by this press becomes one line saying the answer (its buttons
    would mean nothing any more)."""
    if isinstance(query.message, Message):
        await query.message.edit_text(line, reply_markup=None)


async def ask_again(message: Message, text: str) -> None:
    """The next question (or the same one after a bad answer), as a reply to his answer."""
    await message.reply(text, reply_markup=ASK)
