"""``bot.sender.Shown``: an edit that would leave a message as it is, is known as such (issue 21,
item 12), and only then."""

from __future__ import annotations

from datetime import UTC, datetime

from aiogram.methods import DeleteMessage, EditMessageReplyMarkup, EditMessageText, SendMessage
from aiogram.types import Chat, InlineKeyboardButton, InlineKeyboardMarkup, Message

from bot.sender import Shown

CHAT = -100


def keyboard(label: str) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        inline_keyboard=[[InlineKeyboardButton(text=label, callback_data="x")]]
    )


def sent(message_id: int) -> Message:
    return Message(
        message_id=message_id,
        date=datetime(2026, 12, 4, tzinfo=UTC),
        chat=Chat(id=CHAT, type="group"),
    )


def edit(
    text: str, markup: InlineKeyboardMarkup | None = None, message_id: int = 7
) -> EditMessageText:
    return EditMessageText(chat_id=CHAT, message_id=message_id, text=text, reply_markup=markup)


def test_an_edit_to_what_a_message_shows_is_unchanged_any_other_is_not() -> None:
    shown = Shown()
    assert not shown.unchanged(edit("board"))  # nothing known yet: the edit goes out
    shown.record(SendMessage(chat_id=CHAT, text="board", reply_markup=keyboard("a")), sent(7))
    assert shown.unchanged(edit("board", keyboard("a")))
    assert not shown.unchanged(edit("board", keyboard("b")))
    assert not shown.unchanged(edit("board 2", keyboard("a")))
    assert not shown.unchanged(edit("board", keyboard("a"), message_id=8))
    shown.record(edit("board 2"), True)
    assert shown.unchanged(edit("board 2")) and not shown.unchanged(edit("board"))
    markup = EditMessageReplyMarkup(chat_id=CHAT, message_id=7, reply_markup=keyboard("c"))
    assert not shown.unchanged(markup)
    shown.record(markup, True)
    assert shown.unchanged(markup) and shown.unchanged(edit("board 2", keyboard("c")))
    shown.forget(DeleteMessage(chat_id=CHAT, message_id=7))
    assert not shown.unchanged(edit("board 2", keyboard("c")))


def test_it_keeps_only_the_newest_messages() -> None:
    shown = Shown(size=2)
    for message_id in (1, 2, 3):
        shown.record(edit("x", message_id=message_id), True)
    assert not shown.unchanged(edit("x", message_id=1))
    assert shown.unchanged(edit("x", message_id=2)) and shown.unchanged(edit("x", message_id=3))
