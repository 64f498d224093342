"""A King of the Hill club driven through the emulator: its group, the organiser and five
players, the wizard, the tournament begun, games reported and confirmed."""

from __future__ import annotations

from tests.e2e.drivers.texts import fixed
from tests.e2e.emulator import BotApiEmulator, SimMessage, SimUser

GROUP = -100777
BOB = "<b>Bob</b> & Co"


async def press(user: SimUser, message: SimMessage, label: str) -> str:
    answer = await (await user.press(message, label))
    return answer.text or ""


def has_buttons(message: SimMessage) -> bool:
    return bool(message.button_labels)


async def say(
    emu: BotApiEmulator, user: SimUser, text: str, expect: str, group: int = GROUP
) -> SimMessage:
    await user.send(group, text)
    return await emu.wait_bot_message(group, contains=expect)


async def setup_club(emu: BotApiEmulator) -> tuple[SimUser, list[SimUser]]:
    org = emu.add_user(999, "Olga", username="olga")
    people = [
        emu.add_user(11, "Ann", username="ann"),
        emu.add_user(12, BOB, username="bob"),
        emu.add_user(13, "Cid", username="cid"),
        emu.add_user(14, "Dan", username="dan"),
        emu.add_user(15, "Eve", username="eve"),
    ]
    emu.add_group(GROUP, "Club", members=people, admins=[org])
    for user in [org, *people]:
        await user.start()
        await user.wait_message()
    return org, people


async def create(emu: BotApiEmulator, org: SimUser, group: int = GROUP) -> SimMessage:
    """«Пятничный» created in ``group`` (the club's by default) through the wizard."""
    choice = await say(emu, org, "/new", fixed("tournament.choose_kind"), group)
    await org.press(choice, "Царь горы")
    await emu.wait_bot_message(group, contains=fixed("koth.ask_name"))
    await say(emu, org, "Пятничный", fixed("koth.ask_fee"), group)
    await say(emu, org, "2000", fixed("numbers.fee"), group)
    await say(emu, org, "3000", fixed("koth.ask_table"), group)
    return await say(emu, org, "Стол 1", fixed("koth.registration_open", -1), group)


RATINGS = [("ann", 1100), ("bob", 980), ("cid", "900.1"), ("dan", 850), ("eve", 740)]
NORMS = [(1, 4), (2, 3), (3, 4), (4, 4), (5, 4)]


async def begin_tournament(emu: BotApiEmulator, org: SimUser) -> SimMessage:
    """Create «Пятничный», add the five players (norms 4, 3, 4, 4, 4), order 1..5, /begin;
    returns the live board (game 1, Ann — Bob, is announced next)."""
    await create(emu, org)
    for name, rating in RATINGS:
        await say(emu, org, f"/add @{name} {rating}", fixed("koth.added"))
    for club_id, norm in NORMS:
        await say(emu, org, f"/norms {club_id} {norm}", fixed("koth.norms_title"))
    await say(emu, org, "/draw 1 2 3 4 5", fixed("koth.drawn"))
    await say(emu, org, "/begin", f"{fixed('koth.begun')} 4 ч")
    return await emu.wait_bot_message(GROUP, contains=fixed("koth.board_title"))


async def win(
    emu: BotApiEmulator,
    game: int,
    winner: SimUser,
    loser: SimUser,
    since: int | None = None,
    group: int = GROUP,
) -> None:
    """Game ``game``: the winner reports his win, the loser confirms it."""
    await play(emu, str(game), winner, "Моя победа", loser, since=since, group=group)


async def play(
    emu: BotApiEmulator,
    game: str,
    reporter: SimUser,
    code: str,
    confirmer: SimUser,
    since: int | None = None,
    group: int = GROUP,
) -> None:
    """Game ``game`` is announced; ``reporter`` reports, ``confirmer`` confirms in private."""
    pair = await emu.wait_bot_message(group, contains=f"{fixed('koth.pair')} {game}:", since=since)
    assert "Отправлено" in await press(reporter, pair, code)
    ask = await confirmer.wait_message(
        contains=fixed("results.confirm_request", -1), predicate=has_buttons
    )
    assert "Результат принят" in await press(confirmer, ask, "Подтверждаю")
