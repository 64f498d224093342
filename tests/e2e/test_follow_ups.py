"""A button's answer refused by Telegram (issue 10, item 7) must not cost the press its work.

Telegram refuses ``answerCallbackQuery`` for a press older than about 15 seconds («query is too
old»), as after a restart. The result is stored either way; the confirmation request, the
board's refresh and the round-complete post must follow it all the same.
"""

from __future__ import annotations

from tests.e2e.drivers.swiss_club import GROUP, game_label, pairing_of, registered
from tests.e2e.drivers.texts import fixed
from tests.e2e.emulator import BotApiEmulator, Fault
from tests.e2e.harness import RunningBot

ROUND_1_OF_3 = f"{fixed('swiss.board_title')} 1 {fixed('swiss.board_title', 1)} 3"
TOO_OLD = "Bad Request: query is too old and response timeout expired or query ID is invalid"


def refuse_next_answer(emu: BotApiEmulator) -> None:
    emu.inject("answerCallbackQuery", Fault.server_error(400, TOO_OLD))


async def test_follow_ups_are_sent_when_the_button_answer_fails(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = await registered(emu, players=4, rounds="3")
    await club.org.send(GROUP, "/begin")
    board = await emu.wait_for(lambda: club.board(ROUND_1_OF_3))
    (table, a, b, status), (other, c, d, _) = club.tables(board)
    await club.report(1, other, c, "Моя победа")
    assert await club.confirm(1, other, d, "✅ Подтверждаю") == "Результат принят."

    # The report's answer is refused: the opponent is asked to confirm all the same.
    pairing = await club.wait_find(club.users[a], pairing_of(1, table), "Моя победа")
    refuse_next_answer(emu)
    await club.users[a].press(pairing, "Моя победа")
    request = await club.wait_find(club.users[b], game_label(1, table), "✅ Подтверждаю")

    # The confirmation's answer is refused: the board and the round-complete post follow.
    refuse_next_answer(emu)
    await club.users[b].press(request, "✅ Подтверждаю")
    await emu.wait_bot_message(GROUP, contains=fixed("swiss.round_complete", 1))
    await emu.idle()
    refreshed = club.board(ROUND_1_OF_3)
    assert refreshed is not None
    [(_, _, _, result), _] = club.tables(refreshed)
    assert result != status
    refused = [r for r in emu.requests_for("answerCallbackQuery") if r.status == 400]
    assert len(refused) == 2
