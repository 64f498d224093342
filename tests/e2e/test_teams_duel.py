"""A duel-set release (610) played as a club plays it: five teams, each player with a deck of
the set named at registration, three rounds scored by 610.5 (3 a win each player, a team's
round the sum), the 610.6 bye of 6 points to the team lowest by rating, and no game between
two players of the same deck (610.4). The points are worked out here by hand."""

from __future__ import annotations

import contextlib
import re
import sqlite3
from functools import partial

from tests.e2e.drivers.teams_club import GROUP, TeamsClub
from tests.e2e.drivers.texts import fixed, ru
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import RunningBot

DECKS = {
    "Ann": "слуа",
    "Bob": "вампиры",
    "Cat": "слуа",
    "Dan": "вампиры",
    "Eve": "вампиры",
    "Fay": "слуа",
    "Gus": "гномы",
    "Hal": "слуа",
    "Ivy": "слуа",
    "Jon": "гномы",
}
TEAMS = {
    "Грифоны": ("Ann", "Bob"),
    "Драконы": ("Cat", "Dan"),
    "Волки": ("Eve", "Fay"),
    "Совы": ("Gus", "Hal"),
}
DECKS_LINE = re.compile(r"Ваша колода — «(.+?)», соперник играет «(.+?)»")


async def test_duel_sets_five_teams_bye_by_rating_no_mirror(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = TeamsClub(emu, players=10)
    created = await club.create(name="Охота на вампиров", decks="слуа, вампиры, гномы")
    assert "Колоды: слуа, вампиры, гномы" in created.plain
    for name, (first, second) in TEAMS.items():
        await club.duel_team(first, DECKS[first], second, DECKS[second], name)
    await club.org.send(GROUP, "/add @ivy @jon 1 3 Ежи")  # decks by their numbers in the list
    await emu.wait_bot_message(
        GROUP, contains=ru("teams.team_in", team="Ежи", first="Ivy", second="Jon")
    )
    teams = {**TEAMS, "Ежи": ("Ivy", "Jon")}
    # Ivy and Jon are the lowest rated (1150 and 1100 against 1200 for the others' first
    # tournament): their team gets round 1's bye (610.6).
    with contextlib.closing(sqlite3.connect(bot.db_path)) as conn, conn:
        for name, cents in (("Ivy", 115000), ("Jon", 110000)):
            conn.execute(
                "INSERT OR REPLACE INTO ratings (player_id, discipline, rating_cents)"
                " SELECT id, 'berserk', ? FROM players WHERE first_name = ?",
                (cents, name),
            )
    await club.org.send(GROUP, "/begin")

    points = dict.fromkeys(teams, 0)
    byes: list[str] = []
    for round_no in (1, 2, 3):
        if round_no > 1:
            await club.org.send(GROUP, "/next_round")
        board = await emu.wait_for(partial(club.board, round_no))
        matches = club.matches(board)
        assert len(matches) == 2
        bye = next(t for t in teams if ru("teams.bye_line", team=t) in board.plain)
        byes.append(bye)
        points[bye] += 60  # 3 for each player (610.6)
        for m in matches:
            for board_no, (a, b) in enumerate(m.boards, start=1):
                assert DECKS[a] != DECKS[b], (round_no, a, b)  # no mirror game (610.4)
                intro = f"Тур {round_no}: стол {m.table}, доска {board_no},"
                told = await club.wait_find(club.users[a], intro, "Моя победа")
                found = DECKS_LINE.search(told.plain)
                assert found is not None and found.group(1) != found.group(2), told.plain
                await club.play(round_no, m.table, board_no, a, b, "Моя победа")
            points[m.a] += 60  # both games won: 3 + 3 (610.5)
        await emu.wait_bot_message(GROUP, contains=ru("teams.round_complete", round=round_no))
    assert byes[0] == "Ежи" and len(set(byes)) == 3  # a team has one bye at most

    await club.org.send(GROUP, "/next_round")
    final = await emu.wait_bot_message(GROUP, contains=fixed("teams.finished"))
    for team, (first, second) in teams.items():
        row = next(
            line for line in final.plain.splitlines() if f"«{team}» ({first}, {second})" in line
        )
        assert f"— {points[team] // 10}, " in row, (team, row, points)
