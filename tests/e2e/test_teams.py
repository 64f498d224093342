"""A Team Sealed event scored by match, played as a club plays it: six teams of two over three
rounds, teams entered with ``/team`` (the partner confirms) and the organiser's ``/add``; round
1 has a deciding game (604.4), a draw, a judge's technical result, and the judge's correction of
a game after the round was complete; the end gives team places and every player's rating
change. The expected numbers are worked out here by hand from the results the test plays."""

from __future__ import annotations

import re
from functools import partial

from bot.formats import rating_change
from rules.card_rating import START_RATING_CENTS, rating_changes
from rules.results import MatchRecord, Outcome, PlayerId
from tests.e2e.drivers.teams_club import GROUP, Match, TeamsClub
from tests.e2e.drivers.texts import fixed, ru
from tests.e2e.emulator import BotApiEmulator, SimMessage
from tests.e2e.harness import RunningBot

TEAMS = {
    "Грифоны": ("Ann", "Bob"),
    "Драконы": ("Cat", "Dan"),
    "Волки": ("Eve", "Fay"),
    "Совы": ("Gus", "Hal"),
    "Ежи": ("Ivy", "Jon"),
}
WIN, DRAW = "Моя победа", "Ничья"


async def test_team_sealed_by_match_six_teams_three_rounds(
    emu: BotApiEmulator, bot_both: RunningBot
) -> None:
    assert bot_both.app is not None  # the bot runs, on SQLite and on PostgreSQL
    club = TeamsClub(emu)
    created = await club.create()
    assert "«Командный кубок»" in created.plain and "Туров: 3, 70 мин" in created.plain

    # Teams: five named by a player and confirmed by the partner, the sixth added by /add.
    for name, (first, second) in TEAMS.items():
        await club.team(first, second, name)
        if name == "Волки":  # three teams: too few to begin (604.1)
            await club.org.send(GROUP, "/begin")
            await emu.wait_bot_message(GROUP, contains=ru("teams.too_few", needed=4, count=3))
    # an offer to a player already in a team is refused with a clear answer
    await club.users["Kim"].send(GROUP, "/team @ann Лисы")
    await emu.wait_bot_message(
        GROUP, contains=ru("teams.already_in_team", name="Ann", team="Грифоны")
    )
    await club.org.send(GROUP, "/add @kim @lee Лисы")
    await emu.wait_bot_message(
        GROUP, contains=ru("teams.team_in", team="Лисы", first="Kim", second="Lee")
    )
    teams = {**TEAMS, "Лисы": ("Kim", "Lee")}
    begun = await club.begin()  # the product is opened, then round 1 is paired
    assert re.search(r"Жребий тура 1: \d+", begun.plain), begun.plain

    points = dict.fromkeys(teams, 0)  # match points, tenths
    game_points = dict.fromkeys(teams, 0)
    games: list[MatchRecord] = []  # every rated game, from its first-named player's side

    def game(round_no: int, a: str, b: str, outcome: Outcome) -> None:
        games.append(MatchRecord(round_no, a, b, outcome))

    # Round 1.
    board = await emu.wait_for(lambda: club.board(1))
    # Each pairing message is remembered (to be tidied when its game settles) in its own
    # transaction just after it is sent: a press answered first would find nothing to tidy.
    await emu.idle()
    r1 = club.matches(board)
    assert len(r1) == 3 and "Отдыхает" not in board.plain
    t1, t2, t3 = r1
    # Table 1: board 1 to A, board 2 to B, both clean: the deciding game of the two winners.
    (a1, b1), (a2, b2) = t1.boards
    await club.play(1, 1, 1, a1, b1, WIN)
    await emu.idle()  # a settled game's message keeps no buttons: it is its result line now
    assert club.find(club.users[a1], "Тур 1: стол 1, доска 1,", WIN) is None
    assert club.find(club.users[b1], "Тур 1: стол 1, доска 1,", WIN) is None
    await club.play(1, 1, 2, b2, a2, WIN)
    await emu.wait_bot_message(GROUP, contains=ru("teams.deciding_group", table=1, a=a1, b=b2))
    open_match = club.board(1)
    assert open_match is not None and f"⚔️ {a1} — {b2}: …" in open_match.plain
    await club.play(1, 1, 3, a1, b2, WIN)
    game(1, a1, b1, Outcome.CLEAN_WIN)
    game(1, a2, b2, Outcome.LOSS)
    game(1, a1, b2, Outcome.CLEAN_WIN)
    points[t1.a] += 30  # the deciding game brings A the match
    game_points[t1.a] += 30  # 3 + 0 (the deciding game adds no game points)
    game_points[t1.b] += 30  # 0 + 3
    # Table 2: board 1 to A, board 2 drawn (later corrected: board 1 to B).
    (c1, d1), (c2, d2) = t2.boards
    await club.play(1, 2, 1, c1, d1, WIN)
    await club.play(1, 2, 2, c2, d2, DRAW)
    # Table 3: board 1 to A; board 2 the judge gives B a technical win.
    (e1, f1), (e2, f2) = t3.boards
    await club.play(1, 3, 1, e1, f1, WIN)
    await club.org.send(GROUP, "/result 1 3 2 tb")
    await emu.wait_bot_message(GROUP, contains=ru("teams.round_complete", round=1))
    game(1, e1, f1, Outcome.CLEAN_WIN)
    game(1, e2, f2, Outcome.TECHNICAL_LOSS)
    points[t3.a] += 30  # 3 + 0 against 0 + 2.5
    game_points[t3.a] += 30
    game_points[t3.b] += 25
    # The judge corrects table 2 board 1 of the complete round (808): B won it.
    await club.org.send(GROUP, "/result 1 2 1 b опечатка в бланке")
    await emu.wait_bot_message(GROUP, contains=ru("teams.result_done"))
    game(1, c1, d1, Outcome.LOSS)
    game(1, c2, d2, Outcome.DRAW)
    points[t2.b] += 30  # 0 + 1 against 3 + 1
    game_points[t2.a] += 10
    game_points[t2.b] += 40
    corrected = await emu.wait_for(lambda: _shows(club, 1, f"{c1} — {d1}: 0:1"))
    assert f"{e2} — {f2}: −:+" in corrected.plain and f"{c2} — {d2}: ½:½" in corrected.plain

    # Rounds 2 and 3: the first team of each table wins both boards.
    for round_no in (2, 3):
        await club.org.send(GROUP, "/next_round")
        shown = await emu.wait_for(partial(club.board, round_no))
        matches: list[Match] = club.matches(shown)
        assert len(matches) == 3
        met = {frozenset((m.a, m.b)) for m in matches}
        assert not met & {frozenset((m.a, m.b)) for m in r1}  # no rematch (604: Swiss)
        for m in matches:
            for board_no, (a, b) in enumerate(m.boards, start=1):
                await club.play(round_no, m.table, board_no, a, b, WIN)
                game(round_no, a, b, Outcome.CLEAN_WIN)
            points[m.a] += 30
            game_points[m.a] += 60
        await emu.wait_bot_message(GROUP, contains=ru("teams.round_complete", round=round_no))
        r1 = [*r1, *matches]

    # The end: team places by match points, every player's rating change.
    await club.org.send(GROUP, "/next_round")
    final = await emu.wait_bot_message(GROUP, contains=fixed("teams.finished"))
    lines = final.plain.splitlines()
    for team, (first, second) in teams.items():
        row = next(line for line in lines if f"«{team}» ({first}, {second})" in line)
        assert f"— {points[team] // 10}, " in row, (team, row, points)
        assert row.endswith(f"партии {_points(game_points[team])}"), (team, row, game_points)
    placed = [line for line in lines if line[:2] in {f"{n}." for n in range(1, 7)}]
    shown_points = [points[next(t for t in teams if f"«{t}»" in line)] for line in placed]
    assert shown_points == sorted(shown_points, reverse=True)
    starts: dict[PlayerId, float] = {
        p: START_RATING_CENTS / 100 for pair in teams.values() for p in pair
    }
    changes = rating_changes(starts, games, participants=12, base_k=16)
    for player, delta in changes.items():
        assert f"{player}: {rating_change(delta, 'ru')}" in lines, (player, delta)
    assert sum(changes.values()) == 0 and len(games) == 3 + 4 + 6 + 6
    # each player is told his team's place privately (spec §1), with his rating change
    winner = placed[0].split("«")[1].split("»")[0]
    for player in teams[winner]:
        told = await club.users[player].wait_message(
            contains=ru("teams.your_place", name="Командный кубок", place=1, count=6, team=winner)
        )
        assert rating_change(changes[player], "ru") in told.plain

    # /export: a row per team, then a row per player, the same numbers
    await club.org.send(GROUP, "/export")
    sent = await emu.wait_bot_message(GROUP, contains=fixed("teams.export_title"))
    assert sent.document is not None
    team_part, player_part = sent.document.content.decode("utf-8-sig").split("\n\n")
    team_rows = [line.split(",") for line in team_part.splitlines()[1:]]
    assert [int(row[0]) for row in team_rows] == list(range(1, 7))
    assert {row[1]: row[4] for row in team_rows} == {t: str(p // 10) for t, p in points.items()}
    player_rows = {row.split(",")[0]: row.split(",") for row in player_part.splitlines()[1:]}
    assert player_rows[a1][4:6] == ["4", "1"]  # two boards in round 1, the deciding game too
    for player, delta in changes.items():
        assert player_rows[str(player)][6] == rating_change(delta, "en"), player

    # /h2h reads the boards' games (issue 27): the deciding game counts, the correction too,
    # a technical result is no game played
    pairs: tuple[tuple[str, str, tuple[int, int, int, int] | None], ...] = (
        (a1, b2, (1, 1, 0, 0)),
        (c1, d1, (1, 0, 0, 1)),
        (e2, f2, None),
    )
    for me, them, counted in pairs:
        await club.users[me].send(GROUP, f"/h2h @{them.lower()}")
        if counted is None:
            await emu.wait_bot_message(GROUP, contains=ru("h2h.never", name=them))
            continue
        count, wins, draws, losses = counted
        answer = await emu.wait_bot_message(GROUP, contains=ru("h2h.title", name=them, games=count))
        assert ru("h2h.score", wins=wins, draws=draws, losses=losses) in answer.plain


def _shows(club: TeamsClub, round_no: int, text: str) -> SimMessage | None:
    board = club.board(round_no)
    return board if board is not None and text in board.plain else None


def _points(tenths: int) -> str:
    whole, tenth = divmod(tenths, 10)
    return str(whole) if tenth == 0 else f"{whole},{tenth}"
