"""Walking a draft's pick clock to the second through the bot (issue 14), shared by
test_pick_clock.py and the 20-player draft of test_draft.py.

The test clock moves pick by pick; each pod's message in the group must show, at the right
second, the pick with its seconds and its end time (Table 2), then the review minute (601.7),
then the booster's end. The seconds are written out here from Table 2, not taken from the code
under test.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

from tests.clock import ManualClock
from tests.e2e.emulator import BotApiEmulator, SimMessage
from tests.e2e.harness import START

S = timedelta(seconds=1)
#: Table 2: the seconds of each pick of a 12-card and of a 7-card booster
TWELVE = (55, 50, 45, 40, 35, 30, 25, 20, 15, 10, 5)
SEVEN = (30, 25, 20, 15, 10, 5)
REVIEW = 60  #: 601.7: a minute to review the cards once the last one is passed


def at(seconds: float) -> str:
    """The club's wall-clock time (Moscow, UTC+3) ``seconds`` after the start."""
    return (START + timedelta(seconds=seconds) + timedelta(hours=3)).strftime("%H:%M:%S")


def pods(emu: BotApiEmulator, group: int, booster: int) -> list[SimMessage]:
    """The pods' messages of booster ``booster`` (in the order they were sent)."""
    return [
        m
        for m in emu.bot_messages(group)
        if m.plain.startswith("🃏 Драфт · стол драфта") and f"\nБустер {booster} из " in m.plain
    ]


async def showing(
    emu: BotApiEmulator,
    group: int,
    booster: int,
    line: str,
    tables: int = 2,
    heads: Sequence[str] | None = None,
) -> list[SimMessage]:
    """Wait until every pod's message of the booster ends with ``line``; given each pod's
    ``heads`` (its title, seats and booster lines), until each is exactly its head and ``line``."""

    def shown(message: SimMessage, table: int) -> bool:
        if heads is None:
            return message.plain.endswith(line)
        return message.plain == f"{heads[table]}\n{line}"

    def every() -> list[SimMessage] | None:
        found = pods(emu, group, booster)
        ok = len(found) == tables and all(shown(m, n) for n, m in enumerate(found))
        return found if ok else None

    try:
        return await emu.wait_for(every)
    except TimeoutError:
        raise AssertionError([m.plain for m in pods(emu, group, booster)]) from None


async def run_picks(
    emu: BotApiEmulator,
    clock: ManualClock,
    group: int,
    booster: int,
    times: tuple[int, ...],
    began: float,
    *,
    heads: Sequence[str] | None = None,
    to_the_second: bool = True,
) -> float:
    """Each pick shown with its seconds and end; ``to_the_second``, one second before its end
    the message still shows it. Then the clock moves to its end. Returns when the review
    began."""
    tables = 2 if heads is None else len(heads)
    moment = began
    for pick, seconds in enumerate(times, start=1):
        line = f"Пик {pick} из {len(times)}: {seconds} с — до {at(moment + seconds)}"
        await showing(emu, group, booster, line, tables, heads)
        if to_the_second:
            clock.advance((seconds - 1) * S)
            await emu.idle()
            await showing(emu, group, booster, line, tables, heads)
            clock.advance(S)
        else:
            clock.advance(seconds * S)
        moment += seconds
    return moment


async def run_booster(
    emu: BotApiEmulator,
    clock: ManualClock,
    group: int,
    booster: int,
    boosters: int,
    began: float,
    heads: Sequence[str],
    *,
    times: tuple[int, ...] = TWELVE,
    to_the_second: bool = True,
) -> float:
    """A booster (``times``: its picks' seconds) from its start to its end, each pod's message
    exactly its head and the clock's line: the picks, the review minute to the second, «booster
    N of M done» (and, after the last, «deck building next»). Returns when it ended."""
    review = await run_picks(
        emu, clock, group, booster, times, began, heads=heads, to_the_second=to_the_second
    )
    assert review == began + sum(times)
    line = f"👀 Последняя карта передана. Минута на просмотр карт — до {at(review + REVIEW)}"
    await showing(emu, group, booster, line, len(heads), heads)
    clock.advance((REVIEW - 1) * S)
    await emu.idle()
    await showing(emu, group, booster, line, len(heads), heads)
    clock.advance(S)
    done = f"✅ Бустер {booster} из {boosters} разобран."
    if booster == boosters:
        done += "\nВсе бустеры разобраны: дальше сборка колод."
    await showing(emu, group, booster, done, len(heads), heads)
    return review + REVIEW
