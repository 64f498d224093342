"""King of the Hill as a club plays it (issue 12, items 2, 3, 7, 12, 14): who the next player
meets, Stay/Leave changed back, a newcomer's entry, what the board and the announcements say,
and the rating table of a billiards group."""

from __future__ import annotations

import re
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
from tests.e2e.drivers.registration import register
from tests.e2e.drivers.texts import fixed, ru
from tests.e2e.emulator import BotApiEmulator, SimMessage
from tests.e2e.harness import RunningBot


def query(bot: RunningBot, sql: str, *args: object) -> list[tuple[object, ...]]:
    with sqlite3.connect(bot.db_path) as conn:
        return conn.execute(sql, args).fetchall()


def count(emu: BotApiEmulator, text: str) -> int:
    return sum(text in m.plain for m in emu.bot_messages(GROUP))


def board_of(emu: BotApiEmulator, board: SimMessage) -> str:
    """The live board: ``board``, or, once the bot (which may not pin here) re-posted it at
    the bottom and deleted it (``bot.boards``), its newest copy."""
    message = emu.chat(GROUP).messages[board.message_id]
    if not message.deleted:
        return message.plain
    title = message.plain.split(" · ")[0]
    copies = [m for m in emu.bot_messages(GROUP) if m.plain.startswith(title)]
    return copies[-1].plain if copies else ""


async def board_shows(emu: BotApiEmulator, board: SimMessage, text: str) -> str:
    """The live board once it shows ``text``."""
    await emu.wait_for(lambda: text in board_of(emu, board) or None)
    return board_of(emu, board)


async def labels_become(emu: BotApiEmulator, message: SimMessage, labels: list[str]) -> None:
    def now() -> list[str]:
        return emu.chat(message.chat_id).messages[message.message_id].button_labels

    await emu.wait_for(lambda: now() == labels or None)


# --- item 2: the next player meets the winner of the game at the table ------------------------


