"""A Team Sealed's life beyond the rounds, played as a club lives it: a team taken off the list
before the start, the team's shared pool listed by both players (604), a late team let in by
the organiser, a judge's swap of two tables' opponents, more time for a round, a penalty's
lost game, and the winners' lists published at the end."""

from __future__ import annotations

from functools import partial

from tests.clock import ManualClock
from tests.e2e.drivers.teams_club import GROUP, TeamsClub
from tests.e2e.drivers.texts import fixed, ru
from tests.e2e.emulator import BotApiEmulator, SimMessage, SimUser
from tests.e2e.harness import RunningBot

TEAMS = {
    "Грифоны": ("ann", "bob"),
    "Драконы": ("cat", "dan"),
    "Волки": ("eve", "fay"),
    "Совы": ("gus", "hal"),
    "Ежи": ("ivy", "jon"),
}
POOL = [f"3 Карта {i}" for i in range(24)]  # the team's two products: 72 cards


def pool_list(mine: range) -> str:
    """The team's whole pool, the cards of ``mine`` in the deck, the rest unused."""
    main = [POOL[i] for i in mine]
    side = [card for i, card in enumerate(POOL) if i not in mine]
    return "/deck\n" + "\n".join([*main, "Сайд", *side])


async def private(club: TeamsClub, user: SimUser, text: str, contains: str) -> SimMessage:
    await user.send(None, text)
    return await club.emu.wait_bot_message(user.id, contains=contains)


async def test_team_sealed_removal_pool_late_entry_swap_extend_penalty_and_lists(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    club = TeamsClub(emu, players=12)
    await club.create(name="Кубок клуба")
    for name, (first, second) in TEAMS.items():
        await club.org.send(GROUP, f"/add @{first} @{second} {name}")
        await emu.wait_bot_message(GROUP, contains=f"«{name}»")
    # Before the start a team leaves by its own /drop: off the list, not «dropped».
    await club.users["Jon"].send(GROUP, "/drop")
    await emu.wait_bot_message(GROUP, contains=ru("teams.drop_removed", team="Ежи", name="Jon"))
    await club.org.send(GROUP, "/queue")
    queue = await emu.wait_bot_message(GROUP, contains=fixed("teams.teams_title"))
    assert "«Ежи»" not in queue.plain and "4 команды" in queue.plain
    await club.org.send(GROUP, "/begin")
    await emu.wait_bot_message(GROUP, contains=fixed("teams.begun"))

    # The shared pool (604): Ann lists it with her deck; Bob's deck may not use her cards.
    ann, bob = club.users["Ann"], club.users["Bob"]
    await private(club, ann, pool_list(range(10)), fixed("decks.accepted"))
    taken = await private(club, bob, pool_list(range(9, 19)), fixed("decks.refused"))
    assert "Карта 9 — в колоде 3, а свободно 0" in taken.plain, taken.plain
    short = pool_list(range(10, 20)).replace("\n3 Карта 23", "")
    missing = await private(club, bob, short, fixed("decks.refused"))
    assert ru("decks.err_pool_missing", count=3, title="Грифоны") in missing.plain
    await private(club, bob, pool_list(range(10, 20)), fixed("decks.accepted"))
    await club.org.send(GROUP, "/decks")
    status = await emu.wait_bot_message(GROUP, contains=fixed("decks.status"))
    assert ru("decks.status", name="Кубок клуба", done=2, count=8) in status.plain

    await club.org.send(GROUP, "/next_round")
    board = await emu.wait_for(partial(club.board, 1))
    t1, t2 = club.matches(board)

    # A late team: both players confirm, the organiser lets it in from round 2.
    await club.team_offer("Kim", "Lee", "Лисы")
    ask = await emu.wait_bot_message(
        GROUP, contains=ru("teams.late_ask", team="Лисы", first="Kim", second="Lee")
    )
    assert (
        await (await club.users["Ann"].press(ask, ru("teams.btn_late_yes"))).answer()
    ).show_alert
    answer = await (await club.org.press(ask, ru("teams.btn_late_yes"))).answer()
    assert answer.text == ru("teams.late_in")

    # The judge swaps the opponents of tables 1 and 2 before they play.
    await club.org.send(GROUP, "/swap 1 2")
    await emu.wait_bot_message(GROUP, contains=ru("teams.swap_done", table=1, other=2))
    swapped = await emu.wait_for(
        lambda: (
            _matches_now(club, 1) if _matches_now(club, 1) != [(t1.a, t1.b), (t2.a, t2.b)] else None
        )
    )
    assert swapped == [(t1.a, t2.b), (t2.a, t1.b)]
    s1, s2 = club.matches(club.board(1) or board)
    (a1, b1), (a2, b2) = s1.boards
    told = await club.wait_find(club.users[a1], f"соперник — {b1}", "Моя победа")
    assert "Тур 1: стол 1, доска 1" in told.plain

    # More time for the round; then a match loss by penalty loses that game only.
    await club.org.send(GROUP, "/extend 15")
    await emu.wait_bot_message(GROUP, contains=fixed("teams.extended"))
    await club.org.send(GROUP, f"/penalty @{b1.lower()} match_loss опоздание")
    await emu.wait_bot_message(
        GROUP, contains=ru("teams.penalty_lost", name=b1, round=1, table=1, board="1")
    )
    await club.play(1, 1, 2, a2, b2, "Моя победа")  # table 1: A wins both boards
    for board_no, (a, b) in enumerate(s2.boards, start=1):
        await club.play(1, 2, board_no, a, b, "Моя победа")
    await emu.wait_bot_message(GROUP, contains=ru("teams.round_complete", round=1))
    shown = club.board(1)
    assert shown is not None and f"{a1} — {b1}: +:−" in shown.plain  # a technical result

    # Round 2 pairs five teams: the late one plays, one team rests.
    await club.org.send(GROUP, "/next_round")
    board2 = await emu.wait_for(partial(club.board, 2))
    assert len(club.matches(board2)) == 2 and fixed("teams.bye_line") in board2.plain
    assert "«Лисы»" in board2.plain
    await club.org.send(GROUP, "/finish")
    final = await emu.wait_bot_message(GROUP, contains=fixed("teams.finished"))
    # The winners' lists (the first two teams' players), each under his team's place.
    await club.org.send(GROUP, "/decks publish")
    published = await emu.wait_bot_message(GROUP, contains=fixed("decks.published"))
    placed = [line for line in final.plain.splitlines() if line[:2] in ("1.", "2.")]
    top = [name for line in placed for name in _members(line)]
    listed = [line for line in published.plain.splitlines() if line[:2] in ("1.", "2.")]
    assert [line.split(". ")[1] for line in listed] == top
    for player in ("Ann", "Bob"):
        if player in top:  # their lists are the team's pool, each deck marked
            block = published.plain.split(f". {player}\n")[1].split("\n\n")[0]
            assert "Карта" in block, block


def _members(line: str) -> list[str]:
    """The players of a standings line «1. «Team» (Ann, Bob) — …»."""
    return line.split("» (")[1].split(")")[0].split(", ")


def _matches_now(club: TeamsClub, round_no: int) -> list[tuple[str, str]]:
    board = club.board(round_no)
    return [] if board is None else [(m.a, m.b) for m in club.matches(board)]
