"""The Overlord series (606) and another format (611), played through the emulator.

A series is created; two of its Constructed tournaments (6 and 9 players) are played to the
end and their crystals checked against Table 5 by hand; a third in the same week is refused
naming the two; the first winner's challenge is opened by his button and recorded by a judge
(lost: his crystals kept); in the following week a Draft of 17 (two pods, the pick clock) is
played to the end with Table 5's third column; ``/series`` shows the three tournaments'
crystals added up; the Draft's winner beats the Overlord and a fourth tournament can no longer
join. Another format's start is refused at two days' notice naming the first possible day, and
accepted at three.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

from aiohttp import ClientSession

from tests.clock import ManualClock
from tests.e2e.drivers.draft import COMMON, DraftClub, pod_heads, seating
from tests.e2e.drivers.draft import NAMES as DRAFT_NAMES
from tests.e2e.drivers.series_club import (
    constructed_steps,
    in_series,
    places,
    started,
    three_rounds,
    wizard,
)
from tests.e2e.drivers.swiss_club import GROUP, Club
from tests.e2e.drivers.texts import fixed, round_title, ru
from tests.e2e.emulator import BotApiEmulator, SimMessage
from tests.e2e.harness import START, RunningBot, free_port
from tests.e2e.pick_clock import run_booster

SERIES = "👑 Архааль, Москва"
PAGE = re.compile(r"https?://\S+/series/[A-Za-z0-9_-]+")
#: Table 5 (606.2) as the regulation prints it: the field's column, crystals of places 1, 2, …
TABLE_5 = {6: [1], 9: [2, 1], 17: [3, 2, 1]}
#: the club of the series: the Swiss club's first nine, and eight more for the Draft of 17
NAMES = DRAFT_NAMES[:17]
DRAFT = "Драфт серии"
OFFER = re.compile(r"/series result (\d+)")


async def play_series_tournament(club: Club, name: str, players: list[str]) -> dict[str, int]:
    """A series tournament of ``players``: created in the series, 3 rounds, no Top, played to
    the end; each player's crystals as Table 5 gives them by the final places."""
    created = await in_series(club, name, SERIES)
    for who in players:
        await (await club.users[who].press(created, "✋ Участвую")).answer()
    await three_rounds(club, name)
    return await crystals_given(club, name, players)


async def crystals_given(club: Club, name: str, players: list[str]) -> dict[str, int]:
    """The end's message of ``name``: each player's crystals as Table 5 gives them by the
    final places (the column of a field of ``len(players)``), read and checked."""
    emu = club.emu
    final = await emu.wait_bot_message(
        GROUP, contains=ru("swiss.finished", name=name).split("»")[0]
    )
    await emu.wait_for(lambda: fixed("series.crystals_given") in final.plain or None)
    order = places(final)
    assert sorted(order) == sorted(players)
    column = TABLE_5[len(players)]
    earned = {who: column[place] for place, who in enumerate(order[: len(column)])}
    for who, count in earned.items():
        assert ru("series.crystals_one", name=who, count=count) in final.plain
    return earned


async def draft_next_week(club: DraftClub, clock: ManualClock) -> dict[str, int]:
    """The following week (606.5: the limit is per week): a Draft of 17 in the series, seated
    at two pods (601.5: 9 + 8), one booster of 12 picked on the clock in both pods' messages,
    4 rounds inside the pods (601.5.4), no Top; its crystals (Table 5: 16–31 players)."""
    emu = club.emu
    clock.set(datetime(2026, 12, 7, 9, tzinfo=UTC))  # Monday 07.12, 12:00 in Moscow
    steps = [
        (fixed("swiss.wiz_boosters"), "1 × 12"),
        (fixed("swiss.wiz_top"), "Без ТОПа"),
        *COMMON,
    ]
    created = await in_series(club, DRAFT, SERIES, fmt="Драфт", steps=steps)
    await club.register_all(created)
    await club.org.send(GROUP, "/begin")
    seated = await emu.wait_bot_message(GROUP, contains=f"{fixed('limited.seating_head', 1)} 1")
    tables, _ = seating(seated)
    assert sorted(len(table) for table in tables) == [8, 9]
    await club.org.send(GROUP, "/draft")
    panel = await emu.wait_bot_message(GROUP, contains=ru("pickclock.panel_title", name=DRAFT))
    await (await club.org.press(panel, "▶️ Начать бустер 1")).answer()
    began = (clock.now() - START).total_seconds()
    heads = pod_heads(tables, 1, 1)
    await run_booster(emu, clock, GROUP, 1, 1, began, heads, to_the_second=False)
    pod_of = {name: n for n, table in enumerate(tables) for name in table}
    for number in range(1, 5):
        await club.org.send(GROUP, "/next_round")
        games = await club.play(number, f"{DRAFT} {round_title(number, 4)}")
        assert len(games) == 8  # a bye at the pod of 9
        assert all(pod_of[a] == pod_of[b] for _, a, b, _ in games), (number, games)
    await club.org.send(GROUP, "/next_round")
    return await crystals_given(club, DRAFT, NAMES)


