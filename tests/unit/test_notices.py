"""Notices as data (``bot.notices``): what a change stores to tell, and how it reads."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from bot.notices import (
    Button,
    Markup,
    Notice,
    Number,
    ToChat,
    ToPerson,
    decode,
    encode,
    keyboard,
    phrase,
    text_of,
)
from bot.texts import Texts

TEXTS = Texts()


def ruling(name: str) -> Notice:
    claim = phrase("results.claim_win", winner=name, loser="Bob", score=Markup(html=" 2:1"))
    game = phrase("swiss.label", table=2, round=1)
    return Notice(
        key="sw:1:fix9:p3",
        to=ToPerson(user=1003, name=name, fallback_chat=-100),
        lines=(phrase("swiss.result_told", game=game, claim=claim),),
    )


def test_a_notice_reads_in_each_readers_language() -> None:
    notice = ruling("Ann")
    assert text_of(TEXTS, "en", notice) == (
        "⚖️ The judge recorded the result of your game (table 2, round 1): Ann beat Bob 2:1."
    )
    assert text_of(TEXTS, "ru", notice) == (
        "⚖️ Результат вашей партии (стол 2, тур 1) внесён судьёй: Ann — победа 2:1, Bob — поражение."
    )


def test_a_name_is_escaped_once_however_deep_it_is() -> None:
    assert "A &amp; &lt;b&gt;" in text_of(TEXTS, "en", ruling("A & <b>"))
    assert "&amp;amp;" not in text_of(TEXTS, "en", ruling("A & <b>"))


def test_numbers_are_written_the_readers_way() -> None:
    notice = Notice(
        key="k",
        to=ToChat(chat=-1),
        lines=(phrase("penalties.reason", reason=Number(format="points", value=25)),),
    )
    assert "2,5" in text_of(TEXTS, "ru", notice)
    assert "2.5" in text_of(TEXTS, "en", notice)


def test_buttons_are_labelled_in_the_readers_language_as_typed() -> None:
    button = Button(label=phrase("swiss.btn_won"), data="rp:1:r1t1p0:w")
    notice = Notice(
        key="k", to=ToChat(chat=-1), lines=(phrase("swiss.btn_won"),), buttons=((button,),)
    )
    markup = keyboard(TEXTS, "en", notice)
    assert markup is not None
    (row,) = markup.inline_keyboard
    assert [(b.text, b.callback_data) for b in row] == [
        (TEXTS.plain("en", "swiss.btn_won"), "rp:1:r1t1p0:w")
    ]
    assert keyboard(TEXTS, "en", ruling("Ann")) is None


names = st.text(min_size=1, max_size=20)
values = st.one_of(names, st.integers(-(10**6), 10**6), names.map(lambda h: Markup(html=h)))


@given(names, st.dictionaries(st.from_regex(r"[a-z]{1,8}", fullmatch=True), values, max_size=4))
def test_what_is_stored_is_what_comes_back(name: str, extra: dict[str, object]) -> None:
    notice = Notice(
        key=f"k:{name}",
        to=ToPerson(user=5, name=name),
        lines=(phrase("swiss.label", **extra), ruling(name).lines[0]),  # type: ignore[arg-type]
    )
    assert decode(encode([notice])) == [notice]


def test_a_name_that_looks_like_a_number_stays_a_name() -> None:
    (back,) = decode(encode([ruling("007")]))
    claim = back.lines[0].values["claim"]
    assert claim.values["winner"] == "007"  # type: ignore[union-attr]


def test_a_stored_job_that_is_not_notices_is_refused() -> None:
    with pytest.raises(ValidationError):
        decode([{"key": "k", "to": {"kind": "moon"}, "lines": []}])
    with pytest.raises(ValidationError):
        decode([{"key": "k", "to": {"kind": "chat", "chat": 1}, "lines": [], "extra": 1}])
    with pytest.raises(ValidationError):  # a yes/no is no count for a plural
        Number(format="points", value=True)
