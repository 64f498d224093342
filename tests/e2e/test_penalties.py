"""A judge's penalties in a card tournament, played through the emulator (``rules.penalties``,
``bot.swiss.penalties``): a warning that changes nothing, a match loss (a technical loss, rated
as the game he should have played, section 3), a game loss in a best of three (one game, then
the match), a disqualification (his open match lost, his past results kept, no place), a
non-judge refused, the buttons of ``/pending`` with the player, the kind and the reason chosen
in the judge's private chat, the player told privately with the reason, the judge shown the
earlier penalties privately (the group gets one line, never the reason or the history), and the
player's history in ``/profile``."""

from __future__ import annotations

import json

from bot.swiss import SwissService
from tests.e2e.drivers.judged import BO3, MTG, JudgedClub, query
from tests.e2e.drivers.registration import register
from tests.e2e.drivers.swiss_club import GROUP, Club
from tests.e2e.drivers.texts import fixed, round_title, ru
from tests.e2e.emulator import BotApiEmulator, SimMessage
from tests.e2e.harness import RunningBot

NAME = "Кубок <b>клуба</b>"  # as typed in the wizard
GAME = 640
"""One rated game between two 1200s in a field of four: K = 16 × 0.8 = 12.8, ±6.40."""


async def begun(club: Club, rounds: str = "3") -> list[tuple[int, str, str, str]]:
    """Registration done and round 1 paired: its tables."""
    await club.register_all(await club.create(rounds=rounds, top="Без ТОПа"))
    await club.org.send(GROUP, "/begin")
    board = await club.emu.wait_for(lambda: club.board(round_title(1, int(rounds))))
    return club.tables(board)


async def finish_now(club: Club) -> SimMessage:
    """The organiser finishes the tournament early; the final announcement."""
    await club.org.send(GROUP, "/finish")
    asked = await club.emu.wait_bot_message(GROUP, contains=fixed("swiss.confirm_finish", 1))
    await (await club.org.press(asked, "🏁 Да, завершить")).answer()
    return await club.emu.wait_bot_message(GROUP, contains=fixed("swiss.finished_early", 1))


def rating_changes(bot: RunningBot) -> dict[str, int]:
    """Each player's rating change of the tournament (cents), by name."""
    rows = query(
        bot,
        "SELECT p.first_name, h.delta_cents FROM rating_history h JOIN players p"
        " ON p.id = h.player_id WHERE h.reason = 'tournament'",
    )
    return {str(name): int(str(delta)) for name, delta in rows}


def open_tables(count: int) -> str:
    """The title of round 1's ``/pending``: its open tables."""
    return ru("swiss.pending_title", name=NAME, round=ru("swiss.round_name", round=1), count=count)


