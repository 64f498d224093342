"""The e2e drivers' view of the Russian texts (``tests/e2e/drivers/texts.py``): the runs of a
text's own words between its placeholders, without tags, and the whole text as it reads."""

from __future__ import annotations

import pytest

from tests.e2e.drivers.texts import fixed, parts, ru


def test_runs_between_placeholders_lose_their_tags_but_not_a_link_inside_a_tag() -> None:
    # 👑 <b>Царь горы «{ $name }»</b> … <a href="{ $link }">ссылка</a>.
    assert parts("koth.registration_open") == [
        "👑 Царь горы «",
        "»\nВступительный взнос:",
        "· стол:",
        "Регистрация открыта: кнопка ниже или ссылка.",
    ]
    assert fixed("koth.registration_open", -1) == "Регистрация открыта: кнопка ниже или ссылка."


def test_the_first_run_is_the_text_before_the_first_placeholder() -> None:
    assert fixed("koth.begun") == "🏁 Турнир начался! Основное время —"
    assert fixed("results.confirm_request") == "сообщает:"  # the text starts with a value
    assert fixed("tournament.choose_kind") == "Какой турнир?"  # no placeholder: the whole text


def test_every_run_is_in_the_rendered_text() -> None:
    text = ru("koth.added", name="<b>Bob</b> & Co", club_id=7)
    assert text == "Добавлено в турнир: <b>Bob</b> & Co (клубный номер 7)."
    assert all(run in text for run in parts("koth.added"))


def test_an_unknown_key_or_run_is_an_error() -> None:
    with pytest.raises(KeyError):
        fixed("no.such_text")
    with pytest.raises(KeyError):
        fixed("tournament.choose_kind", 1)
