"""An Arena across a downtime: the bot is down over two midnights; at the start the days' ends
it missed are applied in order, each post saying it comes late, and the refusals of the days
before still cost their sector (605.6)."""

from __future__ import annotations

from datetime import timedelta

from tests.clock import ManualClock
from tests.e2e.drivers.arena_club import GROUP, NAMES, ArenaClub
from tests.e2e.drivers.texts import ru
from tests.e2e.emulator import BotApiEmulator, Fault
from tests.e2e.harness import RunningBot


async def test_the_days_missed_while_down_are_applied_late_in_order(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    club = ArenaClub(emu, clock)
    await club.create()
    for name in NAMES[:4]:
        await club.enter(name)
    first = await club.challenge("Cat", "Dan", accept=None)  # day 1: unanswered
    await club.game("Ann", "Bob", "Ann")
    await club.to_day(1)
    # The day's end made it a refusal: its message is one line now, without buttons.
    settled = club.find(club.users["Dan"], ru("arena.lapsed", id=first))
    assert settled is not None and not settled.button_labels
    await club.challenge("Cat", "Dan", accept=None)  # day 2: unanswered again
    clock.set(club.midnight(1) + timedelta(hours=15))
    await bot.stop()

    clock.set(club.midnight(3) + timedelta(hours=12))  # back two midnights later
    await bot.start()
    second = await emu.wait_bot_message(
        GROUP, contains=ru("arena.day_over", day=2, tournament=club.name), timeout=30
    )
    assert "С опозданием" in second.plain and "день 2 закончился в" in second.plain
    assert ru("arena.penalty", name="Dan", sectors=4) in second.plain
    third = await emu.wait_bot_message(
        GROUP, contains=ru("arena.day_over", day=3, tournament=club.name), timeout=30
    )
    assert "С опозданием" in third.plain and "Dan" not in third.plain
    await emu.wait_for(lambda: club.day_map(3), timeout=30)
    await club.users["Dan"].send(club.users["Dan"].id, "/arena")
    mine = await club.users["Dan"].wait_message(contains=ru("arena.me_sectors", count=4))
    assert ru("arena.me_refusals", count=2) in mine.plain
    # /log: every change with its moment, the days' ends applied late among them
    await club.org.send(GROUP, "/log")
    log = await emu.wait_bot_message(GROUP, contains=ru("arena.log_title"))
    assert f"— вызов №{first}: Cat — Dan" in log.plain
    assert "— вызов №2: Ann побеждает, Bob проигрывает (Классика)." in log.plain
    days = [line for line in log.plain.splitlines() if "— итоги дня" in line]
    assert [line.split(" — ") for line in days] == [
        ["01.12.2026 12:00", "итоги дня 1"],  # the clock moved to noon: it fired then
        ["03.12.2026 12:00", "итоги дня 2"],  # back after the downtime: both at once
        ["03.12.2026 12:00", "итоги дня 3"],
    ]


async def test_the_days_map_lost_to_a_crash_is_posted_once_after_the_restart(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    club = ArenaClub(emu, clock)
    await club.create()
    for name in NAMES[:4]:
        await club.enter(name)
    await club.game("Ann", "Bob", "Ann")
    photos = len(emu.requests_for("sendPhoto"))
    emu.inject("sendPhoto", Fault.hang())  # the map's upload never ends: the bot dies meanwhile
    clock.set(club.midnight(1) + timedelta(hours=12))
    await emu.wait_bot_message(GROUP, contains=ru("arena.day_over", day=1, tournament=club.name))
    await emu.wait_for(lambda: len(emu.requests_for("sendPhoto")) > photos, timeout=20)
    await bot.stop()
    assert club.day_map(1) is None
    emu.clear_faults()

    await bot.start()  # the day's map was stored with the day's end: it is drawn and sent now
    await emu.wait_for(lambda: club.day_map(1), timeout=30)
    await bot.restart()  # and never again
    await emu.idle(timeout=20)
    caption = ru("pictures.laar_caption_day", name=club.name, day=1)
    maps = [
        m for m in emu.bot_messages(GROUP) if m.photo is not None and caption in (m.caption or "")
    ]
    assert len(maps) == 1
