"""A Team Sealed with a Top of teams (the organiser's choice): three Swiss rounds, then the
two best teams play the final as a team match (its deciding game of 604.4 too); the champion
is first whatever the Swiss order, the places and each player's place follow the bracket."""

from __future__ import annotations

from functools import partial

from tests.e2e.drivers.teams_club import GROUP, MATCH_LINE, TeamsClub
from tests.e2e.drivers.texts import fixed, ru
from tests.e2e.emulator import BotApiEmulator, SimMessage
from tests.e2e.harness import RunningBot

TEAMS = {
    "Грифоны": ("ann", "bob"),
    "Драконы": ("cat", "dan"),
    "Волки": ("eve", "fay"),
    "Совы": ("gus", "hal"),
}


def final_board(club: TeamsClub) -> SimMessage | None:
    for message in reversed(club.emu.bot_messages(GROUP)):
        if "— финал" in message.plain and MATCH_LINE.search(message.plain):
            return message
    return None


async def test_team_sealed_with_a_final_of_two(emu: BotApiEmulator, bot: RunningBot) -> None:
    club = TeamsClub(emu, players=8)
    created = await club.create(name="Кубок с финалом", top=ru("teams.wiz_top_2"))
    assert ru("teams.created_top", count=2) in created.plain
    for name, (first, second) in TEAMS.items():
        await club.org.send(GROUP, f"/add @{first} @{second} {name}")
        await emu.wait_bot_message(GROUP, contains=f"«{name}»")
    await club.begin()
    points = dict.fromkeys(TEAMS, 0)
    for round_no in (1, 2, 3):
        if round_no > 1:
            await club.org.send(GROUP, "/next_round")
        board = await emu.wait_for(partial(club.board, round_no))
        for m in club.matches(board):
            for board_no, (a, b) in enumerate(m.boards, start=1):
                await club.play(round_no, m.table, board_no, a, b, "Моя победа")
            points[m.a] += 3
        done = await emu.wait_bot_message(
            GROUP, contains=ru("teams.round_complete", round=round_no)
        )
        assert ru("teams.next_round") in done.plain  # a Top follows: never «the last round»
    await club.org.send(GROUP, "/standings")
    standings = await emu.wait_bot_message(GROUP, contains=fixed("teams.standings_title"))
    ranked = [
        next(t for t in TEAMS if f"«{t}»" in line)
        for line in standings.plain.splitlines()
        if line[:2] in ("1.", "2.", "3.", "4.")
    ]
    assert [points[t] for t in ranked] == sorted(points.values(), reverse=True)

    # The final: seed 1 against seed 2; the second seed wins it on the deciding game.
    await club.org.send(GROUP, "/next_round")
    final = await emu.wait_for(partial(final_board, club))
    (match,) = club.matches(final)
    assert (match.a, match.b) == (ranked[0], ranked[1])
    (a1, b1), (a2, b2) = match.boards
    number = 4  # the Top's first round follows the three Swiss rounds
    await club.play(number, 1, 1, a1, b1, "Моя победа")
    await club.play(number, 1, 2, b2, a2, "Моя победа")
    await club.play(number, 1, 3, b2, a1, "Моя победа")
    await emu.wait_bot_message(GROUP, contains=ru("teams.round_complete", round=number))
    await club.org.send(GROUP, "/next_round")
    ended = await emu.wait_bot_message(GROUP, contains=fixed("teams.finished"))
    assert ru("teams.winner", team=ranked[1]) in ended.plain
    assert ru("teams.top_title", count=2) in ended.plain
    lines = ended.plain.splitlines()
    top = lines.index(ru("teams.top_title", count=2))
    assert lines[top + 1].startswith(f"1. «{ranked[1]}»")
    assert lines[top + 2].startswith(f"2. «{ranked[0]}»")
    champion = TEAMS[ranked[1]][0].capitalize()
    told = await club.users[champion].wait_message(contains=fixed("teams.your_place"))
    assert ru("teams.your_place", name="Кубок с финалом", place=1, count=4, team=ranked[1]) in (
        told.plain
    )
