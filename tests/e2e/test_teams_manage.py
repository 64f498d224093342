"""A Team Sealed scored by sum (604.3.1) run through what goes wrong at a club: a disputed
game the judge decides with his button, /standings between rounds, a team dropping as a whole
(the next round gives the remaining three a bye), and the organiser's early /finish."""

from __future__ import annotations

from datetime import timedelta
from functools import partial

from tests.clock import ManualClock
from tests.e2e.drivers.teams_club import GROUP, TeamsClub, game_label
from tests.e2e.drivers.texts import fixed, ru
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import RunningBot

TEAMS = {
    "Грифоны": ("ann", "bob"),
    "Драконы": ("cat", "dan"),
    "Волки": ("eve", "fay"),
    "Совы": ("gus", "hal"),
}


async def test_team_sealed_by_sum_dispute_drop_and_early_finish(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    club = TeamsClub(emu, players=8)
    created = await club.create(scoring=ru("teams.wiz_score_by_sum"), rounds="Авто")
    assert ru("teams.rounds_auto") in created.plain
    for name, (first, second) in TEAMS.items():
        await club.org.send(GROUP, f"/add @{first} @{second} {name}")
        await emu.wait_bot_message(GROUP, contains=f"«{name}»")
    await club.users["Ann"].send(GROUP, "/begin")  # a player may not begin
    await club.begin()
    board = await emu.wait_for(partial(club.board, 1))
    assert "тур 1 из 3" in board.plain  # 4 teams: 3 rounds (610.6)
    (t1, t2) = club.matches(board)

    # Table 1, board 1: the opponent disputes; the judge decides for him by button.
    (a1, b1), (a2, b2) = t1.boards
    user = club.users[a1]
    told = await club.wait_find(user, "Тур 1: стол 1, доска 1,", "Моя победа")
    await (await user.press(told, "Моя победа")).answer()
    request = await club.wait_find(club.users[b1], game_label(1, 1, 1), "⚠️ Оспорить")
    answer = await (await club.users[b1].press(request, "⚠️ Оспорить")).answer()
    assert answer.text == ru("results.sent_to_judge")
    game = ru("teams.label", table=1, board=1, round=1)
    decide = ru("results.decide_win", name=b1)
    dispute = await club.wait_find(club.org, ru("results.dispute_for_judge", game=game), decide)
    decided = await (await club.org.press(dispute, decide)).answer()
    assert decided.text == ru("results.final")
    await club.play(1, 1, 2, a2, b2, "Ничья")
    for board_no, (a, b) in enumerate(t2.boards, start=1):
        await club.play(1, 2, board_no, a, b, "Моя победа")
    await emu.wait_bot_message(GROUP, contains=ru("teams.round_complete", round=1))

    # By sum: table 1 gives A 0 + 1, B 3 + 1; table 2 gives A 6, B 0.
    await club.org.send(GROUP, "/standings")
    standings = await emu.wait_bot_message(GROUP, contains=fixed("teams.standings_title"))
    expected = {t1.a: 1, t1.b: 4, t2.a: 6, t2.b: 0}
    for team, pts in expected.items():
        assert f"«{team}» (" in standings.plain
        row = next(line for line in standings.plain.splitlines() if f"«{team}» (" in line)
        assert f"— {pts}, " in row, (row, expected)

    # The last team drops as a whole: round 2 pairs the other three, one with a bye.
    dropper = next(n for n in club.users if n.lower() in TEAMS[t2.b])
    await club.users[dropper].send(GROUP, "/drop")
    await emu.wait_bot_message(GROUP, contains=ru("teams.drop_dropped", team=t2.b, name=dropper))
    await club.org.send(GROUP, "/next_round")
    board2 = await emu.wait_for(partial(club.board, 2))
    (only,) = club.matches(board2)
    assert t2.b not in (only.a, only.b) and fixed("teams.bye_line") in board2.plain
    assert fixed("teams.board_until") in board2.plain  # the round's end on the board

    # The round's 70 minutes pass with its match unplayed: the group is told.
    clock.advance(timedelta(minutes=71))
    await emu.wait_bot_message(GROUP, contains=ru("teams.time_up", round=2, tables="1"))

    # The organiser ends the event early: the standings as they are.
    await club.org.send(GROUP, "/finish")
    final = await emu.wait_bot_message(GROUP, contains=fixed("teams.finished"))
    assert ru("teams.dropped_mark").strip(", ") in final.plain
