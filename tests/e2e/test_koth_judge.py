"""King of the Hill through the emulator: what the judge and the organiser do by hand."""

from __future__ import annotations

import sqlite3
from datetime import timedelta

from tests.clock import ManualClock
from tests.e2e.drivers.koth_club import (
    BOB,
    GROUP,
    begin_tournament,
    create,
    has_buttons,
    press,
    say,
    setup_club,
    win,
)
from tests.e2e.drivers.texts import fixed, ru
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import RunningBot


async def test_hand_eliminations_in_the_last_circle_then_a_final(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    org, (ann, bob, cid, dan, eve) = await setup_club(emu)
    await begin_tournament(emu, org)
    first = await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.pair')} 1:")
    refused = await say(emu, org, "/eliminate 5", fixed("koth.refused_main_time"))
    assert "только с последнего круга" in refused.plain  # not in the main time

    # the main time runs out while game 1 is at the table: nobody is out yet
    clock.advance(timedelta(hours=4))
    expired = await emu.wait_bot_message(GROUP, contains=fixed("koth.expired"))
    assert f"ещё в борьбе: Ann, {BOB}, Cid, Dan, Eve" in expired.plain
    assert "Вне борьбы:\nпока никого" in expired.plain
    await say(emu, org, "/extend 30", fixed("koth.already_expired"))

    # neither player at the table can be eliminated by hand; Eve can, and be reinstated
    for club_id in (1, 2):
        refused = await say(emu, org, f"/eliminate {club_id}", fixed("koth.refused_at_table"))
        assert "сейчас за столом" in refused.plain
    mark = emu.mark()
    await say(emu, org, "/eliminate 5", fixed("koth.done_eliminate"))
    out = await emu.wait_bot_message(GROUP, contains=fixed("koth.eliminated_now"), since=mark)
    assert "• Eve (решение судьи)" in out.plain
    await eve.wait_message(contains=fixed("koth.stay_or_leave"))
    await ann.send(GROUP, "/queue")
    board = await emu.wait_bot_message(GROUP, contains=fixed("koth.phase_last_circle"))
    assert "5. Eve: 0 / 4 / 4 — вне борьбы: решение судьи" in board.plain
    await say(emu, org, "/reinstate 5", fixed("koth.done_reinstate"))
    await say(
        emu, org, "/reinstate 5", fixed("koth.refused_not_eliminated")
    )  # not eliminated any more
    await ann.send(GROUP, "/queue")
    board = await emu.wait_bot_message(GROUP, contains=fixed("koth.phase_last_circle"))
    assert "5. Eve: 0 / 4 / 4" in board.plain and "вне борьбы" not in board.plain

    # the last circle: Dan ends it level with the Leader Ann → a final of two (6.9.2)
    assert "Отправлено" in await press(ann, first, "Моя победа")
    ask = await bob.wait_message(
        contains=fixed("results.confirm_request", -1), predicate=has_buttons
    )
    assert "Результат принят" in await press(bob, ask, "Подтверждаю")
    await win(emu, 2, ann, cid)
    await win(emu, 3, dan, ann)
    mark = emu.mark()
    await win(emu, 4, dan, eve)
    final = await emu.wait_bot_message(GROUP, contains=fixed("koth.final_begin"), since=mark)
    assert "Финал: Dan — Ann." in final.plain  # as its game is called
    await emu.wait_bot_message(
        GROUP, contains=f"{fixed('koth.pair')} 5: Dan 👑 — Ann", since=mark
    )  # the King stays first
    await win(emu, 5, ann, dan, since=mark)
    winner = await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.winner')} Ann")
    assert "(победа в финале)" in winner.plain


async def test_judge_corrects_the_last_game_and_declares_the_winner(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    org, (ann, bob, cid, _dan, eve) = await setup_club(emu)
    board = await begin_tournament(emu, org)
    await win(emu, 1, ann, bob)
    stale = await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.pair')} 2: Ann 👑 — Cid")
    assert "Исправить последнюю партию" in (await say(emu, org, "/result 3", "/result")).plain
    await say(emu, eve, "/result 2", fixed("common.not_allowed"))
    mark = emu.mark()
    await say(emu, org, "/result 2", fixed("koth.done_correct"))
    await emu.wait_bot_message(
        GROUP, contains=f"{fixed('koth.pair')} 2: {BOB} 👑 — Cid", since=mark
    )
    assert "уже не текущая" in await press(cid, stale, "Моя победа")  # the old pair went stale
    shown = emu.chat(GROUP).messages[board.message_id].plain
    assert f"2. {BOB} 👑: 1 / 3 / 2" in shown and "1. Ann: 0 / 4 / 4" in shown

    await say(emu, org, "/finish 7", ru("koth.not_participant", club_id=7))
    mark = emu.mark()
    await say(emu, org, "/finish 3", fixed("koth.done_declare"))
    winner = await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.winner')} Cid", since=mark)
    assert "(решение судьи)" in winner.plain and "Призовой фонд: 5\u202f000\xa0₽" in winner.plain
    gained = await bob.wait_message(contains=f"{fixed('koth.rating_changed', 1)} 980,00 →")
    assert "(+" in gained.plain  # the corrected game counts: Bob beat Ann
    lost = await ann.wait_message(contains=f"{fixed('koth.rating_changed', 1)} 1100,00 →")
    assert "(−" in lost.plain
    told = await cid.wait_message(contains=f"{fixed('koth.rating_changed_winner')}Пятничный")
    assert "900,10 → 900,10 (+0,00), плюс бонус +80" in told.plain

    await say(emu, org, "/log 1", fixed("koth.log_title"))
    log = emu.last_bot_message(GROUP)
    assert log is not None
    corrected = f"Olga (@olga): партия #2 исправлена — победа: {BOB} · соперник: Ann"
    assert corrected in log.plain, log.plain
    assert "Olga (@olga): победитель объявлен: Cid" in log.plain
    assert "999" not in log.plain
    with sqlite3.connect(bot.db_path) as conn:
        actions = [r[0] for r in conn.execute("SELECT action FROM audit_log ORDER BY id")]
        pending = conn.execute("SELECT kind FROM deadlines WHERE status = 'pending'")
        assert [r[0] for r in pending if r[0].startswith("koth")] == ["koth_bonus"]
    assert actions[-2:] == ["koth_correct", "koth_declare"]


async def test_organiser_cancels_a_running_tournament(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    org, (ann, *_rest) = await setup_club(emu)
    await begin_tournament(emu, org)
    await say(emu, ann, "/cancel", fixed("common.organisers_only"))
    ask = await say(emu, org, "/cancel", ru("koth.cancel_ask", name="Пятничный"))
    assert "только организатор" in await press(ann, ask, "Да, отменить турнир")
    assert "продолжается" in await press(org, ask, "Нет")
    await org.send(GROUP, "/cancel")
    ask = await emu.wait_bot_message(
        GROUP, contains=fixed("koth.cancel_ask"), predicate=has_buttons
    )
    yes = str(ask.find_button("Да, отменить турнир")["callback_data"])
    mark = emu.mark()
    assert "Турнир отменён" in await press(org, ask, "Да, отменить турнир")
    await emu.wait_bot_message(GROUP, contains=ru("koth.cancelled", name="Пятничный"), since=mark)
    again = await (await org.press_data(ask, yes))  # a second press of an old button
    assert "уже завершён или отменён" in (again.text or "")

    clock.advance(timedelta(hours=5))  # the cancelled timers never fire
    await emu.idle()
    texts = [m.plain for m in emu.bot_messages(GROUP)]
    assert not any("Основное время" in text and "вышло" in text for text in texts)
    await say(emu, org, "/queue", fixed("tournament.none_open"))
    with sqlite3.connect(bot.db_path) as conn:
        status = conn.execute("SELECT status FROM tournaments").fetchone()[0]
        timers = conn.execute("SELECT DISTINCT status FROM deadlines WHERE kind LIKE 'koth%'")
        assert {r[0] for r in timers} == {"cancelled"}
        actions = {r[0] for r in conn.execute("SELECT action FROM audit_log")}
    assert status == "cancelled" and "koth_cancelled" in actions


async def test_organiser_cancels_during_registration(emu: BotApiEmulator, bot: RunningBot) -> None:
    org, (ann, *_rest) = await setup_club(emu)
    registration = await create(emu, org)
    join = str(registration.find_button("Участвую")["callback_data"])
    await say(emu, org, "/add @ann 1000", fixed("koth.added"))
    ask = await say(emu, org, "/cancel", fixed("koth.cancel_ask"))
    mark = emu.mark()
    await press(org, ask, "Да, отменить турнир")
    await emu.wait_bot_message(GROUP, contains=fixed("koth.cancelled", 1), since=mark)
    # the registration message is one line now, its button gone (issue 22, item 15); a press
    # from a client still showing it is told the registration is closed
    closed = ru("tournament.registration_cancelled", name="Пятничный")
    await emu.wait_for(lambda: registration.plain == closed and not registration.button_labels)
    assert "закрыта" in ((await (await ann.press_data(registration, join))).text or "")
    await say(emu, ann, "/join", fixed("tournament.none_open"))
    shown = await say(emu, org, "/help", fixed("help.organiser"))
    assert "/eliminate, /reinstate" in shown.plain and "/finish <номер>" in shown.plain


async def test_group_messages_follow_the_clubs_language(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    # The club's language is English (a group has none of its own): the groups read it,
    # people privately read their own.
    bot.overrides["default_language"] = "en"
    await bot.restart()
    org, (_ann, bob, *_rest) = await setup_club(emu)
    await create(emu, org)
    for name, rating in [("ann", 1100), ("bob", 980), ("cid", 900), ("dan", 850)]:
        await say(
            emu, org, f"/add @{name} {rating}", fixed("koth.added")
        )  # the organiser reads Russian
    await say(emu, org, "/draw 1 2 3 4", fixed("koth.drawn"))
    await org.send(GROUP, "/begin")
    begun = await emu.wait_bot_message(GROUP, contains="The tournament has begun")
    assert "Main time: 3 h" in begun.plain
    await emu.wait_bot_message(GROUP, contains="King of the Hill")
    pair = await emu.wait_bot_message(GROUP, contains="Game 1:", predicate=has_buttons)
    assert "I won" in pair.button_labels
    await bob.wait_message(
        contains=f"{fixed('koth.you_play')} 1"
    )  # privately, each in his own language
