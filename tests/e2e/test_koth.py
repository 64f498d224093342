"""King of the Hill played through the emulator: a whole tournament, and the refusals."""

from __future__ import annotations

from datetime import timedelta

from tests.clock import ManualClock
from tests.e2e.drivers.koth_club import (
    BOB,
    GROUP,
    create,
    has_buttons,
    play,
    press,
    say,
    setup_club,
)
from tests.e2e.drivers.texts import fixed, ru
from tests.e2e.emulator import BotApiEmulator, SimMessage
from tests.e2e.harness import RunningBot
from tests.e2e.peek import Peek


async def test_whole_tournament(
    emu: BotApiEmulator, bot_both: RunningBot, clock: ManualClock
) -> None:
    bot = bot_both  # on SQLite and on PostgreSQL
    org, (ann, bob, cid, dan, eve) = await setup_club(emu)
    await create(emu, org)
    for name, rating in [("ann", 1100), ("bob", 980), ("cid", "900.1"), ("dan", 850), ("eve", 740)]:
        await say(emu, org, f"/add @{name} {rating}", fixed("koth.added"))
    await say(emu, org, "/add fund 500 спонсор", f"{fixed('koth.fund_added', 1)} 5\u202f500\xa0₽")
    norms = await say(emu, org, "/norms", fixed("koth.norms_title"))
    assert "Средний рейтинг: 914,02" in norms.plain
    assert f"{BOB} (#2): рейтинг 980,00, норма 12" in norms.plain  # the name shows as typed
    assert "норма 14" in norms.plain and "норма 8" in norms.plain
    for club_id, norm in [(1, 4), (2, 3), (3, 4), (4, 4), (5, 4)]:
        await say(emu, org, f"/norms {club_id} {norm}", fixed("koth.norms_title"))
    await say(emu, org, "/draw 1 2 3 4 5", fixed("koth.drawn"))
    await say(emu, org, "/begin", f"{fixed('koth.begun')} 4 ч")
    board = await emu.wait_bot_message(GROUP, contains=fixed("koth.board_title"))
    assert f"2. {BOB}: 0 / 3 / 3" in board.plain
    first = await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.pair')} 1:")
    assert "раскат" in first.plain and f"Ann — {BOB}" in first.plain
    await bob.wait_message(contains=f"{fixed('koth.you_play')} 1")
    await cid.wait_message(contains=fixed("koth.you_are_next"))

    # game 1, confirmed by the opponent
    assert "Отправлено" in await press(ann, first, "Моя победа")
    ask = await bob.wait_message(contains=fixed("results.confirm_request", -1))
    await press(bob, ask, "Подтверждаю")

    # game 2: Cid claims a win, Ann disputes, the judge decides for Ann
    second = await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.pair')} 2:")
    assert "не ваша" in await press(eve, second, "Моя победа")  # a wrong player is refused
    await press(cid, second, "Моя победа")
    ask = await ann.wait_message(
        contains=fixed("results.confirm_request", -1), predicate=has_buttons
    )
    await press(ann, ask, "Оспорить")
    dispute = await org.wait_message(contains=fixed("results.dispute_for_judge"))
    assert "Результат принят" in await press(org, dispute, "Победа: Ann")

    # game 3 is confirmed wrongly and voided by the judge, then played again
    await play(emu, "3", dan, "Моя победа", ann)
    await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.pair')} 4: Dan 👑 — Eve")
    mark = emu.mark()
    await say(emu, org, "/void", fixed("koth.done_void"))
    await play(emu, "3", ann, "Моя победа", dan, since=mark)
    board_id = board.message_id

    def board_shows_game_3() -> SimMessage | None:
        message = emu.chat(GROUP).messages[board_id]
        return message if "Ann 👑: 3 / 4 / 1" in message.plain else None

    board = await emu.wait_for(board_shows_game_3)
    assert "1. Ann 👑: 3 / 4 / 1\n" in board.plain, board.plain  # no Leader in the main time
    assert "Сейчас за столом: Ann 👑 — Eve" in board.plain

    # the judge extends the main time; the clock jumps to its end: warning, then the last circle
    await say(emu, org, "/extend 30", f"{fixed('koth.extended')} 30")
    clock.advance(timedelta(hours=4))
    await emu.idle()
    assert "Основное время вышло" not in (emu.last_bot_message(GROUP) or first).plain
    clock.advance(timedelta(minutes=15))  # the warning's moment (a jump past it drops it)
    await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.warning')} 15 минут")
    clock.advance(timedelta(minutes=15))
    expired = await emu.wait_bot_message(GROUP, contains=fixed("koth.expired"))
    assert "ещё в борьбе: Ann, Eve" in expired.plain
    assert "Cid (поражение в последнем круге, остаток 4 > 2)" in expired.plain
    assert "Dan (поражение в последнем круге, остаток 4 > 1)" in expired.plain
    await cid.wait_message(contains=fixed("koth.stay_or_leave"))
    choice = await dan.wait_message(contains=fixed("koth.stay_or_leave"))
    assert "другого игрока" in await press(cid, choice, "Ухожу")
    assert "уходите" in await press(dan, choice, "Ухожу")

    # a restart in the middle of the last circle resumes exactly
    await bot.restart()
    await emu.idle()
    await ann.send(GROUP, "/queue")
    queue = await emu.wait_bot_message(GROUP, contains=fixed("koth.phase_last_circle"))
    assert "Сейчас за столом: Ann 👑 — Eve" in queue.plain
    assert "<s>" not in queue.plain and "вне борьбы" in queue.plain
    pair = await emu.wait_bot_message(
        GROUP, contains=f"{fixed('koth.pair')} 4: Ann 👑 — Eve", since=0
    )
    assert "Отправлено" in await press(eve, pair, "Моя победа")
    await press(
        ann,
        await ann.wait_message(
            contains=fixed("results.confirm_request", -1), predicate=has_buttons
        ),
        "Подтверждаю",
    )

    # extra games: Eve plays Cid (Dan left), then the Leader Ann; Ann reaches her norm
    await emu.wait_bot_message(
        GROUP, contains=ru("koth.extra_begin", count=1, leaders="Ann", king="Eve")
    )
    await play(emu, "5", eve, "Моя победа", cid)
    await play(emu, "6", ann, "Моя победа", eve)
    winner = await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.winner')} Ann")
    assert "норма 4 выполнена" in winner.plain and "Призовой фонд: 5\u202f500\xa0₽" in winner.plain
    told = await ann.wait_message(contains=f"{fixed('koth.rating_changed_winner')}Пятничный")
    # granted 01:30 on 1 Dec in Moscow: counts through the last day of February
    assert "бонус +80 до 28.02.2027 включительно" in told.plain
    await bob.wait_message(contains=f"{fixed('koth.rating_changed', 1)} 980,00 →")

    await say(emu, org, "/log 1", fixed("koth.log_title"))
    log = emu.last_bot_message(GROUP)
    assert log is not None and "партия #" in log.plain and "отменена" in log.plain
    # a contribution is an event
    assert "Olga (@olga): взнос в призовой фонд: 500\xa0₽ (спонсор)" in log.plain
    with Peek(bot.where) as conn:
        status = conn.execute("SELECT status FROM tournaments").fetchone()[0]
        bonus = conn.execute("SELECT player_id, amount_cents FROM rating_bonuses").fetchall()
        total = conn.execute(
            "SELECT sum(delta_cents) FROM rating_history WHERE reason = 'koth'"
        ).fetchone()[0]
        actions = {r[0] for r in conn.execute("SELECT action FROM audit_log")}
    assert status == "finished" and bonus == [(1, 8000)] and total == 0
    assert {"koth_void", "koth_extend", "koth_norm", "koth_draw"} <= actions

    # three months later the daily job tells Ann her bonus expired
    clock.advance(timedelta(days=95))
    expired_bonus = await ann.wait_message(
        contains=f"{fixed('koth.bonus_expired')}80 {fixed('koth.bonus_expired', 1)}"
    )
    assert "1097,56" in expired_bonus.plain
    await emu.idle()


