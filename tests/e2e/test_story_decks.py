"""Deck lists in Story Constructed (607.3): each side builds from its own card list, checked
with the Constructed rules by the shared ``/deck`` flow; a side without a card list keeps the
format's rules only."""

from __future__ import annotations

from datetime import timedelta

from tests.clock import ManualClock
from tests.e2e.drivers.story_club import DARK, GROUP, LIGHT, StoryClub
from tests.e2e.drivers.texts import fixed, ru
from tests.e2e.emulator import BotApiEmulator, SimUser
from tests.e2e.harness import RunningBot

CLUB_CARDS = "\n".join(
    [
        "name;set;class;type;horde",
        *(f"Воин {i};Горы;Горы;существо;" for i in range(1, 15)),
        *(f"Эльф {i};Леса;Лес;существо;" for i in range(1, 15)),
    ]
)
DARK_CARDS = "\n".join(["Название;Тип", *(f"Воин {i};существо" for i in range(1, 15))])


def deck(kind: str, first: int = 1) -> str:
    """Thirty cards: three each of ten ``kind`` cards."""
    return "\n".join(["Колода:", *(f"3 {kind} {i}" for i in range(first, first + 10))])


async def sent_list(emu: BotApiEmulator, user: SimUser, text: str, key: str) -> str:
    await user.send(None, "/deck")
    await emu.wait_bot_message(user.id, contains=fixed("decks.ask", 2))
    await user.send(None, text)
    return (await emu.wait_bot_message(user.id, contains=fixed(key))).plain


async def test_a_list_is_checked_against_its_sides_card_list(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    club = StoryClub(emu)
    created = await club.create("Сюжет с колодами", clock.now() + timedelta(days=5), DARK_CARDS)
    assert ru("story.created_cards", side=DARK, count=14) in created.plain
    await club.org.send_document(None, "cards.csv", CLUB_CARDS.encode(), caption="/cards")
    await emu.wait_bot_message(club.org.id, contains=fixed("decks.cards_loaded"))
    await club.join(created, "Ann", LIGHT)
    await club.join(created, "Hal", DARK)

    refused = await sent_list(emu, club.users["Hal"], deck("Эльф"), "decks.refused")
    assert ru("decks.err_not_allowed", name="Эльф 1", title=DARK) in refused
    accepted = await sent_list(emu, club.users["Hal"], deck("Воин"), "decks.accepted")
    assert "«Сюжет с колодами»" in accepted
    # «Свет» has no card list of its own: the club's cards and Constructed's rules only
    await sent_list(emu, club.users["Ann"], deck("Эльф"), "decks.accepted")
    await club.org.send(GROUP, "/decks")
    shown = await emu.wait_bot_message(
        GROUP, contains=ru("decks.status", name="Сюжет с колодами", done=2, count=2)
    )
    assert "Ann" in shown.plain and "Hal" in shown.plain
