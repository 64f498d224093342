"""A report taken back, and a group that stays readable (issue 12, items 4, 10, 11).

Played as a club plays: a mistaken «Я выиграл» changed to «Я проиграл» or withdrawn before the
opponent answers (his old request then says so, and its buttons are gone or refused), the
change racing the opponent's confirmation; the judges' decision buttons and every result
button of a settled game replaced by one line; the live board pinned where the bot may pin,
re-posted at the bottom where it may not.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import timedelta

from tests.clock import ManualClock
from tests.e2e.drivers import koth_club, swiss_club
from tests.e2e.drivers.koth_club import BOB, GROUP, begin_tournament, has_buttons, press, setup_club
from tests.e2e.drivers.texts import fixed, round_title, ru
from tests.e2e.emulator import BotApiEmulator, SimMessage, SimUser
from tests.e2e.harness import RunningBot

ESCAPED_BOB = BOB  # names are shown as typed (escaped once)
GAME_1 = "партия 1, «Пятничный»"
ANN_WON = f"Ann — победа, {BOB} — поражение"
BOB_WON = f"{BOB} — победа, Ann — поражение"


def query(bot: RunningBot, sql: str, *args: object) -> list[tuple[object, ...]]:
    with sqlite3.connect(bot.db_path) as conn:
        return conn.execute(sql, args).fetchall()


def now(emu: BotApiEmulator, message: SimMessage) -> SimMessage:
    """The message as its reader sees it now (after the bot's edits)."""
    return emu.current(message)


async def becomes(emu: BotApiEmulator, message: SimMessage, text: str) -> None:
    """The message is edited to ``text`` (as read), without buttons."""

    def done() -> bool:
        shown = now(emu, message)
        return shown.plain == text and not has_buttons(shown)

    await emu.wait_for(done)


def settled(table: int, winner: str, loser: str) -> str:
    """The one line of a settled game of round 1 (a Swiss table), its buttons gone."""
    claim = ru("results.claim_win", winner=winner, score="", loser=loser)
    return ru("results.settled_line", game=ru("swiss.label", table=table, round=1), claim=claim)


def data_of(message: SimMessage, label: str) -> str:
    return str(message.find_button(label)["callback_data"])


async def answer(user: SimUser, message: SimMessage, data: str) -> str:
    """Press a button by its data (a stale one the reader still has on an old screen)."""
    return (await (await user.press_data(message, data)).answer()).text or ""


async def note_of(emu: BotApiEmulator, user: SimUser, claim: str) -> SimMessage:
    """The reporter's own note of his pending report (with «Отозвать»)."""
    return await emu.wait_for(
        lambda: next(
            (
                m
                for m in reversed(emu.bot_messages(user.id))
                if m.plain.startswith(f"{fixed('results.report_sent')} {claim}")
                and "↩️ Отозвать" in m.button_labels
            ),
            None,
        )
    )


async def request_to(emu: BotApiEmulator, user: SimUser, claim: str) -> SimMessage:
    """The newest confirmation request to ``user`` that claims ``claim``, with its buttons."""
    return await emu.wait_for(
        lambda: next(
            (
                m
                for m in reversed(emu.bot_messages(user.id))
                if claim in m.plain
                and fixed("results.confirm_request", -1) in m.plain
                and has_buttons(m)
            ),
            None,
        )
    )


async def test_a_mistaken_report_is_changed_then_withdrawn_and_old_requests_are_stale(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    org, (ann, bob, *_rest) = await setup_club(emu)
    await begin_tournament(emu, org)
    pair = await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.pair')} 1:")
    ann_play = await ann.wait_message(contains=f"{fixed('koth.you_play')} 1")
    group_mark = emu.mark(GROUP)

    # Ann presses «Я выиграл»: Bob is asked; Ann gets her note with «Отозвать».
    assert await press(ann, pair, "Моя победа") == "Отправлено сопернику на подтверждение."
    first = await request_to(emu, bob, ANN_WON)
    assert first.plain == f"Ann сообщает: {ANN_WON} ({GAME_1}). Верно?"
    first_note = await note_of(emu, ann, ANN_WON)
    assert first_note.plain == (
        f"📨 Вы сообщили: {ANN_WON} ({GAME_1}). Ждём подтверждения, соперник: {BOB}.\n"
        "Ошиблись? Нажмите верный результат — он заменит этот, — или отзовите."
    )
    old_confirm = data_of(first, "✅ Подтверждаю")

    # The same claim again: told truthfully that it waits for Bob; Bob is not asked again.
    again = await press(ann, pair, "Моя победа")
    assert again == f"Уже отправлено: ждём подтверждения соперника ({BOB})."
    await emu.idle()
    assert (
        sum(fixed("results.confirm_request", -1) in m.plain for m in emu.bot_messages(bob.id)) == 1
    )

    # She meant «Я проиграл»: the new claim replaces the old one.
    changed = await press(ann, ann_play, "Моё поражение")
    assert changed == "Изменено: сопернику отправлен новый запрос, прежний больше не действует."
    second = await request_to(emu, bob, BOB_WON)
    assert second.plain == f"Ann сообщает: {BOB_WON} ({GAME_1}). Верно?"
    await emu.wait_for(lambda: not has_buttons(now(emu, first)) or None)
    assert now(emu, first).plain == (
        f"✏️ Запрос изменён, ответьте на новый. Было: {ANN_WON} ({GAME_1})."
    )
    await becomes(emu, first_note, ru("results.request_replaced_mine", claim=ANN_WON, game=GAME_1))
    second_note = await note_of(emu, ann, BOB_WON)

    # Bob's old screen still shows the first request: its button is refused, clearly.
    stale = await answer(bob, first, old_confirm)
    assert stale == "Этот запрос устарел: результат изменён, ответьте на новый запрос."

    # The durable jobs follow: the first revision's request and reminder are cancelled, the
    # second's are stored; ten minutes on, Bob is reminded of the second claim only.
    report_id = query(bot, "SELECT id FROM reports WHERE reporter_id = 1")[0][0]
    jobs = query(
        bot,
        "SELECT kind, status, payload_json FROM deadlines WHERE ref_id = ? AND kind IN "
        "('job:confirm_request', 'confirm_reminder') ORDER BY id",
        report_id,
    )
    assert [(kind, status, json.loads(str(p))["rev"]) for kind, status, p in jobs] == [
        ("job:confirm_request", "fired", 0),  # sent at once
        ("confirm_reminder", "cancelled", 0),
        ("job:confirm_request", "fired", 1),
        ("confirm_reminder", "pending", 1),
    ]
    clock.advance(timedelta(minutes=11))
    reminder = await bob.wait_message(contains=fixed("results.reminder"))
    assert reminder.plain.endswith(f"Ann сообщает: {BOB_WON} ({GAME_1}). Верно?")
    await emu.idle()
    assert sum(fixed("results.reminder") in m.plain for m in emu.bot_messages(bob.id)) == 1

    # Ann withdraws: Bob's request and reminder say so and lose their buttons.
    withdrawn_data = data_of(second, "⚠️ Оспорить")
    assert await press(ann, second_note, "↩️ Отозвать") == "Сообщение о результате отозвано."
    await emu.wait_for(lambda: not has_buttons(now(emu, second)) or None)
    assert now(emu, second).plain == (
        f"↩️ Запрос отозван, отвечать не нужно. Было: {BOB_WON} ({GAME_1})."
    )
    await emu.wait_for(lambda: not has_buttons(now(emu, reminder)) or None)
    await becomes(
        emu, second_note, ru("results.request_withdrawn_mine", claim=BOB_WON, game=GAME_1)
    )
    gone = await answer(bob, second, withdrawn_data)
    assert gone == "Этот запрос отозван: отвечать на него не нужно."
    told_bob = len(emu.bot_messages(bob.id))
    clock.advance(timedelta(minutes=11))  # nothing left to remind of
    await emu.idle()
    assert len(emu.bot_messages(bob.id)) == told_bob

    # She reports again (a win after all); Bob confirms; every button of game 1 is one line.
    assert await press(ann, pair, "Моя победа") == "Отправлено сопернику на подтверждение."
    third = await request_to(emu, bob, ANN_WON)
    third_note = await note_of(emu, ann, ANN_WON)
    assert await press(bob, third, "✅ Подтверждаю") == "Результат принят."
    line = ru("results.settled_line", game=GAME_1, claim=ANN_WON)
    for message in (pair, ann_play, third, third_note):
        await becomes(emu, message, line)
    bob_play = next(
        m
        for m in emu.bot_messages(bob.id)
        if m.plain.startswith(f"{fixed('results.settled_line')} {GAME_1}")
    )
    assert bob_play.plain == line and not has_buttons(bob_play)
    assert query(bot, "SELECT status, revision FROM reports WHERE id = ?", report_id) == [
        ("confirmed", 2)  # revisions: the win, the loss (withdrawn), the win again
    ]
    # The group was told nothing of the back and forth: one line for the game, nothing more
    # than the next pair (and the board, edited in place).
    await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.pair')} 2:", since=group_mark)
    told = [m.plain for m in emu.bot_messages(GROUP)[-3:]]
    assert not any(
        fixed("results.confirm_request") in text or fixed("results.request_withdrawn_mine") in text
        for text in told
    )


async def test_a_change_racing_the_confirmation_one_wins_the_other_is_told(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    org, (ann, bob, *_rest) = await setup_club(emu)
    await begin_tournament(emu, org)
    pair = await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.pair')} 1:")
    await press(ann, pair, "Моя победа")
    request = await request_to(emu, bob, ANN_WON)

    # At the same moment: Ann changes to «Я проиграл», Bob confirms her win.
    change = await ann.press(pair, "Моё поражение")
    confirm = await bob.press(request, "✅ Подтверждаю")
    told = ((await change.answer()).text, (await confirm.answer()).text)
    confirm_won = (
        "Результат уже принят или партия уже не текущая.",
        "Результат принят.",
    )
    change_won = (
        "Изменено: сопернику отправлен новый запрос, прежний больше не действует.",
        "Этот запрос устарел: результат изменён, ответьте на новый запрос.",
    )
    assert told in (confirm_won, change_won), told
    if told == change_won:  # Bob answers the new request: Bob won game 1
        await press(bob, await request_to(emu, bob, BOB_WON), "✅ Подтверждаю")
    winner = "Ann" if told == confirm_won else BOB
    games = query(bot, "SELECT payload_json FROM events WHERE kind = 'game'")
    assert [json.loads(str(p))["w"] for (p,) in games] == [1 if winner == "Ann" else 2]
    line = ru("results.settled_line", game=GAME_1, claim=ANN_WON if winner == "Ann" else BOB_WON)
    await becomes(emu, pair, line)


async def test_the_judges_buttons_go_once_the_players_agree_or_a_judge_decides(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    club = await swiss_club.registered(emu, players=4, rounds="3")
    await club.org.send(GROUP_SW, "/begin")
    board = await emu.wait_for(lambda: club.board(round_title(1, 3)))
    (t1, a1, b1, _), (t2, a2, b2, _) = club.tables(board)
    org = club.org

    # Table 1: reported, unconfirmed for ten minutes: the judge gets his buttons; then the
    # opponent confirms after all — the judge's buttons become the result line.
    await club.report(1, t1, a1, "Моя победа")
    clock.advance(timedelta(minutes=11))
    late = await org.wait_message(
        contains=fixed("results.unconfirmed_for_judge"), predicate=has_buttons
    )
    assert await club.confirm(1, t1, b1, "✅ Подтверждаю") == "Результат принят."
    line_1 = settled(t1, a1, b1)
    await becomes(emu, late, line_1)

    # Table 2: disputed; the judge settles it with /result: the dispute's buttons go too, as
    # do both players' pairing buttons.
    await club.report(1, t2, a2, "Моя победа")
    assert await club.confirm(1, t2, b2, "⚠️ Оспорить") == "Передано судье."
    dispute = await org.wait_message(
        contains=fixed("results.dispute_for_judge"), predicate=has_buttons
    )
    pairing = club.find(club.users[a2], swiss_club.pairing_of(1, t2), "Моя победа")
    assert pairing is not None
    await org.send(GROUP_SW, f"/result {t2} b")
    line_2 = settled(t2, b2, a2)
    for message in (dispute, pairing):
        await becomes(emu, message, line_2)


GROUP_SW = swiss_club.GROUP


async def test_a_decision_button_settles_and_every_buttons_message_becomes_one_line(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = await swiss_club.registered(emu, players=4, rounds="3")
    await club.org.send(GROUP_SW, "/begin")
    board = await emu.wait_for(lambda: club.board(round_title(1, 3)))
    (t1, a1, b1, _), _second = club.tables(board)
    ann, bob = club.users[a1], club.users[b1]
    await ann.send(ann.id, "/report")  # /report's copy of the buttons is replaced too
    shown = await ann.wait_message(contains=fixed("report.ask"), predicate=has_buttons)
    await club.report(1, t1, a1, "Моя победа")
    assert await club.confirm(1, t1, b1, "⚠️ Оспорить") == "Передано судье."
    dispute = await club.org.wait_message(
        contains=fixed("results.dispute_for_judge"), predicate=has_buttons
    )
    assert await press(club.org, dispute, f"Победа: {b1}") == "Результат принят."
    line = settled(t1, b1, a1)
    pairings = [club.find(user, swiss_club.pairing_of(1, t1), "") for user in (ann, bob)]
    for message in (dispute, shown, *pairings):
        assert message is not None
        await becomes(emu, message, line)


async def test_the_board_is_pinned_where_the_bot_may_pin(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = await swiss_club.registered(emu, players=4, rounds="3")
    emu.chat(GROUP_SW).bot_status = "administrator"
    await club.org.send(GROUP_SW, "/begin")
    first = await emu.wait_for(lambda: club.board(round_title(1, 3)))
    await emu.wait_for(lambda: emu.chat(GROUP_SW).pinned == [first.message_id] or None)
    await club.play(1, round_title(1, 3))
    for _ in range(12):  # a busy group: a pinned board stays where it is
        await club.org.send(GROUP_SW, "/standings")
        await emu.wait_bot_message(GROUP_SW, contains=fixed("swiss.standings_title"))
    await club.org.send(GROUP_SW, "/next_round")
    second = await emu.wait_for(lambda: club.board(round_title(2, 3)))
    # the new round's board is pinned, the old one unpinned; nothing was re-posted
    pinned = emu.chat(GROUP_SW).pinned
    await emu.idle()
    assert pinned == [second.message_id], (pinned, first.message_id, second.message_id)
    assert not now(emu, first).deleted
    assert sum(round_title(1, 3) in m.plain for m in emu.bot_messages(GROUP_SW)) == 1


async def test_the_board_is_posted_again_at_the_bottom_where_the_bot_may_not_pin(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    org, (ann, bob, *_rest) = await setup_club(emu)
    board = await begin_tournament(emu, org)
    assert emu.chat(GROUP).pinned == []
    await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.pair')} 1:")
    for _ in range(12):  # the group moves on (the board is not pinned: the bot may not pin)
        await org.send(GROUP, "/queue")
        await emu.wait_bot_message(GROUP, contains=fixed("koth.board_title"), edits=False)
        await emu.idle()
        if emu.chat(GROUP).messages[board.message_id].deleted:
            break
    (moved_id,) = query(bot, "SELECT board_message_id FROM tournaments")[0]
    moved = emu.chat(GROUP).messages[int(str(moved_id))]
    between = [
        m
        for m in emu.messages(GROUP)
        if m.from_bot and board.message_id < m.message_id < moved.message_id
    ]
    assert len(between) == 10  # re-posted after ten messages of the bot since it was posted
    assert emu.chat(GROUP).messages[board.message_id].deleted
    assert moved.plain.startswith("👑 Царь горы — «Пятничный»")
    # the board at the bottom is the live one: game 1's result shows on it
    await koth_club.win(emu, 1, ann, bob, since=0)
    await emu.wait_for(lambda: "Ann 👑: 1 /" in now(emu, moved).plain or None)
