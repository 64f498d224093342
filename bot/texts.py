"""What people read: Russian and English texts in Fluent files, ``bot/locales/<lang>/*.ftl``.

One file per feature. A text's key is its dotted name (``swiss.round_complete``); its Fluent
id is the same with dashes (``swiss-round_complete``). Plurals are Fluent selectors on a number
(``{ $rounds -> [one] тура *[other] туров }``), chosen by the language's CLDR plural rules
(Russian: one 1, 21 · few 2-4, 22 · many 5-20, 11), or by an exact count (``[1] Стол``).

Every value passed to ``Texts.get`` is HTML-escaped, unless wrapped in ``Html`` (markup the bot
built itself). Numbers, ratings and dates come as ``bot.formats`` values, written in the
reader's language here. A whole number (``int``) stays a number, so that a selector can choose
by it; it is shown without grouping (a count of 1200 reads 1200). Keys missing in English fall
back to Russian. A file that does not parse, a key defined twice, or a text that names a value
the caller did not give is an error, not a blank in a message.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from importlib import resources
from typing import Any

from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime.types import fluent_number
from fluent.syntax import ast, serializer

from bot.formats import Countable, Readable

LANGUAGES = ("ru", "en")


Translate = Callable[..., str]
"""A text getter of one language: key and values → the text (``Texts.get`` with its language)."""


class Html(str):
    """A string of markup the bot built itself: inserted into texts without escaping."""

    __slots__ = ()


def escape(value: object) -> str:
    """A value as safe HTML text."""
    return value if isinstance(value, Html) else html.escape(str(value), quote=False)


def fluent_id(key: str) -> str:
    """The Fluent message id of a dotted text key."""
    return key.replace(".", "-")


def _argument(value: object, lang: str, *, markup: bool = True) -> object:
    """A value as the reader reads it: a count as a number (for selectors), a ``bot.formats``
    value in his language, anything else as text (escaped for HTML unless ``markup`` is off).
    Text comes first: most values are, and a check against a runtime protocol is slow (about
    30 % of a 256-player board's render, ``benchmarks.web``)."""
    if isinstance(value, str):
        return escape(value) if markup else value
    if isinstance(value, int) and not isinstance(value, bool):
        return fluent_number(value, useGrouping=False)
    if isinstance(value, Countable):  # points: a selector may choose by them (Fluent writes them)
        return fluent_number(value.number(), useGrouping=False)
    text = value.text(lang) if isinstance(value, Readable) else value
    return escape(text) if markup else str(text)


def _resources(language: str) -> list[tuple[str, ast.Resource]]:
    """Every ``bot/locales/<language>/*.ftl``, parsed; a syntax error stops the load."""
    folder = resources.files("bot").joinpath("locales", language)
    parsed = []
    for entry in sorted(folder.iterdir(), key=lambda item: item.name):
        if not entry.name.endswith(".ftl"):
            continue
        resource = FluentResource(entry.read_text("utf-8"))
        for junk in (item for item in resource.body if isinstance(item, ast.Junk)):
            note = junk.annotations[0].message if junk.annotations else "syntax error"
            raise ValueError(f"{language}/{entry.name}: {note}: {(junk.content or '')[:60]!r}")
        parsed.append((entry.name, resource))
    return parsed


def load_bundle(language: str) -> tuple[FluentBundle, set[str]]:
    """The language's texts as one bundle, and their keys."""
    bundle = FluentBundle([language], use_isolating=False)
    keys: set[str] = set()
    for name, resource in _resources(language):
        ids = {item.id.name for item in resource.body if isinstance(item, ast.Message)}
        clash = {fluent_id(key) for key in keys} & ids
        if clash:
            raise ValueError(f"{language}/{name} repeats keys {sorted(clash)[:3]}")
        keys |= {ident.replace("-", ".") for ident in ids}
        bundle.add_resource(resource)
    return bundle, keys


def load_locale(language: str) -> dict[str, str]:
    """Every text's Fluent source (its pattern), by key: for checks over all texts."""
    out: dict[str, str] = {}
    for _, resource in _resources(language):
        for item in resource.body:
            if isinstance(item, ast.Message) and item.value is not None:
                source = serializer.serialize_pattern(item.value)
                out[item.id.name.replace("-", ".")] = source
    return out


def pick_language(language_code: str | None, default: str) -> str:
    """The user's Telegram language if we speak it, else the club's default."""
    if language_code:
        short = language_code.split("-")[0].lower()
        if short in LANGUAGES:
            return short
    return default


#: How many formatted texts are kept. Fluent takes about 0.2 ms a text, and a 256-player Swiss
#: board is 256 of them (66 ms of the event loop, rendered about ten times while a whole round
#: is reported at once: ``benchmarks.burst``); between two renders most lines are the same. A
#: text is a pure function of its language, key and values (their types included: an ``Html``
#: value is put in as it is, the equal ``str`` escaped), so a kept one is always right. When
#: full, the kept texts are forgotten at once: simpler than an order of use, and rare.
FORMATTED = 8192


class Texts:
    """All locales, loaded once."""

    def __init__(self, default: str = "ru") -> None:
        self.default = default
        loaded = {lang: load_bundle(lang) for lang in LANGUAGES}
        self._bundles = {lang: bundle for lang, (bundle, _) in loaded.items()}
        self._keys = {lang: keys for lang, (_, keys) in loaded.items()}
        #: texts formatted already (``FORMATTED``)
        self._formatted: dict[tuple[object, ...], str] = {}

    def get(self, lang: str, key: str, **values: object) -> str:
        return self._format(lang, key, values, markup=True)

    def plain(self, lang: str, key: str, **values: object) -> str:
        """A text for a button label: Telegram shows labels as typed, not as HTML, so values
        are put in as they are (escaped, a name «A &amp; B» would read that way on the button)."""
        return self._format(lang, key, values, markup=False)

    def _format(self, lang: str, key: str, values: dict[str, object], *, markup: bool) -> str:
        """The text, formatted once per language, key and values (see ``FORMATTED``)."""
        try:
            seen = (lang, key, markup, *((n, type(v), v) for n, v in values.items()))
            found = self._formatted.get(seen)
        except TypeError:  # a value that cannot be a key (never expected): formatted every time
            return self._fluent(lang, key, values, markup=markup)
        if found is None:
            found = self._fluent(lang, key, values, markup=markup)
            if len(self._formatted) >= FORMATTED:
                self._formatted.clear()
            self._formatted[seen] = found
        return found

    def _fluent(self, lang: str, key: str, values: dict[str, object], *, markup: bool) -> str:
        language = lang if lang in self._bundles else "ru"
        ident = fluent_id(key)
        bundle = self._bundles[language]
        if not bundle.has_message(ident):
            language, bundle = "ru", self._bundles["ru"]
            if not bundle.has_message(ident):
                raise KeyError(f"no text {key!r}")
        pattern = bundle.get_message(ident).value
        if pattern is None:
            raise KeyError(f"text {key!r} has no value")
        arguments: dict[str, Any] = {
            name: _argument(value, language, markup=markup) for name, value in values.items()
        }
        text, errors = bundle.format_pattern(pattern, arguments)
        if errors:
            raise KeyError(f"text {key!r}: {errors[0]}")
        return str(text)

    def has(self, key: str) -> bool:
        return key in self._keys["ru"]

    def keys(self, lang: str) -> set[str]:
        return set(self._keys[lang])


class Tr:
    """Texts bound to one reader's language: ``t("key", name=...)``."""

    __slots__ = ("lang", "texts")

    def __init__(self, texts: Texts, lang: str) -> None:
        self.texts = texts
        self.lang = lang

    def __call__(self, key: str, **values: object) -> str:
        return self.texts.get(self.lang, key, **values)
