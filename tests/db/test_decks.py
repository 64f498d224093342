"""The deck tables (migration 0009): the card list replaced whole, the banned lists matched
forgivingly, a player's list stored once and replaced."""

from __future__ import annotations

from pathlib import Path

from db import decks
from db.database import Database
from rules.decks import read_card_list

NOW = "2026-11-30T18:00:00+00:00"


async def test_card_list_banned_lists_and_a_players_list(database_at: Path | str) -> None:
    db = await Database.open(database_at)
    try:
        async with db.read() as tx:
            assert await decks.card_list(tx) is None  # none loaded: the checks say so
        first, _ = read_card_list("name,horde\nЁж,да\nДруид,\n")
        second, _ = read_card_list("name,class\nЛесной эльф,Лес\n")
        async with db.transaction() as tx:
            await decks.replace_card_list(tx, first)
            await decks.replace_card_list(tx, second)
            assert await decks.ban(tx, "classic", "Ёж", 999, NOW)
            assert not await decks.ban(tx, "classic", "  ЕЖ ", 999, NOW)  # the same card
            assert await decks.ban(tx, "class_wars", "Друид", 999, NOW)
            assert await decks.unban(tx, "class_wars", "друид") == "Друид"
            assert await decks.unban(tx, "class_wars", "друид") is None
            await tx.execute(
                "INSERT INTO players (id, first_name, registered, created_at)"
                " VALUES (1, 'A', 1, ?)",
                (NOW,),
            )
            await tx.execute(
                "INSERT INTO tournaments (id, chat_id, discipline, kind, name, status,"
                " settings_json, created_by, created_at)"
                " VALUES (1, -1, 'berserk', 'swiss', 'T', 'registration', '{}', 999, ?)",
                (NOW,),
            )
            await decks.store(tx, 1, 1, "3 Ёж", True, 1, NOW)
            await decks.store(tx, 1, 1, "2 Ёж", False, 999, NOW)
        async with db.read() as tx:
            cards = await decks.card_list(tx)
            assert cards is not None and list(cards.cards) == ["лесной эльф"]
            assert await decks.banned(tx) == {"classic": frozenset({"еж"})}
            assert await decks.banned_names(tx, "classic") == ["Ёж"]
            stored = await decks.stored(tx, 1, 1)
            assert stored is not None and (stored.text, stored.valid) == ("2 Ёж", False)
            assert await decks.valid_players(tx, 1) == set()
    finally:
        await db.close()
