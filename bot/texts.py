"""What people read: Russian and English texts from ``bot/locales/<lang>/*.toml``.

Every user-supplied value passed to ``Texts.get`` is HTML-escaped, unless wrapped in ``Html``
(already-safe markup built by the bot itself). Numbers, ratings and dates come as
``bot.formats`` values, written in the reader's language here. Keys missing in English fall
back to Russian.
"""

from __future__ import annotations

import html
import tomllib
from importlib import resources
from typing import Any

from bot.formats import Readable

LANGUAGES = ("ru", "en")


class Html(str):
    """A string of markup the bot built itself: inserted into texts without escaping."""

    __slots__ = ()


def escape(value: object) -> str:
    """A value as safe HTML text."""
    return value if isinstance(value, Html) else html.escape(str(value), quote=False)


def _argument(value: object, lang: str) -> str:
    """A value as the reader reads it (``bot.formats``), escaped."""
    if isinstance(value, Readable):
        return escape(value.text(lang))
    return escape(value)


def _flatten(prefix: str, table: dict[str, Any], out: dict[str, str]) -> None:
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            _flatten(name + ".", value, out)
        else:
            out[name] = str(value)


def load_locale(language: str) -> dict[str, str]:
    """Every ``bot/locales/<language>/*.toml`` (one file per feature), flattened to dotted keys."""
    folder = resources.files("bot").joinpath("locales", language)
    out: dict[str, str] = {}
    for entry in sorted(folder.iterdir(), key=lambda item: item.name):
        if entry.name.endswith(".toml"):
            table: dict[str, str] = {}
            _flatten("", tomllib.loads(entry.read_text("utf-8")), table)
            clash = set(table) & set(out)
            if clash:
                raise ValueError(f"{language}/{entry.name} repeats keys {sorted(clash)[:3]}")
            out.update(table)
    return out


def pick_language(language_code: str | None, default: str) -> str:
    """The user's Telegram language if we speak it, else the club's default."""
    if language_code:
        short = language_code.split("-")[0].lower()
        if short in LANGUAGES:
            return short
    return default


class Texts:
    """All locales, loaded once."""

    def __init__(self, default: str = "ru") -> None:
        self.default = default
        self._tables = {lang: load_locale(lang) for lang in LANGUAGES}

    def get(self, lang: str, key: str, **values: object) -> str:
        language = lang if lang in self._tables else "ru"
        template = self._tables[language].get(key) or self._tables["ru"].get(key)
        if template is None:
            raise KeyError(f"no text {key!r}")
        return template.format(**{n: _argument(v, language) for n, v in values.items()})

    def plain(self, lang: str, key: str, **values: object) -> str:
        """A text for a button label: Telegram shows labels as typed, not as HTML, so values
        are put in as they are (escaped, a name «A &amp; B» would read that way on the button)."""
        table = self._tables.get(lang) or self._tables["ru"]
        template = table.get(key) or self._tables["ru"].get(key)
        if template is None:
            raise KeyError(f"no text {key!r}")
        return template.format(**values)

    def raw(self, lang: str, key: str) -> str:
        """A text with no placeholders filled (for button labels and menus)."""
        return self.get(lang, key)

    def has(self, key: str) -> bool:
        return key in self._tables["ru"]

    def keys(self, lang: str) -> set[str]:
        return set(self._tables[lang])


class Tr:
    """Texts bound to one reader's language: ``t("key", name=...)``."""

    __slots__ = ("lang", "texts")

    def __init__(self, texts: Texts, lang: str) -> None:
        self.texts = texts
        self.lang = lang

    def __call__(self, key: str, **values: object) -> str:
        return self.texts.get(self.lang, key, **values)
