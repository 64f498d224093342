"""The «📊 Our games» button under a pairing (``bot.h2h_button``) and its access rule."""

from __future__ import annotations

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.access import parse
from bot.buttons import H2hCb, ReportCb
from bot.h2h_button import h2h_button, with_h2h
from bot.kind import NamedBy
from bot.notices import Notice, ToChat, keyboard, phrase
from bot.roles import Role
from bot.texts import Texts

TEXTS = Texts("ru")
NAME = "<b>Bob</b> & Co"


def test_the_row_comes_under_the_result_buttons_with_the_name_as_typed() -> None:
    won = InlineKeyboardButton(text="Моя победа", callback_data=ReportCb(t=1, g="k", c="w").pack())
    markup = with_h2h(InlineKeyboardMarkup(inline_keyboard=[[won]]), TEXTS, "ru", 7, NAME)
    assert markup.inline_keyboard[0] == [won]
    (button,) = markup.inline_keyboard[1]
    assert button.text == f"📊 Наши встречи: {NAME}"  # a label is plain text: no escaping
    assert button.callback_data == H2hCb(p=7).pack()
    assert with_h2h(None, TEXTS, "en", 7, "Ann").inline_keyboard[0][0].text == "📊 Our games: Ann"


def test_a_notices_row_is_the_same_button() -> None:
    notice = Notice(
        key="k", to=ToChat(chat=-1), lines=(phrase("h2h.level"),), buttons=(h2h_button(7, NAME),)
    )
    shown = keyboard(TEXTS, "ru", notice)
    assert shown is not None
    assert shown.inline_keyboard[0][0].text == f"📊 Наши встречи: {NAME}"
    assert shown.inline_keyboard[0][0].callback_data == H2hCb(p=7).pack()


def test_anyone_may_press_it_anywhere_it_names_no_tournament() -> None:
    found = parse(H2hCb(p=7).pack())
    assert found is not None
    button, rule = found
    assert button == H2hCb(p=7) and rule.need is Role.PLAYER and rule.names is NamedBy.NONE
