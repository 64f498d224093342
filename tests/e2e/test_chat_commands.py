"""Commands as players and organisers meet them (issue 12): /report, the views after the finish
and before the start, /judge, /log, /help per person, the reminder, and the /new wizard under
Telegram's privacy mode."""

from __future__ import annotations

from datetime import timedelta

from tests.clock import ManualClock
from tests.e2e.drivers import koth_club, swiss_club
from tests.e2e.drivers.texts import fixed, ru
from tests.e2e.emulator import BotApiEmulator, SimMessage, SimUser
from tests.e2e.harness import RunningBot

KOTH, SWISS = koth_club.GROUP, swiss_club.GROUP
ASK = {"force_reply": True, "selective": True}
NONE_OPEN = "Сейчас нет открытых турниров."
ROUND_1_OF_3 = f"{fixed('swiss.board_title')} 1 {fixed('swiss.board_title', 1)} 3"


async def said(
    emu: BotApiEmulator, user: SimUser, chat: int | None, text: str, expect: str | None = None
) -> SimMessage:
    """``user`` sends ``text`` in ``chat`` (None: his private chat); the bot's next answer
    there (containing ``expect``: a group gets announcements in between)."""
    await user.send(chat, text)
    return await emu.wait_bot_message(chat or user.id, contains=expect)


# --- /report -------------------------------------------------------------------------------------