async def test_a_series_of_three_a_third_refused_in_the_week_the_table_and_the_end(
    emu: BotApiEmulator, clock: ManualClock, tmp_path: Path
) -> None:
    bot = RunningBot(emu, tmp_path / "club.db", clock, organizer_ids="999", web_port=free_port())
    await bot.start()
    try:
        await series_played(emu, clock)
    finally:
        await bot.stop()


async def series_played(emu: BotApiEmulator, clock: ManualClock) -> None:
    club = DraftClub(emu, players=17)
    ola = await started(club)
    await club.org.send(GROUP, "/series new Москва; Архааль; 01.11.2026; 31.12.2026; @ola")
    await emu.wait_bot_message(GROUP, contains=fixed("series.created"))
    # a player is no organiser: he cannot create one
    await club.users["Ann"].send(GROUP, "/series new Тверь; Ящер; 01.11.2026; 31.12.2026; @ola")
    await emu.wait_bot_message(GROUP, contains=ru("common.organisers_only"))

    first = await play_series_tournament(club, "Серия 1", NAMES[:6])
    second = await play_series_tournament(club, "Серия 2", NAMES[:9])

    # A third series tournament this week (Monday to Sunday, Moscow) is refused, naming both.
    await wizard(club, "Серия 3")
    await constructed_steps(club)
    asked = await emu.wait_bot_message(GROUP, contains=fixed("swiss.wiz_ser"))
    refused = await (await club.org.press(asked, SERIES)).answer()
    assert refused.text == ru(
        "series.week_full", city="Москва", first="Серия 1", second="Серия 2"
    ).replace("<b>", "")
    await (await club.org.press(asked, ru("swiss.wiz_ser_no"))).answer()
    created = await emu.wait_bot_message(GROUP, contains=fixed("swiss.created", -1))
    assert fixed("swiss.created_series") not in created.plain

    # The first winner's challenge: his button, then a judge records a loss; crystals kept.
    (winner,) = [who for who, count in first.items()]
    offer = await emu.wait_for(
        lambda: next(
            (
                m
                for m in emu.bot_messages(GROUP)
                if "Серия 1" in m.plain and ru("series.btn_ask") in m.button_labels
            ),
            None,
        )
    )
    assert ola.first_name in offer.plain and winner in offer.plain
    stranger = next(name for name in NAMES if name != winner)
    answer = await (await club.users[stranger].press(offer, ru("series.btn_ask"))).answer()
    assert answer.text == ru("series.not_yours")
    await (await club.users[winner].press(offer, ru("series.btn_ask"))).answer()
    await emu.wait_bot_message(GROUP, contains=fixed("series.asked", 1))
    spent = first.get(winner, 0) + second.get(winner, 0)
    await club.org.send(GROUP, f"/series result 1 loss {spent + 1}")
    await emu.wait_bot_message(GROUP, contains=fixed("series.too_many_crystals"))
    await club.org.send(GROUP, f"/series result 1 loss {spent}")
    await emu.wait_bot_message(GROUP, contains=fixed("series.recorded_overlord"))

    third = await draft_next_week(club, clock)
    # each player's crystals of the three, added up by hand (the lost challenge kept them)
    total = {who: first.get(who, 0) + second.get(who, 0) + third.get(who, 0) for who in NAMES}
    assert sum(total.values()) == 1 + 3 + 6
    await club.users["Ann"].send(GROUP, "/series")
    table = await emu.wait_bot_message(GROUP, contains=fixed("series.table_title"))
    assert ru("series.held", count=3, need=15) in table.plain
    assert ru("series.overlord", name="Ola") in table.plain
    # most crystals first, equal ones by club number (Ann is 1, Bob 2, …)
    ranked = sorted((who for who in NAMES if total[who]), key=lambda w: (-total[w], NAMES.index(w)))
    for place, who in enumerate(ranked, start=1):
        assert ru("series.table_row", place=place, name=who, count=total[who]) in table.plain
    assert ru("series.duel_overlord") in table.plain
    assert fixed("series.status_running") in table.plain
    # and as a picture: 900 pixels wide, a row per player with crystals
    picture = await emu.wait_for(
        lambda: next((m for m in emu.bot_messages(GROUP) if m.photo is not None), None)
    )
    assert picture.photo is not None and picture.photo.width == 900
    assert picture.caption == ru("series.picture_caption")

    # and on the web board: its page, by the link /series gives
    link = PAGE.search(table.plain)
    assert link is not None, table.plain
    async with ClientSession() as session:
        async with session.get(link.group(0)) as page:
            assert page.status == 200
            html = await page.text()
        async with session.get(link.group(0) + "x") as wrong:
            assert wrong.status == 404
        async with session.get(link.group(0) + "/events") as events:  # the page's live part
            assert events.headers["Content-Type"] == "text/event-stream"
            streamed = b""
            while b"event: board" not in streamed or not streamed.endswith(b"\n\n"):
                streamed += await events.content.readany()
        assert "Архааль".encode() in streamed
    assert "Архааль · Москва" in html and ru("series.held", count=3, need=15) in html
    for place, who in enumerate(ranked, start=1):
        assert f"<td>{place}</td><td>{who}</td><td>{total[who]}</td>" in html
    assert ru("series.duel_overlord") in html

    await beaten_and_a_fourth_refused(club, third, total)


