"""Names as they may be shown: without the characters that draw nothing but change what is
around them (issue 20, item 7).

Telegram's names are anyone's text: a right-to-left override (U+202E) makes a name read
backwards on every board it is on, and everything after it in the line; an isolate (U+2066)
or a zero-width space makes two names that look the same differ; a control character (a bell,
a line break) breaks a table's line. The profile's own fields refuse them (``bot.validation``);
Telegram's names are cleaned where they come in and again where a stored one is shown.
"""

from __future__ import annotations

import unicodedata

#: ZERO WIDTH JOINER: invisible, but it glues emoji into one (👨‍👩‍👧), so it may stand between two
ZWJ = "\u200d"


def emoji_part(ch: str) -> bool:
    """A character an emoji ZWJ sequence joins: a symbol, a skin tone (Sk), or the variation
    selector that makes the symbol an emoji."""
    return unicodedata.category(ch) in ("So", "Sk") or ch == "\ufe0f"


def invisible(text: str, index: int) -> bool:
    """The character at ``index`` is a format character (Unicode category Cf: the bidi
    controls, zero-width spaces, …), except a ZWJ between two parts of an emoji."""
    ch = text[index]
    if unicodedata.category(ch) != "Cf":
        return False
    if ch != ZWJ or index in (0, len(text) - 1):
        return True
    return not (emoji_part(text[index - 1]) and emoji_part(text[index + 1]))


def visible(text: str) -> str:
    """``text`` without format and control characters (a line break or a tab becomes a
    space); most names have none and come back as they are, at once."""
    if text.isprintable():
        return text
    kept = []
    for index, ch in enumerate(text):
        category = unicodedata.category(ch)
        if category == "Cc":
            if ch.isspace():
                kept.append(" ")
        elif not invisible(text, index):
            kept.append(ch)
    return "".join(kept)


def decoded_text(raw: bytes) -> str | None:
    """The text of a file's bytes, or ``None`` when they are no text: UTF-8 (with or without
    its mark), else Windows-1251 (what Russian spreadsheets still save), each read strictly;
    either way no control character but a line break or a tab (a NUL, a bell, an escape are
    what binary files are made of, never what a list holds)."""
    for encoding in ("utf-8-sig", "cp1251"):
        try:
            text = raw.decode(encoding)
        except UnicodeDecodeError:
            continue
        return text if plain(text) else None
    return None


def plain(text: str) -> bool:
    """No control character in ``text`` but line breaks and tabs."""
    return not any(unicodedata.category(ch) == "Cc" and ch not in "\t\n\r" for ch in text)
