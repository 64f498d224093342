"""Telegram-style HTML entity parser used by the Bot API emulator.

`parse_html` mirrors the behaviour of TDLib's HTML parser closely enough for tests: it accepts
exactly the tags the Bot API documents, requires them to be properly nested and closed, rejects a
bare ``<`` and any ``&`` that does not start a known character reference, and returns the visible
text together with the message entities (offsets and lengths in UTF-16 code units).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Any

__all__ = [
    "EntityParseError",
    "html_to_plain",
    "parse_html",
    "strip_entities",
    "utf16_len",
]

ALLOWED_TAGS: frozenset[str] = frozenset(
    {
        "a",
        "b",
        "strong",
        "i",
        "em",
        "u",
        "ins",
        "s",
        "strike",
        "del",
        "span",
        "tg-spoiler",
        "code",
        "pre",
        "blockquote",
        "tg-emoji",
    }
)

_ENTITY_TYPES: dict[str, str] = {
    "b": "bold",
    "strong": "bold",
    "i": "italic",
    "em": "italic",
    "u": "underline",
    "ins": "underline",
    "s": "strikethrough",
    "strike": "strikethrough",
    "del": "strikethrough",
    "span": "spoiler",
    "tg-spoiler": "spoiler",
    "code": "code",
    "pre": "pre",
    "blockquote": "blockquote",
    "tg-emoji": "custom_emoji",
    "a": "text_link",
}

_NAMED_ENTITIES: dict[str, str] = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}
_CHAR_REF = re.compile(r"&(?:#([0-9]{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]+));")
_PLAIN_RUN = re.compile(r"[^<&]+")
_TAG_RE = re.compile(r"<[^>]*>")


class EntityParseError(ValueError):
    """The text could not be parsed; the message is Telegram's description after
    ``can't parse entities: ``."""


def utf16_len(text: str) -> int:
    """Length of ``text`` in UTF-16 code units, the unit Telegram measures texts in."""
    return len(text.encode("utf-16-le")) // 2


