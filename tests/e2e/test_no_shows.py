"""No-shows through the emulator (issue 27, item 7).

Dan does not come to his table in three Swiss tournaments within 60 days (day 0, 20, 40): the
judge records each with ``/result 1 <table> na|nb`` (a technical loss for absence). Then:

- the organiser's ``/profile @dan`` lists the three, the latest first;
- Dan's next join (a fourth tournament, day 45) lets him in and tells the organiser privately,
  once: joining again tells nothing more;
- with ``/noshows approval on`` his join (after he left the list) waits for the organiser's
  «accept», as a late entry's request does; accepted, he is in;
- his fourth no-show (day 61, 61 days after the first) makes four on record and three in the
  last 60 days: the first no longer counts.
"""

from __future__ import annotations

from datetime import timedelta

from tests.clock import ManualClock
from tests.e2e.drivers.judged import query
from tests.e2e.drivers.swiss_club import GROUP, Club
from tests.e2e.drivers.texts import fixed, round_title, ru
from tests.e2e.emulator import BotApiEmulator, SimMessage
from tests.e2e.harness import RunningBot

NAMES = ("Ann", "Bob", "Cat", "Dan")
TOLD = fixed("noshow.organiser_told")


async def no_show_evening(club: Club, name: str, *, joined: bool = True) -> None:
    """Tournament ``name``: everyone joins (unless ``joined`` is False: they are in), it
    begins, Dan's table is a no-show (``na``/``nb``), the other table is played, and the
    organiser finishes it early."""
    emu = club.emu
    if joined:
        created = await club.create(rounds="3", top="Без ТОПа", name=name)
        await club.register_all(created)
    await club.org.send(GROUP, "/begin")
    title = f"{name} {round_title(1, 3)}"  # this tournament's board, not an earlier one's
    board = await emu.wait_for(lambda: club.board(title))
    tables = club.tables(board)
    table, a, _, _ = next(row for row in tables if "Dan" in (row[1], row[2]))
    await club.play(1, title, skip=(table,))
    code = "na" if a == "Dan" else "nb"
    await club.org.send(GROUP, f"/result 1 {table} {code}")
    complete = ru("swiss.round_complete", round=ru("swiss.round_name", round=1))
    await emu.wait_bot_message(GROUP, contains=complete)
    await club.org.send(GROUP, "/finish")
    confirm = await emu.wait_bot_message(GROUP, contains=fixed("swiss.confirm_finish"))
    await (await club.org.press(confirm, "🏁 Да, завершить")).answer()
    await emu.wait_bot_message(GROUP, contains=fixed("swiss.finished_early", 1))
    await emu.idle()


async def profile_of_dan(club: Club) -> str:
    before = len(club.emu.bot_messages(club.org.id))
    await club.org.send(None, "/profile @dan")
    found = await club.emu.wait_for(
        lambda: next(
            (m for m in club.emu.bot_messages(club.org.id)[before:] if "Dan" in m.plain), None
        )
    )
    return found.plain


def entrants(bot: RunningBot, tournament_id: int) -> set[str]:
    """First names of the tournament's participants."""
    found = query(
        bot,
        "SELECT p.first_name FROM participants x JOIN players p ON p.id = x.player_id"
        f" WHERE x.tournament_id = {tournament_id}",
    )
    return {str(row[0]) for row in found}


def told(emu: BotApiEmulator, club: Club) -> list[SimMessage]:
    return [m for m in emu.bot_messages(club.org.id) if TOLD in m.plain]


async def test_three_no_shows_in_sixty_days_tell_the_organiser_once(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    club = Club(emu, players=4)
    for number, day in ((1, 0), (2, 20), (3, 40)):
        if day:
            clock.advance(timedelta(days=20))
        await no_show_evening(club, f"Вечер {number}")
    assert told(emu, club) == []  # nothing is said before he joins again

    profile = await profile_of_dan(club)
    assert "3 неявки, из них за последние 60 дней — 3" in profile, profile
    lines = [line for line in profile.splitlines() if line.startswith("• ")]
    assert [line.split("«")[1].rstrip("»") for line in lines] == ["Вечер 3", "Вечер 2", "Вечер 1"]

    # Day 45: he joins the fourth; he is in, and the organiser is told privately, once.
    clock.advance(timedelta(days=5))
    created = await club.create(rounds="3", top="Без ТОПа", name="Вечер 4")
    for who in ("Ann", "Bob", "Cat"):
        await (await club.users[who].press(created, "✋ Участвую")).answer()
    dan = club.users["Dan"]
    answer = await (await dan.press(created, "✋ Участвую")).answer()
    assert answer.text is not None and "вы в турнире" in answer.text, answer
    note = await emu.wait_for(lambda: next(iter(told(emu, club)), None))
    assert "Dan" in note.plain and "3 неявки за последние 60 дней" in note.plain, note.plain
    assert "«Вечер 4»" in note.plain
    assert not [m for m in emu.bot_messages(GROUP) if TOLD in m.plain]  # never in the group
    await (await dan.press(created, "✋ Участвую")).answer()
    await emu.idle()
    assert len(told(emu, club)) == 1

    # The group requires approval: his own join waits for the organiser's «accept».
    await club.org.send(GROUP, "/noshows approval on")
    await emu.wait_bot_message(GROUP, contains="ждут одобрения организатора")
    await dan.send(GROUP, "/drop")
    await emu.idle()
    assert "Dan" not in entrants(bot, 4)
    answer = await (await dan.press(created, "✋ Участвую")).answer()
    assert answer.text is not None and "согласия организатора" in answer.text, answer
    request = await emu.wait_bot_message(GROUP, contains=fixed("swiss.entry_request_held"))
    assert "Dan" in request.plain and "Dan" not in entrants(bot, 4)
    await (await club.org.press(request, "✅ Принять")).answer()
    await emu.idle()
    assert "Dan" in entrants(bot, 4)
    assert len(told(emu, club)) == 1  # the same three no-shows: told once

    # Day 61: his fourth no-show; the first (day 0) is out of the window.
    clock.advance(timedelta(days=16))
    await no_show_evening(club, "Вечер 4", joined=False)
    profile = await profile_of_dan(club)
    assert "4 неявки, из них за последние 60 дней — 3" in profile, profile
