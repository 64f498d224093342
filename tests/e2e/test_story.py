"""A Story Constructed tournament (607) played as a club plays it: seven players of «Свет»
(attacking) against five of «Тьма». «Свет» elects Ann; «Тьма»'s vote is a tie the organiser
settles (Hal); the own rules changed two days before the start are refused, naming the start
they would need (607.1). Round 1: Hal takes too long to answer, is reminded, and the judge names
for him from the group; Ann and Hal draw on time (no points, both through, not paired together
in round 2); «Свет» has two in reserve. Round 2: «Тьма» has two in reserve. Round 3: «Свет» one;
a technical win by the judge. «Тьма» is all out: the places are checked by hand (607.4.6), and
every player's rating change."""

from __future__ import annotations

from datetime import timedelta
from zoneinfo import ZoneInfo

from bot.formats import rating_change
from rules.card_rating import START_RATING_CENTS, rating_changes
from rules.results import MatchRecord, Outcome, PlayerId
from tests.clock import ManualClock
from tests.e2e.drivers.story_club import DARK, GROUP, LIGHT, StoryClub
from tests.e2e.drivers.texts import fixed, ru
from tests.e2e.emulator import BotApiEmulator, SimMessage
from tests.e2e.harness import RunningBot

WIN, LOST, DRAW = "Моя победа", "Моё поражение", "Ничья по времени"
LIGHT_SIDE = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"]
DARK_SIDE = ["Hal", "Ivy", "Jon", "Kim", "Lee"]
MOSCOW = ZoneInfo("Europe/Moscow")