async def test_the_next_player_is_told_he_meets_the_winner_of_the_game_at_the_table(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    org, (ann, bob, cid, dan, eve) = await setup_club(emu)
    await begin_tournament(emu, org)
    told = await cid.wait_message(contains=fixed("koth.you_are_next"))
    # game 1: no King yet, nobody to name but the two at the table
    assert told.plain == (
        f"Следующая партия за столом — ваша: с победителем партии 1 (Ann — {BOB})."
    ), told.plain
    await win(emu, 1, bob, ann)
    told = await dan.wait_message(contains=fixed("koth.you_are_next"))
    assert told.plain == (
        f"Следующая партия за столом — ваша: с победителем партии 2 ({BOB} — Cid)."
    ), told.plain
    await win(emu, 2, cid, bob)  # Cid wins: Dan meets Cid, as he was told he might
    await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.pair')} 3: Cid 👑 — Dan")
    told = await eve.wait_message(contains=fixed("koth.you_are_next"))
    assert "победителем партии 3 (Cid — Dan)" in told.plain
    assert not any("👑" in m.plain for m in dan.messages() if "следующий" in m.plain)


# --- item 3: Leave, then Stay; the later choice wins until his extra game would start --------


async def test_leave_then_stay_is_called_and_too_late_is_told(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    org, (ann, bob, cid, dan, eve) = await setup_club(emu)
    board = await begin_tournament(emu, org)
    await win(emu, 1, ann, bob)
    await win(emu, 2, ann, cid)
    mark = emu.mark()
    await win(emu, 3, ann, dan)
    clock.advance(timedelta(hours=4))  # Ann — Eve at the table: circle 1 is the last
    await emu.wait_bot_message(GROUP, contains=fixed("koth.expired"))
    cid_choice = await cid.wait_message(contains=fixed("koth.stay_or_leave"), predicate=has_buttons)
    dan_choice = await dan.wait_message(contains=fixed("koth.stay_or_leave"), predicate=has_buttons)
    assert cid_choice.button_labels == ["Остаюсь", "Ухожу"]

    assert "уходите" in await press(cid, cid_choice, "Ухожу")
    shown = await board_shows(emu, board, fixed("koth.board_left"))
    out = "3. Cid: 0 / 4 / 4 — вне борьбы: поражение в последнем круге, остаток 4 > 2"
    assert out + " (отказ от доп. игр)" in shown
    await labels_become(emu, cid_choice, ["Остаюсь", "✅ Ухожу"])
    assert "остаётесь" in await press(cid, cid_choice, "Остаюсь")
    await emu.wait_for(lambda: fixed("koth.board_left") not in board_of(emu, board) or None)
    shown = board_of(emu, board)
    assert out + " (остаётся" in shown
    await labels_become(emu, cid_choice, ["✅ Остаюсь", "Ухожу"])

    # W = Eve; the stayers after her in the order: Cid, then Dan. Cid, who came back, is called.
    await win(emu, 4, eve, ann, since=mark)
    called = await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.pair')} 5:", since=mark)
    assert "Партия 5: Eve 👑 — Cid" in called.plain
    # Dan leaves and comes back while Cid plays: his turn (after Cid) has not come yet
    assert "уходите" in await press(dan, dan_choice, "Ухожу")
    assert "остаётесь" in await press(dan, dan_choice, "Остаюсь")
    assert "уходите" in await press(dan, dan_choice, "Ухожу")  # and leaves for good
    await win(emu, 5, eve, cid, since=mark)
    called = await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.pair')} 6:", since=mark)
    assert "Партия 6: Eve 👑 — Ann" in called.plain  # Dan is not called
    answer = await (await dan.press(dan_choice, "Остаюсь")).answer()
    assert answer.show_alert and answer.text is not None and "Поздно" in answer.text
    settled = emu.chat(dan.id).messages[dan_choice.message_id]
    assert not settled.button_labels and "Поздно" in settled.plain
    await emu.idle()
    assert "Сейчас за столом: Eve 👑 — Ann" in board_of(emu, board)
    events = query(bot, "SELECT kind, payload_json FROM events WHERE kind IN ('leave', 'stay')")
    assert [e[0] for e in events] == ["leave", "stay", "leave", "stay", "leave"]


# --- item 7: a newcomer presses «✋ Участвую» ----------------------------------------------------


async def test_a_newcomer_is_sent_to_register_then_the_organiser_sets_his_rating_with_a_tap(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    org, (ann, *_rest) = await setup_club(emu)
    zed = emu.add_user(20, "Zed", username="zed")
    emu.add_member(GROUP, zed)
    registration = await create(emu, org)

    # a stranger: the press opens the registration in the private chat
    answer = await (await zed.press(registration, "Участвую")).answer()
    assert answer.url == "https://t.me/test_bot?start=register"
    assert answer.text == (
        "Сначала зарегистрируйтесь в клубе — открываю регистрацию. "
        "Потом снова нажмите «✋ Участвую»."
    )
    await zed.start("t-1")  # the tournament's link: the same, with the link to click
    told = await zed.wait_message(contains=fixed("koth.register_first"))
    assert told.raw_text is not None and "t.me/test_bot?start=register" in told.raw_text
    await register(zed, "Зуев", "Захар")
    assert query(bot, "SELECT count(*) FROM ratings") == [(0,)]  # nothing made up at sign-up

    # registered, no billiards rating: the organisers are asked in the group, once
    asked = await press(zed, registration, "Участвую")
    assert asked.startswith("У вас ещё нет бильярдного рейтинга. Запрос стартового рейтинга")
    request = await emu.wait_bot_message(GROUP, contains=fixed("koth.rating_wanted", 1))
    club_id = query(bot, "SELECT id FROM players WHERE telegram_id = 20")[0][0]
    assert request.plain == (
        "🙋 Зуев Захар хочет участвовать в турнире «Пятничный», но бильярдного рейтинга пока нет.\n"
        f"Организатор, выберите стартовый рейтинг кнопкой или напишите /add {club_id} <рейтинг>."
    )
    assert request.button_labels == ["800", "900", "1000", "1100", "1200"]
    await press(zed, registration, "Участвую")
    await emu.idle()
    assert count(emu, fixed("koth.rating_wanted", 1)) == 1

    # a player's tap is refused; the organiser's sets 1000 and enters him
    assert "только организатор" in await press(ann, request, "1100")
    assert await press(org, request, "1000") == "Рейтинг 1000 назначен."
    await labels_become(emu, request, [])
    done = emu.chat(GROUP).messages[request.message_id]
    assert done.plain == "✅ Зуев Захар: стартовый рейтинг 1000, в турнире."  # one line
    dm = await zed.wait_message(contains=fixed("koth.rating_given"))
    assert dm.plain == "Ваш стартовый бильярдный рейтинг: 1000. Вы в турнире «Пятничный»."
    assert query(bot, "SELECT discipline, rating_cents FROM ratings") == [("billiards", 100000)]
    assert query(bot, "SELECT count(*) FROM participants") == [(1,)]
    assert "Вы уже в турнире" in await press(zed, registration, "Участвую")
    norms = await say(emu, org, "/norms", fixed("koth.norms_title"))
    assert f"Зуев Захар (#{club_id}): рейтинг 1000,00" in norms.plain


# --- item 12: the board, the warning, the norms, the ratings at the end -------------------------


async def test_the_board_and_the_announcements_of_a_whole_evening(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    org, (ann, bob, cid, dan, eve) = await setup_club(emu)
    board = await begin_tournament(emu, org)
    # 18:00 UTC is 21:00 in Moscow; five players: four hours
    assert "основное время до 01:00 (осталось 4:00)" in board.plain
    assert "Лидер" not in board.plain  # no Leader in the main time (6.8)
    for user, norm, rating, seat in (
        (ann, 4, "1100,00", 1),
        (bob, 3, "980,00", 2),
        (eve, 4, "740,00", 5),
    ):
        note = await user.wait_message(contains=fixed("koth.your_norm", 1))
        assert note.plain == (
            f"🏁 Турнир «Пятничный» начался. Ваша норма побед: {norm} (ваш рейтинг {rating}, "
            f"средний 914,02). Ваше место в очерёдности: {seat}."
        )

    # the game at the table: reported, then disputed, then decided
    first = await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.pair')} 1:")
    await press(ann, first, "Моя победа")
    shown = await board_shows(emu, board, "⏳")
    pending = ru("koth.table_pending", reporter="Ann", winner="Ann", confirmer=BOB)
    assert f"Сейчас за столом: Ann — {BOB}\n{pending}" in shown
    ask = await bob.wait_message(
        contains=fixed("results.confirm_request", -1), predicate=has_buttons
    )
    await press(bob, ask, "Оспорить")
    shown = await board_shows(emu, board, "⚖️")
    assert f"Ann — {BOB}\n⚖️ Результат оспорен: решает судья." in shown
    dispute = await org.wait_message(contains=fixed("results.dispute_for_judge"))
    await (await org.press(dispute, f"Победа: {BOB}")).answer()  # the label shows the name as typed
    shown = await board_shows(emu, board, f"{fixed('koth.board_table')} {BOB} 👑 — Cid")
    assert "⏳" not in shown and "⚖️" not in shown

    # the mini-tournament of test_koth_phases, watched on the board
    await win(emu, 2, cid, bob)
    await win(emu, 3, dan, cid)
    mark = emu.mark()
    await win(emu, 4, dan, eve)
    await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.pair')} 5: Dan 👑 — Ann", since=mark)
    clock.advance(timedelta(hours=3, minutes=45))
    warning = await emu.wait_bot_message(GROUP, contains=fixed("koth.warning"))
    assert warning.plain == (
        "⏳ До конца основного времени 15 минут (в 01:00). Идущий круг 2 станет последним: "
        "проигрыши в нём, в том числе уже сыгранные, будут учтены при выбывании "
        "(регламент 6.4, 6.7)."
    )
    clock.advance(timedelta(minutes=15))
    await emu.wait_bot_message(GROUP, contains=fixed("koth.expired"))
    shown = await board_shows(emu, board, fixed("koth.phase_last_circle"))
    assert "← Лидер" in shown  # from the last circle on
    await win(emu, 5, dan, ann, since=mark)
    await win(emu, 6, bob, dan)
    await win(emu, 7, cid, bob)
    mark = emu.mark()
    await win(emu, 8, cid, eve)
    called = await emu.wait_bot_message(GROUP, contains=fixed("koth.mini_begin"), since=mark)
    assert called.plain == (
        f"🏁 Мини-турнир на выбывание, порядок: {BOB} → Cid → Dan.\n"
        f"Почему финал: остатки сравнялись — Cid: 1, Лидеры ({BOB}, Dan): 1.\n"
        "Вне борьбы:\n• Eve (поражение в последнем круге, остаток 4 > 1)"
    )  # the game that ended the last circle put Eve out (issue 22, item 5)
    await emu.wait_bot_message(
        GROUP, contains=f"{fixed('koth.pair')} 9: Cid 👑 — {BOB}", since=mark
    )
    shown = await board_shows(emu, board, fixed("koth.phase_mini_line"))
    assert ("Почему финал: остатки сравнялись — Cid: 1, Лидеры (" + BOB + ", Dan): 1.") in shown, (
        shown
    )
    assert f"Сейчас за столом: Cid 👑 — {BOB}\nДальше: Dan" in shown
    assert "← Лидер" not in shown  # the finalists are no Leaders on the rows

    await win(emu, 9, cid, bob, since=mark)
    await win(emu, 10, dan, cid, since=mark)
    winner = await emu.wait_bot_message(GROUP, contains=f"{fixed('koth.winner')} Dan", since=mark)
    lines = winner.plain.split("\n")
    assert lines[2] == "Рейтинг после турнира:", winner.plain
    changes = lines[3:]
    names = ["Ann", BOB, "Cid", "Dan", "Eve"]
    assert [c.split(":")[0] for c in changes] == names
    assert changes[3].endswith(", и бонус +80")
    total = 0
    for user, line in zip((ann, bob, cid, dan, eve), changes, strict=True):
        found = re.search(r": (\d+,\d\d) → (\d+,\d\d) \(([+−])(\d+,\d\d)\)", line)
        assert found is not None, line
        old, new, sign, delta = found.groups()
        told = await user.wait_message(contains="→")
        assert f"{old} → {new} ({sign}{delta})" in told.plain  # as he was told privately
        cents = round(decimal(delta) * 100) * (1 if sign == "+" else -1)
        assert round((decimal(new) - decimal(old)) * 100) == cents
        total += cents
    history = query(bot, "SELECT sum(delta_cents) FROM rating_history WHERE reason = 'koth'")
    assert total == history[0][0] == 0


# --- item 14: /rating in a billiards group ---------------------------------------------------


async def test_rating_in_a_billiards_group_shows_billiards_by_name(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    org, (ann, *_rest) = await setup_club(emu)
    await create(emu, org)
    await say(emu, org, "/add @ann 1100", fixed("koth.added"))
    await say(emu, org, "/add @dan 850", fixed("koth.added"))
    table = await say(emu, ann, "/rating", fixed("rating.title"))
    assert table.plain == "Рейтинг: Бильярд\n1. Ann (#1) — 1100,00\n2. Dan (#2) — 850,00"
    unknown = await say(emu, ann, "/rating шахматы", fixed("rating.unknown"))
    assert unknown.plain == "Нет такой дисциплины. Есть: Берсерк, Берсерк. Герои, Бильярд"
    await ann.send(None, "/rating бильярд")
    private = await ann.wait_message(contains=fixed("rating.title"))
    assert private.plain.startswith("Рейтинг: Бильярд\n1. Ann (#1) — 1100,00")
    await ann.send(None, "/rating берсерк")
    await ann.wait_message(contains=ru("rating.empty", discipline="Берсерк"))
    # nobody played Berserk: nobody has a Berserk rating, nobody got a made-up 1200
    assert query(bot, "SELECT count(*) FROM ratings WHERE discipline = 'berserk'") == [(0,)]


def decimal(text: str) -> float:
    """A number as the Russian texts write it (a decimal comma)."""
    return float(text.replace(",", "."))
