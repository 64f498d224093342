"""The club's memory through the emulator (issue 27, items 4 and 5): a Swiss and a King of
the Hill finished in one group by the same four players; ``/h2h`` and the «Our games» button
against the games played in both, the nemesis on ``/profile``, a season defined before them and
its table (best 1 of 2, checked by hand), its picture and its web page."""

from __future__ import annotations

import re

import aiohttp

from tests.e2e.drivers.evening import (
    NAMES,
    ask,
    club_id,
    finish_swiss,
    h2h_lines,
    next_message,
    play_koth,
    play_swiss,
    record,
)
from tests.e2e.drivers.swiss_club import GROUP, Club
from tests.e2e.drivers.swiss_rounds import swiss_order
from tests.e2e.drivers.texts import ru
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import RunningBot

SEASON_LINK = re.compile(r"https?://\S+/s/[A-Za-z0-9_-]+")


def tie(mine: tuple[int, int], theirs: tuple[int, int]) -> str:
    """Why a row with as many points as the row above stands below it, worked out by hand: the
    first place (1st, 2nd …) the two had a different number of times."""
    for place in (1, 2, 3, 4):
        if mine.count(place) != theirs.count(place):
            return ru(
                "season.tie_places", place=place, mine=mine.count(place), theirs=theirs.count(place)
            )
    return ru("season.tie_shared")