async def test_refusals(emu: BotApiEmulator, bot: RunningBot) -> None:
    org, _people = await setup_club(emu)
    zed = emu.add_user(20, "Zed", username="zed")
    emu.add_member(GROUP, zed)
    await say(emu, zed, "/new", fixed("common.organisers_only"))
    choice = await say(emu, org, "/new", fixed("tournament.choose_kind"))
    assert "только организатор" in await press(zed, choice, "Царь горы")
    await press(org, choice, "Царь горы")
    await emu.wait_bot_message(GROUP, contains=fixed("koth.ask_name"))
    await say(emu, org, "Среда", fixed("koth.ask_fee"))
    await say(emu, org, "2500", fixed("koth.ask_table"))
    registration = await say(emu, org, "Стол 2", fixed("koth.registration_open", -1))
    assert registration.raw_text is not None

    # a stranger cannot join, by the button or the link: he is sent to register first
    # (the newcomer's whole way in: tests/e2e/test_koth_club.py)
    assert "Сначала зарегистрируйтесь" in await press(zed, registration, "Участвую")
    await zed.start("t-1")
    await zed.wait_message(contains=fixed("koth.register_first"))

    await say(emu, org, "/add @ann 1200", fixed("koth.added"))
    await say(emu, org, "/add @bob 1100", fixed("koth.added"))
    await say(emu, zed, "/begin", fixed("common.organisers_only"))
    refused = await say(emu, org, "/begin", ru("koth.count", count=2))
    assert "Нельзя начать" in refused.plain
    # a player with a rating joins by the button
    await say(emu, org, "/add @cid 1000", fixed("koth.added"))
    await emu.idle()
