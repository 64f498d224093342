"""Whether a deck list keeps the rules of its tournament's format.

- **Constructed** (602.0.2): a deck of 30–50 cards; at most 3 copies of a card, 5 of a card
  with «Орда»; no side deck and no hero in classic Berserk. The sub-format's banned list (612)
  applies; **Class Wars** (602.4) also wants the cards of one class (a class with at least one
  creature) plus at most 7 cards without a class. The regulation says the extra cards «может
  быть от 1 до 7»: *may* be, so none is fine too (a pure one-class deck is legal).
- **«Берсерк. Герои»** Constructed (001): a hero, a main deck of 40 or more, a side deck of
  exactly 10 when the player uses one (001: «если игрок использует дополнительную колоду»), at
  most 3 copies (5 for «Орда») over both decks, no spare hero in the decks, and only the
  hero's element or neutral cards (the card list's ``class`` is the element).
- **Sealed** and **Marathon** (603.3, 608): the whole pool, each card used (main) or not
  (side); the deck 30+ (in «Герои» a hero and 40+, 001); no copy limit (603.5).
- **Draft** (601): the deck's size by Table 3 (``rules.limited.deck_size``; no ``boosters``
  setting: the usual 30); none when the drafted cards are the hand. «Герои»: hero + 40 (001).
- **Heroes tournament** (609.5): a deck of 30 or more plus the hero.
- Banned cards (612.1) are an error only in Constructed: «эти карты остаются легальными в
  турнирах формата "драфт" и "силед"» — and in the Overlord series (612.1 names it beside
  Constructed: a series tournament's lists are checked against the banned list, its Draft's
  too, ``series`` in the settings). Another format (611) has its own banned cards
  (``custom_format``'s ``banned``), checked instead of a sub-format's list.

What a card is (its «Орда», class, hero type) comes from the card list. Without one, the
counts and copies are checked and the verdict's notes say what was not: 4–5 copies of a card
are then let through and named for the judge, as only the card list knows «Орда».
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum

from rules.card_formats import Format, format_of
from rules.card_games import CardGame, game_of
from rules.decks.cards import CardList
from rules.decks.names import card_key
from rules.decks.parse import DeckList, Problem, parse_list
from rules.decks.sections import Section
from rules.limited.deck_size import deck_minimum

__all__ = ["DeckRules", "Restriction", "SubFormat", "Verdict", "check", "check_list", "deck_rules"]

CONSTRUCTED_DECK = (30, 50)
HEROES_DECK = 40
HEROES_SIDE = 10
COPIES, HORDE_COPIES = 3, 5
#: the note of 4–5 copies of a card no card list says is of the «Орда» (a judge checks it)
HORDE_UNKNOWN = "horde_unknown"
CLASSLESS_MAX = 7
LIMITED_DECK = 30
HEROES_TOURNAMENT_DECK = 30


class SubFormat(Enum):
    """A Constructed sub-format, each with its banned list (602.1–602.4, 612)."""

    CLASSIC = "classic"
    STANDARD = "standard"
    BLOCK = "block"
    CLASS_WARS = "class_wars"


def sub_format_of(value: object) -> SubFormat:
    """The sub-format a tournament's settings name; anything unknown is Classic."""
    try:
        return SubFormat(value)
    except ValueError:
        return SubFormat.CLASSIC


@dataclass(frozen=True, slots=True)
class Restriction:
    """The cards a player's list may hold beyond the format's rules (a Story side's card list,
    607; a team's pool, 604): each card's key (``card_key``) with the most copies the list may
    hold over all its sections (``None``: any number); ``title`` names the list in the error.

    ``pool``: a team's shared Sealed pool (604: «each player marking his deck's cards in the
    team's pool»): the list holds the whole pool, every copy (603.3), and its deck at most the
    copies ``main`` leaves (those the teammate's deck does not use)."""

    title: str
    copies: Mapping[str, int | None]
    pool: bool = False
    main: Mapping[str, int] = field(default_factory=dict)

    @classmethod
    def of_names(cls, title: str, names: Iterable[str]) -> Restriction:
        """Only these cards, any number of each (the format's own limits still apply)."""
        return cls(title, dict.fromkeys((card_key(n) for n in names), None))

    @classmethod
    def team_pool(cls, title: str, teammate: DeckList) -> Restriction:
        """The team's pool as the teammate's list gives it, his deck's cards taken."""
        total = teammate.copies(*Section)
        used = teammate.copies(Section.MAIN)
        return cls(
            title,
            dict(total),
            pool=True,
            main={key: count - used.get(key, 0) for key, count in total.items()},
        )


