"""The Arena's numbers (605.1–605.4) and what sectors give at an exit."""

from __future__ import annotations

MIN_PLAYERS = 4  #: 605.1
DAYS = 28  #: four weeks (605.2)
WEEK = 7
WEEKS = DAYS // WEEK
BASE_SECTORS = 5  #: each entry brings five (605.3, 605.4)
#: no entry in the last week (605.2): day 21 on
LAST_ENTRY_DAY = DAYS - WEEK - 1
AUTO_EXIT = 12  #: 605.4: twelve or more leave at the week's end with three cards
#: the prize cards by the sectors held, highest threshold first (605.4)
PRIZES: tuple[tuple[int, int], ...] = ((AUTO_EXIT, 3), (10, 2), (8, 1))
#: the formats the players name with a result (605.6)
FORMATS = ("classic", "standard", "campaign", "other")


def prize_cards(sectors: int) -> int:
    """The prize cards a player leaving with ``sectors`` sectors gets (605.4): 8–9 one, 10–11
    two, 12 or more three, fewer none. 605.4 names 8, 10 and 12; the bot reads them as "at
    least" (a player with 9 may leave as one with 8)."""
    return next((cards for least, cards in PRIZES if sectors >= least), 0)


def may_choose(sectors: int) -> bool:
    """A player holding 8–11 sectors at a week's end chooses whether to leave (605.4)."""
    return prize_cards(sectors) > 0 and sectors < AUTO_EXIT


def week_of(day: int) -> int:
    """The week (0–3) a day belongs to; days before the start belong to week 0."""
    return max(day, 0) // WEEK


def is_week_end(day: int) -> bool:
    """The day closes its week (day 6, 13, 20, 27)."""
    return day >= 0 and (day + 1) % WEEK == 0