async def test_h2h_nemesis_and_season_over_a_swiss_and_a_king_of_the_hill(
    emu: BotApiEmulator, web_bot: RunningBot
) -> None:
    club = Club(emu, players=4)
    ann, bob = club.users["Ann"], club.users["Bob"]
    created = await club.create(rounds="3", top="Без ТОПа")
    await club.register_all(created)

    # a season defined first: points 10 6 4 2 by place, the best 1 result counts
    refused = await ask(emu, ann, "/season new Осень; 01.11.2026; 31.12.2026; 10 6 4 2; 1")
    assert refused == ru("season.organisers_only")
    assert await ask(emu, club.org, "/season new Осень; 31.12.2026; 01.11.2026") == ru(
        "season.bad_days"
    )
    made = await ask(emu, club.org, "/season new Осень; 01.11.2026; 31.12.2026; 10 6 4 2; 1")
    assert made.startswith(ru("season.created", name="Осень")), made
    link = SEASON_LINK.search(made)
    assert link is not None, made
    assert await ask(emu, ann, "/season") == "\n".join(
        [
            ru("season.title", name="Осень", first="01.11.2026", last="31.12.2026"),
            ru("season.rules", points="10 6 4 2", best=1),
            ru("season.played", count=0),
            ru("season.empty"),
            ru("season.link", url=link.group(0)),
        ]
    )

    swiss = await play_swiss(club)
    await finish_swiss(club)
    swiss_places = await swiss_order(club, 3)
    koth = await play_koth(emu, club, games=4, before=swiss)
    # the King of the Hill as played: Bob won every game, Ann met him twice
    assert koth == [
        ("Ann", "Bob", "Bob"),
        ("Bob", "Cat", "Bob"),
        ("Bob", "Dan", "Bob"),
        ("Bob", "Ann", "Bob"),
    ], koth
    every = swiss + koth
    # the evening's last tournament is over: its recap comes on its own (``bot.recap``) and is
    # let through before the questions below, whose answers are the bot's next messages
    recap = ru("recap.title", day="", count=2).split(":")[0].rsplit(" ", 1)[0]
    await emu.wait_bot_message(GROUP, contains=recap, timeout=60)

    # /h2h Ann against Bob, by a reply, by @username and by the club number
    games, wins, draws, losses = record(every, "Ann", "Bob")
    assert games == 3 and losses >= 2
    answer = await ask(emu, ann, "/h2h @bob")
    lines = answer.splitlines()
    assert lines[:2] == h2h_lines(games, wins, draws, losses), answer
    assert lines[2] == ru("h2h.they_lead", name="Bob", lead=losses - wins)
    assert lines[3] == ru("h2h.last", count=3)
    # newest first: the King of the Hill's two losses, then the Swiss game
    swiss_mark = "✅" if wins else "❌"
    assert lines[4:] == [
        ru("h2h.last_line", mark="❌", tournament="Пятничный"),
        ru("h2h.last_line", mark="❌", tournament="Пятничный"),
        ru("h2h.last_line", mark=swiss_mark, tournament="Кубок <b>клуба</b>"),
    ]
    said = await bob.send(GROUP, "Всем привет")
    before = len(emu.bot_messages(GROUP))
    await ann.reply_to(said, "/h2h")
    by_reply = await next_message(emu, GROUP, before)
    assert by_reply.plain.splitlines()[:2] == lines[:2]
    bob_id = await club_id(emu, bob)
    assert (await ask(emu, ann, f"/h2h {bob_id}", chat=None)).splitlines()[:2] == lines[:2]
    # from Bob's side: the same games, the wins and losses swapped
    theirs = (await ask(emu, bob, "/h2h @ann")).splitlines()
    assert theirs[1] == ru("h2h.score", wins=losses, draws=draws, losses=wins)
    assert theirs[2] == ru("h2h.you_lead", lead=losses - wins)
    assert await ask(emu, ann, "/h2h @ann") == ru("h2h.yourself")
    assert await ask(emu, ann, "/h2h @nobody") == ru("h2h.unknown")
    assert await ask(emu, ann, "/h2h") == ru("h2h.usage")

    # the nemesis: Bob beat Ann most, in three games at least (nobody else met her thrice)
    profile = await ask(emu, ann, "/profile", chat=None)
    nemesis = ru("h2h.nemesis", name="Bob", club_id=bob_id, losses=losses, games=games)
    assert nemesis in profile, profile
    bob_profile = await ask(emu, bob, "/profile", chat=None)
    # Bob met only Ann three times: she is his nemesis if she beat him once (in the Swiss)
    ann_id = await club_id(emu, ann)
    his = ru("h2h.nemesis", name="Ann", club_id=ann_id, losses=wins, games=games)
    assert (his in bob_profile) == (wins > 0), bob_profile
    assert wins > 0 or "😈" not in bob_profile

    # the season: both tournaments finished within its days; each player's best 1 result
    koth_places = {"Bob": 1, "Ann": 2, "Cat": 3, "Dan": 4}  # declared, then the fixed order
    places = {name: (swiss_places.index(name) + 1, koth_places[name]) for name in NAMES}
    points = {1: 10, 2: 6, 3: 4, 4: 2}
    top = {name: max(points[p] for p in places[name]) for name in NAMES}
    assert top["Bob"] == 10
    table = (await ask(emu, ann, "/season")).splitlines()
    assert (await ask(emu, ann, "/season осень")).splitlines() == table  # by its name
    assert await ask(emu, ann, "/season Весна") == ru("season.unknown", name="Весна")
    assert table[2] == ru("season.played", count=2)
    rows = table[3:-1]
    order = [line.split(". ", 1)[1].split(" — ")[0] for line in rows]
    assert sorted(order) == sorted(NAMES)
    rank = 0
    for index, name in enumerate(order):
        best, dropped = sorted((points[p] for p in places[name]), reverse=True)
        above = order[index - 1] if index else None
        note = tie(places[name], places[above]) if above and best == top[above] else None
        assert above is None or top[above] >= best, rows
        rank = rank if note == ru("season.tie_shared") else index + 1
        expected = ru("season.row", rank=rank, name=name, points=best, counted=str(best))
        expected += ru("season.dropped", dropped=str(dropped))
        assert rows[index] == expected + (f" · {note}" if note else ""), rows
    photo = await emu.wait_for(
        lambda: next(
            (
                m
                for m in emu.bot_messages(GROUP)
                if m.photo is not None and m.caption == ru("season.picture_caption")
            ),
            None,
        )
    )
    assert photo.photo is not None and photo.photo.width == 1100

    # its web page: the same table
    async with aiohttp.ClientSession() as session, session.get(link.group(0)) as response:
        assert response.status == 200
        page = await response.text()
    assert "Осень" in page
    for name in NAMES:
        assert f"<td>{name}</td><td>{top[name]}</td>" in page, page
    async with aiohttp.ClientSession() as session:
        wrong = link.group(0)[:-3] + "xyz"
        async with session.get(wrong) as response:
            assert response.status == 404
