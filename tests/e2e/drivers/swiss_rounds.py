"""Swiss rounds played in a row and the standings read back: the order of a standings text,
``/standings`` after a round, a Top game won and confirmed."""

from __future__ import annotations

import re

from tests.e2e.drivers.swiss_club import GROUP, Club
from tests.e2e.drivers.texts import fixed, ru

PLACE_LINE = re.compile(r"^(\d+)\. (\w+)(?: \(выход из турнира\))? — ", re.MULTILINE)


def ranked(text: str) -> list[str]:
    """The names of a standings text in order; the numbers run 1, 2, 3… with no gap."""
    lines = PLACE_LINE.findall(text)
    assert [int(rank) for rank, _ in lines] == list(range(1, len(lines) + 1)), text
    return [name for _, name in lines]


async def swiss_order(club: Club, rounds: int) -> list[str]:
    await club.org.send(GROUP, "/standings")
    title = f"{fixed('swiss.standings_title')} {rounds} тур"
    shown = await club.emu.wait_bot_message(GROUP, contains=title)
    return ranked(shown.plain)


async def play_swiss(club: Club, rounds: int, total: int) -> None:
    """Rounds 1…``rounds`` (the first is paired by ``/begin``): the first player of each table
    wins, the opponent confirms."""
    for number in range(1, rounds + 1):
        if number > 1:
            await club.org.send(GROUP, "/next_round")
        await club.play(number, f"Тур {number} из {total}")
        complete = ru("swiss.round_complete", round=ru("swiss.round_name", round=number))
        await club.emu.wait_bot_message(GROUP, contains=complete)


async def win(club: Club, round_name: str, table: int, winner: str, loser: str) -> None:
    await club.report(round_name, table, winner, "Моя победа")
    assert await club.confirm(round_name, table, loser, "✅ Подтверждаю") == ru("results.final")
