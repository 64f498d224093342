"""What a ``/deck`` costs: reading the club's card list from the database, and checking a list.

Run with ``.venv/bin/python -m benchmarks.decks``. It stores a card list of ``--cards`` cards (a
generous club: every Berserk set has a few hundred) in a fresh database file, then times, over
``--runs`` runs each: reading it back (``db.decks.card_list``, what a ``/deck`` without the
service's kept copy would pay) and checking a 50-card Constructed list against it
(``rules.decks.check_list``). The last line is the figures as JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path

from db import decks as stored_decks
from db.database import Database
from rules.decks import Card, CardList, card_key, check_list
from rules.decks.checks import DeckRules


def club_cards(count: int) -> CardList:
    cards = {}
    for n in range(count):
        name = f"Карта номер {n}"
        cards[card_key(name)] = Card(
            name, f"Сет {n % 12}", f"Стихия {n % 6}", "Существо", n % 9 == 0
        )
    return CardList(cards)


def deck_text() -> str:
    return "\n".join(f"3 Карта номер {n}" for n in range(16)) + "\n2 Карта номер 99"


def median_ms(samples: list[float]) -> float:
    return round(statistics.median(samples) * 1000, 3)


async def main(count: int, runs: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        db = await Database.open(Path(folder) / "bench.db")
        try:
            async with db.transaction() as tx:
                await stored_decks.replace_card_list(tx, club_cards(count))
            reads, checks = [], []
            for _ in range(runs):
                began = time.perf_counter()
                async with db.read() as tx:
                    cards = await stored_decks.card_list(tx)
                reads.append(time.perf_counter() - began)
                began = time.perf_counter()
                verdict = check_list(deck_text(), DeckRules(cards=cards))
                checks.append(time.perf_counter() - began)
                assert verdict.valid, verdict.errors
        finally:
            await db.close()
    return {"cards": count, "read_ms": median_ms(reads), "check_ms": median_ms(checks)}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cards", type=int, default=3000)
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    figures = asyncio.run(main(args.cards, args.runs))
    print(
        f"card list of {figures['cards']}: read {figures['read_ms']} ms (median), "
        f"a 50-card list checked in {figures['check_ms']} ms"
    )
    print(json.dumps(figures))
