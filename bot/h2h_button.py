"""The head-to-head button under a player's own pairing message (issue 27, item 4): one row
more, «📊 Our games: <opponent>», whatever the kind. Each kind's private «you play X» message
adds it here (King of the Hill's ``koth.you_play``, a Swiss table's pairing, a team event's
board), so its label and data are one thing."""

from __future__ import annotations

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.buttons import H2hCb
from bot.notices import Button, phrase
from bot.texts import Texts

LABEL = "h2h.button"


def h2h_row(texts: Texts, lang: str, opponent: int, name: str) -> list[InlineKeyboardButton]:
    """The row: the opponent's name as a button (its label plain: Telegram shows it as text)."""
    label = texts.plain(lang, LABEL, name=name)
    return [InlineKeyboardButton(text=label, callback_data=H2hCb(p=opponent).pack())]


def with_h2h(
    markup: InlineKeyboardMarkup | None, texts: Texts, lang: str, opponent: int, name: str
) -> InlineKeyboardMarkup:
    """``markup`` (the result buttons) with the head-to-head row below."""
    rows = list(markup.inline_keyboard) if markup is not None else []
    return InlineKeyboardMarkup(inline_keyboard=[*rows, h2h_row(texts, lang, opponent, name)])


def h2h_button(opponent: int, name: str) -> tuple[Button, ...]:
    """The same row as a notice's (``bot.notices``: rendered in the reader's language)."""
    return (Button(label=phrase(LABEL, name=name), data=H2hCb(p=opponent).pack()),)
