"""Reading a pasted deck list (707: the judge's list of a player's cards).

The syntax (the README shows it to players):

- one card a line: ``3 Имя карты``; also ``3x Имя``, ``3 x Имя``, ``3х Имя`` (Cyrillic х),
  ``Имя x3``, ``Имя ×3``; a leading bullet (``-``, ``•``, ``*`` and a space) is ignored;
- a heading line opens a section (``rules.decks.sections``): «Колода» / «Deck», «Сайд» /
  «Side» (Sealed and Draft: «Запас», «Не используются»: the pool's unused cards), «Герой» /
  «Hero»; a trailing colon or a tally («Колода (40):») is fine. Cards before any heading are
  the main deck;
- a mark right before the count puts that one line in a section whatever the heading: ``+2 Имя``
  used (main), ``-1 Имя`` not used (side) — the Sealed pool's marks of 603.3 written inline;
- empty lines and comments (``//`` …) are skipped;
- the same card on several lines of one section adds up.

A line that is none of these is a problem with its line number; the rest of the list is still
read, so the player sees every mistake at once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rules.decks.names import card_key
from rules.decks.sections import Section, heading

__all__ = ["MAX_COUNT", "MAX_LINES", "DeckList", "Entry", "Problem", "parse_list"]

MAX_COUNT = 99
"""More copies of one card on a line is a typo, not a deck."""
MAX_LINES = 400
"""A pasted list longer than this is not a deck list (a Sealed pool has under 100 lines)."""
MAX_NAME = 100

_BULLET = re.compile(r"^(?:[-•*·]\s+)")
_LEADING = re.compile(r"^(?P<mark>[+\-−])?(?P<count>\d+)(?:\s*[xXхХ×*])?\s+(?P<name>.+)$")
_LEADING_X = re.compile(r"^(?P<mark>[+\-−])?(?P<count>\d+)[xXхХ×](?P<name>\S.*)$")
_TRAILING = re.compile(r"^(?P<name>.+?)\s*(?:[xXхХ×*])\s*(?P<count>\d+)$")


@dataclass(frozen=True, slots=True)
class Problem:
    """Something wrong (or left unchecked) in a list: a text id (``decks.err_<code>``), the
    line it points at (``None``: the whole list) and the values its text names."""

    code: str
    line: int | None = None
    values: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Entry:
    """One card of a section: how many, its name as written, the first line naming it."""

    section: Section
    count: int
    name: str
    line: int

    @property
    def key(self) -> str:
        return card_key(self.name)


@dataclass(frozen=True, slots=True)
class DeckList:
    """A list as understood: its entries by section, in the order written."""

    entries: tuple[Entry, ...] = ()

    def section(self, section: Section) -> list[Entry]:
        return [e for e in self.entries if e.section is section]

    def size(self, section: Section) -> int:
        return sum(e.count for e in self.section(section))

    def copies(self, *sections: Section) -> dict[str, int]:
        """Copies of each card (by key) over ``sections``."""
        total: dict[str, int] = {}
        for entry in self.entries:
            if entry.section in sections:
                total[entry.key] = total.get(entry.key, 0) + entry.count
        return total

    def first(self, key: str) -> Entry:
        return next(e for e in self.entries if e.key == key)


def parse_list(text: str) -> tuple[DeckList, list[Problem]]:
    """The list ``text`` describes and the problems of its lines (line numbers from 1)."""
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        return DeckList(), [Problem("too_long", None, {"max": MAX_LINES})]
    merged: dict[tuple[Section, str], Entry] = {}
    problems: list[Problem] = []
    section = Section.MAIN
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith("//"):
            continue
        opened = heading(line)
        if opened is not None:
            section = opened
            continue
        read = card_line(line)
        if isinstance(read, str):
            problems.append(Problem(read, number, {"text": line[:60]}))
            continue
        mark, count, name = read
        where = {"+": Section.MAIN, "-": Section.SIDE}.get(mark, section)
        entry = Entry(where, count, name, number)
        known = merged.get((where, entry.key))
        if known is not None:
            entry = Entry(where, known.count + count, known.name, known.line)
        merged[(where, entry.key)] = entry
    return DeckList(tuple(sorted(merged.values(), key=lambda e: e.line))), problems


def card_line(line: str) -> tuple[str, int, str] | str:
    """(mark ``+``/``-``/"", count, name) of a card line, or the code of its problem."""
    line = _BULLET.sub("", line)
    found = _LEADING.match(line) or _LEADING_X.match(line) or _TRAILING.match(line)
    if found is None:
        return "no_count"
    parts = found.groupdict()
    mark = (parts.get("mark") or "").replace("−", "-")
    name = " ".join(parts["name"].split()).strip()
    count = int(parts["count"]) if len(parts["count"]) < 4 else MAX_COUNT + 1
    if not name or not any(ch.isalpha() for ch in name):
        return "no_name"
    if len(name) > MAX_NAME:
        return "long_name"
    if not 1 <= count <= MAX_COUNT:
        return "bad_count"
    return mark, count, name
