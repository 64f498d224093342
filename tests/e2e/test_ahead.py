"""Tournaments announced ahead (spec §7; issue 26, item 7) and the check-in before round 1
(issue 27, item 3), played as users with the test clock.

The club's clock starts on Monday 30.11.2026 at 10:00 in Moscow. A Swiss is announced for
«завтра 19:00» (Tuesday 01.12, 19:00): the day-before reminder at 30.11 19:00 and the hour-before
one at 01.12 18:00 reach privately the five players who joined and nobody else; the bot is down
from 30.11 19:30 to 01.12 18:05 and, back, sends the hour's reminder it missed, once, and the
day's not again. From 18:30 the five get «Я на месте»; four press it. At 19:00 the organiser
gets «Начать»; it lists the one who did not check in, one tap takes him off, «Начать» begins
round 1 with the four. A King of the Hill created for next Friday (``/new в пятницу 19:00``),
announced as soon as its wizard made it, its check-in turned off, gets both reminders across
a restart and begins at its organiser's «Начать».
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.clock import ManualClock
from tests.e2e.drivers import koth_club
from tests.e2e.drivers.swiss_club import GROUP, Club
from tests.e2e.drivers.texts import fixed, round_title, ru
from tests.e2e.emulator import BotApiEmulator, SimMessage, SimUser
from tests.e2e.harness import RunningBot

#: Monday 30.11.2026, 10:00 in Moscow
MORNING = datetime(2026, 11, 30, 7, 0, tzinfo=UTC)
#: Tuesday 01.12.2026, 19:00 in Moscow: «завтра 19:00»
STARTS = datetime(2026, 12, 1, 16, 0, tzinfo=UTC)
#: Friday 04.12.2026, 19:00 in Moscow: «в пятницу 19:00» said on Monday
FRIDAY = datetime(2026, 12, 4, 16, 0, tzinfo=UTC)
DAY_TEXT = ru("ahead.remind_day", tournament="Кубок", day="01.12.2026", time="19:00")
HOUR_TEXT = fixed("ahead.remind_hour", 1)
HERE = ru("ahead.btn_here")


@pytest.fixture
def clock() -> ManualClock:
    """The club's clock for ``conftest``'s bot: Monday morning, the day before."""
    return ManualClock(MORNING)


def private(emu: BotApiEmulator, user: SimUser, contains: str) -> list[SimMessage]:
    """The bot's messages to ``user`` privately whose text or a button's label has it."""
    return [
        m for m in emu.bot_messages(user.id) if contains in m.plain or contains in m.button_labels
    ]


def in_group(emu: BotApiEmulator, group: int, contains: str) -> list[SimMessage]:
    return [m for m in emu.bot_messages(group) if contains in m.plain]


async def travel(emu: BotApiEmulator, clock: ManualClock, to: datetime) -> None:
    clock.set(to)
    await emu.idle()


def statuses(db_path: Path) -> dict[str, list[str]]:
    with sqlite3.connect(db_path) as conn:
        rows = conn.execute(
            "SELECT kind, status FROM deadlines WHERE kind LIKE 'ahead_%' ORDER BY id"
        ).fetchall()
    found: dict[str, list[str]] = {}
    for kind, status in rows:
        found.setdefault(kind, []).append(status)
    return found


async def test_a_swiss_announced_for_tomorrow_reminds_checks_in_and_begins_at_the_organisers_tap(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    club = Club(emu, players=6)
    created = await club.create(rounds="3", top="Без ТОПа", name="Кубок")
    joined = [club.users[name] for name in ("Ann", "Bob", "Cat", "Dan", "Eve")]
    fay = club.users["Fay"]  # in the group, never joins
    for user in joined:
        await (await user.press(created, "✋ Участвую")).answer()

    await club.org.send(GROUP, "/when вчера 19:00")
    refused = await emu.wait_bot_message(GROUP, contains=fixed("ahead.past"))
    assert "/when 01.12 19:00" in refused.plain
    await club.org.send(GROUP, "/when 30.11 9:00")
    await emu.wait_bot_message(GROUP, contains=fixed("ahead.past"))
    await club.org.send(GROUP, "/when скоро")
    await emu.wait_bot_message(GROUP, contains=fixed("ahead.bad_date"))
    await club.users["Ann"].send(GROUP, "/when завтра 19:00")  # a player may not
    await emu.wait_bot_message(GROUP, contains=ru("common.organisers_only"))

    await club.org.send(GROUP, "/when завтра 19:00")
    announced = await emu.wait_bot_message(GROUP, contains="📅 «Кубок»")
    assert "вторник, 01.12.2026, начало в 19:00" in announced.plain
    assert fixed("ahead.announced_check_in", -1) in announced.plain
    assert announced.button_labels == [ru("ahead.btn_join")]
    await fay.send(GROUP, "/tournaments")
    listed = await emu.wait_bot_message(GROUP, contains=fixed("tournament.list_title"))
    assert "«Кубок» — " in listed.plain and ", начало 01.12.2026 в 19:00" in listed.plain
    assert statuses(bot.db_path) == {
        kind: ["pending"] for kind in ("ahead_day", "ahead_hour", "ahead_check_in", "ahead_start")
    }

    # Monday 19:00: the day before, privately, to the five who joined only.
    await travel(emu, clock, STARTS - timedelta(days=1))
    await emu.wait_for(lambda: all(private(emu, u, DAY_TEXT) for u in joined))
    assert not private(emu, fay, DAY_TEXT) and not private(emu, club.org, DAY_TEXT)
    assert not in_group(emu, GROUP, DAY_TEXT)

    # Down from 19:30 to Tuesday 18:05: the hour's reminder came while it was down.
    await travel(emu, clock, STARTS - timedelta(days=1) + timedelta(minutes=30))
    await bot.stop()
    clock.set(STARTS - timedelta(minutes=55))
    await bot.start()
    await emu.wait_for(lambda: all(private(emu, u, HOUR_TEXT) for u in joined))
    await emu.idle()
    for user in joined:
        assert len(private(emu, user, DAY_TEXT)) == 1, user.first_name  # none twice
        (hour,) = private(emu, user, HOUR_TEXT)
        assert "Через час, в 19:00, — «Кубок»" in hour.plain
        assert fixed("ahead.remind_hour_check_in", -1) in hour.plain
    assert not private(emu, fay, HOUR_TEXT)
    await club.users["Ann"].send(GROUP, "/here")  # too early: it opens at 18:30
    await emu.wait_bot_message(
        GROUP, contains=ru("ahead.here_not_yet", tournament="Кубок", time="18:30")
    )
    await fay.send(None, "/here")  # on no list
    await fay.wait_message(contains=ru("ahead.here_none"))

    # 18:30: the check-in; four of the five are here (Eve is not).
    await travel(emu, clock, STARTS - timedelta(minutes=30))
    await emu.wait_for(lambda: all(private(emu, u, HERE) for u in joined))
    asks = {u.first_name: private(emu, u, HERE) for u in joined}
    assert not private(emu, fay, HERE)
    for user in joined[:4]:
        (ask,) = asks[user.first_name]
        await (await user.press(ask, HERE)).answer()
        settled = await user.wait_message(contains=fixed("ahead.here_done"))
        assert settled.button_labels == []
    eve_ask = asks["Eve"][0]  # not pressed yet: Fay presses its data
    forged = await (await fay.press_data(eve_ask, str(eve_ask.find_button(HERE)["callback_data"])))
    assert forged.text == ru("ahead.here_not_in", tournament="Кубок")

    # 19:00: «Начать» for the organiser in the group; nothing began by itself.
    await travel(emu, clock, STARTS)
    prompt = await emu.wait_bot_message(GROUP, contains=fixed("ahead.start_now", 1))
    assert "⏰ 19:00 — время начинать турнир «Кубок». Org" in prompt.plain
    assert not club.board(round_title(1, 3))
    answer = await (await club.users["Ann"].press(prompt, ru("ahead.btn_begin"))).answer()
    assert answer.text == ru("common.organisers_only")  # only an organiser
    await (await club.org.press(prompt, ru("ahead.btn_begin"))).answer()
    absent = await emu.wait_bot_message(GROUP, contains=fixed("ahead.absent"))
    assert "(1): Eve." in absent.plain
    assert not club.board(round_title(1, 3))

    # /begin lists her too; one tap takes her off, «Начать» begins with the four.
    await club.org.send(GROUP, "/begin")
    listed = await emu.wait_bot_message(GROUP, contains=fixed("ahead.absent"))
    assert listed.button_labels == [ru("ahead.btn_drop", count=1), ru("ahead.btn_begin_all")]
    await (await club.org.press(listed, ru("ahead.btn_drop", count=1))).answer()
    dropped = await emu.wait_bot_message(GROUP, contains=fixed("ahead.withdrawn"))
    assert "(1): Eve." in dropped.plain
    await (await club.org.press(dropped, ru("ahead.btn_begin"))).answer()
    board = await emu.wait_for(lambda: club.board(round_title(1, 3)))
    seated = {name for _, a, b, _ in club.tables(board) for name in (a, b)}
    assert seated == {"Ann", "Bob", "Cat", "Dan"}
    # the 19:00 prompt is stale once it began
    late = await (await club.org.press(prompt, ru("ahead.btn_begin"))).answer()
    assert late.text == ru("ahead.begun")
    assert statuses(bot.db_path) == {
        kind: ["fired"] for kind in ("ahead_day", "ahead_hour", "ahead_check_in", "ahead_start")
    }


async def test_a_king_of_the_hill_announced_ahead_reminds_and_begins_at_the_organisers_tap(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    org, people = await koth_club.setup_club(emu)
    # the start given with /new: the tournament its wizard creates is announced for it
    await koth_club.say(emu, org, "/new вчера 19:00", fixed("ahead.past"))
    choice = await koth_club.say(emu, org, "/new в пятницу 19:00", fixed("tournament.choose_kind"))
    assert "Начало: пятница, 04.12.2026, в 19:00" in choice.plain
    await org.press(choice, "Царь горы")
    await emu.wait_bot_message(koth_club.GROUP, contains=fixed("koth.ask_name"))
    await koth_club.say(emu, org, "Пятничный", fixed("koth.ask_fee"))
    await koth_club.say(emu, org, "3000", fixed("koth.ask_table"))
    await org.send(koth_club.GROUP, "Стол 1")
    registration = await emu.wait_bot_message(
        koth_club.GROUP, contains=fixed("koth.registration_open", -1)
    )
    announced = await emu.wait_bot_message(koth_club.GROUP, contains="📅 «Пятничный»")
    assert registration.message_id < announced.message_id  # the announcement under it
    for name, rating in koth_club.RATINGS:
        await koth_club.say(emu, org, f"/add @{name} {rating}", fixed("koth.added"))
    await koth_club.say(emu, org, "/when отметка нет", ru("ahead.check_in_off"))
    await koth_club.say(emu, org, "/when", "начинается 04.12.2026 в 19:00")

    day = ru("ahead.remind_day", tournament="Пятничный", day="04.12.2026", time="19:00")
    await travel(emu, clock, FRIDAY - timedelta(days=1))
    await emu.wait_for(lambda: all(private(emu, u, day) for u in people))
    assert not private(emu, org, day)
    await bot.restart()  # down overnight, no step missed: nothing is sent again
    await travel(emu, clock, FRIDAY - timedelta(hours=1))
    await emu.wait_for(lambda: all(private(emu, u, HOUR_TEXT) for u in people))
    await travel(emu, clock, FRIDAY - timedelta(minutes=30))
    assert not any(private(emu, u, HERE) for u in people)  # the check-in is off

    await travel(emu, clock, FRIDAY)
    prompt = await emu.wait_bot_message(koth_club.GROUP, contains=fixed("ahead.start_now", 1))
    await (await org.press(prompt, ru("ahead.btn_begin"))).answer()
    await emu.wait_bot_message(koth_club.GROUP, contains=f"{fixed('koth.begun')} 4 ч")
    await emu.wait_bot_message(koth_club.GROUP, contains=fixed("koth.board_title"))
    assert emu.current(prompt).button_labels == []
    for user in people:
        assert len(private(emu, user, day)) == 1 and len(private(emu, user, HOUR_TEXT)) == 1
