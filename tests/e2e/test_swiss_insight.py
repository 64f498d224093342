"""``/why`` and ``/need`` asked during a 12-player Swiss of 5 rounds with a Top of 4, through the
emulator: the answers come privately (in the group only a line that they did), and ``/need``
after round 3 is checked against an enumeration of every outcome of rounds 4 and 5."""

from __future__ import annotations

import asyncio
import json
import sqlite3

from bot.formats import Points
from bot.swiss.need import answer_text
from bot.texts import Texts, Tr
from rules.results import MatchRecord, Outcome, PlayerId
from rules.standings import TieBreak, compute_standings
from rules.swiss.need import Field, Need
from tests.e2e.drivers.swiss_club import BOARD_LINE, GROUP, Club, registered
from tests.e2e.drivers.texts import round_title, ru
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.emulator_html import html_to_plain
from tests.e2e.harness import RunningBot
from tests.need_brute import brute_need

TIE_BREAKS = [
    TieBreak.BUCHHOLZ,
    TieBreak.MEDIAN_BUCHHOLZ,
    TieBreak.CLEAN_WINS,
    TieBreak.HEAD_TO_HEAD,
]
"""The tie-breaks ``Club.create`` picks."""
NAME = "Кубок <b>клуба</b>"


def club_ids(bot: RunningBot, club: Club) -> tuple[dict[str, int], list[int], int]:
    """Each name's club id, the participants in the bot's order, and the tournament's seed."""
    with sqlite3.connect(bot.db_path) as conn:
        rows = conn.execute(
            "SELECT pa.player_id, pl.telegram_id FROM participants pa"
            " JOIN players pl ON pl.id = pa.player_id"
            " ORDER BY coalesce(pa.seat, 1000000), pa.joined_at, pa.player_id"
        ).fetchall()
        begin = conn.execute("SELECT payload_json FROM events WHERE kind = 'sw_begin'").fetchone()
    by_telegram = {telegram: player for player, telegram in rows}
    ids = {name: by_telegram[user.id] for name, user in club.users.items()}
    return ids, [player for player, _ in rows], int(json.loads(begin[0])["seed"])


def expected_need(
    field: Field, player: int, everyone: list[int], records: list[MatchRecord], seed: int
) -> str:
    """The answer the bot must give, its numbers from the brute force over every outcome."""

    def rank(extra: object) -> list[int]:
        rows = compute_standings(everyone, [*records, *extra], seed=seed, tie_breaks=TIE_BREAKS)  # type: ignore[misc]
        return [int(row.player) for row in rows]

    found = brute_need(field, player, rank)
    answer = Need(
        found.sure, found.sure_on_points, found.possible, found.possible_on_ties, found.most, True
    )
    return html_to_plain(answer_text(Tr(Texts("ru"), "ru"), NAME, field, answer))


async def test_why_and_need_during_a_twelve_player_swiss(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = Club(emu, players=12)
    await club.register_all(await club.create(rounds="5", top="4"))
    await club.org.send(GROUP, "/begin")
    records: list[MatchRecord] = []
    names: list[tuple[int, str, str]] = []
    for number in (1, 2, 3):
        if number > 1:
            await club.org.send(GROUP, "/next_round")
        tables = await club.play(number, round_title(number, 5))
        names += [(number, a, b) for _, a, b, _ in tables]
        done = ru("swiss.round_complete", round=ru("swiss.round_name", round=number))
        await emu.wait_bot_message(GROUP, contains=done)
    ids, everyone, seed = club_ids(bot, club)
    records = [MatchRecord(n, ids[a], ids[b], Outcome.CLEAN_WIN) for n, a, b in names]
    points: dict[PlayerId, int] = dict.fromkeys(everyone, 0)
    for record in records:
        points[int(record.player_a)] += 30
    order = [
        int(r.player)
        for r in compute_standings(everyone, records, seed=seed, tie_breaks=TIE_BREAKS)
    ]
    field = Field(
        points=points,
        scores=dict(points),
        played=frozenset(frozenset((ids[a], ids[b])) for _, a, b in names),
        had_bye=frozenset(),
        order=tuple(order),
        rounds_left=2,
        top=4,
        round=3,
    )
    by_id = {player: name for name, player in ids.items()}

    # After round 3 of 5: the leader and the sixth ask privately; each answer is exact.
    for place in (0, 5):
        asker = by_id[order[place]]
        want = await asyncio.to_thread(expected_need, field, order[place], everyone, records, seed)
        await club.users[asker].send(None, "/need")
        got = await club.users[asker].wait_message(contains=ru("swiss.need_exact"), timeout=60)
        assert got.plain == want
    # Asked in the group: the group reads one line, the answer goes privately.
    last = by_id[order[-1]]
    await club.users[last].send(GROUP, "/need")
    await emu.wait_bot_message(GROUP, contains=ru("swiss.insight_sent"), timeout=60)
    told = await club.users[last].wait_message(
        contains=ru("swiss.need_title", tournament=NAME, top=4), timeout=60
    )
    assert ru("swiss.need_out", top=4) in told.plain or ru("swiss.need_exact") in told.plain

    # Round 4: each player asks why he meets his opponent.
    await club.org.send(GROUP, "/next_round")
    board = await emu.wait_for(lambda: club.board(round_title(4, 5)))
    for _, a, b, _ in club.tables(board)[:3]:
        await club.users[a].send(None, "/why")
        title = ru("swiss.why_title", tournament=NAME, round=4, opponent=b)
        answer = await club.users[a].wait_message(contains=title, timeout=30)
        mine, theirs = points[ids[a]], points[ids[b]]
        assert f"ваша — {Points(mine).text('ru')} (" in answer.plain
        assert f"у соперника — {Points(theirs).text('ru')} (" in answer.plain
        floated = ru("swiss.why_floated_me") in answer.plain
        assert floated == (mine > theirs)
        assert (ru("swiss.why_floated_opponent") in answer.plain) == (mine < theirs)
    _, a, b, _ = club.tables(board)[-1]
    await club.users[b].send(GROUP, "/why")
    await emu.wait_bot_message(GROUP, contains=ru("swiss.insight_sent"))
    title = ru("swiss.why_title", tournament=NAME, round=4, opponent=a)
    await club.users[b].wait_message(contains=title, timeout=30)
    assert BOARD_LINE.search(board.plain) is not None


async def test_the_bye_explained_and_need_without_a_top(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = await registered(emu, players=5)
    await club.org.send(GROUP, "/begin")
    board = await emu.wait_for(lambda: club.board(round_title(1, 3)))
    resting = next(
        line.split(": ", 1)[1]
        for line in board.plain.splitlines()
        if line.startswith("Автопобеда: ")
    )
    resting = resting.split(" (")[0]
    await club.users[resting].send(None, "/why")
    answer = await club.users[resting].wait_message(
        contains=ru("swiss.why_bye_rank", tournament=NAME, round=1)
    )
    # round 1: nobody had a bye, so nobody below him in the drawn order was passed over
    assert answer.plain == ru("swiss.why_bye_rank", tournament=NAME, round=1)
    await club.users[resting].send(None, "/need")
    await club.users[resting].wait_message(contains=ru("swiss.need_no_top", tournament=NAME))
