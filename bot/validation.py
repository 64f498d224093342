"""Validation of what people type into the registration wizard and profile edits.

Each validator returns the cleaned value or raises ``Invalid`` with the locale key of the
explanation. Names accept letters of any alphabet with spaces, hyphens, apostrophes and dots;
nicknames accept any printable text (emoji included) but no control characters.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from bot.errors import UserError

SKIP_WORDS = {"-", "—", "/skip", "skip", "нет", "пропустить"}


class Invalid(UserError, ValueError):
    """The answer is not acceptable; ``key`` names the locale text that says why (a
    ``UserError``: where nothing more is to be said, the error router shows that text)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)


def _clean(text: str) -> str:
    text = unicodedata.normalize("NFC", text).strip()
    return re.sub(r"\s+", " ", text)


def _no_controls(text: str) -> None:
    if any(unicodedata.category(ch) == "Cc" for ch in text):
        raise Invalid("validation.control_chars")


def person_name(text: str) -> str:
    value = _clean(text)
    _no_controls(value)
    if not 1 <= len(value) <= 50:
        raise Invalid("validation.name_length")
    if not all(ch.isalpha() or ch in " -'’." for ch in value) or not value[0].isalpha():
        raise Invalid("validation.name_letters")
    return value


def patronymic(text: str) -> str:
    """A patronymic; people who have none answer with a dash, kept as an empty string."""
    value = _clean(text)
    return "" if value in {"-", "—"} else person_name(value)


_EMAIL = re.compile(r"^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$")


def email(text: str) -> str:
    value = _clean(text)
    if len(value) > 254 or not _EMAIL.match(value) or ".." in value:
        raise Invalid("validation.email")
    return value.lower()


def city(text: str) -> str:
    value = _clean(text)
    _no_controls(value)
    if not 2 <= len(value) <= 60:
        raise Invalid("validation.city_length")
    if not all(ch.isalpha() or ch in " -'’.()" for ch in value):
        raise Invalid("validation.city_letters")
    return value


def nickname(text: str) -> str:
    value = _clean(text)
    _no_controls(value)
    if not 2 <= len(value) <= 32:
        raise Invalid("validation.nickname_length")
    return value


def phone(text: str) -> str:
    digits = re.sub(r"[\s()+-]", "", text)
    if not digits.isdigit() or not 7 <= len(digits) <= 15:
        raise Invalid("validation.phone")
    return "+" + digits


Validator = Callable[[str], str]

#: The wizard's questions in order: (field, validator, optional).
FIELDS: tuple[tuple[str, Validator, bool], ...] = (
    ("last_name", person_name, False),
    ("first_name", person_name, False),
    ("patronymic", patronymic, False),
    ("email", email, False),
    ("city", city, False),
    ("nickname", nickname, True),
    ("phone", phone, True),
)
VALIDATORS: dict[str, Validator] = {name: check for name, check, _ in FIELDS}
