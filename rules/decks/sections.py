"""The parts of a deck list (the headings players write above them).

- **main**: the deck played (Constructed, Heroes' main deck; in Sealed and Draft the pool's
  cards used in the deck);
- **side**: Heroes' side deck of exactly 10 (001); in Sealed and Draft the pool's cards not
  used (603.3: «с пометкой, какая карта используется в колоде, а какая не используется»);
- **hero**: the hero of «Берсерк. Герои» and of a Heroes tournament (609).
"""

from __future__ import annotations

import re
from enum import Enum

from rules.decks.names import card_key

__all__ = ["HEADINGS", "Section", "heading"]


class Section(Enum):
    """A part of a deck list; the value is what the stored list and the texts use."""

    MAIN = "main"
    SIDE = "side"
    HERO = "hero"


HEADINGS: dict[str, Section] = {
    **dict.fromkeys(
        (
            "колода",
            "основа",
            "основная колода",
            "основная",
            "в колоде",
            "используются",
            "используется",
            "deck",
            "main",
            "main deck",
            "maindeck",
            "used",
        ),
        Section.MAIN,
    ),
    **dict.fromkeys(
        (
            "сайд",
            "сайдборд",
            "дополнительная колода",
            "дополнительная",
            "доп. колода",
            "доп колода",
            "запас",
            "не используются",
            "не используется",
            "не в колоде",
            "side",
            "side deck",
            "sideboard",
            "unused",
            "not used",
        ),
        Section.SIDE,
    ),
    **dict.fromkeys(("герой", "hero"), Section.HERO),
}


_TALLY = re.compile(r"\(\s*\d{1,3}\s*\)$")
"""A tally after a heading, «Колода (40):», which players often write."""


def heading(line: str) -> Section | None:
    """The section a heading line opens («Колода:», «# Сайд», «HERO»), or ``None``."""
    text = line.strip().lstrip("#").strip().rstrip(":").strip()
    text = _TALLY.sub("", text).strip().rstrip(":").strip()
    return HEADINGS.get(card_key(text))
