import pytest

from bot.sender import split_text, utf16_len
from bot.validation import Invalid, city, email, nickname, patronymic, person_name, phone


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


def test_phone_digits() -> None:
    assert phone("+7 (900) 123-45-67") == "+79001234567"
    with pytest.raises(Invalid):
        phone("12")


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
