"""Deck lists (707; 602, 603.3, 609.5, 612; «Берсерк. Герои» 001): reading a pasted list,
checking it by the tournament's format, the club's card list, and what an edit changed.

Pure: no aiogram, no database; the bot (``bot.decks``) stores lists and answers people.
"""

from rules.decks.cards import Card, CardList, read_card_list
from rules.decks.checks import DeckRules, Restriction, SubFormat, Verdict, check_list, deck_rules
from rules.decks.diff import Change, changes
from rules.decks.names import card_key
from rules.decks.parse import DeckList, Entry, Problem, parse_list
from rules.decks.sections import Section

__all__ = [
    "Card",
    "CardList",
    "Change",
    "DeckList",
    "DeckRules",
    "Entry",
    "Problem",
    "Restriction",
    "Section",
    "SubFormat",
    "Verdict",
    "card_key",
    "changes",
    "check_list",
    "deck_rules",
    "parse_list",
    "read_card_list",
]