async def test_story_constructed_seven_against_five_to_the_end(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    club = StoryClub(emu)
    judge = emu.add_user(50, "Jud", username="jud")
    emu.add_member(GROUP, judge)
    await judge.start()
    await judge.wait_message()
    start = (clock.now() + timedelta(days=2)).astimezone(MOSCOW).replace(second=0, microsecond=0)
    created = await club.create("Война стихий", start)
    assert (
        "«Война стихий»" in created.plain and "атакует «Свет», защищается «Тьма»" in created.plain
    )
    assert ru("story.created_cards", side=DARK, count=2) in created.plain

    # 607.1: two days before the start the own rules may not change.
    await club.org.send(GROUP, "/story_rules Герои запрещены")
    needed = (clock.now() + timedelta(days=3)).astimezone(MOSCOW).strftime("%d.%m.%Y %H:%M")
    refused = ru("story.rules_too_late", start=start.strftime("%d.%m.%Y %H:%M"), needed=needed)
    await emu.wait_bot_message(GROUP, contains=refused)

    await club.org.send(GROUP, "/judge @jud")
    await emu.wait_bot_message(GROUP, contains=fixed("tournament.judge_added", 1))
    for player in LIGHT_SIDE:
        await club.join(created, player, LIGHT)
    for player in DARK_SIDE:
        await club.join(created, player, DARK)

    # The captains' election: «Свет» elects Ann (2 votes against 1); «Тьма» ties 1:1.
    await club.org.send(GROUP, "/elect")
    light = await emu.wait_bot_message(GROUP, contains=ru("story.ballot", side=LIGHT))
    dark = await emu.wait_bot_message(GROUP, contains=ru("story.ballot", side=DARK))
    for voter, candidate, ballot in (
        ("Bob", "Ann", light),
        ("Cat", "Ann", light),
        ("Dan", "Bob", light),
        ("Ivy", "Hal", dark),
        ("Hal", "Ivy", dark),
    ):
        answer = await (await club.users[voter].press(ballot, candidate)).answer()
        assert answer.text is not None and candidate in answer.text, answer.text
    # a vote for the other side's player is refused
    refused_vote = await (await club.users["Jon"].press(light, "Ann")).answer()
    assert refused_vote.text == ru("story.vote_other_side")
    await club.org.send(GROUP, "/begin")
    await emu.wait_bot_message(GROUP, contains=ru("story.captain_named", name="Ann", side=LIGHT))
    tie = await emu.wait_bot_message(GROUP, contains=ru("story.captain_tie", side=DARK))
    assert set(tie.button_labels) == {"Hal", "Ivy"}
    await (await club.org.press(tie, "Hal")).answer()
    await emu.wait_bot_message(GROUP, contains=ru("story.captain_named", name="Hal", side=DARK))
    await club.org.send(GROUP, "/begin")
    await emu.wait_bot_message(
        GROUP, contains=ru("story.round_opened", round=1, attack=LIGHT, defence=DARK)
    )

    games: list[MatchRecord] = []

    def game(round_no: int, a: str, d: str, outcome: Outcome) -> None:
        games.append(MatchRecord(round_no, a, d, outcome))

    # Round 1 (607.4.2): Ann names, Hal answers, until every player of «Тьма» has an opponent.
    await club.pair(1, "Ann", "Hal", 1)
    board = await emu.wait_for(
        lambda: club.find(GROUP, ru("story.board_title", name="Война стихий", round=1))
    )
    assert board is not None
    # Hal is slow with Bob's opponent: reminded after 3 minutes; the judge names for him.
    await club.name("Ann", 1, "Bob")
    clock.advance(timedelta(minutes=3))
    await club.users["Hal"].wait_message(contains=ru("story.remind_captain", minutes=3))
    reminder = await emu.wait_bot_message(
        GROUP, contains=ru("story.remind_group", captain="Hal", side=DARK, minutes=3)
    )
    assert set(reminder.button_labels) == {"Ivy", "Jon", "Kim", "Lee"}
    # a player who is neither the captain nor a judge may not press it
    stranger = await (await club.users["Jon"].press(reminder, "Ivy")).answer()
    assert stranger.text == ru("story.not_your_pick")
    judged = await (await judge.press(reminder, "Ivy")).answer()
    assert judged.text == ru("story.pick_paired")
    await emu.wait_bot_message(
        GROUP, contains=ru("story.pair_made", a="Bob", b="Ivy", side_a=LIGHT, side_b=DARK, table=2)
    )
    await club.pair(1, "Cat", "Jon", 3)
    await club.pair(1, "Dan", "Kim", 4)
    await club.pair(1, "Eve", "Lee", 5)
    await emu.wait_bot_message(GROUP, contains=ru("story.reserves", names="Fay, Gus", count=2))
    # the live board: who plays where, who is in reserve
    shown = await emu.wait_for(lambda: _board_with(club, 1, "Fay — в резерве"))
    assert "Стол 5: Eve (Свет) — Lee (Тьма): …" in shown.plain
    assert "👑 Ann — играет, стол 1" in shown.plain

    # Round 1's results: a draw on time (607.4.7), then «Тьма» wins four, one technically.
    report = await club.wait_find(club.users["Ann"], "Тур 1, стол 1:", DRAW)
    assert "Ничья по договорённости" not in " ".join(report.button_labels)
    await club.play(1, 1, "Ann", "Hal", DRAW)
    game(1, "Ann", "Hal", Outcome.DRAW)
    await club.play(1, 2, "Ivy", "Bob", WIN)
    game(1, "Bob", "Ivy", Outcome.LOSS)
    await club.play(1, 3, "Cat", "Jon", LOST)
    game(1, "Cat", "Jon", Outcome.LOSS)
    await judge.send(GROUP, "/result 1 4 td")
    await emu.wait_bot_message(GROUP, contains=ru("story.result_done"))
    game(1, "Dan", "Kim", Outcome.TECHNICAL_LOSS)
    await club.play(1, 5, "Lee", "Eve", WIN)
    game(1, "Eve", "Lee", Outcome.LOSS)

    # Round 2: «Свет» has Ann, Fay, Gus; «Тьма» all five. Ann may not meet Hal again.
    await emu.wait_bot_message(
        GROUP, contains=ru("story.round_opened", round=2, attack=LIGHT, defence=DARK)
    )
    await club.name("Ann", 2, "Ann")
    asked = ru("story.ask_answer", round=2, side=LIGHT, nominee="Ann")
    offer = await club.wait_find(club.users["Hal"], asked, "Ivy")
    assert set(offer.button_labels) == {"Ivy", "Jon", "Kim", "Lee"}  # not Hal (607.4.7)
    await club.answer("Hal", 2, "Ann", "Ivy")
    await club.pair(2, "Fay", "Hal", 2)
    await club.pair(2, "Gus", "Jon", 3)
    await emu.wait_bot_message(GROUP, contains=ru("story.reserves", names="Kim, Lee", count=2))
    await club.play(2, 1, "Ann", "Ivy", WIN)
    game(2, "Ann", "Ivy", Outcome.CLEAN_WIN)
    await club.play(2, 2, "Fay", "Hal", WIN)
    game(2, "Fay", "Hal", Outcome.CLEAN_WIN)
    await club.play(2, 3, "Gus", "Jon", WIN)
    game(2, "Gus", "Jon", Outcome.CLEAN_WIN)

    # Round 3: Ann, Fay, Gus against Kim and Lee; Gus in reserve.
    await club.pair(3, "Ann", "Kim", 1)
    await club.pair(3, "Fay", "Lee", 2)
    await emu.wait_bot_message(GROUP, contains=ru("story.reserves", names="Gus", count=1))
    await club.play(3, 1, "Ann", "Kim", WIN)
    game(3, "Ann", "Kim", Outcome.CLEAN_WIN)
    await club.org.send(GROUP, "/result 3 2 ta")
    game(3, "Fay", "Lee", Outcome.TECHNICAL_WIN)

    # The end (607.4.5): «Тьма» is all out. Places by hand (607.4.6):
    # undefeated Ann 6, Fay 5.5, Gus 3; then out with 3 points: Ivy (Buchholz: Bob 0 + Ann 6),
    # Jon (Cat 0 + Gus 3), Lee (Eve 0 + Fay 5.5) → Ivy, Lee, Jon; Kim 2.5; at 0 points the
    # winning side first: Bob, Cat, Eve (Buchholz 3 each: the lot), Dan (2.5), then Hal (11.5).
    final = await emu.wait_bot_message(GROUP, contains=fixed("story.final_title"))
    lines = final.plain.splitlines()
    assert ru("story.final_title", name="Война стихий", side=LIGHT) in lines
    placed = [line.split(". ", 1)[1].split(" (")[0] for line in lines if line[:1].isdigit()]
    assert placed[:7] == ["Ann", "Fay", "Gus", "Ivy", "Lee", "Jon", "Kim"], placed
    assert set(placed[7:10]) == {"Bob", "Cat", "Eve"} and placed[10:] == ["Dan", "Hal"], placed
    assert "1. Ann («Свет») — 6" in lines and "2. Fay («Свет») — 5,5" in lines
    assert "12. Hal («Тьма») — 0, вне турнира" in lines
    starts: dict[PlayerId, float] = {p: START_RATING_CENTS / 100 for p in LIGHT_SIDE + DARK_SIDE}
    changes = rating_changes(starts, games, participants=12, base_k=16)
    for who, delta in changes.items():
        assert f"{who}: {rating_change(delta, 'ru')}" in lines, (who, delta)
    told = await club.users["Ann"].wait_message(
        contains=ru("story.your_place", name="Война стихий", place=1, count=12)
    )
    assert rating_change(changes["Ann"], "ru") in told.plain

    # the knockout, round by round, as a picture under the end message
    picture = await emu.wait_bot_message(
        GROUP, contains=ru("story.pic_caption", name="Война стихий")
    )
    assert picture.photo is not None and picture.photo.width > picture.photo.height

    # /standings and /export give the same places
    await club.org.send(GROUP, "/standings")
    standings = await emu.wait_bot_message(GROUP, contains=fixed("story.standings_title"))
    assert "3. Gus («Свет») — 3" in standings.plain
    await club.org.send(GROUP, "/export")
    sent = await emu.wait_bot_message(GROUP, contains=fixed("story.export_title"))
    assert sent.document is not None
    rows = [line.split(",") for line in sent.document.content.decode("utf-8-sig").splitlines()[1:]]
    assert [row[1] for row in rows][:7] == placed[:7]
    assert {row[1]: row[9] for row in rows}["Ann"] == rating_change(changes["Ann"], "en")


def _board_with(club: StoryClub, round_no: int, text: str) -> SimMessage | None:
    board = club.find(GROUP, ru("story.board_title", name="Война стихий", round=round_no))
    return board if board is not None and text in board.plain else None
