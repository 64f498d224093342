"""Swiss rounds and the Top, played through the emulator by simulated users."""

from __future__ import annotations

from datetime import timedelta

from tests.clock import ManualClock
from tests.e2e.drivers.swiss_club import GROUP, Club, game_label, pairing_of, registered
from tests.e2e.drivers.texts import fixed, round_title, ru
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import RunningBot
from tests.e2e.peek import Peek

SEMI = ru("swiss.top_name", stage=ru("swiss.stage_semi_final"))
FINAL = ru("swiss.top_name", stage=ru("swiss.stage_final"))
RATED = "".join(
    [fixed("swiss.rating_private", 1), ru("discipline.berserk"), fixed("swiss.rating_private", 2)]
)
"""A player told how the tournament changed his Berserk rating."""


def round_complete(round_no: int) -> str:
    """The group told that every result of the round is in."""
    return ru("swiss.round_complete", round=ru("swiss.round_name", round=round_no))


async def test_nine_players_four_rounds_drop_dispute_correction_late_entrant_top(
    emu: BotApiEmulator, bot_both: RunningBot
) -> None:
    bot = bot_both  # on SQLite and on PostgreSQL
    club = Club(emu, silent=("Ivy",))
    created = await club.create()
    await club.register_all(created)
    await club.org.send(GROUP, "/begin")

    # Round 1: 4 tables and a bye; the silent player's pairing came through the group.
    tables1 = await club.play(1, round_title(1, 4))
    board1 = club.board(round_title(1, 4))
    assert board1 is not None and "Автопобеда:" in board1.plain
    assert len(tables1) == 4 and "Кубок <b>клуба</b>" in board1.plain
    assert board1.plain.count("✅ 1:0") == 4
    await emu.wait_bot_message(GROUP, contains=round_complete(1))

    # Round 2: table 1 is disputed and the judge decides by button; then a correction.
    await club.org.send(GROUP, "/next_round")
    board2 = await emu.wait_for(lambda: club.board(round_title(2, 4)))
    tables2 = club.tables(board2)
    assert "Автопобеда:" in board2.plain
    _, a, b, _ = tables2[0]
    await club.report(2, 1, a, "Моя победа")
    assert await club.confirm(2, 1, b, "⚠️ Оспорить") == "Передано судье."
    dispute = await club.wait_find(
        club.org,
        ru("results.dispute_for_judge", game=ru("swiss.label", table=1, round=2)),
        f"Победа: {b}",
    )
    assert (await (await club.org.press(dispute, f"Победа: {b}")).answer()).text == (
        "Результат принят."
    )
    await club.play(2, round_title(2, 4), skip=(1,))
    await emu.wait_bot_message(GROUP, contains=round_complete(2))
    _, a2, _, _ = tables2[1]
    await club.org.send(GROUP, "/result 2 b")  # the judge corrects table 2: b won
    table_2 = ru("swiss.label", table=2, round=2)
    await emu.wait_bot_message(
        GROUP, contains=f"{fixed('swiss.result_recorded_corrected')}{table_2})"
    )
    corrected = club.board(round_title(2, 4))
    assert corrected is not None
    assert [status for *_, status in club.tables(corrected)][:2] == ["✅ 0:1", "✅ 0:1"]
    last = emu.last_bot_message(GROUP)
    assert last is not None and round_complete(2) not in last.plain

    # A drop and a late entrant: still nine players, a bye in every round.
    dropper = a2
    await club.users[dropper].send(GROUP, "/drop")
    await emu.wait_bot_message(GROUP, contains=f"{dropper}{fixed('swiss.drop_self_dropped')}")
    await club.org.wait_message(contains=f"{fixed('swiss.staff_drop_self', 2)} {dropper}")
    jon = emu.add_user(10, "Jon", username="jon")
    emu.add_member(GROUP, jon)
    club.users["Jon"] = jon
    await jon.start()
    await jon.wait_message()
    await club.org.send(GROUP, "/add @jon")
    await emu.wait_bot_message(GROUP, contains=ru("swiss.join_late", name="Jon"))
    await bot.restart()  # the state is the replay of the event log: nothing is lost

    for round_no in (3, 4):
        await club.org.send(GROUP, "/next_round")
        tables = await club.play(round_no, round_title(round_no, 4))
        board = club.board(round_title(round_no, 4))
        assert board is not None and "Автопобеда:" in board.plain
        seated = {name for _, x, y, _ in tables for name in (x, y)}
        assert dropper not in seated
        if round_no == 3:
            assert "Jon" in seated or "Автопобеда: Jon" in board.plain
        await emu.wait_bot_message(GROUP, contains=round_complete(round_no))

    await club.org.send(GROUP, "/standings")
    standings = await emu.wait_bot_message(
        GROUP, contains=f"{fixed('swiss.standings_title')} 4 туров"
    )
    assert f"{dropper} (выход из турнира)" in standings.plain

    # The Top 4: semi-finals, then the final; no draw button in the Top.
    await club.org.send(GROUP, "/next_round")
    semi_board = await emu.wait_for(lambda: club.board(SEMI))
    first = club.users[club.tables(semi_board)[0][1]]
    top_pairing = await club.wait_find(first, pairing_of(SEMI, 1), "Моя победа")
    assert "Ничья" not in top_pairing.button_labels
    semis = await club.play(SEMI, SEMI)
    assert len(semis) == 2
    await club.org.send(GROUP, "/next_round")
    final = await club.play(FINAL, FINAL)
    champion = final[0][1]
    result = await emu.wait_bot_message(GROUP, contains=fixed("swiss.winner"))
    assert f"Победитель — {champion}" in result.plain
    assert "Изменения рейтинга" in result.plain
    # Privately, or in the group with a mention for the player who never started the bot.
    told = await club.wait_find(club.users[champion], RATED, "")
    assert "+" in told.plain

    # Ratings applied with history; Elo changes sum to zero.
    assert bot.app is not None
    with Peek(bot.where) as conn:
        rows = conn.execute(
            "SELECT delta_cents FROM rating_history WHERE reason = 'tournament'"
        ).fetchall()
        assert len(rows) == 10 and sum(r[0] for r in rows) == 0
        assert conn.execute("SELECT status FROM tournaments").fetchone()[0] == "finished"
        actions = [r[0] for r in conn.execute("SELECT action FROM audit_log")]
        assert {"result_corrected", "result_decided", "late_entrant", "begin", "next_round"} <= set(
            actions
        )
        decided = conn.execute("SELECT count(*) FROM events WHERE kind = 'judge_decision'")
        assert decided.fetchone()[0] == 1

    await club.org.send(GROUP, "/export")
    sent = await emu.wait_bot_message(GROUP, contains=fixed("swiss.export_title"))
    assert sent.document is not None
    exported = sent.document.content.decode("utf-8-sig")
    assert exported.startswith("rank,club_id,name,points") and "round,stage,table" in exported
    assert exported.splitlines()[1].split(",")[2] == champion  # rank 1: the Top's winner


