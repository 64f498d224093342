"""King of the Hill through the emulator: the phases after the main time (mini-tournament, extra
games shaped by Stay/Leave) and the timers (a restart with the expiry pending, board refresh)."""

from __future__ import annotations

import sqlite3
from datetime import timedelta

from tests.clock import ManualClock
from tests.e2e.drivers.koth_club import (
    BOB,
    GROUP,
    begin_tournament,
    has_buttons,
    press,
    setup_club,
    win,
)
from tests.e2e.drivers.texts import fixed
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import RunningBot


def count(emu: BotApiEmulator, text: str) -> int:
    return sum(text in m.plain for m in emu.bot_messages(GROUP))


def pending_koth_timers(bot: RunningBot) -> list[str]:
    with sqlite3.connect(bot.db_path) as conn:
        rows = conn.execute(
            "SELECT kind FROM deadlines WHERE status = 'pending' AND kind LIKE 'koth%' ORDER BY id"
        )
        return [r[0] for r in rows]


async def test_three_level_after_the_last_circle_play_a_mini_tournament(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    org, (ann, bob, cid, dan, eve) = await setup_club(emu)
    await begin_tournament(emu, org)
    await win(emu, 1, bob, ann)
    await win(emu, 2, cid, bob)
    await win(emu, 3, dan, cid)
    mark = emu.mark()
    await win(emu, 4, dan, eve)
    await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.pair')} 5: Dan 👑 — Ann", since=mark)
    clock.advance(timedelta(hours=4))  # circle 2 (game 5 at the table) is the last circle
    expired = await emu.wait_bot_message(GROUP, contains=fixed("koth.expired"))
    assert f"ещё в борьбе: Dan, Ann, {BOB}, Cid, Eve" in expired.plain
    await win(emu, 5, dan, ann, since=mark)
    await win(emu, 6, bob, dan)
    await win(emu, 7, cid, bob)
    mark = emu.mark()
    await win(emu, 8, cid, eve)
    mini = await emu.wait_bot_message(GROUP, contains=fixed("koth.mini_begin"), since=mark)
    assert f"Мини-турнир на выбывание, порядок: {BOB} → Cid → Dan." in mini.plain
    await emu.wait_bot_message(
        GROUP, contains=f"{fixed('koth.pair')} 9: Cid 👑 — {BOB}", since=mark
    )
    await win(emu, 9, cid, bob, since=mark)  # Cid reaches his norm: in a final it does not end it
    await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.pair')} 10: Cid 👑 — Dan", since=mark)
    await win(emu, 10, dan, cid, since=mark)
    winner = await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.winner')} Dan", since=mark)
    assert "(победа в мини-турнире)" in winner.plain
    assert count(emu, fixed("koth.winner")) == 1
    assert not any(
        fixed("koth.stay_or_leave") in m.plain for m in bob.messages()
    )  # knocked out: no extra games


async def test_leaving_changes_who_is_called_for_the_extra_games(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    org, (ann, bob, cid, dan, eve) = await setup_club(emu)
    await begin_tournament(emu, org)
    await win(emu, 1, ann, bob)
    await win(emu, 2, ann, cid)
    mark = emu.mark()
    await win(emu, 3, ann, dan)
    clock.advance(timedelta(hours=4))
    expired = await emu.wait_bot_message(GROUP, contains=fixed("koth.expired"))
    assert "ещё в борьбе: Ann, Eve" in expired.plain and "Cid (" in expired.plain
    cid_choice = await cid.wait_message(contains=fixed("koth.stay_or_leave"), predicate=has_buttons)
    dan_choice = await dan.wait_message(contains=fixed("koth.stay_or_leave"), predicate=has_buttons)
    # W = Eve; in the fixed order after her come Cid, then Dan. Cid leaves, Dan stays.
    assert "уходите" in await press(cid, cid_choice, "Ухожу")
    assert "остаётесь" in await press(dan, dan_choice, "Остаюсь")
    seen = cid.messages()[-1].message_id
    await win(emu, 4, eve, ann, since=mark)
    await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.phase_extra_line')} Eve", since=mark)
    called = await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.pair')} 5:", since=mark)
    assert "Партия 5: Eve 👑 — Dan" in called.plain  # not Cid, who left
    await ann.send(GROUP, "/queue")
    board = await emu.wait_bot_message(GROUP, contains=fixed("koth.phase_extra_line"))
    assert "3. Cid: 0 / 4 / 4 — вне борьбы" in board.plain and "(отказ от доп. игр)" in board.plain
    await win(emu, 5, eve, dan, since=mark)
    await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.pair')} 6: Eve 👑 — Ann")
    await win(emu, 6, ann, eve, since=mark)
    winner = await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.winner')} Ann")
    assert "норма 4 выполнена" in winner.plain
    await cid.wait_message(contains=fixed("koth.rating_changed", 1))
    later = [m.plain for m in cid.messages() if m.message_id > seen]
    assert later and not any(fixed("koth.you_play") in text for text in later)


async def test_main_time_that_ran_out_while_the_bot_was_down_is_applied_late_once(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    org, (ann, *_rest) = await setup_club(emu)
    await begin_tournament(emu, org)
    await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.pair')} 1:")
    assert pending_koth_timers(bot) == ["koth_warn", "koth_expire", "koth_board"]
    await bot.stop()
    clock.advance(timedelta(hours=4, minutes=30))
    await bot.start()
    expired = await emu.wait_bot_message(GROUP, contains=fixed("koth.expired"))
    assert f"ещё в борьбе: Ann, {BOB}, Cid, Dan, Eve" in expired.plain
    # Late, and why (Moscow time): down since 21:00, back at 01:30, the main time ended at 01:00.
    assert expired.plain.startswith(
        "⚠️ С опозданием: бот был недоступен с 30.11.2026 21:00 до 01.12.2026 01:30; "
        "основное время закончилось в 01.12.2026 01:00.\n⏰ Основное время вышло."
    ), expired.plain
    await emu.idle()
    assert count(emu, fixed("koth.expired")) == 1
    assert count(emu, fixed("koth.warning")) == 0  # a warning whose moment had passed
    assert pending_koth_timers(bot) == []
    await bot.restart()  # nothing is left to fire
    await emu.idle()
    clock.advance(timedelta(minutes=30))
    await emu.idle()
    assert count(emu, fixed("koth.expired")) == 1
    await ann.send(GROUP, "/queue")
    board = await emu.wait_bot_message(GROUP, contains=fixed("koth.phase_last_circle"))
    assert "осталось" not in board.plain


async def test_the_board_time_left_is_refreshed_every_five_minutes(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    org, _people = await setup_club(emu)
    board = await begin_tournament(emu, org)
    await emu.idle()
    chat = emu.chat(GROUP)

    def shown() -> str:
        return chat.messages[board.message_id].plain

    edits = chat.messages[board.message_id].edits
    assert "осталось 4:00" in shown()
    clock.advance(timedelta(minutes=4))
    await emu.idle()
    assert chat.messages[board.message_id].edits == edits and "осталось 4:00" in shown()
    clock.advance(timedelta(minutes=1))
    await emu.wait_for(lambda: f"{fixed('koth.board_time_left', 1)} 3:55" in shown())
    clock.advance(timedelta(hours=1))  # a jump: one refresh, not twelve
    await emu.wait_for(lambda: f"{fixed('koth.board_time_left', 1)} 2:55" in shown())
    await emu.idle()
    assert chat.messages[board.message_id].edits == edits + 2
    assert pending_koth_timers(bot) == ["koth_warn", "koth_expire", "koth_board"]
    clock.advance(timedelta(hours=3))  # expiry: the refresh stops with the main time
    await emu.wait_bot_message(GROUP, contains=fixed("koth.expired"))
    await emu.idle()
    assert pending_koth_timers(bot) == []
    assert "Последний круг" in shown() and "осталось" not in shown()
