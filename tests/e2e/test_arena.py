"""An Arena (605) played as a club plays it over four weeks, through the emulator with the test
clock: eight players entered by a judge's button, challenges accepted and refused, a refusal two
days running costing a sector (and a judge excusing another), results approved by the judge and
one left unapproved, an automatic exit at 12, a choice at 8, exits for no game in a week, a
player out at once with no sector left, a re-entry with five new sectors, a falsified result
voided and its player disqualified, no entry in the last week, a restart in the middle of a
week, and the final places and ratings worked out here by hand from the games played."""

from __future__ import annotations

import io

from PIL import Image

from bot.formats import rating_change
from bot.pictures.laar import NEUTRAL, PALETTE, Cell, LaarMap
from rules.card_rating import START_RATING_CENTS, rating_changes
from rules.results import MatchRecord, Outcome, PlayerId
from tests.clock import ManualClock
from tests.e2e.drivers.arena_club import ARENA, GROUP, NAMES, ArenaClub
from tests.e2e.drivers.texts import ru
from tests.e2e.emulator import BotApiEmulator, SimMessage
from tests.e2e.harness import RunningBot

WON, LOST, DRAW = Outcome.CLEAN_WIN, Outcome.LOSS, Outcome.DRAW


def check_map(message: SimMessage | None, owners: dict[int, int | None]) -> None:
    """The map's PNG: each sector's cell in its owner's colour (players by the order of their
    first entry), neutral ones grey."""
    assert message is not None and message.photo is not None
    image = Image.open(io.BytesIO(message.photo.content)).convert("RGB")
    cells = tuple(
        Cell(s, NEUTRAL if owner is None else PALETTE[owner]) for s, owner in owners.items()
    )
    layout = LaarMap("", cells, (), "")
    for index, cell in enumerate(cells):
        colour = tuple(int(cell.colour[i : i + 2], 16) for i in (1, 3, 5))
        assert image.getpixel(layout.pixel(index)) == colour, cell


