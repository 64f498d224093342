"""The club's card list: what a check must know about a card, loaded by an organiser as CSV.

Columns (a header row names them, in any order; Russian names work too):

- ``name`` (``название``): the card's name, required;
- ``set`` (``сет``): its set, for the organiser's reference;
- ``class`` (``класс``): its class (Class Wars, 602.4) — in «Берсерк. Герои» its element
  (стихия, 001); empty for a classless (neutral) card;
- ``type`` (``тип``): «существо» / creature, «герой» / hero, «артефакт», «местность»,
  «экипировка» …; only «герой»/hero and «существо»/creature mean something to the checks;
- ``horde`` (``орда``): the «Орда» mark (602.0.2: up to five copies): ``1``, ``да``, ``yes``,
  ``true``, ``+``, ``орда``; empty, ``0``, ``нет``, ``no``, ``false``, ``-`` for none.

The separator is a comma or a semicolon (what a spreadsheet saves). A card listed twice (a
reprint in another set) is one card; the later line's facts stand.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass

from rules.decks.names import card_key
from rules.decks.parse import Problem
from rules.text import visible

__all__ = ["COLUMNS", "Card", "CardList", "read_card_list"]

COLUMNS = {
    "name": "name",
    "название": "name",
    "карта": "name",
    "set": "set",
    "сет": "set",
    "class": "class",
    "класс": "class",
    "стихия": "class",
    "element": "class",
    "type": "type",
    "тип": "type",
    "horde": "horde",
    "орда": "horde",
}
YES = frozenset({"1", "да", "yes", "true", "+", "орда", "horde", "y", "д"})
NO = frozenset({"", "0", "нет", "no", "false", "-", "n", "н"})
HEROES = frozenset({"герой", "hero"})
CREATURES = frozenset({"существо", "creature"})
MAX_CARDS = 20000


@dataclass(frozen=True, slots=True)
class Card:
    name: str
    set: str
    card_class: str
    type: str
    horde: bool

    @property
    def is_hero(self) -> bool:
        return card_key(self.type) in HEROES

    @property
    def is_creature(self) -> bool:
        return card_key(self.type) in CREATURES or self.is_hero

    @property
    def class_key(self) -> str:
        return card_key(self.card_class)


@dataclass(frozen=True, slots=True)
class CardList:
    """The cards by key (``rules.decks.names.card_key``)."""

    cards: dict[str, Card]

    def get(self, name: str) -> Card | None:
        return self.cards.get(card_key(name))

    def __len__(self) -> int:
        return len(self.cards)


#: a line of the card list longer than this is no card (a name is at most 100 characters):
#: skipped unread, so that no field reaches the csv module's own limit (128 KB)
MAX_LINE = 1000
#: this many bad lines and the file is not a card list: nothing of it is loaded
MAX_BAD_LINES = 50


def read_card_list(text: str) -> tuple[CardList, list[Problem]]:
    """The cards of a CSV text and the problems of its lines (numbered as a spreadsheet does:
    the header is line 1). Each line is one row, read on its own: a quote left open is that
    line's problem (``csv_bad_quote``) and never runs on into the next; a row of separators
    with no value (``;;;;``) is named (``csv_empty_row``), only a blank line is passed over; so
    is a row with values past the header's columns (``csv_extra_cells``: a name with the
    separator in it, unquoted, shifts every column after it).
    Bounded: an overlong line is skipped unread; at ``MAX_BAD_LINES`` bad lines it stops and
    loads nothing (``csv_not_cards``)."""
    lines = text.lstrip("\ufeff").splitlines()
    if not lines or not lines[0].strip():
        return CardList({}), [Problem("csv_empty")]
    if len(lines[0]) > MAX_LINE:
        return CardList({}), [Problem("csv_no_name", 1)]
    delimiter = ";" if lines[0].count(";") > lines[0].count(",") else ","
    first = csv_row(lines[0], delimiter)
    if first is None:
        return CardList({}), [Problem("csv_no_name", 1)]
    header = [COLUMNS.get(card_key(cell)) for cell in first]
    if "name" not in header:
        return CardList({}), [Problem("csv_no_name", 1)]
    cards: dict[str, Card] = {}
    problems: list[Problem] = []
    for number, line in enumerate(lines[1:], start=2):
        if len(problems) >= MAX_BAD_LINES:
            return CardList({}), [Problem("csv_not_cards", None, {"max": MAX_BAD_LINES})]
        if not line.strip():
            continue
        shown: dict[str, object] = {"text": visible(line)[:60]}
        if len(line) > MAX_LINE:
            problems.append(Problem("csv_long_line", number, {"max": MAX_LINE}))
            continue
        row = csv_row(line, delimiter)
        if row is None:
            problems.append(Problem("csv_bad_quote", number, shown))
            continue
        if not any(cell.strip() for cell in row):
            problems.append(Problem("csv_empty_row", number, shown))
            continue
        extra = [cell for cell in row[len(header) :] if cell.strip()]
        if extra:
            values = {**shown, "count": len(row), "columns": len(header)}
            problems.append(Problem("csv_extra_cells", number, values))
            continue
        read = card_row(header, row)
        if isinstance(read, str):
            problems.append(Problem(read, number, {"text": visible(";".join(row))[:60]}))
        elif len(cards) < MAX_CARDS or card_key(read.name) in cards:
            cards[card_key(read.name)] = read
        else:
            return CardList(cards), [*problems, Problem("csv_too_many", number, {"max": MAX_CARDS})]
    return CardList(cards), problems


def csv_row(line: str, delimiter: str) -> list[str] | None:
    """The cells of one CSV line; ``None`` when its quotes do not close (or a closing quote is
    not followed by the separator)."""
    try:
        return next(csv.reader([line], delimiter=delimiter, strict=True), [])
    except csv.Error:
        return None


def card_row(header: list[str | None], row: list[str]) -> Card | str:
    """The card of one row, or the code of its problem."""
    values = {column: cell.strip() for column, cell in zip(header, row, strict=False) if column}
    name = " ".join(values.get("name", "").split())
    if not name or not any(ch.isalpha() for ch in name) or len(name) > 100:
        return "csv_bad_name"
    if any(visible(cell) != cell for cell in values.values()):
        return "csv_invisible"  # the rules of names (``rules.text``): nothing that draws nothing
    horde = card_key(values.get("horde", ""))
    if horde not in YES | NO:
        return "csv_bad_horde"
    return Card(
        name=name,
        set=values.get("set", ""),
        card_class=" ".join(values.get("class", "").split()),
        type=values.get("type", ""),
        horde=horde in YES,
    )
