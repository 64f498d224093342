"""A club's judge at work in a card tournament, played through the emulator: corrections of
earlier rounds (808), best-of-three game scores on every path and the rating of each game,
the double loss, score groups that count a bye as a win, and names with HTML in them."""

from __future__ import annotations

import json
import re
import sqlite3

from bot.swiss import SwissService
from tests.e2e.drivers.crash import crash_before
from tests.e2e.drivers.judged import BO3, MTG, JudgedClub, query
from tests.e2e.drivers.swiss_club import GROUP, game_label
from tests.e2e.drivers.texts import fixed, round_title, ru
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import RunningBot

SEMI = ru("swiss.top_name", stage=ru("swiss.stage_semi_final"))
FINAL = ru("swiss.top_name", stage=ru("swiss.stage_final"))
CORRECTED = fixed("swiss.result_recorded_corrected")
"""The judge's correction by ``/result``, in the group."""
RECORDED = fixed("swiss.result_recorded")
"""The judge's result by ``/result``, in the group."""
TOLD_CORRECTED = fixed("swiss.result_told_corrected", 1)
"""A player told that the judge corrected his result."""


def round_complete(round_no: int) -> str:
    """The group told that every result of the round is in."""
    return ru("swiss.round_complete", round=ru("swiss.round_name", round=round_no))


def dispute_of(round_no: int, table: int) -> str:
    """The judge asked to decide a disputed result."""
    return ru("results.dispute_for_judge", game=ru("swiss.label", table=table, round=round_no))