async def beaten_and_a_fourth_refused(
    club: Club, third: dict[str, int], total: dict[str, int]
) -> None:
    """606.7: the Draft's winner beats the Overlord; a fourth tournament, its wizard already
    at the series question (this week holds one: the limit lets it), can no longer join."""
    emu = club.emu
    await wizard(club, "Серия 5")
    await constructed_steps(club)
    asked = await emu.wait_bot_message(GROUP, contains=fixed("swiss.wiz_ser"))
    (winner,) = [who for who, count in third.items() if count == 3]
    offer = await emu.wait_for(
        lambda: next(
            (
                m
                for m in emu.bot_messages(GROUP)
                if DRAFT in m.plain and ru("series.btn_ask") in m.button_labels
            ),
            None,
        )
    )
    number = OFFER.search(offer.plain)
    assert winner in offer.plain and number is not None, offer.plain
    await (await club.users[winner].press(offer, ru("series.btn_ask"))).answer()
    await emu.wait_bot_message(GROUP, contains=fixed("series.asked", 1))
    await club.org.send(GROUP, f"/series result {number.group(1)} win {total[winner]}")
    ended = await emu.wait_bot_message(GROUP, contains=fixed("series.ended_beaten"))
    assert winner in ended.plain
    refused = await (await club.org.press(asked, SERIES)).answer()
    assert refused.text == ru("series.not_running", deck="Архааль")
    await (await club.org.press(asked, ru("swiss.wiz_ser_no"))).answer()
    created = await emu.wait_bot_message(GROUP, contains=fixed("swiss.created", -1))
    assert fixed("swiss.created_series") not in created.plain
    await club.users["Ann"].send(GROUP, "/series")
    table = await emu.wait_bot_message(GROUP, contains=fixed("series.table_title"))
    assert ru("series.status_beaten", name=winner) in table.plain
    assert ru("series.held", count=3, need=15) in table.plain


async def question(emu: BotApiEmulator, key: str) -> SimMessage:
    """The wizard's text question ``key``, asked with a reply request (``handlers.prompts``)."""
    return await emu.wait_for(
        lambda: next(
            (
                m
                for m in reversed(emu.bot_messages(GROUP))
                if fixed(key) in m.plain and "force_reply" in m.options
            ),
            None,
        )
    )


