"""The club's memory through the emulator (issue 27, items 4 and 5): a Swiss and a King of
the Hill finished in one group by the same four players; ``/h2h`` and the «Our games» button
against the games played in both, the nemesis on ``/profile``, a season defined before them and
its table (best 1 of 2, checked by hand), its picture and its web page."""

from __future__ import annotations

import re
from collections.abc import Mapping

import aiohttp

from tests.e2e.drivers import koth_club
from tests.e2e.drivers.swiss_club import GROUP, Club, pairing_of
from tests.e2e.drivers.swiss_rounds import swiss_order
from tests.e2e.drivers.texts import fixed, round_title, ru
from tests.e2e.emulator import BotApiEmulator, SimMessage, SimUser
from tests.e2e.harness import RunningBot

NAMES = ("Ann", "Bob", "Cat", "Dan")
#: King of the Hill: who wins a game between two (Bob beats everybody)
STRENGTH = ("Bob", "Cat", "Dan", "Ann")
PAIR = re.compile(r"Партия (\d+): (\w+)(?: 👑)? — (\w+)")
SEASON_LINK = re.compile(r"https?://\S+/s/[A-Za-z0-9_-]+")
Game = tuple[str, str, str | None]
"""(a, b, the winner) of one game."""


async def ask(emu: BotApiEmulator, user: SimUser, text: str, chat: int | None = GROUP) -> str:
    """``text`` sent by ``user``; the bot's next message there."""
    where = chat if chat is not None else user.id
    before = len(emu.bot_messages(where))
    await user.send(chat, text)
    return (await next_message(emu, where, before)).plain


async def next_message(emu: BotApiEmulator, chat: int, before: int) -> SimMessage:
    """The bot's first text in ``chat`` after the ``before`` messages it had sent there (a
    picture that follows an earlier answer, the rating chart under /profile, is no answer)."""
    return await emu.wait_for(
        lambda: next((m for m in emu.bot_messages(chat)[before:] if m.photo is None), None)
    )


async def play_swiss(club: Club) -> list[Game]:
    """Three rounds, the first player of each table wins; the games as the boards showed."""
    games: list[Game] = []
    await club.org.send(GROUP, "/begin")
    for number in (1, 2, 3):
        if number > 1:
            await club.org.send(GROUP, "/next_round")
        else:  # each player's pairing names his opponent on a button: our games
            board = await club.emu.wait_for(lambda: club.board(round_title(1, 3)))
            for table, a, b, _ in club.tables(board):
                label = ru("h2h.button", name=b)
                await club.wait_find(club.users[a], pairing_of(1, table), label)
        tables = await club.play(number, round_title(number, 3))
        games += [(a, b, a) for _, a, b, _ in tables]
        complete = ru("swiss.round_complete", round=ru("swiss.round_name", round=number))
        await club.emu.wait_bot_message(GROUP, contains=complete)
    return games


async def finish_swiss(club: Club) -> None:
    await club.org.send(GROUP, "/finish")
    confirm = await club.emu.wait_bot_message(GROUP, contains=fixed("swiss.confirm_finish"))
    await (await club.org.press(confirm, "🏁 Да, завершить")).answer()
    await club.emu.wait_bot_message(GROUP, contains=fixed("swiss.finished_early", 1))
    await club.emu.idle()


async def play_koth(
    emu: BotApiEmulator,
    club: Club,
    games: int,
    before: list[Game] | None,
    ratings: Mapping[str, int] | None = None,
) -> list[Game]:
    """«Пятничный» in the same group: norms 10, order Ann, Bob, Cat, Dan, each added at
    ``ratings`` (1000 by default); ``games`` games won by the stronger (``STRENGTH``), then the
    judge declares Bob the winner. In game 1 Ann presses «Our games: Bob» under her «your
    game» message: the record of ``before`` (``None``: she presses nothing)."""
    org, users = club.org, club.users
    say = koth_club.say
    await koth_club.create(emu, org, group=GROUP)
    for name in NAMES:
        rating = (ratings or {}).get(name, 1000)
        await say(emu, org, f"/add @{name.lower()} {rating}", fixed("koth.added"), GROUP)
    ids = {name: await club_id(emu, users[name]) for name in NAMES}
    for name in NAMES:
        await say(emu, org, f"/norms {ids[name]} 10", fixed("koth.norms_title"), GROUP)
    order = " ".join(str(ids[name]) for name in NAMES)
    await say(emu, org, f"/draw {order}", fixed("koth.drawn"), GROUP)
    await say(emu, org, "/begin", fixed("koth.begun"), GROUP)
    played: list[Game] = []
    for n in range(1, games + 1):
        pair = await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.pair')} {n}:")
        found = PAIR.search(pair.plain)
        assert found is not None, pair.plain
        a, b = found.group(2), found.group(3)
        winner, loser = sorted((a, b), key=STRENGTH.index)
        if n == 1 and before is not None:
            await presses_h2h_button(emu, users[a], b, before)
        await koth_club.win(emu, n, users[winner], users[loser], since=0, group=GROUP)
        played.append((a, b, winner))
    mark = emu.mark()
    await say(emu, org, f"/finish {ids['Bob']}", fixed("koth.done_declare"), GROUP)
    await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.winner')} Bob", since=mark)
    await emu.idle()
    return played


async def club_id(emu: BotApiEmulator, user: SimUser) -> int:
    shown = await ask(emu, user, "/profile", chat=None)
    found = re.search(r"клубный номер (\d+)", shown)
    assert found is not None, shown
    return int(found.group(1))


async def presses_h2h_button(
    emu: BotApiEmulator, user: SimUser, opponent: str, games: list[Game]
) -> None:
    """His «your game» message carries «📊 Our games: <opponent>»; pressed, the record of
    ``games`` comes privately."""
    label = ru("h2h.button", name=opponent)
    message = await user.wait_message(contains=fixed("koth.you_play"))
    assert label in message.button_labels, message.button_labels
    before = len(emu.bot_messages(user.id))
    await (await user.press(message, label)).answer()
    pressed = await next_message(emu, user.id, before)
    assert opponent == "Bob" and user.first_name == "Ann"
    expected = h2h_lines(*record(games, "Ann", "Bob"))
    assert pressed.plain.splitlines()[:2] == expected, pressed.plain


def record(games: list[Game], me: str, them: str) -> tuple[int, int, int, int]:
    """(games, wins, draws, losses) of ``me`` against ``them``, counted here by hand."""
    ours = [g for g in games if {g[0], g[1]} == {me, them}]
    wins = sum(1 for g in ours if g[2] == me)
    draws = sum(1 for g in ours if g[2] is None)
    return len(ours), wins, draws, len(ours) - wins - draws


def tie(mine: tuple[int, int], theirs: tuple[int, int]) -> str:
    """Why a row with as many points as the row above stands below it, worked out by hand: the
    first place (1st, 2nd …) the two had a different number of times."""
    for place in (1, 2, 3, 4):
        if mine.count(place) != theirs.count(place):
            return ru(
                "season.tie_places", place=place, mine=mine.count(place), theirs=theirs.count(place)
            )
    return ru("season.tie_shared")


def h2h_lines(games: int, wins: int, draws: int, losses: int) -> list[str]:
    return [
        ru("h2h.title", name="Bob", games=games),
        ru("h2h.score", wins=wins, draws=draws, losses=losses),
    ]


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