async def test_a_warning_then_a_match_loss_the_history_the_notices_and_the_rating(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = Club(emu, players=4)
    (_, a, b, _), (_, c, d, _) = await begun(club)

    # A player is no judge: refused, nothing stored.
    await club.users[b].send(GROUP, f"/penalty @{a.lower()} warning опоздание")
    await emu.wait_bot_message(GROUP, contains=fixed("common.not_allowed"))
    assert query(bot, "SELECT id FROM events WHERE kind = 'sw_penalty'") == []

    # A warning: recorded, the player told privately with the reason, nothing else changes.
    await club.org.send(GROUP, f"/penalty @{a.lower()} warning опоздание на 10 минут")
    short = await emu.wait_bot_message(GROUP, contains=fixed("penalties.recorded_private"))
    assert short.plain == ru("penalties.recorded_private")
    answer = await club.wait_find(club.org, fixed("penalties.recorded"), "")
    assert answer.chat_id == club.org.id
    assert answer.plain == (
        f"⚖️ Записано — предупреждение: {a}.\nПричина: опоздание на 10 минут\n"
        "Других штрафов у игрока нет."
    )
    told = await club.wait_find(club.users[a], fixed("penalties.told", 1), "")
    assert told.chat_id == club.users[a].id
    assert told.plain == (
        "⚖️ «Кубок <b>клуба</b>»: штраф от судьи — предупреждение.\nПричина: опоздание на 10 минут"
    )
    await club.org.send(GROUP, "/pending")
    pending = await emu.wait_bot_message(GROUP, contains=open_tables(2))
    assert "⚖️ Штраф: стол 1" in pending.button_labels

    # A match loss: the judge sees the earlier warning; table 1 is b's technical win.
    await club.org.send(GROUP, f"/penalty @{a.lower()} match_loss оскорбление соперника")
    answer = await club.wait_find(
        club.org, ru("penalties.recorded", kind="поражение в матче", name=a), ""
    )
    lines = answer.plain.split("\n")
    assert lines[:3] == [
        f"⚖️ Записано — поражение в матче: {a}.",
        "Причина: оскорбление соперника",
        "Тур 1, стол 1: техническое поражение, сопернику — техническая победа.",
    ]
    assert lines[3] == "Ранее 1 штраф:"
    assert lines[4].endswith(" · «Кубок <b>клуба</b>» · предупреждение: опоздание на 10 минут")
    group = await emu.wait_bot_message(GROUP, contains=fixed("penalties.group_match", 2), since=0)
    assert group.plain == f"⚖️ Тур 1, стол 1: техническое поражение по решению судьи — {a}."
    result = await club.wait_find(club.users[b], fixed("swiss.result_told", 1), "")  # his rival
    assert "оскорбление" not in result.plain and f"{b} — техническая победа" in result.plain
    told = await club.wait_find(club.users[a], fixed("penalties.kind_match_loss"), "")
    assert told.plain.endswith(
        "Причина: оскорбление соперника\nТур 1, стол 1: техническое поражение."
    )
    assert "оскорбление" not in group.plain  # the reason stays private

    # c beats d; the standings count the technical result: b 2.5, a 0.
    await club.report(1, 2, c, "Моя победа")
    await club.confirm(1, 2, d, "✅ Подтверждаю")
    await emu.wait_bot_message(
        GROUP, contains=ru("swiss.round_complete", round=ru("swiss.round_name", round=1))
    )
    await club.org.send(GROUP, "/standings")
    standings = await emu.wait_bot_message(
        GROUP, contains=f"{fixed('swiss.standings_title')} 1 тур"
    )
    assert f"{c}" in standings.plain and f"{b} — 2,5" in standings.plain
    assert f"{a} — 0" in standings.plain

    # The log shows both penalties: in the group without their reasons, privately with them.
    await club.org.send(GROUP, "/log")
    log = await emu.wait_bot_message(GROUP, contains=fixed("log.title"))
    assert f"штраф — предупреждение: {a}\n" in log.plain + "\n"
    assert f"штраф — поражение в матче: {a}" in log.plain and "оскорбление" not in log.plain
    assert "опоздание" not in log.plain
    await club.org.send(None, "/log")
    log = await club.org.wait_message(contains=fixed("log.title"))
    assert f"штраф — предупреждение: {a} (опоздание на 10 минут)" in log.plain
    assert f"штраф — поражение в матче: {a} (оскорбление соперника)" in log.plain
    # Every penalty's reason, the judge's answers included, stayed out of the group.
    in_group = [m.plain for m in emu.bot_messages(GROUP)]
    assert not [text for text in in_group if "опоздание" in text or "оскорбление" in text]
    assert bot.app is not None
    exported = await bot.app.service(SwissService).export_csv(1, reasons=True)
    penalty_rows = exported.split("penalty,club_id,name,round,table,reason\n")[1].splitlines()
    assert [row.split(",", 2)[0] for row in penalty_rows] == ["warning", "match_loss"]
    assert penalty_rows[1].endswith(f",{a},1,1,оскорбление соперника")
    assert penalty_rows[0].endswith(f",{a},,,опоздание на 10 минут")

    # The finish: c–d is rated, and so is the match loss a–b, the game a should have played
    # (section 3: «каждой партии, в которой он принимал или должен был принять участие»).
    await finish_now(club)
    changes = rating_changes(bot)
    assert changes == {a: -GAME, b: GAME, c: GAME, d: -GAME}

    # His own history, in /profile (private) once he completes his registration.
    await register(club.users[a], "Петров", a)
    await club.users[a].send(None, "/profile")
    profile = await club.users[a].wait_message(contains=fixed("penalties.profile_title"))
    assert "предупреждение: опоздание на 10 минут" in profile.plain
    assert "поражение в матче: оскорбление соперника" in profile.plain


async def test_game_losses_in_a_best_of_three(emu: BotApiEmulator, bot: RunningBot) -> None:
    club = JudgedClub(emu, players=4)
    await club.create_with(rounds="3", top="Без ТОПа", fmt=BO3, tb=MTG)
    await club.org.send(GROUP, "/begin")
    board = await emu.wait_for(lambda: club.board(round_title(1, 3)))
    (_, a, b, _), (_, c, d, _) = club.tables(board)

    # Table 1: a game loss for a: the game is b's, the match goes on; b is told too.
    await club.org.send(GROUP, f"/penalty @{a.lower()} game_loss колода не перетасована")
    answer = await club.wait_find(club.org, fixed("penalties.kind_game_loss"), "")
    assert "Тур 1, стол 1: партия засчитана сопернику, матч продолжается." in answer.plain
    credited = await club.wait_find(club.users[b], fixed("penalties.credited", -1), "")
    assert credited.chat_id == club.users[b].id
    own = await club.wait_find(club.users[a], fixed("penalties.told", 1), "")
    assert own.plain.endswith("Итоговый счёт матча сообщите вместе с ней.")
    assert not [m for m in emu.bot_messages(GROUP) if fixed("penalties.group_match", 2) in m.plain]
    # They play on; b wins 2:1 with the penalty game counted. Table 1 is open until then.
    await club.report(1, 1, b, "2:1")
    assert await club.confirm(1, 1, a, "✅ Подтверждаю") == "Результат принят."

    # Table 2: two game losses for d: the second loses the match (0:2).
    await club.org.send(GROUP, f"/penalty @{d.lower()} game_loss медленная игра")
    await club.wait_find(club.org, "медленная игра", "")
    await club.org.send(GROUP, f"/penalty @{d.lower()} game_loss снова медленная игра")
    second = await club.wait_find(club.org, "снова медленная игра", "")
    assert "Тур 1, стол 2: техническое поражение, сопернику — техническая победа." in second.plain
    assert "Ранее 1 штраф:" in second.plain
    await emu.wait_bot_message(
        GROUP, contains=ru("penalties.group_match", round=1, table=2, name=d), since=0
    )
    await emu.wait_bot_message(
        GROUP, contains=ru("swiss.round_complete", round=ru("swiss.round_name", round=1)), since=0
    )
    done = club.board(round_title(1, 3))  # the board shows the games of each table
    assert done is not None and [t[3] for t in club.tables(done)] == ["✅ 0:1 1:2", "✅ +:− 2:0"]
    stored = query(bot, "SELECT payload_json FROM events WHERE kind = 'sw_result'")
    results = [json.loads(str(r[0])) for r in stored]
    assert results[-1] == {
        "round": 1,
        "table": 2,
        "outcome_a": "technical_win",
        "games": [2, 0],
        "penalty": True,
    }

    # The finish: b–a 2:1 is three rated games, the penalty's among them (a game a should have
    # played): b +6.40; c–d's two game losses are two games d lost: c +12.80.
    await finish_now(club)
    assert rating_changes(bot) == {a: -GAME, b: GAME, c: 2 * GAME, d: -2 * GAME}
    await club.org.send(GROUP, "/standings")
    standings = await emu.wait_bot_message(
        GROUP, contains=f"{fixed('swiss.standings_title')} 1 тур"
    )
    assert f"{b} — 3" in standings.plain and f"{c} — 2,5" in standings.plain


async def test_a_disqualification_with_an_open_match_keeps_the_past_and_takes_the_place(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = Club(emu, players=4)
    await begun(club)
    (_, a, b, _), (_, c, d, _) = await club.play(1, round_title(1, 3))  # a and c win
    await club.org.send(GROUP, "/next_round")
    board2 = await emu.wait_for(lambda: club.board(round_title(2, 3)))
    tables2 = {frozenset(t[1:3]): t for t in club.tables(board2)}
    table, _, _, _ = tables2[frozenset((a, c))]
    other, p, q, _ = tables2[frozenset((b, d))]

    # a is disqualified mid-round 2: his match is c's technical win, he is out.
    await club.org.send(GROUP, f"/penalty @{a.lower()} dq подмена карт")
    answer = await club.wait_find(club.org, fixed("penalties.kind_dq"), "")
    assert answer.plain.split("\n")[2:4] == [
        f"Тур 2, стол {table}: техническое поражение, сопернику — техническая победа.",
        "Игрок выбывает из турнира; прошлые результаты остаются, места и приза нет.",
    ]
    group = await emu.wait_bot_message(GROUP, contains=fixed("penalties.group_dq"), since=0)
    assert group.plain == f"⚖️ Дисквалификация по решению судьи: {a}. Места и приза нет."
    told = await club.wait_find(club.users[a], fixed("penalties.told", 1), "")
    assert "Причина: подмена карт" in told.plain and "Вы выбываете из турнира" in told.plain
    # A second penalty for him is refused.
    await club.org.send(GROUP, f"/penalty @{a.lower()} warning ещё")
    await emu.wait_bot_message(GROUP, contains=ru("penalties.already_disqualified", name=a))
    await club.org.send(GROUP, f"/add @{a.lower()}")  # nor can he come back
    await emu.wait_bot_message(GROUP, contains=ru("swiss.join_disqualified", name=a))

    # b beats d; round 3 pairs the three others (a is never paired again).
    await club.report(2, other, p, "Моя победа")
    await club.confirm(2, other, q, "✅ Подтверждаю")
    await emu.wait_bot_message(
        GROUP, contains=ru("swiss.round_complete", round=ru("swiss.round_name", round=2))
    )
    await club.org.send(GROUP, "/next_round")
    board3 = await emu.wait_for(lambda: club.board(round_title(3, 3)))
    assert a not in board3.plain

    final = await finish_now(club)
    # a keeps his round-1 win (3 points) yet has no place: last, marked; the loser of b–d
    # (0, or 2.9 with round 3's bye) moves up to 3rd above him.
    lines = [line for line in final.plain.split("\n") if " — " in line and ". " in line[:4]]
    assert lines[-1].startswith(f"4. {a} (дисквалификация, без места) — 3 ·")
    third = float(lines[2].split(" — ")[1].split(" ·")[0].replace(",", "."))
    assert lines[2].startswith("3. ") and third < 3
    # Rated: round 1 (a beat b, c beat d), round 2's b–d and the match the disqualification
    # lost (a game a should have played): a +6.40 − 6.40, c +6.40 + 6.40.
    changes = rating_changes(bot)
    assert changes[a] == 0 and changes[c] == 2 * GAME
    assert changes[b] + changes[d] == -2 * GAME and {changes[b], changes[d]} == {0, -2 * GAME}
    exported = await bot.app.service(SwissService).export_csv(1, reasons=True) if bot.app else ""
    row = next(line for line in exported.splitlines() if f",{a}," in line)
    assert row.startswith(",") and "dq," in exported
    place = await club.wait_find(club.users[a], fixed("penalties.your_place_dq"), "")
    assert place.chat_id == club.users[a].id


async def test_a_penalty_from_the_pending_buttons_asks_the_reason(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = Club(emu, players=4)
    (_, a, b, _), _ = await begun(club)
    await club.org.send(GROUP, "/pending")
    pending = await emu.wait_bot_message(GROUP, contains=open_tables(2))

    # A player pressing a judge's button is refused, every step.
    refused = await (await club.users[b].press(pending, "⚖️ Штраф: стол 1")).answer()
    assert refused.text is not None and "только организатор или судья" in refused.text

    # The judge's choice goes on in his private chat: whom, which penalty, why.
    moved = await (await club.org.press(pending, "⚖️ Штраф: стол 1")).answer()
    assert moved.text == ru("penalties.asked_privately")
    whom = await club.org.wait_message(contains=ru("penalties.ask_player", table=1))
    assert whom.chat_id == club.org.id
    assert whom.button_labels == [a, b]
    await (await club.org.press(whom, b)).answer()
    which = await emu.wait_for(
        lambda: whom if fixed("penalties.ask_kind", -1) in whom.plain else None
    )
    assert which.plain == f"⚖️ Штраф — {b}. Какой?"
    assert which.button_labels == [
        "предупреждение",
        "поражение в партии",
        "поражение в матче",
        "дисквалификация",
    ]
    await (await club.org.press(which, "поражение в матче")).answer()
    question = await club.org.wait_message(contains=fixed("penalties.ask_reason", -1))
    assert question.plain.endswith(
        f"поражение в матче — {b}. Напишите причину следующим сообщением (/cancel — отмена)."
    )
    await club.org.send(None, "телефон за столом")
    answer = await club.org.wait_message(contains=fixed("penalties.recorded"))
    assert answer.plain.startswith(
        f"⚖️ Записано — поражение в матче: {b}.\nПричина: телефон за столом"
    )
    await emu.wait_bot_message(
        GROUP, contains=ru("penalties.group_match", round=1, table=1, name=b), since=0
    )
    told = await club.wait_find(club.users[b], fixed("penalties.told", 1), "")
    assert "Причина: телефон за столом" in told.plain
    in_group = [m.plain for m in emu.bot_messages(GROUP)]
    assert not [text for text in in_group if fixed("penalties.ask_kind", -1) in text]
    assert not [text for text in in_group if "телефон" in text]


async def test_a_judge_who_never_opened_the_private_chat_is_asked_to(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = Club(emu, players=4)
    (_, a, _, _), _ = await begun(club)
    judge = emu.add_user(9100, "Jud", username="jud")  # he never opens the private chat
    emu.add_member(GROUP, judge)
    await judge.send(GROUP, "/help")
    await judge.wait_message(GROUP)
    await club.org.send(GROUP, "/judge @jud")
    await emu.wait_bot_message(GROUP, contains=fixed("tournament.judge_added"))
    await judge.send(GROUP, "/pending")
    pending = await emu.wait_bot_message(GROUP, contains=open_tables(2))
    refused = await (await judge.press(pending, "⚖️ Штраф: стол 1")).answer()
    assert refused.text == ru("penalties.open_chat") and refused.show_alert
    await judge.send(GROUP, f"/penalty @{a.lower()} warning опоздание")
    short = await emu.wait_bot_message(GROUP, contains=fixed("penalties.recorded_open_chat"))
    assert "опоздание" not in short.plain and a not in short.plain
    told = await club.wait_find(club.users[a], fixed("penalties.told", 1), "")
    assert "Причина: опоздание" in told.plain  # given all the same, the player told
