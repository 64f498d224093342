"""Card tournaments as a club plays them (issue 12, item 13): the pairing message (the
tournament, the round's end, the opponent's points with their word), ``/pairings`` with and
without an end time, the reporter told of a confirmation, a dispute and a judge's decision,
``/repair`` marking the old pairing void, the judge's ``/pending`` and its nudge, and the
Top's board with seeds."""

from __future__ import annotations

import sqlite3
from functools import partial

from tests.e2e.drivers.swiss_club import GROUP, Club, pairing_of, registered
from tests.e2e.drivers.swiss_rounds import play_swiss, swiss_order
from tests.e2e.drivers.texts import fixed, round_title, ru
from tests.e2e.emulator import BotApiEmulator, SimMessage
from tests.e2e.harness import RunningBot

NAME = "Кубок <b>клуба</b>"  # as typed in the wizard: shown as text, not as markup
END = "21:50"  # the clock starts at 21:00 club time; a round lasts 50 minutes
WORDS = {30: "3 очка", 29: "2,9 очка", 10: "1 очко", 0: "0 очков"}
SEMI = ru("swiss.top_name", stage=ru("swiss.stage_semi_final"))


def said_to(emu: BotApiEmulator, club: Club, name: str, contains: str) -> list[str]:
    """What the bot said privately to one player, containing ``contains``."""
    return [m.plain for m in emu.bot_messages(club.users[name].id) if contains in m.plain]


def round_complete(round_no: int) -> str:
    """The group told that every result of the round is in."""
    return ru("swiss.round_complete", round=ru("swiss.round_name", round=round_no))


def open_tables(count: int) -> str:
    """The title of round 1's ``/pending``: its open tables."""
    return ru("swiss.pending_title", name=NAME, round=ru("swiss.round_name", round=1), count=count)


async def pairing(club: Club, name: str, round_no: int) -> SimMessage:
    table = f"{ru('swiss.round_name', round=round_no)}{fixed('swiss.pairing_table')}"
    return await club.wait_find(club.users[name], table, "Моя победа")


