"""Amplification (issue 10, item 6): a repeated request is sent once, and one person's flood is
answered once.

Figures before the fix (the emulator without Telegram's rate limits): 40 presses of a report
button posted 40 «…Верно?» requests in the group for an opponent who never started the bot; 20
presses at once sent the opponent 20 private requests; 500 ``/standings`` from one member got
500 answers (501 posts with another member's one answer). Under Telegram's 20 posts a minute in a
group those 500 took 25 minutes, each other member's answer waiting its turn among them; now the
flood costs the group 21 posts. Counted on messages, never on wall time.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta

from tests.clock import ManualClock
from tests.e2e.drivers import swiss_club
from tests.e2e.drivers.texts import fixed
from tests.e2e.emulator import BotApiEmulator, SimMessage
from tests.e2e.hardening import Said, capture_errors, settled
from tests.e2e.harness import RunningBot

GROUP = swiss_club.GROUP
ASK = fixed("results.confirm_request", -1)
SENT = "Отправлено сопернику на подтверждение."
TOO_MANY = fixed("flood.too_many")
ROUND_1_OF_3 = f"{fixed('swiss.board_title')} 1 {fixed('swiss.board_title', 1)} 3"
PLAYERS_4 = f"{fixed('swiss.roster')}4{fixed('swiss.roster', 1)}"
STANDINGS = fixed("swiss.standings_none")  # round 1 under way: no standings yet
LIMIT = 20


async def running_round(
    emu: BotApiEmulator, bot: RunningBot, silent: bool = False
) -> tuple[swiss_club.Club, str, str, SimMessage]:
    """A Swiss tournament of four in round 1: (club, table 1's two players, the first one's
    pairing message with the report buttons). ``silent``: nobody started the bot, so every
    personal message is a mention in the group."""
    names = tuple(swiss_club.NAMES[:4]) if silent else ()
    club = swiss_club.Club(emu, players=4, silent=names)
    created = await club.create(rounds="3", top="Без ТОПа")
    await club.register_all(created)
    await club.org.send(GROUP, "/begin")
    board = await emu.wait_for(lambda: club.board(ROUND_1_OF_3))
    (_, a, b, _), *_ = club.tables(board)
    pairing = await club.wait_find(club.users[a], swiss_club.pairing_of(1, 1), "Моя победа")
    await settled(emu, bot.db_path)
    return club, a, b, pairing


def requests_to(emu: BotApiEmulator, chat: int, said: Said) -> list[SimMessage]:
    return [m for m in said.messages() if m.chat_id == chat and ASK in m.plain]


async def test_forty_presses_of_a_report_ask_the_silent_opponent_once(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club, a, b, pairing = await running_round(emu, bot, silent=True)
    said = Said(emu, (GROUP,))
    answers = []
    with capture_errors() as errors:
        for _ in range(40):
            answers.append((await (await club.users[a].press(pairing, "Моя победа")).answer()).text)
        await emu.idle()
    assert not errors.records, errors.describe()
    assert len(requests_to(emu, GROUP, said)) == 1  # was 40 (19 a minute under Telegram's limit)
    assert answers[0] == SENT
    assert answers[1:] == [f"Уже отправлено: ждём подтверждения соперника ({b})."] * 39
    # and the one request works
    assert await club.confirm(1, 1, b, "✅ Подтверждаю") == "Результат принят."


async def test_twenty_presses_at_once_send_the_opponent_one_request(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club, a, b, pairing = await running_round(emu, bot)
    opponent = club.users[b].id
    said = Said(emu, (opponent, GROUP))
    handles = await asyncio.gather(*(club.users[a].press(pairing, "Моя победа") for _ in range(20)))
    answers = [(await handle.answer()).text for handle in handles]
    await emu.idle()
    assert len(requests_to(emu, opponent, said)) == 1  # was 20
    assert requests_to(emu, GROUP, said) == []
    assert answers.count(SENT) == 1
    assert answers.count(f"Уже отправлено: ждём подтверждения соперника ({b}).") == 19


async def test_a_flood_of_commands_is_answered_once_and_others_still_are(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    bot.overrides["flood_limit"] = LIMIT  # the club's default (60 s): on for this test
    # Only the answers are counted: no board re-posted as the group fills (test_result_tidy).
    bot.overrides["board_repost_after"] = 0
    await bot.restart()
    club, a, b, _ = await running_round(emu, bot)
    clock.advance(timedelta(seconds=61))  # a fresh window: joining counted too
    flooder, other = club.users[a], club.users[b]
    said = Said(emu, (GROUP,))
    with capture_errors() as errors:
        for _ in range(500):
            await flooder.send(GROUP, "/standings")
        await other.send(GROUP, "/players")
        await emu.wait_for(lambda: [m for m in said.messages() if PLAYERS_4 in m.plain])
        await emu.idle(quiet=0.3, timeout=30)
    assert not errors.records, errors.describe()
    posted = said.messages()
    standings = [m for m in posted if STANDINGS in m.plain]
    warnings = [m for m in posted if TOO_MANY in m.plain]
    roster = [i for i, m in enumerate(posted) if PLAYERS_4 in m.plain]
    assert len(standings) == LIMIT  # was 500
    assert len(warnings) == 1  # one "wait", however long the flood
    assert len(posted) == LIMIT + 2  # and nothing else: the other member's answer
    assert len(roster) == 1 and roster[0] <= LIMIT + 1  # answered, among 22 posts, not 501
    # the next window: the flooder is answered again
    clock.advance(timedelta(seconds=61))
    again = Said(emu, (GROUP,))
    await flooder.send(GROUP, "/standings")
    await emu.wait_for(lambda: [m for m in again.messages() if STANDINGS in m.plain])


async def test_presses_over_the_limit_are_answered_without_group_posts(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    bot.overrides["flood_limit"] = LIMIT
    await bot.restart()
    club, a, _, pairing = await running_round(emu, bot, silent=True)
    clock.advance(timedelta(seconds=61))  # a fresh window: joining counted too
    said = Said(emu, (GROUP,))
    answers = []
    for _ in range(40):
        answers.append((await (await club.users[a].press(pairing, "Моя победа")).answer()).text)
    await emu.idle()
    assert len(requests_to(emu, GROUP, said)) == 1
    assert [m for m in said.messages() if TOO_MANY in m.plain] == []  # toasts only
    over = [text for text in answers if text and TOO_MANY in text]
    assert len(over) == 40 - LIMIT  # every press answered: none spins
