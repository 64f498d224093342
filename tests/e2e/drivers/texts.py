"""The bot's Russian texts as a user sees them, for the drivers' waits: a wait names the text
by its key (``bot/locales/ru/*.ftl``), so that a reworded message moves the drivers with it.

``ru(key, **values)`` is the whole text with its values (``bot.texts.Texts``, tags stripped);
``fixed(key, part)`` is a run of the text's own words between its placeholders: the first
(``part=0``) is the text before the first placeholder when the text starts with words.
"""

from __future__ import annotations

import html
from functools import cache
from importlib import resources

from fluent.syntax import ast, parse

from bot.texts import Texts, fluent_id
from tests.e2e.emulator_html import html_to_plain

LANGUAGE = "ru"


@cache
def _texts() -> Texts:
    return Texts(LANGUAGE)


@cache
def _messages() -> dict[str, ast.Message]:
    """Every Russian message by its Fluent id."""
    folder = resources.files("bot").joinpath("locales", LANGUAGE)
    found: dict[str, ast.Message] = {}
    for entry in folder.iterdir():
        if entry.name.endswith(".ftl"):
            for item in parse(entry.read_text("utf-8")).body:
                if isinstance(item, ast.Message):
                    found[item.id.name] = item
    return found


def ru(key: str, **values: object) -> str:
    """The text ``key`` with ``values`` as the user reads it (tags stripped)."""
    return html_to_plain(_texts().get(LANGUAGE, key, **values))


def parts(key: str) -> list[str]:
    """The runs of fixed text of ``key``, in order, as the user reads them: what stands
    between its placeholders (a value or a selector), without its tags, stripped of spaces at
    the ends; a placeholder inside a tag (``<a href="{ $link }">``) splits no run."""
    message = _messages().get(fluent_id(key))
    if message is None or message.value is None:
        raise KeyError(f"no text {key!r}")
    runs, run, in_tag = [], "", False
    for element in message.value.elements:
        if isinstance(element, ast.TextElement):
            text = element.value
        elif isinstance(element.expression, ast.StringLiteral):  # {" "}: a literal
            text = element.expression.parse()["value"]
        else:
            if not in_tag:
                runs.append(run)
                run = ""
            continue
        for char in text:  # markup: "<" always opens a tag (a text writes "&lt;")
            if char == "<":
                in_tag = True
            elif char == ">" and in_tag:
                in_tag = False
            elif not in_tag:
                run += char
    runs.append(run)
    visible = (html.unescape(text).strip() for text in runs)
    return [text for text in visible if text]


def fixed(key: str, part: int = 0) -> str:
    """The ``part``-th run of fixed text of ``key`` (see ``parts``; -1 is the last): with
    the default 0, the text before the first placeholder when the text starts with words."""
    found = parts(key)
    if not -len(found) <= part < len(found):
        raise KeyError(f"text {key!r} has {len(found)} runs of fixed text, not {part}")
    return found[part]


def round_title(round_no: int, total: int) -> str:
    """How a Swiss board's title names its round, after the tournament's name ("· Тур 1 из 3"):
    on every board of that round, with its end time or without."""
    return ru("swiss.board_title_no_end", name="", round=round_no, total=total).strip()
