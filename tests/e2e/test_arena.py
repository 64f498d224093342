"""An Arena (605) played as a club plays it over four weeks, through the emulator with the test
clock: eight players entered by a judge's button, challenges accepted and refused, a refusal two
days running costing a sector (and a judge excusing one), results approved by the judge and one
left unapproved, an automatic exit at 12, a choice at 8, exits for no game in a week, a re-entry
with five new sectors, a falsified result voided and its player disqualified, a restart in the
middle of a week, and the final places worked out here by hand."""

from __future__ import annotations

from tests.clock import ManualClock
from tests.e2e.drivers.arena_club import GROUP, NAMES, ArenaClub
from tests.e2e.drivers.texts import ru
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import RunningBot

ARENA = "Арена Лаара"


async def test_an_arena_of_four_weeks(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    club = ArenaClub(emu, clock)
    created = await club.create()
    assert f"«{ARENA}»" in created.plain
    for index, name in enumerate(NAMES):
        await club.enter(name)
        if index == 3:  # the fourth entry on the start date begins it (605.1)
            await emu.wait_bot_message(
                GROUP, contains=ru("arena.started", tournament=ARENA, count=4)
            )
    sectors = dict.fromkeys(NAMES, 5)

    # Day 1: Ann beats Bob (approved); a second challenge between them today is refused.
    await club.game("Ann", "Bob", "Ann")
    sectors["Ann"], sectors["Bob"] = 6, 4
    await emu.wait_bot_message(
        GROUP, contains=ru("arena.counts", a="Ann", b="Bob", sectors_a=6, sectors_b=4)
    )
    await club.users["Bob"].send(GROUP, "/challenge @ann")
    await emu.wait_bot_message(GROUP, contains=ru("arena.no_once_a_day"))
    await club.users["Ann"].send(GROUP, "/arena")
    view = await emu.wait_bot_message(GROUP, contains=ru("arena.title", tournament=ARENA))
    assert "1. Ann — сейчас 6, всего 6" in view.plain
