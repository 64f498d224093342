"""Entering a running tournament, and messages sent on behalf of a chat (issue 10, item 3).

- After the Swiss has begun, the old Join button, the deep link and ``/join`` only ask: the
  request reaches the group once, with buttons only an organiser may press; "accept" makes a
  late entrant (the ``/add`` path), "decline" does not; the player is told either way.
- King of the Hill has no late entry in its regulation: the same ways in are refused, clearly.
- A command sent by an anonymous group administrator or as a channel is answered "write as
  yourself" and creates no player and enters nobody.
"""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

from tests.e2e.drivers import koth_club
from tests.e2e.drivers.swiss_club import GROUP, Club, registered
from tests.e2e.drivers.texts import fixed
from tests.e2e.emulator import BotApiEmulator, SimMessage
from tests.e2e.hardening import Said, diff, settled, snapshot
from tests.e2e.harness import RunningBot

AS_YOURSELF = "Напишите от своего имени"
ROUND_1_OF_3 = f"{fixed('swiss.board_title')} 1 {fixed('swiss.board_title', 1)} 3"


def rows(db_path: Path, sql: str, *args: object) -> list[tuple[object, ...]]:
    with contextlib.closing(sqlite3.connect(db_path)) as conn:
        return list(conn.execute(sql, args).fetchall())


def entrants(db_path: Path, tournament_id: int = 1) -> set[str]:
    """First names of the tournament's participants."""
    found = rows(
        db_path,
        "SELECT p.first_name FROM participants x JOIN players p ON p.id = x.player_id"
        " WHERE x.tournament_id = ?",
        tournament_id,
    )
    return {str(r[0]) for r in found}


async def running_swiss(emu: BotApiEmulator) -> tuple[Club, SimMessage]:
    club = await registered(emu, players=4)
    created = await emu.wait_bot_message(GROUP, contains=fixed("swiss.created", -1), since=0)
    await club.org.send(GROUP, "/begin")
    await emu.wait_for(lambda: club.board(ROUND_1_OF_3))
    await emu.idle()
    return club, created


async def test_entering_a_running_swiss_needs_the_organisers_approval(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club, created = await running_swiss(emu)
    kai, lee = emu.add_user(16, "Kai", username="kai"), emu.add_user(17, "Lee", username="lee")
    for user in (kai, lee):
        emu.add_member(GROUP, user)
        await user.start()
        await user.wait_message()
    await settled(emu, bot.db_path)
    before = entrants(bot.db_path)

    # The old Join button: a request, once, however often pressed.
    answer = await (await kai.press(created, "✋ Участвую")).answer()
    assert answer.text and "согласия организатора" in answer.text, answer
    request = await emu.wait_bot_message(GROUP, contains=fixed("swiss.entry_request"))
    assert "Kai" in request.plain and request.button_labels == ["✅ Принять", "❌ Отклонить"]
    again = Said(emu, (GROUP,))
    answer = await (await kai.press(created, "✋ Участвую")).answer()
    assert answer.text and "уже у организатора" in answer.text, answer
    await kai.send(GROUP, "/join")
    await emu.wait_bot_message(GROUP, contains=fixed("swiss.entry_asked_before"))
    assert not [m for m in again.messages() if fixed("swiss.entry_request") in m.plain]
    assert entrants(bot.db_path) == before  # not paired in the next round: not in at all

    # Only an organiser answers it: a player of the tournament is refused.
    ann = club.users["Ann"]
    refused = await (await ann.press(request, "✅ Принять")).answer()
    assert refused.text == "Это может сделать только организатор.", refused
    assert entrants(bot.db_path) == before

    accepted = await (await club.org.press(request, "✅ Принять")).answer()
    assert accepted.text and "Kai вступает в турнир" in accepted.text, accepted
    await kai.wait_message(contains=fixed("swiss.entry_accepted"))
    assert entrants(bot.db_path) == before | {"Kai"}
    joins = rows(bot.db_path, "SELECT count(*) FROM events WHERE kind = 'sw_join'")
    assert joins == [(1,)]  # the late-entry path of /add
    await emu.idle()
    settled_request = emu.current(request)
    assert not settled_request.button_labels and "вступает в турнир" in settled_request.plain

    # The deep link: a request too; declined, and the player is told.
    await lee.start("t-1")
    await lee.wait_message(contains=fixed("swiss.entry_requested"))
    second = await emu.wait_bot_message(GROUP, contains="Lee")
    declined = await (await club.org.press(second, "❌ Отклонить")).answer()
    assert declined.text == "Заявка отклонена: Lee.", declined
    await lee.wait_message(contains=fixed("swiss.entry_declined", 1))
    assert entrants(bot.db_path) == before | {"Kai"}


async def test_king_of_the_hill_refuses_entry_after_the_start(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    org, _people = await koth_club.setup_club(emu)
    await koth_club.begin_tournament(emu, org)
    registration = await emu.wait_bot_message(
        koth_club.GROUP, contains=fixed("koth.registration_open", -1), since=0
    )
    zed = emu.add_user(20, "Zed", username="zed")
    emu.add_member(koth_club.GROUP, zed)
    await zed.start()
    await zed.wait_message()
    await settled(emu, bot.db_path)
    before = snapshot(bot.db_path)
    refusal = fixed("koth.no_late_entry")
    assert refusal in await koth_club.press(zed, registration, "Участвую")
    await zed.start("t-1")
    await zed.wait_message(contains=refusal)
    await zed.send(koth_club.GROUP, "/join")
    await emu.wait_bot_message(koth_club.GROUP, contains=refusal)
    await settled(emu, bot.db_path)
    assert diff(before, snapshot(bot.db_path)) == []


async def test_messages_sent_as_a_chat_are_answered_and_create_no_player(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = Club(emu, players=2)
    await club.create(rounds="3", top="Без ТОПа")
    await settled(emu, bot.db_path)
    before = snapshot(bot.db_path)
    for text in ("/join", "/new", "/begin", "/register", "/start t-1"):
        for channel in (None, (-1001234, "Канал клуба")):
            said = Said(emu, (GROUP,))
            emu.chat_message(GROUP, text, channel=channel)
            replies = await emu.wait_for(said.messages)
            assert AS_YOURSELF in replies[0].plain, (text, channel, replies[0].plain)
            await emu.idle()
    emu.chat_message(GROUP, "просто текст канала", channel=(-1001234, "Канал клуба"))
    await settled(emu, bot.db_path)
    assert diff(before, snapshot(bot.db_path)) == []
    names = rows(bot.db_path, "SELECT first_name FROM players")
    assert ("Group",) not in names and ("Channel",) not in names
