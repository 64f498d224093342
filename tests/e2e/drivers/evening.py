"""A club evening in one group through the emulator (issue 27): the four players of a Swiss
(``swiss_club``) play it and a King of the Hill; their games as the boards showed them, and the
head-to-head record counted by hand (``tests/e2e/test_club_memory.py``,
``tests/e2e/test_recap.py``)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from tests.e2e.drivers import koth_club
from tests.e2e.drivers.swiss_club import GROUP, Club, pairing_of
from tests.e2e.drivers.texts import fixed, round_title, ru
from tests.e2e.emulator import BotApiEmulator, SimMessage, SimUser

NAMES = ("Ann", "Bob", "Cat", "Dan")
#: King of the Hill: who wins a game between two (Bob beats everybody)
STRENGTH = ("Bob", "Cat", "Dan", "Ann")
PAIR = re.compile(r"Партия (\d+): (\w+)(?: 👑)? — (\w+)")
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


def h2h_lines(games: int, wins: int, draws: int, losses: int) -> list[str]:
    return [
        ru("h2h.title", name="Bob", games=games),
        ru("h2h.score", wins=wins, draws=draws, losses=losses),
    ]