@dataclass(frozen=True, slots=True)
class DeckRules:
    """What a list of one tournament is checked against."""

    fmt: Format = Format.CONSTRUCTED
    game: CardGame = CardGame.CLASSIC
    sub_format: SubFormat = SubFormat.CLASSIC
    boosters: tuple[int, ...] = ()
    banned: frozenset[str] = frozenset()
    cards: CardList | None = None
    #: the player's own restriction (``DeckHost.deck_restriction``), none: the format's rules
    restriction: Restriction | None = None
    #: the banned list applies whatever the format (an Overlord series tournament, 612.1)
    bans_always: bool = False

    @property
    def heroes(self) -> bool:
        """A hero is part of the list: «Берсерк. Герои», or a Heroes tournament (609)."""
        return self.game is CardGame.HEROES or self.fmt is Format.HEROES_TOURNAMENT


def deck_rules(
    options: Mapping[str, object],
    discipline: str,
    banned: Mapping[str, frozenset[str]],
    cards: CardList | None,
) -> DeckRules:
    """The rules of a tournament's settings (read with defaults: old ones lack the keys)."""
    sub = sub_format_of(options.get("sub_format"))
    boosters = options.get("boosters")
    return DeckRules(
        fmt=format_of(options.get("format")),
        game=game_of(discipline),
        sub_format=sub,
        boosters=tuple(int(b) for b in boosters) if isinstance(boosters, list) else (),
        banned=own_banned(options) or banned.get(sub.value, frozenset()),
        cards=cards,
        bans_always=options.get("series") is not None,
    )


def own_banned(options: Mapping[str, object]) -> frozenset[str] | None:
    """Another format's own banned cards (611.2), as keys; ``None`` for a listed format."""
    custom = options.get("custom_format")
    if not isinstance(custom, Mapping):
        return None
    names = custom.get("banned")
    return frozenset(card_key(str(n)) for n in names) if isinstance(names, list) else frozenset()


@dataclass(frozen=True, slots=True)
class Verdict:
    """A list as understood, its errors (numbered for the player) and what went unchecked."""

    deck: DeckList
    errors: list[Problem] = field(default_factory=list)
    notes: list[Problem] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        return not self.errors

    @property
    def pending(self) -> str | None:
        """The cards of 4–5 copies that only the judge can pass (602.0.2: «Орда», unknown
        without the club's card list), as their names; ``None`` when there are none. Such a
        list is accepted pending the judge's check, never shown as simply accepted."""
        for note in self.notes:
            if note.code == HORDE_UNKNOWN:
                return str(note.values["names"])
        return None


def check_list(text: str, rules: DeckRules) -> Verdict:
    """Read ``text`` and check it: the errors by line, then those of the whole list."""
    deck, problems = parse_list(text)
    errors, notes = check(deck, rules)
    ordered = sorted(problems + errors, key=lambda p: (p.line is None, p.line or 0))
    return Verdict(deck, ordered, notes)


def check(deck: DeckList, rules: DeckRules) -> tuple[list[Problem], list[Problem]]:
    """The errors of an understood list, and the notes of what could not be checked."""
    if not deck.entries:
        return [Problem("empty")], []
    errors = sections(deck, rules) + sizes(deck, rules)
    notes: list[Problem] = []
    if rules.fmt is Format.CONSTRUCTED:
        errors += copies(deck, rules, notes) + banned(deck, rules)
    elif rules.bans_always:
        errors += banned(deck, rules)
    if rules.fmt is Format.CONSTRUCTED and rules.sub_format in (
        SubFormat.STANDARD,
        SubFormat.BLOCK,
    ):
        notes.append(Problem("sets_unchecked", None, {"list": rules.sub_format.value}))
    if rules.restriction is not None:
        errors += restricted(deck, rules.restriction)
    if rules.cards is None:
        notes.insert(0, Problem("no_card_list"))
    else:
        errors += facts(deck, rules, rules.cards)
    return errors, notes


