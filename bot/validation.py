"""Validation of what people type into the registration wizard and profile edits.

Each validator returns the cleaned value or raises ``Invalid`` with the locale key of the
explanation. Names accept letters of any alphabet with spaces, hyphens, apostrophes and dots;
nicknames accept any printable text (emoji included) but no control characters and no invisible
ones (bidi controls, zero-width characters: see ``rules.text``). A phone is never typed: it
comes only as the user's own contact, shared with Telegram's button (``shared_phone``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from bot.errors import UserError
from rules.text import invisible, visible

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


def _no_invisible(text: str) -> None:
    if any(invisible(text, index) for index in range(len(text))):
        raise Invalid("validation.invisible_chars")


def shown_name(text: str) -> str:
    """A Telegram name as it may be shown: without invisible and control characters
    (``rules.text.visible``; the profile's fields refuse them instead)."""
    return visible(text)


def person_name(text: str) -> str:
    value = _clean(text)
    _no_controls(value)
    _no_invisible(value)
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
    _no_invisible(value)
    if not 2 <= len(value) <= 60:
        raise Invalid("validation.city_length")
    if not all(ch.isalpha() or ch in " -'’.()" for ch in value):
        raise Invalid("validation.city_letters")
    return value


def nickname(text: str) -> str:
    value = _clean(text)
    _no_controls(value)
    _no_invisible(value)
    if not 2 <= len(value) <= 32:
        raise Invalid("validation.nickname_length")
    return value


def note(text: str) -> str:
    """A judge's short note, e.g. the reason of a correction: plain text, at most 200."""
    value = _clean(text)
    _no_controls(value)
    _no_invisible(value)
    if len(value) > 200:
        raise Invalid("validation.note_length")
    return value


def phone(text: str) -> str:
    """A typed number is refused, whatever it looks like: only a shared contact of the user
    himself proves the number is his (``shared_phone``), so nobody stores someone else's."""
    raise Invalid("validation.phone_use_button")


def shared_phone(number: str) -> str:
    """The number of a contact the user shared of himself, as ``+digits``."""
    digits = re.sub(r"[\s()+-]", "", number)
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
