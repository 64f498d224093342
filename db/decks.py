"""The card list, the banned lists and the players' deck lists (migration 0009)."""

from __future__ import annotations

from dataclasses import dataclass

from db.database import Tx
from rules.decks import Card, CardList, card_key


@dataclass(frozen=True, slots=True)
class StoredList:
    player_id: int
    text: str
    valid: bool
    stored_by: int
    stored_at: str


async def card_list(tx: Tx) -> CardList | None:
    """The club's card list; ``None`` when none was loaded."""
    rows = await tx.all("SELECT * FROM card_list")
    if not rows:
        return None
    return CardList(
        {
            r["card_key"]: Card(
                r["name"], r["set_name"], r["card_class"], r["card_type"], bool(r["horde"])
            )
            for r in rows
        }
    )


async def replace_card_list(tx: Tx, cards: CardList) -> None:
    """The new list replaces the old one whole (a card left out is no longer known)."""
    await tx.execute("DELETE FROM card_list")
    await tx.execute_many(
        "INSERT INTO card_list (card_key, name, set_name, card_class, card_type, horde)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        [(k, c.name, c.set, c.card_class, c.type, int(c.horde)) for k, c in cards.cards.items()],
    )


async def banned(tx: Tx) -> dict[str, frozenset[str]]:
    """The keys of the banned cards, by sub-format."""
    rows = await tx.all("SELECT sub_format, card_key FROM banned_cards")
    out: dict[str, set[str]] = {}
    for row in rows:
        out.setdefault(row["sub_format"], set()).add(row["card_key"])
    return {sub: frozenset(keys) for sub, keys in out.items()}


async def banned_names(tx: Tx, sub_format: str) -> list[str]:
    rows = await tx.all(
        "SELECT name FROM banned_cards WHERE sub_format = ? ORDER BY lower(name), name",
        (sub_format,),
    )
    return [r["name"] for r in rows]


async def ban(tx: Tx, sub_format: str, name: str, actor: int, now: str) -> bool:
    """Add a card to a banned list; False when it was there already."""
    added = await tx.changes(
        "INSERT INTO banned_cards (sub_format, card_key, name, added_by, added_at)"
        " VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        (sub_format, card_key(name), name, actor, now),
    )
    return added > 0


async def unban(tx: Tx, sub_format: str, name: str) -> str | None:
    """Take a card off a banned list; its name as listed, or ``None`` when it was not there."""
    key = card_key(name)
    listed = await tx.value(
        "SELECT name FROM banned_cards WHERE sub_format = ? AND card_key = ?", (sub_format, key)
    )
    if listed is not None:
        await tx.execute(
            "DELETE FROM banned_cards WHERE sub_format = ? AND card_key = ?", (sub_format, key)
        )
    return None if listed is None else str(listed)


async def stored(tx: Tx, tournament_id: int, player_id: int) -> StoredList | None:
    row = await tx.one(
        "SELECT * FROM deck_lists WHERE tournament_id = ? AND player_id = ?",
        (tournament_id, player_id),
    )
    if row is None:
        return None
    return StoredList(
        row["player_id"], row["list_text"], bool(row["valid"]), row["stored_by"], row["stored_at"]
    )


async def valid_players(tx: Tx, tournament_id: int) -> set[int]:
    """The players whose stored list passed the checks."""
    rows = await tx.all(
        "SELECT player_id FROM deck_lists WHERE tournament_id = ? AND valid = 1", (tournament_id,)
    )
    return {r["player_id"] for r in rows}


async def store(
    tx: Tx, tournament_id: int, player_id: int, text: str, valid: bool, actor: int, now: str
) -> None:
    await tx.execute(
        "INSERT INTO deck_lists"
        " (tournament_id, player_id, list_text, valid, stored_by, stored_at)"
        " VALUES (?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (tournament_id, player_id) DO UPDATE SET list_text = excluded.list_text,"
        " valid = excluded.valid, stored_by = excluded.stored_by, stored_at = excluded.stored_at",
        (tournament_id, player_id, text, int(valid), actor, now),
    )