async def test_the_pairing_names_the_tournament_the_end_and_the_points_with_their_word(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = await registered(emu, players=5, rounds="3")
    await club.org.send(GROUP, "/begin")
    board = await emu.wait_for(
        lambda: club.board(f"{round_title(1, 3)} {fixed('swiss.board_title', 2)} {END}")
    )
    (_, a, b, _), (_, c, d, _) = club.tables(board)
    first = await pairing(club, a, 1)
    assert first.plain.splitlines() == [
        f"🃏 {NAME}",
        f"Тур 1: стол 1, соперник — {b} (0 очков). Удачи! Результат — кнопками.",
        f"⏱ Тур идёт до {END}.",
    ]
    bye = next(name for name in club.users if name not in (a, b, c, d))
    # Table 1 is drawn (1 point each), table 2 won by its first player; the bye has 2,9.
    await club.report(1, 1, a, "Ничья")
    assert await club.confirm(1, 1, b, "✅ Подтверждаю") == "Результат принят."
    await club.report(1, 2, c, "Моя победа")
    assert await club.confirm(1, 2, d, "✅ Подтверждаю") == "Результат принят."
    await emu.wait_bot_message(GROUP, contains=round_complete(1))
    points = {a: 10, b: 10, c: 30, d: 0, bye: 29}

    await club.org.send(GROUP, "/next_round")
    board2 = await emu.wait_for(lambda: club.board(round_title(2, 3)))
    seen = set()
    for table, x, y, _ in club.tables(board2):
        for me, other in ((x, y), (y, x)):
            message = await club.wait_find(club.users[me], pairing_of(2, table), "Моя победа")
            label = f"соперник — {other} ({WORDS[points[other]]})."
            assert label in message.plain, (message.plain, label)
            assert message.plain.startswith(f"🃏 {NAME}\n")
            seen.add(WORDS[points[other]])
    assert {"1 очко", "2,9 очка"} <= seen, seen

    # /pairings: the end while the round runs; after the finish no end, and no dangling «до».
    await club.users[a].send(GROUP, "/pairings")
    shown = await emu.wait_bot_message(GROUP, contains=f"{NAME} {round_title(2, 3)}")
    assert shown.plain.splitlines()[0] == board2.plain.splitlines()[0]
    assert board2.plain.splitlines()[0] == f"{NAME} · Тур 2 из 3 · до {END}"  # the clock stood
    await club.org.send(GROUP, "/finish")
    asked = await emu.wait_bot_message(GROUP, contains=fixed("swiss.confirm_finish"))
    await (await club.org.press(asked, "🏁 Да, завершить")).answer()
    await emu.wait_bot_message(GROUP, contains=fixed("swiss.finished_early", 1))
    await club.users[a].send(GROUP, "/pairings")
    last = await emu.wait_bot_message(GROUP, contains=fixed("tournament.finished_note", -1))
    title = next(line for line in last.plain.splitlines() if round_title(2, 3) in line)
    assert title == f"{NAME} · Тур 2 из 3"  # the round is over: no end time, no «до»


async def test_the_reporter_is_told_of_a_confirmation_a_dispute_and_the_judges_decision(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = await registered(emu, players=4, rounds="3")
    await club.org.send(GROUP, "/begin")
    board = await emu.wait_for(lambda: club.board(round_title(1, 3)))
    (_, a, b, _), (_, c, d, _) = club.tables(board)

    await club.report(1, 1, a, "Моя победа")
    assert await club.confirm(1, 1, b, "✅ Подтверждаю") == "Результат принят."
    confirmed = await club.wait_find(club.users[a], fixed("swiss.told_confirmed"), "")
    assert confirmed.plain == (
        f"✅ Результат подтверждён соперником (стол 1, тур 1): {a} — победа, {b} — поражение."
    )

    await club.report(1, 2, c, "Моя победа")
    assert await club.confirm(1, 2, d, "⚠️ Оспорить") == "Передано судье."
    disputed = await club.wait_find(club.users[c], fixed("swiss.told_disputed"), "")
    assert disputed.plain == (
        f"⚠️ Ваш результат оспорен соперником (стол 2, тур 1): {c} — победа, {d} — поражение. "
        "Решит судья — о решении я сообщу."
    )
    dispute = await club.wait_find(
        club.org,
        ru("results.dispute_for_judge", game=ru("swiss.label", table=2, round=1)),
        f"Победа: {d}",
    )
    answer = await (await club.org.press(dispute, f"Победа: {d}")).answer()
    assert answer.text == "Результат принят."
    decided = (
        f"⚖️ Результат вашей партии (стол 2, тур 1) внесён судьёй: {d} — победа, {c} — поражение."
    )
    for name in (c, d):
        told = await club.wait_find(club.users[name], fixed("swiss.result_told", 1), "")
        assert told.plain == decided, name
    await emu.wait_bot_message(GROUP, contains=round_complete(1))
    await emu.idle()
    for name in (c, d):  # once each
        assert len(said_to(emu, club, name, fixed("swiss.result_told", 1))) == 1
    assert len(said_to(emu, club, a, fixed("swiss.told_confirmed"))) == 1

    # Round 2: both players claim the win; the first is told of the other claim.
    await club.org.send(GROUP, "/next_round")
    board2 = await emu.wait_for(lambda: club.board(round_title(2, 3)))
    _, x, y, _ = club.tables(board2)[0]
    await club.report(2, 1, x, "Моя победа")
    pressed = await club.wait_find(club.users[y], pairing_of(2, 1), "Моя победа")
    answer = await (await club.users[y].press(pressed, "Моя победа")).answer()
    assert answer.text == "Передано судье."
    other = await club.wait_find(club.users[x], fixed("swiss.told_other_claim"), "")
    assert other.plain == (
        f"⚠️ От соперника другой результат (стол 1, тур 2): {y} — победа, {x} — поражение. "
        "Решит судья — о решении я сообщу."
    )
    # A later correction by /result: both told again, with what it was.
    await club.org.send(GROUP, "/result 1 2 a")
    table_2 = ru("swiss.label", table=2, round=1)
    await emu.wait_bot_message(
        GROUP, contains=f"{fixed('swiss.result_recorded_corrected')}{table_2})"
    )
    for name in (c, d):
        told = await club.wait_find(club.users[name], fixed("swiss.result_told_corrected", 1), "")
        assert told.plain == (
            f"⚖️ Результат вашей партии (стол 2, тур 1) исправлен судьёй: {c} — победа, "
            f"{d} — поражение. Было: {d} — победа, {c} — поражение."
        )


async def test_repair_marks_the_old_board_and_pairings_void(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = await registered(emu, players=4, rounds="3")
    await club.org.send(GROUP, "/begin")
    old_board = await emu.wait_for(lambda: club.board(round_title(1, 3)))
    (_, a, _, _), _ = club.tables(old_board)
    old = {name: await pairing(club, name, 1) for name in club.users}
    old_data = str(old[a].find_button("Моя победа")["callback_data"])
    await club.report(1, 1, a, "Моя победа")  # a report waiting: void with its pairing
    await emu.idle()

    await club.org.send(GROUP, "/repair")
    void = ru("swiss.repaired_void", round=1)

    def voided(message: SimMessage) -> bool | None:
        return emu.current(message).plain == void or None

    await emu.wait_for(lambda: voided(old_board))
    assert emu.current(old_board).plain == "❌ Пары тура 1 пересобраны — см. новые."
    for name, message in old.items():
        await emu.wait_for(partial(voided, message))
        assert emu.current(message).button_labels == [], name
    new_board = await emu.wait_for(
        lambda: next(
            (
                m
                for m in reversed(emu.bot_messages(GROUP))
                if round_title(1, 3) in m.plain and m.message_id != old_board.message_id
            ),
            None,
        )
    )
    assert "⏳" not in new_board.plain  # the old report waits for nothing now
    await emu.idle()
    with sqlite3.connect(bot.db_path) as conn:  # the edits were a durable job, done
        jobs = conn.execute("SELECT status FROM deadlines WHERE kind = 'job:swiss_void'")
        assert jobs.fetchall() == [("fired",)]
        statuses = conn.execute("SELECT status FROM reports").fetchall()
        assert statuses == [("void",)]
    answer = await (await club.users[a].press_data(old[a], old_data)).answer()
    assert answer.text == (
        "❌ Пары этого тура пересобраны: результат — кнопками нового сообщения о паре."
    )
    # The new pairing plays as usual.
    (_, na, nb, _), _ = club.tables(new_board)
    fresh = [m for m in emu.bot_messages(club.users[na].id) if pairing_of(1, 1) in m.plain]
    assert fresh and fresh[-1].button_labels
    asked_before = len(emu.bot_messages(club.users[nb].id))
    await club.report(1, 1, na, "Моя победа")
    request = await emu.wait_for(
        lambda: next(
            (
                m
                for m in emu.bot_messages(club.users[nb].id)[asked_before:]
                if "✅ Подтверждаю" in m.button_labels
            ),
            None,
        )
    )
    answer = await (await club.users[nb].press(request, "✅ Подтверждаю")).answer()
    assert answer.text == "Результат принят."


async def test_pending_lists_open_tables_and_nudges_just_their_players(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = await registered(emu, players=6, rounds="3")
    await club.org.send(GROUP, "/begin")
    board = await emu.wait_for(lambda: club.board(round_title(1, 3)))
    (_, a, b, _), (_, c, d, _), (_, e, f, _) = club.tables(board)
    await club.report(1, 1, a, "Моя победа")  # waits for b
    await club.report(1, 3, e, "Моя победа")
    assert await club.confirm(1, 3, f, "✅ Подтверждаю") == "Результат принят."
    await emu.idle()

    await club.users[a].send(GROUP, "/pending")
    refused = await emu.wait_bot_message(GROUP, contains=fixed("common.not_allowed"))
    assert refused.plain == "Это может сделать только организатор или судья турнира."
    await club.org.send(GROUP, "/pending")
    listed = await emu.wait_bot_message(GROUP, contains=open_tables(2))
    assert listed.plain.splitlines() == [
        f"{NAME} · Тур 1: открытые столы (2):",
        f"Стол 1: {a} — {b} · ждёт подтверждения · сообщает {a}",
        f"Стол 2: {c} — {d} · результата нет",
    ]
    button = "🔔 Напомнить игрокам открытых столов"
    answer = await (await club.users[a].press(listed, button)).answer()
    assert answer.text == "Это может сделать только организатор или судья турнира."
    assert not any(said_to(emu, club, name, fixed("swiss.nudge")) for name in club.users)
    answer = await (await club.org.press(listed, button)).answer()
    assert answer.text == "🔔 Напоминание отправлено: игроков — 3."
    await emu.idle()
    confirm = await club.wait_find(club.users[b], fixed("swiss.nudge_confirm"), "✅ Подтверждаю")
    assert confirm.plain == (
        f"🔔 Напоминание от судьи: «{NAME}», стол 1, тур 1, соперник — {a}. Результат от "
        f"соперника: {a} — победа, {b} — поражение. Подтвердите или оспорьте кнопками ниже."
    )
    for name, other in ((c, d), (d, c)):
        nudge = await club.wait_find(club.users[name], fixed("swiss.nudge"), "Моя победа")
        assert nudge.plain == (
            f"🔔 Напоминание от судьи: «{NAME}», стол 2, тур 1, соперник — {other}. "
            "Внесите результат кнопками ниже."
        )
    for name in (a, e, f):  # the reporter waits; table 3 is settled
        assert not said_to(emu, club, name, fixed("swiss.nudge")), name
    # The nudge's buttons work: b confirms, c reports.
    nudge = await club.wait_find(club.users[b], fixed("swiss.nudge_confirm"), "✅ Подтверждаю")
    answer = await (await club.users[b].press(nudge, "✅ Подтверждаю")).answer()
    assert answer.text == "Результат принят."
    nudge = await club.wait_find(club.users[c], fixed("swiss.nudge"), "Моя победа")
    answer = await (await club.users[c].press(nudge, "Моя победа")).answer()
    assert answer.text == "Отправлено сопернику на подтверждение."
    await emu.idle()
    await club.org.send(GROUP, "/pending")
    again = await emu.wait_bot_message(GROUP, contains=open_tables(1))
    assert again.plain.splitlines()[1] == f"Стол 2: {c} — {d} · ждёт подтверждения · сообщает {c}"


async def test_the_top_board_and_pairings_show_seeds(emu: BotApiEmulator, bot: RunningBot) -> None:
    club = await registered(emu, players=5, rounds="3", top="4")
    await club.org.send(GROUP, "/begin")
    await play_swiss(club, 3, 3)
    s1, s2, s3, s4, _ = await swiss_order(club, 3)
    await club.org.send(GROUP, "/next_round")
    semi = await emu.wait_for(lambda: club.board(SEMI))
    lines = semi.plain.splitlines()
    assert lines[1].startswith(f"Стол 1  {s1} (#1) — {s4} (#4)  "), lines
    assert lines[2].startswith(f"Стол 2  {s2} (#2) — {s3} (#3)  "), lines
    told = await club.wait_find(club.users[s1], pairing_of(SEMI, 1), "Моя победа")
    assert told.plain.splitlines()[:2] == [
        f"🃏 {NAME}",
        f"ТОП: полуфинал, стол 1, соперник — {s4} (посев №4). Удачи! Результат — кнопками.",
    ]
    assert told.plain.splitlines()[2].startswith("⏱ Тур идёт до ")