async def test_report_in_koth_sends_the_game_and_its_buttons_privately(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    org, (ann, bob, _cid, _dan, eve) = await koth_club.setup_club(emu)
    await koth_club.begin_tournament(emu, org)
    await emu.wait_bot_message(KOTH, contains=f"{fixed('koth.pair')} 1:")
    await emu.idle()

    answer = await said(emu, ann, KOTH, "/report")
    assert answer.plain == "Кнопки результата — в личном чате со мной."
    game = await ann.wait_message(contains=fixed("report.ask"))
    assert game.plain == (
        f"Партия 1, «Пятничный» · соперник: {koth_club.BOB}\n"
        "Как сыграли? Нажмите кнопку; соперник подтвердит."
    )
    assert game.button_labels == ["Моя победа", "Моё поражение"]
    sent = await koth_club.press(ann, game, "Моя победа")
    assert sent == "Отправлено сопернику на подтверждение."
    await bob.wait_message(contains=fixed("results.confirm_request", -1))

    again = await said(emu, ann, None, "/report")
    assert "Ваш результат уже отправлен и ждёт подтверждения соперника." in again.plain
    not_at_table = await said(emu, eve, KOTH, "/report")
    assert not_at_table.plain == "Сейчас у вас нет партии, которая ждёт результата."
    stranger = emu.add_user(50, "Stan")
    emu.add_member(KOTH, stranger)
    told = await said(emu, stranger, KOTH, "/report")
    assert told.plain == "Сейчас у вас нет партии, которая ждёт результата."


async def test_report_in_swiss_for_a_player_who_never_started_the_bot(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = swiss_club.Club(emu, players=4, silent=("Bob",))
    await club.register_all(await club.create(rounds="3", top="Без ТОПа"))
    await club.org.send(SWISS, "/begin")
    board = await emu.wait_for(lambda: club.board(ROUND_1_OF_3))
    bob = club.users["Bob"]
    table, a, b, _ = next(row for row in club.tables(board) if "Bob" in (row[1], row[2]))
    opponent = b if a == "Bob" else a
    await emu.idle()

    told = await said(emu, bob, SWISS, "/report")
    assert told.plain == (
        "Кнопки результата приходят в личный чат: откройте его и нажмите «Начать»."
    )
    assert 'href="https://t.me/test_bot?start=report"' in (told.raw_text or "")
    await bob.start("report")  # the link
    game = await bob.wait_message(contains=fixed("report.game"))
    assert game.plain.startswith(f"Стол {table}, тур 1 · соперник: {opponent}\n")
    assert game.button_labels == ["Моя победа", "Моё поражение", "Ничья"]
    answer = await (await bob.press(game, "Ничья")).answer()
    assert answer.text == "Отправлено сопернику на подтверждение."


# --- the views before the start and after the finish ------------------------------------------


async def test_queue_before_the_start_lists_the_players_then_the_drawn_order(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    org, (ann, *_rest) = await koth_club.setup_club(emu)
    await koth_club.create(emu, org)
    for name, rating in koth_club.RATINGS:
        await koth_club.say(emu, org, f"/add @{name} {rating}", fixed("koth.added"))
    queue = await said(emu, ann, KOTH, "/queue")
    assert queue.plain == (
        "👑 «Пятничный»: регистрация, 5 участников.\nЗаписались (жеребьёвки ещё не было):\n"
        f"• Ann\n• {koth_club.BOB}\n• Cid\n• Dan\n• Eve"
    )
    await koth_club.say(emu, org, "/draw 3 1 5 2 4", fixed("koth.drawn"))
    queue = await said(emu, ann, None, "/queue")
    assert queue.plain == (
        "👑 «Пятничный»: регистрация, 5 участников.\nОчерёдность по жеребьёвке:\n"
        f"1. Cid\n2. Ann\n3. Eve\n4. {koth_club.BOB}\n5. Dan"
    )


async def test_views_after_the_finish_show_the_last_finished_tournament(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = await swiss_club.registered(emu, players=4, rounds="3")
    await club.org.send(SWISS, "/begin")
    await club.play(1, ROUND_1_OF_3)
    await club.org.send(SWISS, "/finish")
    ask = await emu.wait_bot_message(SWISS, contains=fixed("swiss.confirm_finish"))
    await (await club.org.press(ask, "🏁 Да, завершить")).answer()
    await emu.wait_bot_message(SWISS, contains=fixed("swiss.finished_early", 1))
    await emu.idle()
    ann = club.users["Ann"]
    finished = "🏁 Турнир «Кубок <b>клуба</b>» завершён. Итог:\n\n"
    for chat in (SWISS, None):
        standings = await said(emu, ann, chat, "/standings")
        assert standings.plain.startswith(finished + "Итоги после 1 тура"), standings.plain
        pairings = await said(emu, ann, chat, "/pairings")
        assert pairings.plain.startswith(finished), pairings.plain
        assert "Тур 1 из 3" in pairings.plain and "Стол 1 " in pairings.plain
        queue = await said(emu, ann, chat, "/queue")
        assert queue.plain.startswith(finished + "Игроки (4): "), queue.plain
    assert (await said(emu, ann, SWISS, "/join")).plain == NONE_OPEN


# --- /judge, /log, /help, the reminder ----------------------------------------------------------


async def test_judge_log_help_and_the_reminder_in_koth(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    org, (ann, bob, _cid, _dan, eve) = await koth_club.setup_club(emu)
    jude = emu.add_user(702, "Jude", username="jude")
    emu.add_member(KOTH, jude)
    await jude.start()
    await jude.wait_message()
    await koth_club.begin_tournament(emu, org)
    appointed = await said(emu, org, KOTH, "/judge @jude", fixed("tournament.judge_added"))
    assert appointed.plain == "Судья турнира «Пятничный»: Jude (@jude)."

    # game 1: Ann reports, Bob confirms; the log names Ann, not the bot
    await koth_club.win(emu, 1, ann, bob, since=0)
    pair = await emu.wait_bot_message(KOTH, contains=f"{fixed('koth.pair')} 2:", since=0)
    log = await said(emu, jude, KOTH, "/log", fixed("koth.log_title"))
    lines = log.plain.splitlines()
    assert lines[1] == "30.11.2026 21:00 · #1 · Olga (@olga): начало турнира"
    assert lines[2] == f"30.11.2026 21:00 · #2 · Ann: победа: Ann · соперник: {koth_club.BOB}"
    assert "бот" not in log.plain

    # game 2: Ann reports, Cid waits: the reminder says it is one
    await koth_club.press(ann, pair, "Моя победа")
    cid = emu.users[13]
    await cid.wait_message(contains=fixed("results.confirm_request", -1))
    clock.advance(timedelta(minutes=11))
    reminder = await cid.wait_message(contains=fixed("results.confirm_request", -1))
    assert reminder.plain.startswith(
        "⏰ Напоминание: результат всё ещё ждёт вашего подтверждения.\nAnn сообщает:"
    )
    assert reminder.button_labels == ["✅ Подтверждаю", "⚠️ Оспорить"]

    # /help: each person what he may do there
    stranger = emu.add_user(50, "Stan")
    emu.add_member(KOTH, stranger)
    for user, chat, judge, organiser in (
        (stranger, KOTH, False, False),
        (eve, KOTH, False, False),
        (stranger, None, False, False),
        (jude, KOTH, True, False),
        (jude, None, True, False),
        (org, KOTH, False, True),
        (org, None, False, True),
    ):
        shown = (await said(emu, user, chat, "/help", fixed("help.player"))).plain
        assert shown.startswith("Игроку\n/register — Регистрация\n"), shown
        assert ("Судье" in shown) is judge and ("Организатору" in shown) is organiser, shown
        assert ("/profile" in shown) is (chat is None)
        # the group runs a King of the Hill: the card tournament's commands are left out
        assert "/next_round" not in shown and "/export" not in shown
    assert "/eliminate — Снять игрока с борьбы (Царь горы)" in shown


# --- /new under privacy mode ------------------------------------------------------------------


async def test_new_in_a_group_under_privacy_mode_asks_with_force_reply(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    """A bot that is no administrator gets only commands and replies to it: each question of
    the wizard asks for a reply (selective), and the replies reach the wizard."""
    org, _people = await koth_club.setup_club(emu)
    emu.privacy_mode = True
    choice = await said(emu, org, KOTH, "/new")
    assert choice.reply_to is not None  # a reply to his /new ...
    await (await org.press(choice, "Царь горы")).answer()
    name = await emu.wait_bot_message(KOTH, contains=fixed("koth.ask_name"))
    # ... so the first question replies to his /new too: the answer field opens for him
    assert name.options.get("force_reply") == ASK and name.reply_to == choice.reply_to
    before = len(emu.bot_messages(KOTH))
    await org.send(KOTH, "Пятничный")  # no reply: Telegram does not deliver it
    await emu.idle()
    assert len(emu.bot_messages(KOTH)) == before
    await org.reply_to(name, "Пятничный")
    fee = await emu.wait_bot_message(KOTH, contains=fixed("koth.ask_fee"))
    assert fee.options.get("force_reply") == ASK and fee.reply_to is not None
    await org.reply_to(fee, "3000")
    table = await emu.wait_bot_message(KOTH, contains=fixed("koth.ask_table"))
    assert table.options.get("force_reply") == ASK
    await org.reply_to(table, "Стол 1")
    opened = await emu.wait_bot_message(KOTH, contains=fixed("koth.registration_open", -1))
    assert "«Пятничный»" in opened.plain

    emu.add_group(SWISS, "Cards", admins=[org])  # the card tournament's name question too
    await org.send(SWISS, "/new")
    kinds = await emu.wait_bot_message(SWISS, contains=fixed("tournament.choose_kind"))
    await (await org.press(kinds, "🃏 Берсерк: швейцарка + ТОП")).answer()
    asked = await emu.wait_bot_message(SWISS, contains=fixed("swiss.wiz_name"))
    assert asked.options.get("force_reply") == ASK
    await org.reply_to(asked, "Кубок")
    await emu.wait_bot_message(SWISS, contains=fixed("swiss.wiz_fmt"))


async def test_log_of_a_card_tournament_names_who_did_what(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = await swiss_club.registered(emu, players=4, rounds="3")
    await club.org.send(SWISS, "/begin")
    tables = await club.play(1, ROUND_1_OF_3)
    (_, a1, b1, _), (_, a2, b2, _) = tables
    await club.org.send(SWISS, "/result 2 b")
    corrected = f"{fixed('swiss.result_recorded_corrected')}{ru('swiss.label', table=2, round=1)})"
    await emu.wait_bot_message(SWISS, contains=corrected)
    await club.users["Dan"].send(SWISS, "/drop")
    await emu.wait_bot_message(SWISS, contains=f"Dan{fixed('swiss.drop_self_dropped')}")
    refused = await said(emu, club.users["Ann"], SWISS, "/log", fixed("common.not_allowed"))
    assert refused.plain == "Это может сделать только организатор или судья турнира."
    log = await said(emu, club.org, SWISS, "/log", fixed("log.title"))
    lines = [line.split(" · ", 2)[2] for line in log.plain.splitlines()[1:]]
    assert lines == [
        "Org: начало турнира",
        "Org: пары тура 1",
        f"{a1}: тур 1, стол 1: победа: {a1} · соперник: {b1}",
        f"{a2}: тур 1, стол 2: победа: {a2} · соперник: {b2}",
        f"Org: тур 1, стол 2: победа: {b2} · соперник: {a2}",
        "Dan: выход из турнира: Dan",
    ], log.plain
    other = await said(emu, club.org, SWISS, "/void", f"{fixed('tournament.other_kind', 2)}void")
    assert other.plain == (
        "Турнир «Кубок <b>клуба</b>» — 🃏 Берсерк: швейцарка + ТОП: команды /void в нём нет.\n"
        "Результат стола исправляет /result <стол> a|b|draw|ta|tb."
    )
