"""The evening's recap through the emulator (issue 27, item 6): a Swiss and a King of the Hill
in one group. The Swiss is registered first (its registration, with no start set, holds the
evening open), the King of the Hill is played and finished — no recap —, then the Swiss is
played and finished: one post and one card, its lines checked against the games played; a
``/recap`` that night answers the asker privately with the same post and sends nothing to the
group; a restart an hour later that runs the finish's job again sends nothing twice, nor a line
about its lateness."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from bot import formats
from bot.deadlines import LATE_AFTER
from db import deadlines, memory, rating_history
from db.tournaments import FINISHED_JOB
from rules.recap import GAINS_SHOWN, night_of
from tests.clock import ManualClock
from tests.e2e.drivers.evening import (
    NAMES,
    club_id,
    finish_swiss,
    next_message,
    play_koth,
    play_swiss,
)
from tests.e2e.drivers.swiss_club import GROUP, Club
from tests.e2e.drivers.swiss_rounds import ranked
from tests.e2e.drivers.texts import fixed, ru
from tests.e2e.emulator import BotApiEmulator, SimMessage
from tests.e2e.harness import RunningBot

#: the King of the Hill's ratings: Bob, the strongest at the table, is the lowest rated
RATINGS = {"Ann": 1200, "Bob": 1000, "Cat": 1100, "Dan": 1050}
TITLE = "🌙"
SWISS_END = fixed("swiss.finished_early", 1)


async def finished_job_done(bot: RunningBot, tournament_id: int) -> None:
    """The tournament's ``FINISHED_JOB`` ran (a test's wait, not a business timer)."""
    assert bot.app is not None
    for _ in range(300):
        async with bot.app.db.read() as tx:
            if not await deadlines.pending_for(tx, tournament_id, (FINISHED_JOB,)):
                return
        await asyncio.sleep(0.1)
    raise AssertionError(f"the finish job of {tournament_id} never ran")


def posts(emu: BotApiEmulator) -> list[SimMessage]:
    return [m for m in emu.bot_messages(GROUP) if m.photo is None and m.plain.startswith(TITLE)]


def cards(emu: BotApiEmulator) -> list[SimMessage]:
    caption = ru("recap.title", day="", count=2).split(":")[0].removeprefix(f"{TITLE} ").strip()
    return [
        m
        for m in emu.bot_messages(GROUP)
        if m.photo is not None and (m.caption or "").startswith(caption)
    ]


async def test_the_recap_of_an_evening_with_a_king_of_the_hill_and_a_swiss(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    club = Club(emu, players=4)
    created = await club.create(rounds="3", top="Без ТОПа")
    await club.register_all(created)

    koth = await play_koth(emu, club, games=4, before=None, ratings=RATINGS)
    assert [winner for _, _, winner in koth] == ["Bob"] * 4  # four wins in a row at the table
    assert bot.app is not None
    async with bot.app.db.read() as tx:
        (koth_t, _), *_ = await memory.finished_in(tx, GROUP)
    await finished_job_done(bot, koth_t.id)
    await emu.idle()
    assert posts(emu) == []  # the Swiss is still open: the evening goes on

    swiss = await play_swiss(club)
    await finish_swiss(club)
    post = await emu.wait_for(lambda: next(iter(posts(emu)), None), timeout=30)
    card = await emu.wait_for(lambda: next(iter(cards(emu)), None), timeout=60)
    finished = next(m for m in emu.bot_messages(GROUP) if SWISS_END in m.plain)
    places = ranked(finished.plain)  # its final standings, as the finish said them
    ids = {name: await club_id(emu, club.users[name]) for name in NAMES}
    names = {number: name for name, number in ids.items()}

    app = bot.app
    assert app is not None
    night = night_of(app.clock.now(), app.settings.zone)
    async with app.db.read() as tx:
        tonight = [t for t, _ in await memory.finished_in(tx, GROUP)]
        rated = [await rating_history.of_tournament(tx, t.id) for t in tonight]
    assert sorted(t.name for t in tonight) == ["Кубок <b>клуба</b>", "Пятничный"]
    swiss_id = next(t.id for t in tonight if t.kind == "swiss")
    champion = {"Пятничный": "Bob", "Кубок <b>клуба</b>": places[0]}  # Bob declared by the judge
    summed: dict[tuple[int, str], int] = {}
    for changes in rated:
        for player, (pool, _, delta) in changes.items():
            summed[player, pool] = summed.get((player, pool), 0) + delta
    gains = sorted((-c, p, pool) for (p, pool), c in summed.items() if c > 0)[:GAINS_SHOWN]
    pools = {"billiards": "Бильярд", "berserk": "Берсерк"}
    # the first win of each player who won a game tonight (nobody had played before), by number
    winners = {w for _, _, w in koth + swiss if w is not None}
    expected = [
        ru("recap.title", day=formats.day(night), count=2),
        # in the order they finished (under the test's still clock: by number, the Swiss first)
        *[ru("recap.champion", tournament=t.name, names=champion[t.name]) for t in tonight],
        # Bob (1000) beat Ann (1200): 1 / (1 + 10^(200/400)) = 0.240; the Swiss's ratings were
        # all the start value (0.5: no upset), Bob's other wins 0.36 (Cat) and 0.43 (Dan)
        ru(
            "recap.upset",
            winner="Bob",
            winner_rating="1000,00",
            loser="Ann",
            loser_rating="1200,00",
            chance=24,
        ),
        ru("recap.gains"),
        *[
            ru(
                "recap.gain",
                name=names[p],
                change=formats.rating_change(-c, "ru"),
                pool=pools[pool],
            )
            for c, p, pool in gains
        ],
        ru("recap.reign", name="Bob", wins=4, tournament="Пятничный"),
        *[ru("recap.first_win", name=names[n]) for n in sorted(ids[w] for w in winners)],
    ]
    assert post.plain.splitlines() == expected, post.plain
    assert card.photo is not None and card.photo.width == 1000
    assert len(posts(emu)) == 1 and len(cards(emu)) == 1

    # /recap again that night: the same post to the asker, nothing new in the group
    ann = club.users["Ann"]
    in_group = len(emu.bot_messages(GROUP))
    in_private = len(emu.bot_messages(ann.id))
    await ann.send(GROUP, "/recap")
    # (the rating chart under her /profile, club_id's, may come late: a picture is no answer)
    again = await next_message(emu, ann.id, in_private)
    assert again.plain == post.plain
    await emu.idle()
    assert len(emu.bot_messages(GROUP)) == in_group

    # a crash after the post, before its job was marked done: the restart runs it again
    async with app.db.transaction() as tx:
        await tx.execute(
            """UPDATE deadlines SET status = 'pending', fired_at = NULL
               WHERE kind = ? AND ref_id = ?""",
            (FINISHED_JOB, swiss_id),
        )
    # … and the bot was down an hour: the job runs late, says nothing about it, sends nothing
    await bot.stop()
    clock.advance(LATE_AFTER + timedelta(minutes=30))
    await bot.start()
    await finished_job_done(bot, swiss_id)
    await emu.idle()
    assert len(emu.bot_messages(GROUP)) == in_group
    assert len(posts(emu)) == 1 and len(cards(emu)) == 1
