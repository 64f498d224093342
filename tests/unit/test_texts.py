"""Texts formatted once per language, key and values (``bot.texts.FORMATTED``): a text kept is
the text formatting would give, an ``Html`` value never taken for the equal plain string."""

from __future__ import annotations

from typing import Any
from unittest import mock

from fluent.runtime import FluentBundle

import bot.texts
from bot.formats import Points
from bot.texts import Html, Texts


def formatting() -> Any:
    """Counts Fluent's formatting of a text (``FluentBundle.format_pattern``) while entered."""
    original = FluentBundle.format_pattern
    return mock.patch.object(FluentBundle, "format_pattern", autospec=True, side_effect=original)


def test_a_kept_text_is_the_one_formatting_gives_and_is_formatted_once() -> None:
    texts = Texts()
    with formatting() as fluent:
        first = texts.get("ru", "swiss.board_bye", name="Аня")
        again = texts.get("ru", "swiss.board_bye", name="Аня")
        other = texts.get("ru", "swiss.board_bye", name="Боря")
        english = texts.get("en", "swiss.board_bye", name="Аня")
    assert first == again == "Автопобеда: Аня"
    assert other.endswith("Боря") and english != first
    assert fluent.call_count == 3  # the repeat came from the kept texts


def test_markup_and_the_equal_plain_text_are_kept_apart() -> None:
    texts = Texts()
    plain = texts.get("ru", "swiss.board_bye", name="<b>Аня</b>")
    markup = texts.get("ru", "swiss.board_bye", name=Html("<b>Аня</b>"))
    label = texts.plain("ru", "swiss.board_bye", name="<b>Аня</b>")
    assert plain == "Автопобеда: &lt;b&gt;Аня&lt;/b&gt;"
    assert markup == "Автопобеда: <b>Аня</b>" == label


def test_values_of_other_types_that_compare_equal_are_kept_apart() -> None:
    texts = Texts()
    assert texts.get("ru", "swiss.board_bye", name=Points(29)) == "Автопобеда: 2,9"
    assert texts.get("ru", "swiss.board_bye", name=1) == "Автопобеда: 1"
    assert texts.get("ru", "swiss.board_bye", name=True) == "Автопобеда: True"


def test_when_full_the_kept_texts_are_forgotten() -> None:
    texts = Texts()
    with mock.patch.object(bot.texts, "FORMATTED", 2):
        for name in ("a", "b", "c"):
            texts.get("ru", "swiss.board_bye", name=name)
        with formatting() as fluent:
            assert texts.get("ru", "swiss.board_bye", name="c") == "Автопобеда: c"
            texts.get("ru", "swiss.board_bye", name="a")
    assert fluent.call_count == 1  # "c" kept after the clearing, "a" formatted again
