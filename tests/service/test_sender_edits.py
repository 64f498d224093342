"""The sender sends no edit that changes nothing and none of a message it deleted (issue 22,
item 18: «message is not modified» and «message to edit not found» were wasted calls)."""

from __future__ import annotations

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from tests.service.conftest import GROUP, Club

LINK = InlineKeyboardMarkup(
    inline_keyboard=[[InlineKeyboardButton(text="web", url="https://example.org/b")]]
)


def edits(club: Club) -> list[str]:
    return [r.text for r in club.session.sent(GROUP, method="editMessageText")]


async def test_an_edit_to_what_a_board_shows_is_not_sent(club: Club) -> None:
    sender = club.services.infra.sender
    board = (await sender.post_board(GROUP, "<b>Board</b>\nTable 1", LINK))[0]
    await sender.edit(GROUP, board.message_id, "<b>Board</b>\nTable 1", LINK)
    assert edits(club) == []  # the same text and buttons: nothing to send
    await sender.edit(GROUP, board.message_id, "<b>Board</b>\nTable 1 ✅", LINK)
    await sender.edit(GROUP, board.message_id, "<b>Board</b>\nTable 1 ✅", LINK)
    assert edits(club) == ["<b>Board</b>\nTable 1 ✅"]
    await sender.edit(GROUP, board.message_id, "<b>Board</b>\nTable 1 ✅", None)  # buttons off
    assert len(edits(club)) == 2


async def test_a_deleted_message_is_not_edited(club: Club) -> None:
    sender = club.services.infra.sender
    old = (await sender.post_board(GROUP, "Board", None))[0]
    await sender.post_board(GROUP, "Board", None)  # posted again at the bottom …
    await sender.delete(GROUP, old.message_id)  # … and the copy above deleted
    await sender.edit(GROUP, old.message_id, "Board, changed")
    assert edits(club) == []
