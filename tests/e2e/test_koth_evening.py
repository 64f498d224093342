"""King of the Hill as a club reads it through an evening (issue 22, items 4–10): who is told he
plays next across a circle's end, the eliminations of the last circle's last game, where a
result at the table stands, the final called in the order of the game call, the journal, a
warning the clock jumped past, and the board's title and phase lines."""

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
    say,
    setup_club,
    win,
)
from tests.e2e.drivers.texts import fixed, ru
from tests.e2e.emulator import BotApiEmulator, SimMessage, SimUser
from tests.e2e.harness import RunningBot


def board_of(emu: BotApiEmulator, board: SimMessage) -> str:
    return emu.chat(GROUP).messages[board.message_id].plain


async def board_shows(emu: BotApiEmulator, board: SimMessage, text: str) -> str:
    """The live board once it shows ``text``."""
    await emu.wait_for(lambda: text in board_of(emu, board) or None)
    return board_of(emu, board)


def told(user: SimUser, key: str) -> list[str]:
    """The private messages of ``user`` that are the text ``key``."""
    return [m.plain for m in user.messages() if fixed(key) in m.plain]


async def test_the_player_who_opens_the_next_circle_is_told_he_is_next(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    org, (ann, bob, cid, dan, eve) = await setup_club(emu)
    board = await begin_tournament(emu, org)
    await win(emu, 1, bob, ann)
    await win(emu, 2, cid, bob)
    mark = emu.mark()
    await win(emu, 3, dan, cid)  # game 4, Dan — Eve, ends circle 1: Ann opens circle 2
    await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.pair')} 4: Dan 👑 — Eve", since=mark)
    await ann.wait_message(contains=fixed("koth.you_are_next"))
    assert told(ann, "koth.you_are_next") == [ru("koth.you_are_next", n=4, a="Dan", b="Eve")]
    shown = await board_shows(emu, board, fixed("koth.board_next_circle"))
    assert ru("koth.board_next_circle", circle=2, name="Ann") in shown
    assert "Дальше: —" not in shown
    await win(emu, 4, eve, dan, since=mark)
    await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.pair')} 5: Eve 👑 — Ann", since=mark)
    await board_shows(emu, board, f"{fixed('koth.board_next')} {BOB} → Cid → Dan")


async def test_p1_at_the_circles_last_game_leaves_the_next_circle_to_its_result(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    org, (ann, bob, cid, dan, eve) = await setup_club(emu)
    board = await begin_tournament(emu, org)
    await win(emu, 1, ann, bob)
    await win(emu, 2, ann, cid)
    mark = emu.mark()
    await win(emu, 3, ann, dan)  # game 4, Ann — Eve: if Eve wins, Ann opens circle 2 at once
    await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.pair')} 4: Ann 👑 — Eve", since=mark)
    await board_shows(emu, board, ru("koth.board_next_circle_open"))
    await emu.idle()
    assert told(bob, "koth.you_are_next") == []  # nobody knows yet: no false warning
    await win(emu, 4, eve, ann, since=mark)
    await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.pair')} 5: Eve 👑 — Ann", since=mark)
    await bob.wait_message(contains=fixed("koth.you_are_next"))
    assert told(bob, "koth.you_are_next") == [ru("koth.you_are_next", n=5, a="Eve", b="Ann")]


async def test_the_last_circles_last_game_tells_who_it_put_out(
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
    clock.advance(timedelta(hours=4))  # circle 2 is the last
    await emu.wait_bot_message(GROUP, contains=fixed("koth.expired"))
    await win(emu, 5, dan, ann, since=mark)
    await win(emu, 6, bob, dan)
    await win(emu, 7, cid, bob)
    mark = emu.mark()
    await win(emu, 8, eve, cid)  # the circle's last game: Cid out (2 > 1), Eve plays extra games
    extra = await emu.wait_bot_message(GROUP, contains=fixed("koth.extra_begin"), since=mark)
    reason = ru("koth.reason_last_circle", remainder=2, leader=1)
    assert extra.plain == "\n".join(
        [
            ru("koth.extra_begin", count=2, leaders=f"{BOB}, Dan", king="Eve"),
            ru("koth.eliminated_now", lines=ru("koth.out_line", name="Cid", reason=reason)),
        ]
    )
    await cid.wait_message(contains=fixed("koth.stay_or_leave"))
    await emu.idle()
    cid_out = ru("koth.out_line", name="Cid", reason=reason)
    assert sum(cid_out in m.plain for m in emu.bot_messages(GROUP)) == 1  # said once


async def test_the_board_names_who_reported_the_result_and_who_confirms_it(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    org, (ann, bob, *_rest) = await setup_club(emu)
    board = await begin_tournament(emu, org)
    first = await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.pair')} 1:")
    assert fixed("results.sent_for_confirmation") in await press(
        bob, first, "Моё поражение"
    )  # the loser says
    shown = await board_shows(emu, board, "⏳")
    pending = ru("koth.table_pending", reporter=BOB, winner="Ann", confirmer="Ann")
    assert f"{fixed('koth.board_table')} Ann — {BOB}\n{pending}\n" in shown
    assert pending.startswith(f"⏳ {BOB} ")  # the reporter first, not the winner
    ask = await ann.wait_message(
        contains=fixed("results.confirm_request", -1), predicate=has_buttons
    )
    await press(ann, ask, "Подтверждаю")  # the one the board named
    shown = await board_shows(emu, board, f"{fixed('koth.board_table')} Ann 👑 — Cid")
    assert "⏳" not in shown


async def test_the_final_is_called_in_the_order_of_its_game(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    org, (ann, bob, cid, dan, eve) = await setup_club(emu)
    start = emu.mark()
    board = await begin_tournament(emu, org)
    clock.advance(timedelta(hours=4))  # circle 1 is the last
    await emu.wait_bot_message(GROUP, contains=fixed("koth.expired"))
    await win(emu, 1, ann, bob, since=start)
    await win(emu, 2, ann, cid)
    await win(emu, 3, dan, ann)
    mark = emu.mark()
    await win(emu, 4, dan, eve)  # Dan ends the circle level with the Leader Ann: a final
    final = await emu.wait_bot_message(GROUP, contains=fixed("koth.final_begin"), since=mark)
    call = await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.pair')} 5:", since=mark)
    assert call.plain == ru("koth.pair", n=5, a="Dan", crown=" 👑", b="Ann")
    assert final.plain.startswith(ru("koth.final_begin", names="Dan — Ann") + "\n")
    shown = await board_shows(emu, board, fixed("koth.phase_final_line"))
    assert ru("koth.phase_final_line", names="Dan — Ann") in shown
    assert shown.splitlines()[0] == ru("koth.board_title", name="Пятничный")  # no «· круг 1»


async def test_the_journal_names_a_players_own_choice_once_and_counts_what_it_lists(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    org, (ann, bob, cid, dan, _eve) = await setup_club(emu)
    await begin_tournament(emu, org)
    await win(emu, 1, ann, bob)
    await win(emu, 2, ann, cid)
    await win(emu, 3, ann, dan)
    await say(emu, org, "/extend 30", fixed("koth.extended"))
    clock.advance(timedelta(hours=4, minutes=30))
    await emu.wait_bot_message(GROUP, contains=fixed("koth.expired"))  # Cid and Dan are out
    choice = await cid.wait_message(contains=fixed("koth.stay_or_leave"), predicate=has_buttons)
    assert fixed("koth.left") in await press(cid, choice, "Ухожу")
    assert fixed("koth.staying") in await press(cid, choice, "Остаюсь")  # changed his mind
    log = await say(emu, org, "/log", fixed("koth.log_title"))
    lines = log.plain.splitlines()
    assert any(line.endswith(f" · Cid: {ru('koth.log_leave')}") for line in lines), lines
    assert any(line.endswith(f" · Cid: {ru('koth.log_stay')}") for line in lines), lines
    assert "Cid: Cid" not in log.plain
    by_olga = [line for line in lines if " · Olga (@olga): " in line]
    assert [line.split(": ", 1)[1] for line in by_olga] == [
        ru("koth.log_begin"),
        ru("koth.log_extend", minutes=30),
    ]
    # /add ×5, /norms ×5 and /draw are in the audit log, not in this journal: not counted
    assert lines[-1] == ru("koth.log_audit", count=len(by_olga))


def warn_statuses(bot: RunningBot) -> list[str]:
    with sqlite3.connect(bot.db_path) as conn:
        rows = conn.execute("SELECT status FROM deadlines WHERE kind = 'koth_warn' ORDER BY id")
        return [r[0] for r in rows]


async def test_a_warning_the_clock_jumped_past_is_dropped(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    org, _people = await setup_club(emu)
    await begin_tournament(emu, org)
    await emu.idle()
    clock.advance(timedelta(hours=3, minutes=50))  # 15 minutes before the end was 5 minutes ago
    await emu.wait_for(lambda: warn_statuses(bot) == ["dropped"] or None)
    await say(emu, org, "/extend 30", f"{fixed('koth.extended')} 30")  # a new warning, at 4:15
    clock.advance(timedelta(minutes=41))  # past the new warning and past the end (4:30)
    await emu.wait_bot_message(GROUP, contains=fixed("koth.expired"))
    await emu.idle()
    assert warn_statuses(bot) == ["dropped", "dropped"]
    assert not [m for m in emu.bot_messages(GROUP) if fixed("koth.warning") in m.plain]


async def test_the_boards_title_and_phase_line_say_each_thing_once(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    org, (ann, bob, cid, dan, eve) = await setup_club(emu)
    start = emu.mark()
    board = await begin_tournament(emu, org)
    title = ru("koth.board_title", name="Пятничный")
    head = board_of(emu, board).splitlines()
    assert head[0].startswith(f"{title}{ru('koth.board_circle', circle=1)} ")
    assert fixed("koth.board_time_left") in head[0]
    assert head[1] == ru("koth.board_average", average="914,02")  # no «Основное время» under it
    clock.advance(timedelta(hours=4))  # circle 1 is the last
    await emu.wait_bot_message(GROUP, contains=fixed("koth.expired"))
    head = (await board_shows(emu, board, fixed("koth.phase_last_circle"))).splitlines()
    assert head[:2] == [f"{title}{ru('koth.board_circle', circle=1)}", ru("koth.phase_last_circle")]
    await win(emu, 1, ann, bob, since=start)
    await win(emu, 2, ann, cid)
    await win(emu, 3, ann, dan)
    mark = emu.mark()
    await win(emu, 4, eve, ann)  # Eve ends the circle behind the Leader Ann: extra games
    await emu.wait_bot_message(GROUP, contains=fixed("koth.extra_begin"), since=mark)
    head = (await board_shows(emu, board, fixed("koth.phase_extra_line"))).splitlines()
    assert head[0] == title  # no circle in the extra games
    assert head[1].startswith(fixed("koth.phase_extra_line"))
    assert fixed("koth.board_circle") not in board_of(emu, board)
