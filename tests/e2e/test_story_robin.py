"""607.4.6's round robin played through the bot: «Свет» (Ann, Bob, Cat, Dan) beats «Тьма» (Hal,
Ivy, Jon) in one round; Ann, Bob and Cat are undefeated with a clean win each and level in
everything (Dan went through in reserve, without points). Ann, the winning captain, presses
«Круговой турнир»: the bot pairs the three on three numbered tables and tells each player his
games privately; Bob beats Ann (reported and confirmed), the bot restarts, Ann and Cat draw on
time, Bob's win over Cat is disputed and the judge decides it. By hand: Bob 2, Ann ½, Cat ½ —
Bob first; Ann and Cat still level, so Ann orders them with her buttons (Cat second). The end
message, /standings, /export and every rating change (the round robin's games rated like any
other) follow."""

from __future__ import annotations

from datetime import timedelta

from bot.formats import rating_change
from rules.card_rating import START_RATING_CENTS, rating_changes
from rules.results import MatchRecord, Outcome, PlayerId
from tests.clock import ManualClock
from tests.e2e.drivers.story_club import DARK, GROUP, LIGHT, StoryClub
from tests.e2e.drivers.texts import fixed, ru
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import RunningBot

WIN, LOST, DRAW = "Моя победа", "Моё поражение", "Ничья по времени"
NAME = "Круг света"


async def test_level_undefeated_winners_play_a_round_robin(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    club = StoryClub(emu)
    judge = emu.add_user(50, "Jud", username="jud")
    emu.add_member(GROUP, judge)
    await judge.start()
    await judge.wait_message()
    created = await club.create(NAME, clock.now() + timedelta(days=4))
    await club.org.send(GROUP, "/judge @jud")
    await emu.wait_bot_message(GROUP, contains=fixed("tournament.judge_added", 1))
    for player in ("Ann", "Bob", "Cat", "Dan"):
        await club.join(created, player, LIGHT)
    for player in ("Hal", "Ivy", "Jon"):
        await club.join(created, player, DARK)
    for captain in ("ann", "hal"):
        await club.org.send(GROUP, f"/captain @{captain}")
    await emu.wait_bot_message(GROUP, contains=ru("story.captain_named", name="Hal", side=DARK))
    await club.org.send(GROUP, "/begin")
    games = [
        MatchRecord(1, "Ann", "Hal", Outcome.CLEAN_WIN),
        MatchRecord(1, "Bob", "Ivy", Outcome.CLEAN_WIN),
        MatchRecord(1, "Cat", "Jon", Outcome.CLEAN_WIN),
    ]
    for table, (a, d) in enumerate((("Ann", "Hal"), ("Bob", "Ivy"), ("Cat", "Jon")), start=1):
        await club.pair(1, a, d, table)
    await emu.wait_bot_message(GROUP, contains=ru("story.reserves", names="Dan", count=1))
    for table, (a, d) in enumerate((("Ann", "Hal"), ("Bob", "Ivy"), ("Cat", "Jon")), start=1):
        await club.play(1, table, a, d, WIN)

    # «Тьма» is out; Ann, Bob, Cat level in everything: Ann starts the round robin.
    asked = ru("story.ask_order", names="Ann, Bob, Cat", place=1)
    started = await club.order("Ann", asked, ru("story.btn_round_robin"))
    assert started == ru("story.order_round_robin"), started
    announced = await emu.wait_bot_message(GROUP, contains=fixed("story.round_robin"))
    for table, (a, b) in enumerate((("Ann", "Bob"), ("Ann", "Cat"), ("Bob", "Cat")), start=1):
        assert ru("story.robin_table", table=table, a=a, b=b) in announced.plain
    for me, opponent, table in (("Ann", "Bob", 1), ("Cat", "Ann", 2), ("Cat", "Bob", 3)):
        game = ru("story.your_robin_game", table=table, opponent=opponent)
        assert await club.wait_find(club.users[me], game, WIN)

    # the live board shows the round robin's tables
    waiting = ru("story.robin_line", table=3, a="Bob", b="Cat", mark="…")
    await emu.wait_for(lambda: club.find(GROUP, waiting))

    # Table 1: Bob beats Ann; table 2: a draw on time; table 3 disputed, the judge decides.
    await club.play_robin(1, "Bob", "Ann", WIN)
    await emu.idle()
    await bot.restart()  # the round robin is replayed from the log
    await club.play_robin(2, "Cat", "Ann", DRAW)
    await club.report_robin(3, "Bob", "Cat", WIN)
    request = await club.robin_request(3, "Cat")
    disputed = await (await club.users["Cat"].press(request, ru("results.dispute"))).answer()
    assert disputed.text == ru("results.sent_to_judge"), disputed.text
    dispute = await club.wait_find(judge, ru("story.robin_label", table=3))
    decided = await (await judge.press(dispute, ru("results.decide_win", name="Bob"))).answer()
    assert decided.text is not None
    games += [
        MatchRecord(2, "Ann", "Bob", Outcome.LOSS),
        MatchRecord(2, "Ann", "Cat", Outcome.DRAW),
        MatchRecord(2, "Bob", "Cat", Outcome.CLEAN_WIN),
    ]

    # Bob 2, Ann ½, Cat ½: Bob first; Ann orders the two still level.
    again = ru("story.ask_order_after_robin", names="Ann, Cat", place=2)
    question = await club.wait_find(club.users["Ann"], again, "Cat")
    assert set(question.button_labels) == {"Ann", "Cat"}  # no second round robin
    assert await club.order("Ann", again, "Cat") == ru("story.order_ordered")

    # By hand: Bob, Cat, Ann, then Dan (undefeated, 0 points), then «Тьма» (out, 0 points).
    final = await emu.wait_bot_message(GROUP, contains=fixed("story.final_title"))
    lines = final.plain.splitlines()
    placed = [line.split(". ", 1)[1].split(" (")[0] for line in lines if line[:1].isdigit()]
    assert placed[:4] == ["Bob", "Cat", "Ann", "Dan"], placed
    assert set(placed[4:]) == {"Hal", "Ivy", "Jon"}, placed
    robin_line = ru("story.standing_robin", points="2")
    assert "1. Bob («Свет») — 3" + robin_line in lines, lines
    starts: dict[PlayerId, float] = {p: START_RATING_CENTS / 100 for p in placed}
    changes = rating_changes(starts, games, participants=7, base_k=16)
    for who, delta in changes.items():
        assert f"{who}: {rating_change(delta, 'ru')}" in lines, (who, delta)
    told = await club.users["Cat"].wait_message(
        contains=ru("story.your_place", name=NAME, place=2, count=7)
    )
    assert rating_change(changes["Cat"], "ru") in told.plain

    await club.org.send(GROUP, "/standings")
    standings = await emu.wait_bot_message(GROUP, contains=fixed("story.standings_title"))
    assert "2. Cat («Свет») — 3" + ru("story.standing_robin", points="½") in standings.plain
    await club.org.send(GROUP, "/export")
    sent = await emu.wait_bot_message(GROUP, contains=fixed("story.export_title"))
    assert sent.document is not None
    rows = [line.split(",") for line in sent.document.content.decode("utf-8-sig").splitlines()[1:]]
    assert [row[1] for row in rows] == placed
    assert {row[1]: row[10] for row in rows} == {
        "Bob": "2",
        "Cat": "0.5",
        "Ann": "0.5",
        "Dan": "",
        "Hal": "",
        "Ivy": "",
        "Jon": "",
    }
