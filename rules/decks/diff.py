"""What a judge's edit changed in a locked list (the player is told: issue 13, «When»)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.decks.parse import DeckList
from rules.decks.sections import Section

__all__ = ["Change", "changes"]


@dataclass(frozen=True, slots=True)
class Change:
    """One card of one section: how many copies before and after (0: absent)."""

    section: Section
    name: str
    before: int
    after: int


def changes(old: DeckList, new: DeckList) -> list[Change]:
    """Every card whose count changed, section by section (main, side, hero), in the order
    of the new list, then the cards removed in the order of the old one."""
    out = []
    for section in Section:
        was = {e.key: e for e in old.section(section)}
        now = {e.key: e for e in new.section(section)}
        for key, entry in now.items():
            before = was[key].count if key in was else 0
            if before != entry.count:
                out.append(Change(section, entry.name, before, entry.count))
        out += [Change(section, e.name, e.count, 0) for k, e in was.items() if k not in now]
    return out