def restricted(deck: DeckList, restriction: Restriction) -> list[Problem]:
    """A card not in the player's list of cards (or the team's pool), more copies than it
    holds; for a team's pool also a pool card left out, or used in both teammates' decks."""
    errors = []
    totals = deck.copies(*Section)
    title = restriction.title
    prefix = "pool_" if restriction.pool else ""
    for key, count in totals.items():
        entry = deck.first(key)
        if key not in restriction.copies:
            values: dict[str, object] = {"name": entry.name, "title": title}
            errors.append(Problem(f"{prefix}not_allowed", entry.line, values))
            continue
        most = restriction.copies[key]
        if most is not None and count > most:
            values = {"name": entry.name, "title": title, "count": count, "max": most}
            errors.append(Problem(f"{prefix}over_allowed", entry.line, values))
    if not restriction.pool:
        return errors
    used = deck.copies(Section.MAIN)
    for key, count in used.items():
        free = restriction.main.get(key)
        if free is not None and count > free and count <= (restriction.copies[key] or 0):
            values = {"name": deck.first(key).name, "title": title, "count": count, "max": free}
            errors.append(Problem("pool_taken", deck.first(key).line, values))
    missing = [
        (key, most - totals.get(key, 0))
        for key, most in restriction.copies.items()
        if most is not None and totals.get(key, 0) < most
    ]
    if missing:
        count = sum(left for _, left in missing)
        errors.append(Problem("pool_missing", None, {"title": title, "count": count}))
    return errors


def sections(deck: DeckList, rules: DeckRules) -> list[Problem]:
    """A side deck only where one exists, a hero only where the game has one."""
    errors = []
    side = deck.section(Section.SIDE)
    if side and rules.fmt is Format.CONSTRUCTED and not rules.heroes:
        errors.append(Problem("no_side", side[0].line))
    hero = deck.section(Section.HERO)
    if hero and not rules.heroes:
        errors.append(Problem("no_hero_here", hero[0].line))
    if rules.heroes and deck.size(Section.HERO) != 1:
        line = hero[0].line if hero else None
        errors.append(Problem("hero_count", line, {"count": deck.size(Section.HERO)}))
    return errors


def deck_range(rules: DeckRules) -> tuple[int, int | None] | None:
    """The fewest and most cards of the main deck; ``None``: no deck is built (601.10)."""
    if rules.fmt is Format.CONSTRUCTED:
        return (HEROES_DECK, None) if rules.heroes else CONSTRUCTED_DECK
    if rules.fmt is Format.HEROES_TOURNAMENT:
        return HEROES_TOURNAMENT_DECK, None
    if rules.game is CardGame.HEROES:
        return HEROES_DECK, None
    if rules.fmt is Format.DRAFT:
        least = deck_minimum(rules.boosters) if rules.boosters else LIMITED_DECK
        return None if least is None else (least, None)
    return LIMITED_DECK, None


def sizes(deck: DeckList, rules: DeckRules) -> list[Problem]:
    errors = []
    size = deck.size(Section.MAIN)
    bounds = deck_range(rules)
    if bounds is not None:
        least, most = bounds
        if size < least:
            errors.append(Problem("too_few", None, {"count": size, "min": least}))
        if most is not None and size > most:
            errors.append(Problem("too_many", None, {"count": size, "max": most}))
    side = deck.size(Section.SIDE)
    heroes_side = rules.fmt is Format.CONSTRUCTED and rules.heroes
    if heroes_side and side not in (0, HEROES_SIDE):
        errors.append(Problem("side_size", None, {"count": side, "need": HEROES_SIDE}))
    return errors


