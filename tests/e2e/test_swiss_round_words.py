"""What a Swiss club reads between its rounds (issue 22, items 11–13): ``/standings`` while a
round is played counts only the rounds played to the end (none yet: it says so); the refusal to
go on names the open tables in the right number and, in a best of three, how to record one with
its score; ``/result`` of a match without its score says a score is needed; the «round
complete» message says what comes next (the next round, the Top, the Top's next stage, the
end); the end lists the rating changes by final place."""

from __future__ import annotations

import re

from tests.e2e.drivers.judged import BO3, MTG, JudgedClub
from tests.e2e.drivers.swiss_club import GROUP, Club
from tests.e2e.drivers.swiss_rounds import ranked, win
from tests.e2e.drivers.texts import fixed, round_title, ru
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import RunningBot

SEMI = ru("swiss.top_name", stage=ru("swiss.stage_semi_final"))
FINAL = ru("swiss.top_name", stage=ru("swiss.stage_final"))
RATING_LINE = re.compile(r"^(\w+): [+−]", re.MULTILINE)


def complete(round_name: str, after: str) -> str:
    """The «round complete» message: the round, then what comes after it."""
    return ru("swiss.round_complete", round=round_name) + "\n" + after


def swiss_round(number: int) -> str:
    return ru("swiss.round_name", round=number)


async def standings_rows(club: Club, title: str) -> str:
    """``/standings`` in the group: its rows (the title checked, then left out)."""
    await club.org.send(GROUP, "/standings")
    shown = await club.emu.wait_bot_message(GROUP, contains=title)
    head, _, rows = shown.plain.partition("\n")
    assert head.startswith(title), shown.plain
    return rows


async def test_a_round_in_play_counts_nothing_and_each_round_says_what_comes_next(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = Club(emu, players=5)  # five players: a bye in every Swiss round
    await club.register_all(await club.create(rounds="3", top="4"))
    await club.org.send(GROUP, "/begin")
    board = await emu.wait_for(lambda: club.board(round_title(1, 3)))
    assert fixed("swiss.board_bye") in board.plain

    # Round 1 under way, nothing played but the bye: no standings yet, not the bye's 2.9.
    await club.org.send(GROUP, "/standings")
    none = await emu.wait_bot_message(GROUP, contains=fixed("swiss.standings_none"))
    assert none.plain == ru("swiss.standings_none")
    assert "2,9" not in none.plain

    # /next_round too early: both tables named, then the one left (its own number's words).
    await club.org.send(GROUP, "/next_round")
    both = ru("swiss.round_open", tables="1, 2", count=2, codes="a|b|draw")
    assert (await emu.wait_bot_message(GROUP, contains=fixed("swiss.round_open"))).plain == both
    assert "на столах 1, 2. Внесите их" in both
    await club.play(1, round_title(1, 3), skip=(2,))
    await club.org.send(GROUP, "/next_round")
    one = ru("swiss.round_open", tables="2", count=1, codes="a|b|draw")
    assert "на столе 2. Внесите его" in one
    await emu.wait_bot_message(GROUP, contains=one)
    await club.play(1, round_title(1, 3), skip=(1,))  # table 2 now
    await emu.wait_bot_message(
        GROUP, contains=complete(swiss_round(1), ru("swiss.next_swiss_round"))
    )

    after_1 = f"{fixed('swiss.standings_title')} 1 тура"
    rows_1 = await standings_rows(club, after_1)
    assert len(ranked(rows_1)) == 5

    # Round 2 under way, one table played: still the table after round 1, row for row.
    await club.org.send(GROUP, "/next_round")
    await club.play(2, round_title(2, 3), skip=(2,))
    assert await standings_rows(club, after_1) == rows_1
    await club.play(2, round_title(2, 3), skip=(1,))
    await emu.wait_bot_message(
        GROUP, contains=complete(swiss_round(2), ru("swiss.next_swiss_round"))
    )
    assert await standings_rows(club, f"{fixed('swiss.standings_title')} 2 туров") != rows_1

    # The last Swiss round: the Top comes next, not «the next round».
    await club.org.send(GROUP, "/next_round")
    await club.play(3, round_title(3, 3))
    last = await emu.wait_bot_message(GROUP, contains=complete(swiss_round(3), ""))
    assert last.plain == complete(swiss_round(3), ru("swiss.next_top", size=4))
    assert ru("swiss.next_swiss_round") not in last.plain

    # The semi-finals: one colon («ТОП: полуфинал — …»), then the final comes next.
    await club.org.send(GROUP, "/next_round")
    semis = club.tables(await emu.wait_for(lambda: club.board(SEMI)))
    for table, a, b, _ in semis:
        await win(club, SEMI, table, a, b)
    semi_done = await emu.wait_bot_message(GROUP, contains=ru("swiss.round_complete", round=SEMI))
    next_stage = ru("swiss.next_top_stage", stage=ru("swiss.stage_final"))
    assert semi_done.plain == complete(SEMI, next_stage)
    assert semi_done.plain.startswith(f"✅ {SEMI} — ") and semi_done.plain.count(":") == 1
    await club.org.send(GROUP, "/next_round")
    (_, a, b, _) = club.tables(await emu.wait_for(lambda: club.board(FINAL)))[0]
    await win(club, FINAL, 1, b, a)  # the second seed wins the final

    # The end: the rating changes in the order of the final places.
    end = await emu.wait_bot_message(GROUP, contains=fixed("swiss.winner"))
    places, _, changes = end.plain.partition(fixed("swiss.rating_title"))
    order = ranked(places)
    assert order[:2] == [b, a] and len(order) == 5
    assert RATING_LINE.findall(changes) == order


async def test_a_best_of_three_round_needs_its_score_and_ends_without_a_top(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = JudgedClub(emu, players=4)
    await club.create_with(rounds="3", top="Без ТОПа", fmt=BO3, tb=MTG)
    await club.org.send(GROUP, "/begin")
    await club.play(1, round_title(1, 3), skip=(2,), won="2:0")

    # The hint says how a match is recorded: with its score.
    await club.org.send(GROUP, "/next_round")
    hint = ru("swiss.round_open_match", tables="2", count=1, codes="a|b|draw")
    shown = await emu.wait_bot_message(GROUP, contains=fixed("swiss.round_open_match"))
    assert shown.plain == hint
    assert "<a|b|draw> <счёт> (победа — 2:0 или 2:1)" in hint

    # /result without the score: a score is needed (not the bare usage), nothing recorded.
    needs = await club.judge_says("/result 2 b", fixed("swiss.result_needs_score"))
    assert needs == ru("swiss.result_needs_score", command="/result 2 b")
    assert "/result 2 b 2:0" in needs and "/result 2 b 2:1" in needs
    needs = await club.judge_says("/result 1 2 a 1:1", fixed("swiss.result_needs_score"))
    assert needs == ru("swiss.result_needs_score", command="/result 1 2 a")
    await club.org.send(GROUP, "/result 2 b 2:1")
    sent = emu.chats[GROUP].cursor  # the answer and the round's end, in either order
    await emu.wait_bot_message(GROUP, contains=fixed("swiss.result_recorded"), since=sent)
    done = complete(swiss_round(1), ru("swiss.next_swiss_round"))
    await emu.wait_bot_message(GROUP, contains=done, since=sent)

    for number in (2, 3):
        await club.org.send(GROUP, "/next_round")
        await club.play(number, round_title(number, 3), won="2:1")
    last = await emu.wait_bot_message(GROUP, contains=complete(swiss_round(3), ""))
    assert last.plain == complete(swiss_round(3), ru("swiss.next_finish"))