async def test_next_round_refused_naming_open_tables(emu: BotApiEmulator, bot: RunningBot) -> None:
    club = await registered(emu, players=6, rounds="3")
    await club.org.send(GROUP, "/begin")
    await club.play(1, round_title(1, 3), skip=(2, 3))
    await club.org.send(GROUP, "/next_round")
    refusal = await emu.wait_bot_message(GROUP, contains=fixed("swiss.round_open"))
    assert "столах 2, 3" in refusal.plain
    # The judge may re-pair only before any result: too late now.
    await club.org.send(GROUP, "/repair")
    await emu.wait_bot_message(GROUP, contains=fixed("swiss.repair_too_late"))


async def test_repair_before_any_result_gives_new_pairings(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = await registered(emu, players=5, rounds="3")
    await club.org.send(GROUP, "/begin")
    first = await emu.wait_for(lambda: club.board(round_title(1, 3)))
    user = club.users[club.tables(first)[0][1]]
    old = await club.wait_find(user, pairing_of(1, 1), "Моя победа")
    data = str(old.find_button("Моя победа")["callback_data"])
    await emu.idle()
    await club.org.send(GROUP, "/repair")
    await emu.wait_for(
        lambda: (
            [m for m in emu.bot_messages(GROUP) if round_title(1, 3) in m.plain and m != first]
            or None
        )
    )
    # The old board and pairing say they are void; their buttons answer so.
    await emu.wait_for(lambda: ru("swiss.repaired_void", round=1) in emu.current(old).plain or None)
    assert emu.current(first).plain == "❌ Пары тура 1 пересобраны — см. новые."
    assert emu.current(old).plain == "❌ Пары тура 1 пересобраны — см. новые."
    answer = await (await user.press_data(old, data)).answer()
    assert answer.text == (
        "❌ Пары этого тура пересобраны: результат — кнопками нового сообщения о паре."
    )


async def test_non_organiser_refused_for_begin_and_new_button(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = await registered(emu, players=4, rounds="3")
    ann = club.users["Ann"]
    await ann.send(GROUP, "/begin")
    refusal = await emu.wait_bot_message(GROUP, contains=fixed("common.organisers_only"))
    assert refusal.reply_to is not None
    await club.org.send(GROUP, "/new")
    kinds = await emu.wait_bot_message(GROUP, contains=fixed("tournament.choose_kind"))
    answer = await (await ann.press(kinds, "🃏 Берсерк: швейцарка + ТОП")).answer()
    assert answer.text == "Это может сделать только организатор."


async def test_player_outside_the_game_is_refused(emu: BotApiEmulator, bot: RunningBot) -> None:
    club = await registered(emu, players=4, rounds="3")
    await club.org.send(GROUP, "/begin")
    board = await emu.wait_for(lambda: club.board(round_title(1, 3)))
    (_, a, b, _), (_, c, _, _) = club.tables(board)
    pairing = await club.wait_find(club.users[a], pairing_of(1, 1), "Моя победа")
    answer = await (await club.users[c].press(pairing, "Моя победа")).answer()
    assert answer.text == "Это не ваша партия."
    await club.report(1, 1, a, "Моя победа")
    request = await club.wait_find(club.users[b], game_label(1, 1), "✅ Подтверждаю")
    await emu.wait_for(
        lambda: fixed("swiss.status_pending") in (club.board(round_title(1, 3)) or board).plain
    )
    answer = await (await club.users[c].press(request, "✅ Подтверждаю")).answer()
    assert answer.text == "Это не ваша партия."
    answer = await (await club.users[a].press(request, "✅ Подтверждаю")).answer()
    assert answer.text == "Свой результат подтверждает соперник, а не вы."
    await club.users[c].send(GROUP, "/pairings")
    pairings = await emu.wait_bot_message(GROUP, contains=round_title(1, 3))
    assert "⏳ ждёт подтверждения" in pairings.plain and f"{a} (0) — {b} (0)" in pairings.plain


async def test_round_timer_warning_time_and_extra_time(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    club = await registered(emu, players=4, rounds="3")
    await club.org.send(GROUP, "/begin")
    first = await emu.wait_for(lambda: club.board(round_title(1, 3)))
    await emu.idle()
    await club.org.send(GROUP, "/extend 5")  # the whole round: 21:50 → 21:55
    await emu.wait_bot_message(GROUP, contains=ru("swiss.extended_round", minutes=5, until="21:55"))
    await emu.wait_for(
        lambda: club.board(f"{round_title(1, 3)} {fixed('swiss.board_title', 2)} 21:55")
    )
    clock.advance(timedelta(minutes=40))
    assert fixed("swiss.ten_minutes", 1) not in (emu.last_bot_message(GROUP) or first).plain
    clock.advance(timedelta(minutes=5))
    await emu.wait_bot_message(
        GROUP, contains=ru("swiss.ten_minutes", round=ru("swiss.round_name", round=1))
    )
    await club.org.send(GROUP, "/extend 1 15")  # one table: 21:55 → 22:10
    await emu.wait_bot_message(
        GROUP, contains=ru("swiss.extended_table", table=1, minutes=15, until="22:10")
    )
    clock.advance(timedelta(minutes=10))
    time_up = await emu.wait_bot_message(
        GROUP, contains=f"{ru('swiss.round_name', round=1)}{fixed('swiss.time_swiss', 1)}"
    )
    assert "Стол 2:" in time_up.plain and "ничья" in time_up.plain
    clock.advance(timedelta(minutes=15))
    await emu.wait_bot_message(
        GROUP, contains=ru("swiss.table_time_swiss", round=ru("swiss.round_name", round=1), table=1)
    )
    await club.users["Ann"].send(GROUP, "/extend 5")
    await emu.wait_bot_message(GROUP, contains=fixed("common.not_allowed"))


def unmatchable_without(players: list[str], played: set[frozenset[str]]) -> str:
    """A player whose drop leaves four who cannot all be paired without a rematch. After three
    rounds of five, the pairs not yet played form a path or a triangle plus an edge: dropping
    the path's second player or the lone edge's end always leaves one with no new opponent."""
    for dropper in players:
        rest = [p for p in players if p != dropper]
        first, others = rest[0], rest[1:]
        if not any(
            frozenset((first, mate)) not in played
            and frozenset(p for p in others if p != mate) not in played
            for mate in others
        ):
            return dropper
    raise AssertionError(f"every drop leaves a legal round: {played}")


async def test_no_legal_pairing_is_told_to_the_judge_who_starts_the_top(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    """Five players, four rounds (a field of five can play five); one drops after round 3 and
    round 4 has no rematch-free pairing: the judge is told, and ``/top`` plays the final."""
    club = await registered(emu, players=5, rounds="4", top="2")
    await club.org.send(GROUP, "/begin")
    played: set[frozenset[str]] = set()
    for round_no in (1, 2, 3):
        if round_no > 1:
            await club.org.send(GROUP, "/next_round")
        tables = await club.play(round_no, round_title(round_no, 4))
        played |= {frozenset((a, b)) for _, a, b, _ in tables}
    dropper = unmatchable_without(list(club.users), played)
    await club.users[dropper].send(GROUP, "/drop")
    await emu.wait_bot_message(GROUP, contains=f"{dropper}{fixed('swiss.drop_self_dropped')}")
    await club.org.send(GROUP, "/next_round")
    told = await emu.wait_bot_message(GROUP, contains=fixed("swiss.no_legal_pairing", 1))
    assert "Тур 4" in told.plain and "/top" in told.plain
    await club.org.send(GROUP, "/top")
    final = club.tables(await emu.wait_for(lambda: club.board(FINAL)))
    assert len(final) == 1 and dropper not in final[0]


async def test_join_by_deep_link(emu: BotApiEmulator, bot: RunningBot) -> None:
    club = Club(emu, players=2)
    await club.create(rounds="3", top="Без ТОПа")
    ann = club.users["Ann"]
    await ann.start("t-1")
    await ann.wait_message(contains=fixed("swiss.join_joined"))


async def test_join_and_leave_by_command(emu: BotApiEmulator, bot: RunningBot) -> None:
    club = Club(emu, players=2)
    await club.create(rounds="3", top="Без ТОПа")
    bob = club.users["Bob"]
    await bob.send(GROUP, "/join")
    await emu.wait_bot_message(GROUP, contains=ru("swiss.join_joined", name="Bob"))
    await bob.send(GROUP, "/join")
    await emu.wait_bot_message(GROUP, contains=ru("swiss.join_already", name="Bob"))
    await bob.send(GROUP, "/drop")
    await emu.wait_bot_message(GROUP, contains=f"Bob{fixed('swiss.drop_self_left')}")
    await club.org.send(GROUP, "/begin")
    await emu.wait_bot_message(GROUP, contains=f"{fixed('swiss.too_few')} 0")