async def test_a_judge_corrects_earlier_rounds_and_the_next_pairings_follow(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = JudgedClub(emu, players=4)
    await club.register_all(await club.create(rounds="3", top="2"))
    await club.org.send(GROUP, "/begin")
    (_, a, b, _), (_, c, d, _) = await club.play(1, round_title(1, 3))  # a and c win
    await emu.wait_bot_message(GROUP, contains=round_complete(1))

    # Round 1, table 1 was reported the wrong way round: b won. Named, with a reason.
    answer = await club.judge_says("/result 1 1 b ошибка в отчёте", CORRECTED)
    assert answer == (
        f"⚖️ Результат исправлен (стол 1, тур 1): {b} — победа, {a} — поражение. "
        f"Было: {a} — победа, {b} — поражение.\nПричина: ошибка в отчёте"
    )
    for player in (a, b):  # both players are told, privately
        told = await club.wait_find(club.users[player], TOLD_CORRECTED, "")
        assert told.chat_id == club.users[player].id
        assert f"(стол 1, тур 1) исправлен судьёй: {b} — победа, {a} — поражение" in told.plain
    assert club.private(club.users[c], TOLD_CORRECTED) is None
    standings = await club.standings(1)
    assert {name: pts for name, (pts, _) in standings.items()} == {b: "3", c: "3", a: "0", d: "0"}

    # Round 2 pairs the corrected winners: b meets c, a meets d (uncorrected: a–c, b–d).
    await club.org.send(GROUP, "/next_round")
    board2 = await emu.wait_for(lambda: club.board(round_title(2, 3)))
    tables2 = club.tables(board2)
    assert {frozenset((x, y)) for _, x, y, _ in tables2} == {frozenset((b, c)), frozenset((a, d))}

    # Round 2 is paired; now round 1's table 2 is corrected too (d won). Round 2 stands.
    answer = await club.judge_says("/result 1 2 b", CORRECTED)
    assert "(стол 1, тур 1)" not in answer  # table 2 of round 1
    assert answer.startswith(f"⚖️ Результат исправлен (стол 2, тур 1): {d} — победа, {c} —")
    assert "Пары уже составленных туров остаются" in answer
    after = club.board(round_title(2, 3))
    assert after is not None and [t[1:3] for t in club.tables(after)] == [t[1:3] for t in tables2]
    assert f"{d} (3)" in after.plain and f"{c} (0)" in after.plain  # points before round 2
    standings = await club.standings(1)  # round 2 is under way: it counts nothing yet
    assert {name: pts for name, (pts, _) in standings.items()} == {b: "3", d: "3", a: "0", c: "0"}

    winners2 = [x for _, x, _, _ in tables2]  # the first player of each table wins round 2
    await club.play(2, round_title(2, 3))
    await club.org.send(GROUP, "/next_round")
    board3 = await emu.wait_for(lambda: club.board(round_title(3, 3)))
    assert {frozenset(t[1:3]) for t in club.tables(board3)} == {
        frozenset((a, c)),
        frozenset((b, d)),
    }
    winners3 = [x for _, x, _, _ in club.tables(board3)]
    await club.play(3, round_title(3, 3))
    wins = {name: 0 for name in (a, b, c, d)}
    for name in [b, d, *winners2, *winners3]:  # round 1 as corrected, then rounds 2 and 3
        wins[name] += 1
    standings = await club.standings(3)
    assert {name: pts for name, (pts, _) in standings.items()} == {
        name: str(3 * n) for name, n in wins.items()
    }

    # The Top's final: the usage lists only what the Top allows.
    await club.org.send(GROUP, "/next_round")
    final = await emu.wait_for(lambda: club.board(FINAL))
    ((_, x, y, _),) = club.tables(final)
    refusal = await club.judge_says("/result 1 draw", fixed("swiss.result_usage_top"))
    assert "<a|b|ta|tb>" in refusal and "draw" not in refusal and "dl" not in refusal
    await club.judge_says("/result 1 dl", fixed("swiss.result_usage_top"))
    await club.judge_says("/result 9 1 a", ru("swiss.result_no_round", round=9))
    await club.judge_says("/result 1 7 a", ru("swiss.result_no_round_table", round=1, table=7))
    await club.users[a].send(GROUP, "/result 1 1 a")
    await emu.wait_bot_message(GROUP, contains=fixed("common.not_allowed"))
    await club.org.send(GROUP, "/result 1 b")
    result = await emu.wait_bot_message(GROUP, contains=fixed("swiss.winner"))
    assert f"Победитель — {y}" in result.plain
    won = ru("results.claim_win", winner=y, score="", loser=x)
    final_1 = ru("swiss.label_top", table=1, round=FINAL)
    await emu.wait_bot_message(GROUP, contains=ru("swiss.result_recorded", game=final_1, claim=won))

    # 808: each correction is in the log with who made it and why, and what it replaced.
    rows = query(bot, "SELECT actor_id, payload_json FROM events WHERE kind = 'sw_result'")
    by_judge = [(actor, json.loads(str(p))) for actor, p in rows if actor == 999]
    assert by_judge[0][1] == {
        "round": 1,
        "table": 1,
        "outcome_a": "loss",
        "games": None,
        "reason": "ошибка в отчёте",
    }
    audit = query(bot, "SELECT details_json FROM audit_log WHERE action = 'result_corrected'")
    assert [json.loads(str(r[0]))["before"]["outcome_a"] for r in audit] == ["clean_win"] * 2


async def test_best_of_three_scores_on_every_path_and_each_game_is_rated(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = JudgedClub(emu, players=4)
    await club.create_with(rounds="3", top="Без ТОПа", fmt=BO3, tb=MTG)
    await club.org.send(GROUP, "/begin")
    board1 = await emu.wait_for(lambda: club.board(round_title(1, 3)))
    (_, a, b, _), (_, c, d, _) = club.tables(board1)

    # Table 1: b, second at the table, reports his 2:1 win; a reads it from the winner's side.
    await club.report(1, 1, b, "2:1")
    request = await club.wait_find(club.users[a], game_label(1, 1), "✅ Подтверждаю")
    assert request.plain.startswith(f"{b} сообщает: {b} — победа 2:1, {a} — поражение (стол 1")
    assert await club.confirm(1, 1, a, "✅ Подтверждаю") == "Результат принят."
    # Table 2: disputed; the judge's buttons carry the game score.
    await club.report(1, 2, c, "2:0")
    assert await club.confirm(1, 2, d, "⚠️ Оспорить") == "Передано судье."
    dispute = await club.wait_find(club.org, dispute_of(1, 2), "Ничья 1:1")
    assert dispute.button_labels == [
        f"Победа: {c} 2:0",
        f"Победа: {c} 2:1",
        f"Победа: {d} 2:0",
        f"Победа: {d} 2:1",
        "Ничья 1:1",
        f"Техн. победа: {c}",
        f"Техн. победа: {d}",
        "Обоим техн. поражение",
        f"🚷 Неявка: {c}",
        f"🚷 Неявка: {d}",
        "🚷 Неявка обоих",
    ]
    await (await club.org.press(dispute, f"Победа: {c} 2:1")).answer()
    await emu.wait_bot_message(GROUP, contains=round_complete(1))
    done = club.board(round_title(1, 3))
    assert done is not None and [t[3] for t in club.tables(done)] == ["✅ 0:1 1:2", "✅ 1:0 2:1"]

    # Round 2: the winners' table by /result (a match needs its score), the other a double
    # loss by the judge's button.
    await club.org.send(GROUP, "/next_round")
    board2 = await emu.wait_for(lambda: club.board(round_title(2, 3)))
    tables2 = {frozenset(t[1:3]): t for t in club.tables(board2)}
    top_table, x2, y2, _ = tables2[frozenset((b, c))]
    low_table, p2, q2, _ = tables2[frozenset((a, d))]
    needs = await club.judge_says(f"/result {top_table} a", fixed("swiss.result_needs_score"))
    assert needs == ru("swiss.result_needs_score", command=f"/result {top_table} a")
    answer = await club.judge_says(f"/result {top_table} a 0:2", RECORDED)
    assert f"{x2} — победа 2:0, {y2} — поражение" in answer  # the winner's side, either way
    await club.report(2, low_table, p2, "2:0")
    assert await club.confirm(2, low_table, q2, "⚠️ Оспорить") == "Передано судье."
    label = dispute_of(2, low_table)
    dispute = await club.wait_find(club.org, label, "Обоим техн. поражение")
    await (await club.org.press(dispute, "Обоим техн. поражение")).answer()
    await emu.wait_bot_message(GROUP, contains=round_complete(2))
    done = club.board(round_title(2, 3))
    assert done is not None and "✅ −:− 0:0" in done.plain

    # Round 3: a–c draw 1:1 by the players, b–d a technical win by /result (2:0 in games).
    await club.org.send(GROUP, "/next_round")
    board3 = await emu.wait_for(lambda: club.board(round_title(3, 3)))
    tables3 = {frozenset(t[1:3]): t for t in club.tables(board3)}
    draw_table, r3, s3, _ = tables3[frozenset((a, c))]
    tech_table, u3, v3, _ = tables3[frozenset((b, d))]
    await club.report(3, draw_table, r3, "1:1")
    assert await club.confirm(3, draw_table, s3, "✅ Подтверждаю") == "Результат принят."
    await club.judge_says(f"/result {tech_table} tb неявка", RECORDED)

    # By hand. Points: b 3 + (2) + (3), c 3 + (2) + 1, a 0 + 0 + 1, d 0 + 0 + (3).
    points: dict[str, float] = {a: 1, b: 3, c: 4, d: 0}
    points[x2] += 3
    points[v3] += 2.5
    # Games (won, played): r1 b 2–1 a, c 2–1 d; r2 x2 2–0 y2, a and d 0–2 each (double loss);
    # r3 a 1–1 c, v3 2–0 u3 (a technical win counts 2–0).
    games = {a: [1 + 0 + 1, 3 + 2 + 2], b: [2, 3], c: [2 + 1, 3 + 2], d: [1 + 0, 3 + 2]}
    games[x2][0] += 2
    games[x2][1] += 2
    games[y2][1] += 2
    games[v3][0] += 2
    games[v3][1] += 2
    games[u3][1] += 2
    standings = await club.standings(3)
    for name, (won, played) in games.items():
        shown, values = standings[name]
        assert float(shown.replace(",", ".")) == points[name]
        gw = max(won / played, 1 / 3)
        assert values[1] == f"{gw * 100:.1f}%".replace(".", ","), (name, values)

    # Elo, every game: all start at 1200, K = 16 × 0.8 = 12.8, so each rated game is ±6.40.
    # b–a 2:1 → b +1 game, a −1; c–d 2:1 → c +1, d −1; x2 2:0 → +2, y2 −2; the double loss 0;
    # the 1:1 draw 0 (a game each); the technical win is one game: v3 +1, u3 −1.
    net = {a: -1, b: 1, c: 1, d: -1}
    net[x2] += 2
    net[y2] -= 2
    net[v3] += 1
    net[u3] -= 1
    await club.org.send(GROUP, "/next_round")
    final = await emu.wait_bot_message(GROUP, contains=fixed("swiss.rating_title"))
    for name, n in net.items():
        sign = "+" if n >= 0 else "−"
        change = f"{abs(n) * 6.4:.2f}".replace(".", ",")
        assert f"{name}: {sign}{change}" in final.plain, (name, final.plain)
    history = query(bot, "SELECT delta_cents FROM rating_history WHERE reason = 'tournament'")
    assert sorted(int(str(r[0])) for r in history) == sorted(640 * n for n in net.values())

    # The CSV's games column: every match has its score, in table order.
    assert bot.app is not None
    csv_text = await bot.app.service(SwissService).export_csv(1, reasons=True)
    results = [line.split(",") for line in csv_text.splitlines() if line[:2] in ("1,", "2,", "3,")]
    matches = [row for row in results if row[1] == "swiss" and row[2]]
    assert len(matches) == 6 and all(re.fullmatch(r"\d:\d", row[-1]) for row in matches)
    assert {row[-2]: row[-1] for row in matches if row[-2] == "double_loss"} == {
        "double_loss": "0:0"
    }


async def test_a_bye_is_a_win_for_the_score_groups(emu: BotApiEmulator, bot: RunningBot) -> None:
    club = JudgedClub(emu, players=7)
    await club.register_all(await club.create(rounds="3", top="Без ТОПа"))
    await club.org.send(GROUP, "/begin")
    tables1 = await club.play(1, round_title(1, 3))  # three winners on 3, the bye on 2.9
    board1 = club.board(round_title(1, 3))
    assert board1 is not None
    bye = board1.plain.split("Автопобеда: ")[1].split("\n")[0].strip()
    winners = {x for _, x, _, _ in tables1}
    order = list(await club.standings(1))
    assert order.index(bye) == 3 and set(order[:3]) == winners  # 3, 3, 3, then 2.9
    # One score group of four (three wins and the bye): top half against bottom half, so the
    # first meets the third and the second the bye-holder; nobody of it meets a player on 0.
    # (By tenths the 2.9 was a group of its own: the first two winners met, the third floated.)
    await club.org.send(GROUP, "/next_round")
    board2 = await emu.wait_for(lambda: club.board(round_title(2, 3)))
    pairs = {frozenset(t[1:3]) for t in club.tables(board2)}
    assert frozenset((order[0], order[2])) in pairs
    assert frozenset((order[1], bye)) in pairs


BOSS = "Лёха <Босс> & Co"
BOB = "<b>Bob</b> & Co"


async def test_names_with_html_are_escaped_once_in_every_result_message(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = JudgedClub(emu, players=2)
    boss = emu.add_user(30, BOSS, username="boss")
    bob = emu.add_user(31, BOB, username="bobco", language_code="en")
    for user in (boss, bob):
        emu.add_member(GROUP, user)
        club.users[user.first_name] = user
    await club.register_all(await club.create(rounds="3", top="Без ТОПа"))
    await club.org.send(GROUP, "/begin")
    board = await emu.wait_for(lambda: club.board(round_title(1, 3)))
    tables = {name: (table, x, y) for table, x, y, _ in club.tables(board) for name in (x, y)}

    # The boss reports a win, his opponent disputes, the judge decides by the button.
    table, x, y = tables[BOSS]
    rival = y if x == BOSS else x
    await club.report(1, table, BOSS, "Моя победа")
    if rival == BOB:  # his request is in English
        request = await club.wait_find(bob, f"(table {table}, round 1)", "⚠️ Dispute")
        assert request.plain.startswith(f"{BOSS} reported: {BOSS} beat {BOB} (table {table}")
        assert (await (await bob.press(request, "⚠️ Dispute")).answer()).text == (
            "Sent to the judge."
        )
    else:
        request = await club.wait_find(club.users[rival], game_label(1, table), "⚠️ Оспорить")
        assert f"{BOSS} сообщает: {BOSS} — победа, {rival} — поражение" in request.plain
        assert await club.confirm(1, table, rival, "⚠️ Оспорить") == "Передано судье."
    dispute = await club.wait_find(club.org, dispute_of(1, table), f"Победа: {BOSS}")
    assert f"• {BOSS}: {BOSS} — победа, {rival} — поражение" in dispute.plain
    assert f"Техн. победа: {BOSS}" in dispute.button_labels
    await (await club.org.press(dispute, f"Победа: {rival}")).answer()

    # Bob (English) confirms his opponent's report (unless the judge just decided his table),
    # then the judge corrects it.
    table, x, y = tables[BOB]
    other = y if x == BOB else x
    if other != BOSS:
        await club.report(1, table, other, "Моё поражение")
        en = await club.wait_find(bob, f"(table {table}, round 1)", "✅ Confirm")
        assert en.plain.startswith(f"{other} reported: {BOB} beat {other} (table {table}, round 1)")
        assert (await (await bob.press(en, "✅ Confirm")).answer()).text == "The result is final."
    answer = await club.judge_says(f"/result 1 {table} draw запись", CORRECTED)
    assert f"{x} и {y} — ничья. Было: {BOB} — победа, {other} — поражение." in answer
    told = await club.wait_find(bob, "The judge corrected the result of your game", "")
    assert f"(table {table}, round 1): {x} and {y} drew. It was: {BOB} beat {other}." in told.plain
    assert "Reason: запись" in told.plain

    # Nowhere a visible «&lt;» or «&amp;»: every name was escaped exactly once.
    for chat in (GROUP, club.org.id, *[u.id for u in club.users.values()]):
        for message in emu.bot_messages(chat):
            seen = message.plain + " ".join(message.button_labels)
            assert "&lt;" not in seen and "&amp;" not in seen and "&gt;" not in seen, seen


async def test_a_double_loss_settles_the_table_and_sonneborn_berger_halves_a_draw(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = JudgedClub(emu, players=4)
    sb = "Бухгольц, Зоннеборн-Бергер, победы, личная встреча"
    await club.create_with(rounds="3", top="Без ТОПа", fmt="Констрактед", tb=sb)
    await club.org.send(GROUP, "/begin")
    board = await emu.wait_for(lambda: club.board(round_title(1, 3)))
    (_, a, b, _), (_, c, d, _) = club.tables(board)
    await club.report(1, 1, a, "Ничья")
    assert await club.confirm(1, 1, b, "✅ Подтверждаю") == "Результат принят."
    # Both players of table 2 did not come: the judge gives both a technical loss.
    await club.org.send(GROUP, "/result 2 dl оба не пришли")
    await emu.wait_bot_message(GROUP, contains=round_complete(1))  # settled
    answer = (await emu.wait_bot_message(GROUP, contains=RECORDED)).plain
    assert answer == (
        f"⚖️ Результат внесён (стол 2, тур 1): обоим техническое поражение: {c}, {d}.\n"
        "Причина: оба не пришли"
    )
    done = club.board(round_title(1, 3))
    assert done is not None and [t[3] for t in club.tables(done)] == ["✅ ½:½", "✅ −:−"]
    for player in (c, d):
        told = await club.wait_find(club.users[player], fixed("swiss.result_told", 1), "")
        assert f"обоим техническое поражение: {c}, {d}" in told.plain
    # By hand: a and b 1 point each, c and d 0. Sonneborn–Berger: a drew b (1 point): ½ × 1
    # = 0.5 (the old ⅓ weight showed 0.33); c and d beat nobody: 0. Buchholz: a, b 1; c, d 0.
    standings = await club.standings(1)
    assert standings == {
        a: ("1", ["1", "0,5", "0", "1"]),
        b: ("1", ["1", "0,5", "0", "1"]),
        c: ("0", ["0", "0", "0", "0"]),
        d: ("0", ["0", "0", "0", "0"]),
    }
    # Not rated: finished now, the double loss changes nobody's rating (the draw of equals
    # neither).
    await club.org.send(GROUP, "/finish")
    ask = await emu.wait_bot_message(GROUP, contains=fixed("swiss.confirm_finish"))
    await (await club.org.press(ask, "🏁 Да, завершить")).answer()
    final = await emu.wait_bot_message(GROUP, contains=fixed("swiss.rating_title"))
    for name in (a, b, c, d):
        assert f"{name}: +0,00" in final.plain


async def test_a_semi_final_corrected_before_the_final_is_paired_and_not_after(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = JudgedClub(emu, players=4)
    await club.register_all(await club.create(rounds="3", top="4"))
    await club.org.send(GROUP, "/begin")
    for number in (1, 2, 3):
        if number > 1:
            await club.org.send(GROUP, "/next_round")
        await club.play(number, round_title(number, 3))
    await club.org.send(GROUP, "/next_round")
    semis = await club.play(SEMI, SEMI)  # the first players win
    (_, _, b1, _), (_, a2, b2, _) = semis
    # Semi-final 1 was reported wrongly; the final is not paired yet: its winner changes.
    answer = await club.judge_says("/result 4 1 b", CORRECTED)
    assert answer.startswith(f"⚖️ Результат исправлен (стол 1, ТОП: полуфинал): {b1} — победа")
    await club.org.send(GROUP, "/next_round")
    final = await emu.wait_for(lambda: club.board(FINAL))
    ((_, x, y, _),) = club.tables(final)
    assert {x, y} == {b1, a2}
    # Now the final is seated: semi-final 2's winner can no longer change.
    refusal = await club.judge_says(
        "/result 4 2 b", ru("swiss.result_top_moved_on", table=2, round=4)
    )
    assert "на столе 2 (тур 4)" in refusal
    still = club.board(FINAL)
    assert still is not None and {t[1] for t in club.tables(still)} | {
        t[2] for t in club.tables(still)
    } == {b1, a2}
    assert b2 not in still.plain


async def test_a_judges_result_cut_short_by_a_crash_still_reaches_both_players(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = JudgedClub(emu, players=4)
    await club.register_all(await club.create(rounds="3", top="Без ТОПа"))
    await club.org.send(GROUP, "/begin")
    (_, a, b, _), _ = await club.play(1, round_title(1, 3))
    await club.judge_says("/result 1 1 b", CORRECTED)
    await club.wait_find(club.users[b], TOLD_CORRECTED, "")
    await emu.idle()
    await bot.stop()
    # The dead bot had told a, not b: the job is pending again, b's notice not sent.
    with sqlite3.connect(bot.db_path) as conn:
        (b_id,) = conn.execute(
            "SELECT id FROM players WHERE telegram_id = ?", (club.users[b].id,)
        ).fetchone()
    assert crash_before(bot, "job:tell", f"sw:1:fix%:p{b_id}") == 1
    await bot.start()

    def told(name: str) -> int:
        user = club.users[name]
        return sum(TOLD_CORRECTED in m.plain for m in emu.bot_messages(user.id))

    await emu.wait_for(lambda: told(b) == 2 or None)
    await emu.idle()
    assert (told(a), told(b)) == (1, 2)  # b's notice once more, a's not again
    notice = [m for m in emu.bot_messages(club.users[b].id) if TOLD_CORRECTED in m.plain][-1]
    corrected = f"(стол 1, тур 1) исправлен судьёй: {b} — победа, {a} — поражение. Было: {a}"
    assert corrected in notice.plain