@dataclass
class _Open:
    name: str
    attrs: dict[str, str]
    start: int  # UTF-16 offset in the visible text
    byte_offset: int
    children_language: str | None = None


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.out: list[str] = []
        self.pos16 = 0
        self.entities: list[dict[str, Any]] = []
        self.stack: list[_Open] = []

    def byte_offset(self, index: int) -> int:
        return len(self.text[:index].encode("utf-8"))

    def emit(self, chunk: str) -> None:
        self.out.append(chunk)
        self.pos16 += utf16_len(chunk) if not chunk.isascii() else len(chunk)

    def fail(self, message: str) -> EntityParseError:
        return EntityParseError(message)

    def run(self) -> tuple[str, list[dict[str, Any]]]:
        text = self.text
        n = len(text)
        i = 0
        while i < n:
            ch = text[i]
            if ch == "&":
                i = self.char_ref(i)
            elif ch == "<" and i + 1 < n and text[i + 1] == "/":
                i = self.end_tag(i)
            elif ch == "<":
                i = self.start_tag(i)
            else:
                m = _PLAIN_RUN.match(text, i)
                assert m is not None
                self.emit(m.group(0))
                i = m.end()
        if self.stack:
            raise self.fail(
                f'Can\'t find end tag corresponding to start tag "{self.stack[-1].name}"'
            )
        self.entities.sort(key=lambda e: (e["offset"], -e["length"]))
        return "".join(self.out), self.entities

    def char_ref(self, i: int) -> int:
        m = _CHAR_REF.match(self.text, i)
        if m is None:
            raise self.fail(
                f"Character reference must be one of &lt; &gt; &amp; &quot; or numeric, "
                f'unescaped "&" at byte offset {self.byte_offset(i)}'
            )
        dec, hexa, name = m.groups()
        if name is not None:
            if name not in _NAMED_ENTITIES:
                raise self.fail(
                    f'Unsupported HTML entity "&{name};" at byte offset {self.byte_offset(i)}'
                )
            self.emit(_NAMED_ENTITIES[name])
        else:
            code = int(dec) if dec is not None else int(hexa, 16)
            if code == 0 or code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
                raise self.fail(
                    f"Invalid numeric character reference at byte offset {self.byte_offset(i)}"
                )
            self.emit(chr(code))
        return m.end()

    def start_tag(self, begin: int) -> int:
        text = self.text
        n = len(text)
        i = begin + 1
        while i < n and not text[i].isspace() and text[i] != ">":
            i += 1
        if i >= n:
            raise self.fail(f"Unclosed start tag at byte offset {self.byte_offset(begin)}")
        name = text[begin + 1 : i].lower()
        if name not in ALLOWED_TAGS:
            raise self.fail(
                f'Unsupported start tag "{name}" at byte offset {self.byte_offset(begin)}'
            )
        attrs: dict[str, str] = {}
        while True:
            while i < n and text[i].isspace():
                i += 1
            if i >= n:
                raise self.fail(f"Unclosed start tag at byte offset {self.byte_offset(begin)}")
            if text[i] == ">":
                break
            attr_begin = i
            while i < n and not text[i].isspace() and text[i] not in "=>":
                i += 1
            attr_name = text[attr_begin:i].lower()
            if not attr_name:
                raise self.fail(
                    f'Empty attribute name in the tag "{name}" at byte offset '
                    f"{self.byte_offset(begin)}"
                )
            while i < n and text[i].isspace():
                i += 1
            if i < n and text[i] == "=":
                i += 1
                while i < n and text[i].isspace():
                    i += 1
                if i >= n:
                    raise self.fail(f"Unclosed start tag at byte offset {self.byte_offset(begin)}")
                if text[i] in "\"'":
                    quote = text[i]
                    end = text.find(quote, i + 1)
                    if end < 0:
                        raise self.fail(
                            f"Unclosed start tag at byte offset {self.byte_offset(begin)}"
                        )
                    value = html.unescape(text[i + 1 : end])
                    i = end + 1
                else:
                    value_begin = i
                    while i < n and not text[i].isspace() and text[i] != ">":
                        i += 1
                    value = html.unescape(text[value_begin:i])
            else:
                value = ""
            attrs.setdefault(attr_name, value)
        if name == "span" and attrs.get("class") != "tg-spoiler":
            raise self.fail(
                f'Tag "span" must have class "tg-spoiler" at byte offset {self.byte_offset(begin)}'
            )
        if name == "tg-emoji" and not attrs.get("emoji-id", "").isdigit():
            raise self.fail(
                f'Tag "tg-emoji" must have a numeric attribute "emoji-id" at byte offset '
                f"{self.byte_offset(begin)}"
            )
        self.stack.append(_Open(name, attrs, self.pos16, self.byte_offset(begin)))
        return i + 1

    def end_tag(self, begin: int) -> int:
        text = self.text
        end = text.find(">", begin)
        if end < 0:
            raise self.fail(f"Unclosed end tag at byte offset {self.byte_offset(begin)}")
        name = text[begin + 2 : end].strip().lower()
        if not self.stack:
            raise self.fail(f"Unexpected end tag at byte offset {self.byte_offset(begin)}")
        top = self.stack[-1]
        if top.name != name:
            raise self.fail(
                f'Unmatched end tag at byte offset {self.byte_offset(begin)}, expected "</'
                f'{top.name}>", found "</{name}>"'
            )
        self.stack.pop()
        self.close_entity(top)
        return end + 1

    def close_entity(self, tag: _Open) -> None:
        length = self.pos16 - tag.start
        kind = _ENTITY_TYPES[tag.name]
        language: str | None = None
        if tag.name == "code":
            cls = tag.attrs.get("class", "")
            parent = self.stack[-1] if self.stack else None
            if (
                parent is not None
                and parent.name == "pre"
                and parent.start == tag.start
                and cls.startswith("language-")
            ):
                parent.children_language = cls[len("language-") :]
                return
        if length <= 0:
            return
        entity: dict[str, Any] = {"type": kind, "offset": tag.start, "length": length}
        if tag.name == "a":
            href = tag.attrs.get("href", "")
            if not href:
                return
            if href.startswith("tg://user?id="):
                entity["type"] = "text_mention"
                user_id = href[len("tg://user?id=") :]
                entity["user"] = {"id": int(user_id) if user_id.isdigit() else 0}
                entity["user"].update({"is_bot": False, "first_name": ""})
            else:
                entity["url"] = href
        elif tag.name == "pre":
            language = tag.children_language
            if language:
                entity["language"] = language
        elif tag.name == "blockquote" and "expandable" in tag.attrs:
            entity["type"] = "expandable_blockquote"
        elif tag.name == "tg-emoji":
            entity["custom_emoji_id"] = tag.attrs["emoji-id"]
        self.entities.append(entity)


def parse_html(text: str) -> tuple[str, list[dict[str, Any]]]:
    """Parse Telegram HTML into ``(visible_text, entities)``.

    Raises :class:`EntityParseError` with Telegram's description on invalid markup.
    """
    if "<" not in text and "&" not in text:
        return text, []
    return _Parser(text).run()


def strip_entities(text: str, entities: list[dict[str, Any]]) -> tuple[str, list[dict[str, Any]]]:
    """Trim leading/trailing whitespace like Telegram does, shifting entity offsets."""
    stripped = text.strip()
    if stripped == text:
        return text, entities
    lead = utf16_len(text[: len(text) - len(text.lstrip())])
    total = utf16_len(stripped)
    result: list[dict[str, Any]] = []
    for entity in entities:
        start = max(entity["offset"] - lead, 0)
        end = min(entity["offset"] + entity["length"] - lead, total)
        if end > start:
            result.append({**entity, "offset": start, "length": end - start})
    return stripped, result


def html_to_plain(text: str) -> str:
    """What a user sees for an HTML text: tags stripped, character references unescaped.

    Lenient (never raises), so it can be used on anything a test wants to look at.
    """
    try:
        return parse_html(text)[0]
    except EntityParseError:
        return html.unescape(_TAG_RE.sub("", text))
