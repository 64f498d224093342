import pytest

from bot.sender import split_text, utf16_len
from bot.validation import (
    Invalid,
    city,
    email,
    nickname,
    patronymic,
    person_name,
    phone,
    shared_phone,
)


@pytest.mark.parametrize("value", ["Иванов", "Салтыков-Щедрин", "O'Neil", "  Anna  "])
def test_names_accepted(value: str) -> None:
    assert person_name(value) == value.strip()


@pytest.mark.parametrize(
    ("value", "key"),
    [
        ("", "validation.name_length"),
        ("x" * 51, "validation.name_length"),
        ("Ivan2", "validation.name_letters"),
        ("<b>", "validation.name_letters"),
        ("a\x07b", "validation.control_chars"),
    ],
)
def test_names_refused_with_reason(value: str, key: str) -> None:
    with pytest.raises(Invalid) as info:
        person_name(value)
    assert info.value.key == key


def test_patronymic_dash_means_none() -> None:
    assert patronymic("-") == ""


@pytest.mark.parametrize("value", ["a@b.ru", "Ivan.Petrov+club@mail.example.org"])
def test_email_accepted(value: str) -> None:
    assert email(value) == value.lower()


@pytest.mark.parametrize("value", ["a@b", "@b.ru", "a b@c.ru", "a@@b.ru", "a..b@c.ru"])
def test_email_refused(value: str) -> None:
    with pytest.raises(Invalid):
        email(value)


def test_city_and_nickname() -> None:
    assert city("Санкт-Петербург") == "Санкт-Петербург"
    with pytest.raises(Invalid):
        city("1")
    assert nickname("<b>Вася</b> 🎱") == "<b>Вася</b> 🎱"
    with pytest.raises(Invalid):
        nickname("x")


def test_shared_phone_digits() -> None:
    assert shared_phone("+7 (900) 123-45-67") == "+79001234567"
    assert shared_phone("79001234567") == "+79001234567"
    with pytest.raises(Invalid):
        shared_phone("12")


@pytest.mark.parametrize("value", ["+999999999999999", "+7 900 123-45-67", "89001234567", ""])
def test_typed_phone_is_refused_whatever_it_looks_like(value: str) -> None:
    """Issue 10, item 11: only a shared contact of the user himself gives his phone."""
    with pytest.raises(Invalid) as info:
        phone(value)
    assert info.value.key == "validation.phone_use_button"


INVISIBLE = {
    "RLO": "\u202e",
    "LRO": "\u202d",
    "RLE": "\u202b",
    "PDF": "\u202c",
    "RLI": "\u2067",
    "PDI": "\u2069",
    "RLM": "\u200f",
    "LRM": "\u200e",
    "ALM": "\u061c",
    "ZWSP": "\u200b",
    "ZWNJ": "\u200c",
    "ZWJ alone": "\u200d",
    "word joiner": "\u2060",
    "BOM": "\ufeff",
    "soft hyphen": "\u00ad",
}


@pytest.mark.parametrize("mark", INVISIBLE.values(), ids=INVISIBLE.keys())
@pytest.mark.parametrize("check", [nickname, person_name, city])
def test_bidi_controls_and_zero_width_characters_are_refused(check, mark: str) -> None:  # type: ignore[no-untyped-def]
    """Issue 10, item 11: «Вася<RLO>ьлоК» shows as «ВасяКоль» and reads backwards after it."""
    for value in (f"Вася{mark}ьлоК", f"{mark}Вася", f"Вася{mark}"):
        with pytest.raises(Invalid) as info:
            check(value)
        assert info.value.key == "validation.invisible_chars", (check, value)


@pytest.mark.parametrize("value", ["Семья 👨‍👩‍👧", "Кодер 👨🏽‍💻", "🏳️‍🌈 флаг", "<b>Вася</b> 🎱"])
def test_emoji_sequences_keep_their_joiners(value: str) -> None:
    assert nickname(value) == value


def test_zero_width_joiner_between_letters_is_refused() -> None:
    with pytest.raises(Invalid):
        nickname("Ва\u200dся")


def test_split_text_keeps_lines_whole_and_under_limit() -> None:
    lines = [f"line {i} " + "ж" * 50 for i in range(300)]
    parts = split_text("\n".join(lines), limit=4096)
    assert len(parts) > 1
    assert all(utf16_len(part) <= 4096 for part in parts)
    assert "\n".join(parts).split("\n") == lines


def test_split_text_counts_utf16_units() -> None:
    emoji_line = "🎱" * 1500  # 3000 UTF-16 units
    parts = split_text(emoji_line + "\n" + emoji_line)
    assert parts == [emoji_line, emoji_line]
