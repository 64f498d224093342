"""A Team Draft (604 with the pods and pick clock of 601) played as a club plays it: eight
teams of two, two 12-card boosters, one draft table of 16 where teammates never sit side by
side; the judge runs the pick clock from ``/draft``; deck lists wait for the whole pool, then
open, and lock when round 1 is paired; three rounds scored by match, worked out here by hand."""

from __future__ import annotations

import re
from functools import partial

from tests.clock import ManualClock
from tests.e2e.drivers.teams_club import GROUP, TeamsClub
from tests.e2e.drivers.texts import fixed, ru
from tests.e2e.emulator import BotApiEmulator, SimMessage, SimUser
from tests.e2e.harness import RunningBot
from tests.e2e.pick_clock import REVIEW, TWELVE, S

TEAMS = {
    "Грифоны": ("Ann", "Bob"),
    "Драконы": ("Cat", "Dan"),
    "Волки": ("Eve", "Fay"),
    "Совы": ("Gus", "Hal"),
    "Ежи": ("Ivy", "Jon"),
    "Лисы": ("Kim", "Lee"),
    "Рыси": ("Max", "Ned"),
    "Туры": ("Oli", "Pat"),
}
SEAT = re.compile(r"^(\d+)\. (\w+) \(№ \d+\)$", re.M)
BOOSTER = sum(TWELVE) + REVIEW  # a 12-card booster's picks and its review minute


async def private(club: TeamsClub, user: SimUser, text: str, contains: str) -> SimMessage:
    await user.send(None, text)
    return await club.emu.wait_bot_message(user.id, contains=contains)


def deck(cards: int) -> str:
    return "/deck\n" + "\n".join(f"1 Карта {n}" for n in range(cards))


async def test_team_draft_eight_teams_one_table_pick_clock_and_three_rounds(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    club = TeamsClub(emu, players=16)
    created = await club.create(name="Командный драфт", boosters="12+12", rounds="3")
    assert ru("teams.wiz_fmt_team_draft") in created.plain
    assert ru("teams.created_boosters", plan="12+12") in created.plain
    for name, (first, second) in TEAMS.items():
        await club.org.send(GROUP, f"/add @{first.lower()} @{second.lower()} {name}")
        await emu.wait_bot_message(GROUP, contains=f"«{name}»")
    ann = club.users["Ann"]
    early = await private(club, ann, "/deck", fixed("decks.window_not_yet"))
    assert "«Командный драфт»" in early.plain  # no pool before the draft

    # /begin: one table of 16 (601.5: at most 16), teammates never side by side.
    await club.org.send(GROUP, "/begin")
    begun = await emu.wait_bot_message(GROUP, contains=fixed("teams.begun"))
    assert ru("teams.seating_table", table=1, count=16) in begun.plain
    seated = [name for _, name in SEAT.findall(begun.plain)]
    assert sorted(seated) == sorted(p for pair in TEAMS.values() for p in pair)
    for first, second in TEAMS.values():
        gap = abs(seated.index(first) - seated.index(second))
        assert gap not in (1, len(seated) - 1), (first, second, seated)
    seat = await ann.wait_message(contains=fixed("limited.your_seat"))
    left = seated[(seated.index("Ann") + 1) % 16]
    assert f"Слева: {left}" in seat.plain
    assert fixed("limited.seating_seed") in begun.plain  # the seating's seed, published

    # The judge runs the pick clock: the table's message lists the seats in that order.
    await club.org.send(GROUP, "/draft")
    panel = await emu.wait_bot_message(
        GROUP, contains=ru("pickclock.panel_title", name="Командный драфт")
    )
    await (await club.org.press(panel, "▶️ Начать бустер 1")).answer()
    pod = await emu.wait_bot_message(GROUP, contains="🃏 Драфт · стол драфта 1 · 16 игроков")
    assert f"Места по порядку: {', '.join(seated)}" in pod.plain
    # while a booster is picked (and another is to come) no list and no round 1
    await private(club, ann, deck(20), fixed("decks.window_drafting"))
    await club.org.send(GROUP, "/next_round")
    await emu.wait_bot_message(GROUP, contains=ru("teams.draft_running"))
    clock.advance(BOOSTER * S)
    await emu.idle()
    await private(club, ann, deck(20), fixed("decks.window_drafting"))  # booster 2 to come
    await club.org.send(GROUP, "/draft")
    panel = await emu.wait_bot_message(
        GROUP, contains=ru("pickclock.panel_title", name="Командный драфт")
    )
    await (await club.org.press(panel, "▶️ Начать бустер 2")).answer()
    clock.advance(BOOSTER * S)
    await emu.idle()

    # The pool is drafted: a list of 20 (Table 3 for 12 + 12) is taken, 19 refused.
    await private(club, ann, deck(20), fixed("decks.accepted"))
    refused = await private(club, club.users["Bob"], deck(19), fixed("decks.refused"))
    assert "19" in refused.plain
    await club.org.send(GROUP, "/next_round")
    board = await emu.wait_for(partial(club.board, 1))
    await private(club, club.users["Bob"], deck(20), fixed("decks.window_locked_round"))

    # Three rounds: the first team of each table wins board 1, the second board 2 in round 1
    # (deciding games), the first both boards later. By hand: match points per team.
    points = dict.fromkeys(TEAMS, 0)
    met: set[frozenset[str]] = set()
    for round_no in (1, 2, 3):
        if round_no > 1:
            await club.org.send(GROUP, "/next_round")
            board = await emu.wait_for(partial(club.board, round_no))
        matches = club.matches(board)
        assert len(matches) == 4 and fixed("teams.bye_line") not in board.plain
        for m in matches:
            pair = frozenset((m.a, m.b))
            assert pair not in met  # no team rematch
            met.add(pair)
            for team, players in ((m.a, TEAMS[m.a]), (m.b, TEAMS[m.b])):
                assert set(players) == {m.boards[0][team == m.b], m.boards[1][team == m.b]}
            (a1, b1), (a2, b2) = m.boards
            await club.play(round_no, m.table, 1, a1, b1, "Моя победа")
            if round_no == 1:
                await club.play(round_no, m.table, 2, b2, a2, "Моя победа")
                await club.play(round_no, m.table, 3, a1, b2, "Моя победа")  # 604.4
            else:
                await club.play(round_no, m.table, 2, a2, b2, "Моя победа")
            points[m.a] += 3
        await emu.wait_bot_message(GROUP, contains=ru("teams.round_complete", round=round_no))

    await club.org.send(GROUP, "/next_round")
    final = await emu.wait_bot_message(GROUP, contains=fixed("teams.finished"))
    for team, (first, second) in TEAMS.items():
        row = next(
            line for line in final.plain.splitlines() if f"«{team}» ({first}, {second})" in line
        )
        assert f"— {points[team]}, " in row, (team, row, points)