async def test_an_arena_of_four_weeks(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    club = ArenaClub(emu, clock)
    created = await club.create()
    assert f"«{ARENA}»" in created.plain
    for index, name in enumerate(NAMES):
        await club.enter(name)
        if index == 3:  # the fourth entry on the start date begins it (605.1)
            await emu.wait_bot_message(
                GROUP, contains=ru("arena.started", tournament=ARENA, count=4)
            )
    rated: list[MatchRecord] = []  # every approved game, the challenger first

    async def game(a: str, b: str, winner: str | None, *, by_button: bool = False) -> int:
        number = await club.game(a, b, winner, by_button=by_button)
        outcome = DRAW if winner is None else (WON if winner == a else LOST)
        rated.append(MatchRecord(number, a, b, outcome))
        return number

    # Week 1, day 1: Ann beats Bob (approved); a second challenge of the pair today is refused.
    await game("Ann", "Bob", "Ann")
    await emu.wait_bot_message(
        GROUP, contains=ru("arena.counts", a="Ann", b="Bob", sectors_a=6, sectors_b=4)
    )
    # each player's game message became the game's result line, without buttons
    assert club.find(club.users["Ann"], "Партия по вызову №1,") is None
    assert not [
        m for m in emu.bot_messages(club.users["Bob"].id) if "№1" in m.plain and m.button_labels
    ]
    await club.users["Bob"].send(GROUP, "/challenge @ann")
    await emu.wait_bot_message(GROUP, contains=ru("arena.no_once_a_day"))
    # Dan refuses Cat; Eve beats Fay, confirmed but never approved by a judge.
    await club.challenge("Cat", "Dan", accept=False)
    unapproved = await club.challenge("Eve", "Fay", accept=True)
    await club.report(unapproved, "Eve", "Fay", "Моя победа", "standard")
    await emu.wait_bot_message(GROUP, contains=ru("arena.result_waits"))

    # Day 2: Dan leaves Cat's challenge unanswered: two days running cost him a sector (605.6).
    await club.to_day(1)
    await club.challenge("Cat", "Dan", accept=None)
    await club.challenge("Gus", "Hal", accept=False)
    day = await club.to_day(2)
    assert ru("arena.penalty", name="Dan", sectors=4) in day.plain
    assert "Hal" not in day.plain  # one day of refusals is no streak
    # Day 3: Hal does the same, and the judge accepts his reason: the sector comes back.
    await club.challenge("Gus", "Hal", accept=None)
    day = await club.to_day(3)
    assert ru("arena.penalty", name="Hal", sectors=4) in day.plain
    excused = await (await club.org.press(day, ru("arena.btn_excuse", name="Hal"))).answer()
    assert excused.text == ru("arena.excused", name="Hal")
    await emu.wait_for(lambda: not emu.current(day).button_labels)  # its button is gone
    # Day 4: Ann beats six more: twelve sectors.
    for other in ("Cat", "Dan", "Eve", "Fay", "Gus", "Hal"):
        await game("Ann", other, "Ann")
    await club.users["Hal"].send(club.users["Hal"].id, "/arena")
    mine = await club.users["Hal"].wait_message(contains=ru("arena.me_sectors", count=4))
    assert "Сегодня можно вызвать: Bob, Cat, Dan, Eve, Fay, Gus" in mine.plain

    # The week's end (605.4): Ann leaves at 12 with three cards; everyone else played.
    week = await club.to_day(7)
    assert ru("arena.exit_auto", name="Ann", sectors=12, cards=3) in week.plain
    # The day's map of Laar, decoded: sectors 1–5 were Ann's, 6–10 Bob's, … 36–40 Hal's; Ann's
    # wins took 10, 15, 19, 25, 30, 35 and 40, Dan's refusals cost him 20 (Hal's 40 came
    # back with the excuse), and Ann left with her twelve: they and 20 are neutral.
    neutral = {1, 2, 3, 4, 5, 10, 15, 19, 20, 25, 30, 35, 40}
    owners = {s: None if s in neutral else (s - 1) // 5 for s in range(1, 41)}
    check_map(club.day_map(7), owners)
    # Week 2: Ann enters again with five new sectors (605.4); Bob wins four: eight.
    await club.enter("Ann", again=True)
    for other in ("Cat", "Dan", "Eve", "Fay"):
        await game("Bob", other, "Bob", by_button=other == "Fay")
    # Day 9: Gus beats Hal, approved; the judge finds it falsified: voided, Gus disqualified.
    await club.to_day(8)
    falsified = await club.game("Gus", "Hal", "Gus")
    await club.org.send(GROUP, f"/void {falsified}")
    await emu.wait_bot_message(GROUP, contains=ru("arena.voided", id=falsified))
    await club.org.send(GROUP, "/disqualify @gus")
    await emu.wait_bot_message(GROUP, contains=ru("arena.disqualified", name="Gus"))
    await club.users["Gus"].send(GROUP, "/join")
    await emu.wait_bot_message(GROUP, contains=ru("arena.no_disqualified"))

    # A restart in the middle of the week: the days' ends go on from the stored deadlines.
    await club.to_day(10)
    await bot.restart()
    await club.to_day(12)
    await club.users["Ann"].send(GROUP, "/arena")
    view = await emu.wait_bot_message(GROUP, contains=ru("arena.title", tournament=ARENA))
    assert "Bob — сейчас 8, всего 8" in view.plain and "Hal — сейчас 4, всего 4" in view.plain

    # The second week's end: Bob (8) chooses to leave with a card; Hal played no counted game.
    week = await club.to_day(14)
    assert ru("arena.exit_inactive", name="Hal", sectors=4, cards=0) in week.plain
    offer = await club.wait_find(club.users["Bob"], "Неделя закончилась", ru("arena.btn_leave"))
    left = await (await club.users["Bob"].press(offer, ru("arena.btn_leave"))).answer()
    assert left.text == ru("arena.you_left")
    await emu.wait_bot_message(
        GROUP, contains=ru("arena.exit_chose", name="Bob", sectors=8, cards=1)
    )

    # Week 3: Ann takes Dan's last two sectors on two days: he is out at once (605.4).
    await game("Ann", "Dan", "Ann")
    # Cat and Eve draw; the judge records it himself (605.6): it counts at once.
    drawn = await club.challenge("Cat", "Eve", accept=True)
    await club.org.send(GROUP, f"/result {drawn} draw campaign")
    await emu.wait_bot_message(GROUP, contains=ru("arena.result_done"))
    await emu.wait_bot_message(
        GROUP, contains=ru("arena.counts", a="Cat", b="Eve", sectors_a=3, sectors_b=3)
    )
    rated.append(MatchRecord(drawn, "Cat", "Eve", DRAW))
    await club.to_day(15)
    await game("Ann", "Dan", "Ann")
    await emu.wait_bot_message(GROUP, contains=ru("arena.ruined", name="Dan"))
    # Fay plays no game this week: out at its end.
    week = await club.to_day(21)
    assert ru("arena.exit_inactive", name="Fay", sectors=3, cards=0) in week.plain
    # Week 4: nobody enters in the last week (605.2).
    await club.users["Hal"].send(GROUP, "/join")
    await emu.wait_bot_message(GROUP, contains=ru("arena.no_last_week"))
    await game("Ann", "Cat", "Ann")
    await game("Eve", "Cat", None)

    # The end: places by the total sectors of every entry (605.5), ratings of every game.
    clock.set(club.midnight(28) + (club.midnight(1) - club.midnight(0)) / 2)
    final = await emu.wait_bot_message(
        GROUP, contains=ru("arena.final", tournament=ARENA), timeout=20
    )
    starts: dict[PlayerId, float] = {name: START_RATING_CENTS / 100 for name in NAMES}
    changes = rating_changes(starts, rated, participants=len(NAMES), base_k=16)
    # Ann 12 + 8; Bob 8; Hal 4; Fay and Eve 3 each, Fay with fewer games (2 to 4, no win
    # each: Eve's unapproved win does not count); Cat 2; Dan 0; Gus disqualified: no place.
    expected = [
        (1, "Ann", 20, 3 + 1),
        (2, "Bob", 8, 1),
        (3, "Hal", 4, 0),
        (4, "Fay", 3, 0),
        (5, "Eve", 3, 0),
        (6, "Cat", 2, 0),
        (7, "Dan", 0, 0),
    ]
    lines = [line for line in final.plain.splitlines()[1:] if line]
    assert len(lines) == len(expected), final.plain
    for line, (place, name, total, cards) in zip(lines, expected, strict=True):
        delta = rating_change(changes[name], "ru")
        assert line == ru(
            "arena.final_row", place=place, name=name, total=total, cards=cards, delta=delta
        ), line
    assert "Gus" not in final.plain

    # /export: a row per placed player (total, entries, cards, games counted and won, rating)
    await club.org.send(GROUP, "/export")
    sent = await emu.wait_bot_message(GROUP, contains=ru("arena.export_title", tournament=ARENA))
    assert sent.document is not None
    players_part, games_part = sent.document.content.decode("utf-8-sig").split("\n\n")
    rows = [line.split(",") for line in players_part.splitlines()[1:]]
    games = {"Ann": (10, 10), "Bob": (5, 4), "Hal": (1, 0), "Fay": (2, 0), "Eve": (4, 0)}
    games |= {"Cat": (5, 0), "Dan": (4, 0)}
    entries = {"Ann": 2}
    assert [[r[0], r[1], *r[3:]] for r in rows] == [
        [
            str(place),
            name,
            str(total),
            str(entries.get(name, 1)),
            str(cards),
            *map(str, games[name]),
            rating_change(changes[name], "en"),
        ]
        for place, name, total, cards in expected
    ]
    assert len(games_part.splitlines()) == 1 + len(rated)