async def test_another_format_refused_at_two_days_and_created_at_three(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    """611.2: on Monday 30.11.2026 (Moscow) a start on Wednesday is refused naming Thursday,
    the first possible day; Thursday is accepted, and the announcement carries the rules and
    the bans; it is paired as Constructed (its strictness question follows)."""
    club = Club(emu, players=4)
    await started(club)
    await wizard(club, "Пятничный микс", fmt=ru("swiss.wiz_fmt_other"))
    asked = await question(emu, "swiss.wiz_other_name")
    await club.org.send(GROUP, "Хаос-драфт", reply_to=asked)
    asked = await question(emu, "swiss.wiz_other_rules")
    await club.org.send(GROUP, "Колоды по 30 карт, любые сеты.", reply_to=asked)
    asked = await question(emu, "swiss.wiz_other_bans")
    await club.org.send(GROUP, "Ледяной ёж, Каменный страж", reply_to=asked)
    asked = await question(emu, "swiss.wiz_other_start")
    assert "03.12.2026" in asked.plain  # the earliest, said before it is asked
    await club.org.send(GROUP, "02.12.2026 19:00", reply_to=asked)
    refused = await question(emu, "swiss.wiz_other_too_soon")
    assert ru("swiss.wiz_other_too_soon", first="03.12.2026") in refused.plain
    await club.org.send(GROUP, "03.12.2026 19:00", reply_to=refused)
    await constructed_steps(club, sub=False)
    created = await emu.wait_bot_message(GROUP, contains=fixed("swiss.created", -1))
    assert ru("swiss.other_format_named", name="Хаос-драфт") in created.plain
    assert "03.12.2026 19:00" in created.plain
    assert "Колоды по 30 карт, любые сеты." in created.plain
    assert "Ледяной ёж, Каменный страж" in created.plain


async def test_a_won_challenge_ends_the_series_and_a_period_ends_short(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    """606.1: five players do not begin a series tournament, six do. 606.7: the Overlord beaten
    ends the series at once (announced, no later tournament joins it). 606.10–11: a second
    series of the city, extended, ends at its new end with fewer than 15 tournaments (across a
    restart): the cycle did not take place."""
    club = Club(emu, players=6)
    await started(club)
    await club.org.send(GROUP, "/series new Москва; Архааль; 01.11.2026; 31.12.2026; @ola")
    await emu.wait_bot_message(GROUP, contains=fixed("series.created"))
    created = await in_series(club, "Серия 1", SERIES)
    for who in NAMES[:5]:
        await (await club.users[who].press(created, "✋ Участвую")).answer()
    await club.org.send(GROUP, "/begin")
    await emu.wait_bot_message(GROUP, contains=ru("swiss.too_few", count=5, need=6))
    await (await club.users[NAMES[5]].press(created, "✋ Участвую")).answer()
    await three_rounds(club, "Серия 1")
    final = await emu.wait_bot_message(GROUP, contains=fixed("series.crystals_given"))
    winner = places(final)[0]

    # The winner beats the Overlord: the series ends at once, and says who gets the deck.
    await club.org.send(GROUP, "/series result 1 win")
    await emu.wait_bot_message(GROUP, contains=fixed("series.recorded_player"))
    ended = await emu.wait_bot_message(GROUP, contains=fixed("series.ended_beaten"))
    assert winner in ended.plain
    await club.org.send(GROUP, "/series result 1 draw")  # nothing more to record
    await emu.wait_bot_message(GROUP, contains=ru("series.over", deck="Архааль"))
    # a new tournament is no longer asked about the series: the kind is the last question
    await wizard(club, "После серии")
    await constructed_steps(club)
    created = await emu.wait_bot_message(GROUP, contains=fixed("swiss.created", -1))
    assert fixed("swiss.created_series") not in created.plain

    # A second series of the city, extended, ends at its new end: fewer than 15 held.
    await club.org.send(GROUP, "/series new Москва; Ящер; 01.12.2026; 31.12.2026; @ola")
    await emu.wait_bot_message(GROUP, contains=fixed("series.created"))
    await club.org.send(GROUP, "/series extend 10.01.2027")
    extended = await emu.wait_bot_message(GROUP, contains=fixed("series.extended"))
    assert "31.12.2026" in extended.plain  # only cards released before the official end
    await bot.restart()  # the end is a stored deadline: a restart keeps it
    clock.set(datetime(2027, 1, 1, 12, tzinfo=UTC))
    await emu.idle()
    assert not [m for m in emu.bot_messages(GROUP) if fixed("series.ended_not_held") in m.plain]
    clock.set(datetime(2027, 1, 10, 21, 30, tzinfo=UTC))  # 11.01 00:30 in Moscow
    over = await emu.wait_bot_message(GROUP, contains=fixed("series.ended_not_held"))
    assert "Ящер" in over.plain
    await club.users["Ann"].send(GROUP, "/series")
    table = await emu.wait_bot_message(GROUP, contains=fixed("series.status_not_held"))
    assert ru("series.held", count=0, need=15) in table.plain


async def test_series_commands_refuse_junk_numbers(emu: BotApiEmulator, bot: RunningBot) -> None:
    """A number no series or tournament can have, or no number, is a usage line, never a
    failure (a number past SQLite's integers would not even bind)."""
    club = Club(emu, players=2)
    await started(club)
    for junk in ("99999999999999999999", "²", "-1", "1.5"):
        await club.org.send(GROUP, f"/series {junk}")
        await emu.wait_bot_message(GROUP, contains=ru("series.usage"))
        await club.org.send(GROUP, f"/series result {junk} win")
        await emu.wait_bot_message(GROUP, contains=fixed("series.result_usage"))
    await club.org.send(GROUP, "/series result 1 win 99999")
    await emu.wait_bot_message(GROUP, contains=fixed("series.result_usage"))
    await club.org.send(GROUP, "/series new Москва; Архааль; 31.02.2026; 31.12.2026; @ola")
    await emu.wait_bot_message(GROUP, contains=ru("series.bad_day", text="31.02.2026"))
    await club.org.send(GROUP, "/series new Москва; Архааль; 01.12.2026; 01.11.2026; @ola")
    await emu.wait_bot_message(GROUP, contains=ru("series.bad_period"))
    await club.org.send(GROUP, "/series 7")
    await emu.wait_bot_message(GROUP, contains=ru("series.unknown", id=7))