def copies(deck: DeckList, rules: DeckRules, notes: list[Problem]) -> list[Problem]:
    """Copies over the main and side decks (001: «в сумме для обеих колод»)."""
    errors, unsure = [], []
    for key, count in deck.copies(Section.MAIN, Section.SIDE).items():
        card = rules.cards.get(key) if rules.cards is not None else None
        horde = card is not None and card.horde
        limit = HORDE_COPIES if horde or rules.cards is None else COPIES
        entry = deck.first(key)
        if count > limit:
            errors.append(
                Problem("copies", entry.line, {"name": entry.name, "count": count, "max": limit})
            )
        elif rules.cards is None and count > COPIES:
            unsure.append(entry.name)
    if unsure:
        notes.append(Problem(HORDE_UNKNOWN, None, {"names": ", ".join(unsure)}))
    return errors


def banned(deck: DeckList, rules: DeckRules) -> list[Problem]:
    """612: a banned card is an error in Constructed (the callers check only Constructed)."""
    return [
        Problem("banned", e.line, {"name": e.name, "list": rules.sub_format.value})
        for e in deck.entries
        if e.key in rules.banned
    ]


def facts(deck: DeckList, rules: DeckRules, cards: CardList) -> list[Problem]:
    """What the card list tells: unknown names, heroes, elements, Class Wars."""
    unknown = [e for e in deck.entries if cards.get(e.name) is None]
    errors = [Problem("unknown", e.line, {"name": e.name}) for e in unknown]
    for entry in deck.entries:
        card = cards.get(entry.name)
        if card is None:
            continue
        if entry.section is Section.HERO and not card.is_hero:
            errors.append(Problem("not_hero", entry.line, {"name": entry.name}))
        if entry.section is not Section.HERO and card.is_hero and rules.heroes:
            errors.append(Problem("hero_in_deck", entry.line, {"name": entry.name}))
    if rules.fmt is Format.CONSTRUCTED and rules.game is CardGame.HEROES:
        errors += elements(deck, cards)
    if rules.fmt is Format.CONSTRUCTED and rules.sub_format is SubFormat.CLASS_WARS:
        errors += class_wars(deck, cards)
    return errors


def elements(deck: DeckList, cards: CardList) -> list[Problem]:
    """001: the decks hold neutral cards or cards of the hero's element only."""
    heroes = [cards.get(e.name) for e in deck.section(Section.HERO)]
    hero = heroes[0] if len(heroes) == 1 else None
    if hero is None or not hero.is_hero:  # no hero to follow: its own error
        return []
    errors = []
    for entry in deck.section(Section.MAIN) + deck.section(Section.SIDE):
        card = cards.get(entry.name)
        if card is None or card.is_hero:  # a spare hero is its own error (``facts``)
            continue
        if card.class_key and card.class_key != hero.class_key:
            values: dict[str, object] = {
                "name": entry.name,
                "element": card.card_class,
                "hero": hero.card_class or "—",
            }
            errors.append(Problem("element", entry.line, values))
    return errors


def class_wars(deck: DeckList, cards: CardList) -> list[Problem]:
    """602.4: one class (with a creature of it) and at most 7 cards without a class."""
    main = [(e, cards.get(e.name)) for e in deck.section(Section.MAIN)]
    known = [(e, c) for e, c in main if c is not None]
    classes = sorted({c.card_class for _, c in known if c.class_key}, key=str.casefold)
    errors = []
    if len(classes) > 1:
        errors.append(Problem("classes", None, {"classes": ", ".join(classes)}))
    elif classes and not any(c.is_creature for _, c in known if c.class_key):
        errors.append(Problem("class_no_creature", None, {"class": classes[0]}))
    elif not classes:
        errors.append(Problem("no_class"))
    classless = sum(e.count for e, c in known if not c.class_key)
    if classless > CLASSLESS_MAX:
        errors.append(Problem("classless", None, {"count": classless, "max": CLASSLESS_MAX}))
    return errors
