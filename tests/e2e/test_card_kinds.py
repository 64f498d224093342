"""Card tournaments as a club plays them: the kinds 401–403, the two games with their own rating
pools and time calls, the base K per tournament, registration reminders, late entry and drops
(issue 11, items 8, 12–15). Every number is checked against a hand calculation."""

from __future__ import annotations

import contextlib
import re
import sqlite3
from datetime import timedelta
from pathlib import Path

import pytest

from tests.clock import ManualClock
from tests.e2e.drivers.swiss_club import GROUP, Club
from tests.e2e.drivers.texts import fixed, ru
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import RunningBot

STANDING = re.compile(r"^\d+\. (\w+)(?: \(выход из турнира\))? — ([\d,]+) · ", re.MULTILINE)
SEMI = "Полузакрытый: привилегированным автопобеды"
CLOSED = "Закрытый: только по приглашениям"
HEROES = "Берсерк. Герои"
CUP = "Кубок <b>клуба</b>"  # the tournament's name as the players read it
TOP_FINAL = ru("swiss.top_name", stage=ru("swiss.stage_final"))


def round_of_3(number: int) -> str:
    """The title of round ``number``'s board (of three rounds)."""
    return f"{fixed('swiss.board_title')} {number} {fixed('swiss.board_title', 1)} 3"


def rows(db_path: Path, sql: str, *args: object) -> list[tuple[object, ...]]:
    with contextlib.closing(sqlite3.connect(db_path)) as conn:
        return list(conn.execute(sql, args).fetchall())


def ratings(db_path: Path, discipline: str) -> dict[str, int]:
    """First name → rating in cents of one rating pool."""
    found = rows(
        db_path,
        "SELECT p.first_name, r.rating_cents FROM ratings r JOIN players p ON p.id = r.player_id"
        " WHERE r.discipline = ?",
        discipline,
    )
    return {str(name): int(str(cents)) for name, cents in found}


async def standings(club: Club, rounds: int) -> dict[str, str]:
    await club.org.send(GROUP, "/standings")
    text = await club.emu.wait_bot_message(
        GROUP, contains=f"{fixed('swiss.standings_title')} {rounds} тур"
    )
    return dict(STANDING.findall(text.plain))


def tenths(value: str) -> int:
    whole, _, part = value.partition(",")
    return int(whole) * 10 + int(part or 0)


async def test_semi_closed_privileged_players_win_the_first_n_rounds_and_not_after(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = Club(emu, players=6)
    created = await club.create(rounds="3", top="Без ТОПа", kind=SEMI, auto="2")
    assert "автопобеды в первых турах (2)" in created.plain

    await club.users["Cat"].send(GROUP, "/privileged @ann")
    await emu.wait_bot_message(GROUP, contains=fixed("common.organisers_only"))
    for name in ("ann", "bob"):
        await club.org.send(GROUP, f"/privileged @{name}")
        await emu.wait_bot_message(
            GROUP, contains=ru("swiss.privileged_privileged", name=name.title(), rounds=2)
        )
    for name in ("Cat", "Dan", "Eve", "Fay"):
        answer = await (await club.users[name].press(created, "✋ Участвую")).answer()
        assert answer.text and "вы в турнире" in answer.text
    await club.org.send(GROUP, "/begin")

    points = dict.fromkeys(club.users, 0)
    for round_no in (1, 2, 3):
        if round_no > 1:
            await club.org.send(GROUP, "/next_round")
        tables = await club.play(round_no, round_of_3(round_no))
        board = club.board(round_of_3(round_no))
        assert board is not None
        seated = {name for _, a, b, _ in tables for name in (a, b)}
        for _, winner, _, _ in tables:
            points[winner] += 30
        if round_no <= 2:  # rounds 1..N: Ann and Bob sit out with 2.9, nobody else does
            assert "Автопобеда по привилегии: Ann, Bob" in board.plain
            assert seated == {"Cat", "Dan", "Eve", "Fay"} and "Автопобеда:" not in board.plain
            points["Ann"] += 29
            points["Bob"] += 29
            told = await club.users["Bob"].wait_message(
                contains=ru("swiss.your_privilege", round=round_no)
            )
            assert "автопобеда по привилегии турнира (2,9 очка)" in told.plain
        else:  # round N+1: everybody plays
            assert "привилегии" not in board.plain and seated == set(club.users)
        await emu.wait_bot_message(
            GROUP, contains=ru("swiss.round_complete", round=ru("swiss.round_name", round=round_no))
        )

    table = await standings(club, 3)
    assert {name: tenths(value) for name, value in table.items()} == points
    assert points["Ann"] in (58, 88) and points["Bob"] in (58, 88)

    # Too late for a privilege now; and the CSV names the auto-wins of rounds 1 and 2 only.
    await club.org.send(GROUP, "/privileged @cat")
    await emu.wait_bot_message(GROUP, contains=fixed("swiss.privilege_too_late"))
    auto = rows(bot.db_path, "SELECT payload_json FROM events WHERE kind = 'sw_round'")
    assert [str(p).count('"auto": [1, 2]') for (p,) in auto] == [1, 1, 0]


async def test_privileges_and_invitations_belong_to_their_kind(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = Club(emu, players=2)
    created = await club.create(rounds="3", top="Без ТОПа")
    assert "базовый K = 16 · Открытый турнир." in created.plain
    await club.org.send(GROUP, "/privileged @ann")
    await emu.wait_bot_message(GROUP, contains=fixed("swiss.privileged_not_semi"))
    await club.org.send(GROUP, "/invite @ann")
    await emu.wait_bot_message(GROUP, contains=fixed("swiss.invite_not_closed"))
    await club.org.send(GROUP, "/invite")
    await emu.wait_bot_message(GROUP, contains=fixed("swiss.invite_usage"))


async def test_closed_tournament_takes_only_its_invited_players(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = Club(emu, players=5)
    created = await club.create(rounds="3", top="Без ТОПа", kind=CLOSED)
    assert "Закрытый: играют только приглашённые (/invite)" in created.plain
    for name in ("ann", "bob", "cat"):
        await club.org.send(GROUP, f"/invite @{name}")
        await emu.wait_bot_message(GROUP, contains=ru("swiss.invite_invited", name=name.title()))
    invitation = await club.users["Ann"].wait_message(contains=fixed("swiss.invitation"))
    assert "закрытый турнир «Кубок <b>клуба</b>»" in invitation.plain

    for name in ("Ann", "Bob", "Cat"):
        answer = await (await club.users[name].press(created, "✋ Участвую")).answer()
        assert answer.text and "вы в турнире" in answer.text
    refusal = "Турнир закрытый: играют только приглашённые организатором."
    dan, eve = club.users["Dan"], club.users["Eve"]
    answer = await (await dan.press(created, "✋ Участвую")).answer()
    assert answer.text == f"{refusal} Dan, вас нет в списке приглашённых.", answer.text
    await dan.send(GROUP, "/join")
    await emu.wait_bot_message(GROUP, contains=ru("swiss.join_not_invited", name="Dan"))
    await eve.start("t-1")
    await eve.wait_message(contains=ru("swiss.join_not_invited", name="Eve"))

    # The organiser's own /add is an invitation: he chose the player.
    await club.org.send(GROUP, "/add @dan")
    await emu.wait_bot_message(GROUP, contains=ru("swiss.join_joined", name="Dan"))
    entered = rows(
        bot.db_path,
        "SELECT p.first_name FROM participants x JOIN players p ON p.id = x.player_id",
    )
    assert sorted(str(r[0]) for r in entered) == ["Ann", "Bob", "Cat", "Dan"]

    # Once it runs, even an invited player's late entry is only a request to the organiser,
    # and an uninvited one is refused outright (no request reaches the organiser).
    await club.org.send(GROUP, "/begin")
    await emu.wait_for(lambda: club.board(round_of_3(1)))
    answer = await (await eve.press(created, "✋ Участвую")).answer()
    assert answer.text and answer.text.startswith(refusal)
    assert not [m for m in emu.bot_messages(GROUP) if fixed("swiss.entry_request") in m.plain]


@pytest.mark.parametrize(
    ("game", "k_label", "pool", "per_game", "time_call"),
    [
        (HEROES, "32", "heroes", 1280, "при равных жизнях игра продолжается"),
        ("Классический Берсерк", "Обычный (16)", "berserk", 640, "доигрывается до результата"),
    ],
)
async def test_each_game_rates_its_own_pool_with_the_tournaments_k_and_calls_time_its_way(
    emu: BotApiEmulator,
    bot: RunningBot,
    clock: ManualClock,
    game: str,
    k_label: str,
    pool: str,
    per_game: int,
    time_call: str,
) -> None:
    club = Club(emu, players=4)
    created = await club.create(rounds="3", top="2", game=game, k=k_label)
    k = re.sub(r"\D", "", k_label)  # "Обычный (16)": BERSERK_K
    shown = game if pool == "heroes" else "Берсерк"
    assert f"Игра: {shown} · базовый K = {k}" in created.plain
    await club.register_all(created)
    await club.org.send(GROUP, "/tournaments")
    line = f"{fixed('tournament.list_line', 1)}{CUP}{fixed('tournament.list_line', 2)}"
    listed = await emu.wait_bot_message(GROUP, contains=line)
    assert (f"{HEROES}: швейцарка" in listed.plain) is (pool == "heroes")
    await club.org.send(GROUP, "/begin")

    balance = dict.fromkeys(club.users, 0)  # wins minus losses, every game rated
    for round_no in (1, 2, 3):
        if round_no > 1:
            await club.org.send(GROUP, "/next_round")
        for _, winner, loser, _ in await club.play(round_no, round_of_3(round_no)):
            balance[winner] += 1
            balance[loser] -= 1
    await club.org.send(GROUP, "/next_round")
    top_board = await emu.wait_for(lambda: club.board(TOP_FINAL))
    await emu.idle()
    clock.advance(timedelta(minutes=50))
    called = await emu.wait_bot_message(
        GROUP, contains=f"{TOP_FINAL} {fixed('swiss.time_top_play_to_result', 1)}"
    )
    assert time_call in called.plain
    assert ("жизн" in called.plain) is (pool == "heroes")  # a hero's life only in Heroes
    ((_, winner, loser, _),) = club.tables(top_board)
    await club.report(TOP_FINAL, 1, winner, "Моя победа")
    assert await club.confirm(TOP_FINAL, 1, loser, "✅ Подтверждаю") == "Результат принят."
    balance[winner] += 1
    balance[loser] -= 1

    # 4 players: coefficient 0.8; everyone starts at 1200 in this pool, so each game is
    # K × 0.8 × ½ = 12.80 (K 32) or 6.40 (K 16) points.
    final = await emu.wait_bot_message(GROUP, contains=fixed("swiss.rating_title"))
    label = "Берсерк. Герои" if pool == "heroes" else "Берсерк"
    assert f"Изменения рейтинга ({label}, базовый K = {k})" in final.plain
    expected = {name: 120_000 + per_game * b for name, b in balance.items()}
    assert ratings(bot.db_path, pool) == expected
    other = "berserk" if pool == "heroes" else "heroes"
    assert ratings(bot.db_path, other) == {}  # no rating in a pool never played
    for name, b in balance.items():
        change = f"{abs(per_game * b) / 100:.2f}".replace(".", ",")
        line = f"{name}: {'−' if b < 0 else '+'}{change}"
        assert line in final.plain, line

    # /rating: each pool the player has, with its own table (none in a pool never played).
    ann = club.users["Ann"]
    await ann.send(None, "/rating")
    table = await ann.wait_message(contains=f"{fixed('rating.title')} {label}\n")
    assert f"Ann (#1) — {expected['Ann'] / 100:.2f}".replace(".", ",") in table.plain
    assert ("Рейтинг: Берсерк\n" in table.plain) is (pool == "berserk")


async def test_late_entrant_credited_byes_gets_no_second_bye_and_drops_reach_the_staff(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = Club(emu, players=4)
    judge = emu.add_user(50, "Jud", username="jud")
    emu.add_member(GROUP, judge)
    await judge.start()
    await judge.wait_message()
    created = await club.create(rounds="3", top="Без ТОПа")
    await club.register_all(created)
    await club.org.send(GROUP, "/judge @jud")
    judged = f"{fixed('tournament.judge_added')}{CUP}{fixed('tournament.judge_added', 1)} Jud"
    await emu.wait_bot_message(GROUP, contains=judged)
    await club.org.send(GROUP, "/begin")
    tables = await club.play(1, round_of_3(1))
    winners = sorted(a for _, a, _, _ in tables)
    losers = [b for _, _, b, _ in tables]

    # Kai enters in round 2 by the old Join button: only a request; the organiser takes him
    # with his missed round as a bye.
    kai = emu.add_user(16, "Kai", username="kai")
    emu.add_member(GROUP, kai)
    await kai.start()
    await kai.wait_message()
    answer = await (await kai.press(created, "✋ Участвую")).answer()
    assert answer.text and "согласия организатора" in answer.text
    await emu.wait_bot_message(GROUP, contains=fixed("swiss.entry_request"))
    private = await club.org.wait_message(contains=fixed("swiss.entry_request"))
    assert "Kai" in private.plain and private.button_labels == ["✅ Принять", "❌ Отклонить"]
    await club.org.send(GROUP, "/add @kai bye")
    await emu.wait_bot_message(GROUP, contains=ru("swiss.join_late_bye", name="Kai"))
    # /add answered his request: both copies say so, their buttons gone
    await emu.wait_for(lambda: private.plain == ru("swiss.join_late_bye", name="Kai"))
    assert not private.button_labels
    club.users["Kai"] = kai

    # Both losers drop: one by himself (told in the second person), one by the judge.
    await club.users[losers[0]].send(GROUP, "/drop")
    own = await emu.wait_bot_message(
        GROUP, contains=f"{losers[0]}{fixed('swiss.drop_self_dropped')}"
    )
    assert "ваши результаты сохраняются" in own.plain
    dropped = await club.users[losers[1]].send(GROUP, "ухожу")
    await judge.send(GROUP, "/drop", reply_to=dropped)
    await emu.wait_bot_message(GROUP, contains=ru("swiss.drop_dropped", name=losers[1]))
    org_told = [
        await club.org.wait_message(contains=f"{fixed('swiss.staff_drop_self', 2)} {losers[0]}"),
        await club.org.wait_message(contains=f"{fixed('swiss.staff_drop_judge', 2)} {losers[1]}"),
    ]
    assert all("«Кубок <b>клуба</b>», тур 1" in m.plain for m in org_told)
    await judge.wait_message(contains=f"{fixed('swiss.staff_drop_self', 2)} {losers[0]}")
    assert not [
        m for m in judge.messages() if fixed("swiss.staff_drop_judge", 2) in m.plain
    ]  # his own act

    # Round 2: the two winners (3) and Kai (2.9): Kai is lowest, but his missed round was his
    # bye, so he plays and a winner sits out.
    await club.org.send(GROUP, "/next_round")
    board = await emu.wait_for(lambda: club.board(round_of_3(2)))
    (_, a, b, _), *rest = club.tables(board)
    assert not rest and "Kai" in (a, b)
    (bye_holder,) = set(winners) - {a, b}
    assert f"Автопобеда: {bye_holder}" in board.plain
    await club.play(2, round_of_3(2))
    table = await standings(club, 2)
    assert tenths(table[bye_holder]) == 30 + 29
    assert tenths(table["Kai"]) == 29 + (30 if a == "Kai" else 0)

    # Lee asks in round 2 by the deep link; the organiser lets him in with one tap on the
    # request the bot sent him privately; Lee plays from round 3 with 0 points.
    lee = emu.add_user(17, "Lee", username="lee")
    emu.add_member(GROUP, lee)
    await lee.start("t-1")
    await lee.wait_message(contains=fixed("swiss.entry_requested"))
    request = await club.org.wait_message(contains="Lee")
    accepted = await (await club.org.press(request, "✅ Принять")).answer()
    assert accepted.text and "Lee вступает в турнир с 0 очков" in accepted.text
    await lee.wait_message(contains=fixed("swiss.entry_accepted"))
    # both copies of his request became the line that says it (the group is told), no button
    # left: the private one the organiser pressed and the group's
    joined_line = ru("swiss.join_late", name="Lee")
    await emu.wait_for(lambda: request.plain == joined_line and not request.button_labels)
    in_group = await emu.wait_bot_message(GROUP, contains=joined_line, since=0)
    assert not in_group.button_labels and in_group.edits == 1

    # Mo is declined in the private copy; the group copy pressed later tells him nothing more.
    mo = emu.add_user(18, "Mo", username="mo")
    emu.add_member(GROUP, mo)
    await mo.send(GROUP, "/join")
    await emu.wait_bot_message(GROUP, contains=fixed("swiss.entry_requested"))
    declined = await (
        await club.org.press(await club.org.wait_message(contains="Mo"), "❌ Отклонить")
    ).answer()
    assert declined.text == "Заявка отклонена: Mo."
    group_copy = await emu.wait_bot_message(
        GROUP, contains=ru("swiss.entry_declined_note", name="Mo"), since=0
    )
    assert not group_copy.button_labels
    await emu.idle()
    assert not [m for m in emu.bot_messages(GROUP) if fixed("swiss.entry_request") in m.plain]
    told = [
        m
        for chat in (mo.id, GROUP)
        for m in emu.bot_messages(chat)
        if fixed("swiss.entry_declined", 1) in m.plain
    ]
    assert len(told) == 1
    club.users["Lee"] = lee
    await club.org.send(GROUP, "/next_round")
    board3 = await emu.wait_for(lambda: club.board(round_of_3(3)))
    seated = {name for _, x, y, _ in club.tables(board3) for name in (x, y)}
    assert seated == {*winners, "Kai", "Lee"} and "Автопобеда" not in board3.plain


async def test_players_without_a_complete_registration_are_asked_and_marked(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = Club(emu, players=4, silent=("Dan",))
    created = await club.create(rounds="3", top="Без ТОПа")
    ann = club.users["Ann"]
    for text, expect in (
        ("/register", fixed("register.ask.last_name")),
        ("Смирнова", fixed("register.ask.first_name")),
        ("Анна", fixed("register.ask.patronymic")),
        ("-", fixed("register.ask.email")),
        ("ann@club.org", fixed("register.ask.city")),
        ("Тверь", fixed("register.ask.nickname")),
        ("-", fixed("register.ask.phone")),
    ):
        await ann.send(None, text)
        await ann.wait_message(contains=expect)
    await ann.press_keyboard("Пропустить")
    await ann.wait_message(contains=fixed("register.done", 1))
    await club.register_all(created)

    # Bob (started the bot) is asked privately; Dan (never did) by one deep link to the private
    # chat in the group, with a mention; Ann, registered, is not asked.
    asked = await club.users["Bob"].wait_message(contains=fixed("swiss.complete_registration", 1))
    assert "турнире «Кубок <b>клуба</b>»" in asked.plain
    linked = fixed("swiss.register_link", 1)
    link = await emu.wait_bot_message(GROUP, contains=linked, since=0)
    assert link.plain == ru("swiss.register_link", player="Dan", link="")
    assert 'href="https://t.me/test_bot?start=register"' in (link.raw_text or "")
    assert f"tg://user?id={club.users['Dan'].id}" in (link.raw_text or "")
    assert not [m for m in ann.messages() if fixed("swiss.complete_registration", 1) in m.plain]
    # Dan leaves and enters again: the group gets no second link, and never the private text.
    dan = club.users["Dan"]
    await dan.send(GROUP, "/drop")
    await emu.wait_bot_message(GROUP, contains=fixed("swiss.drop_self_left", 1))
    assert "вы в турнире" in ((await (await dan.press(created, "✋ Участвую")).answer()).text or "")
    await emu.idle()
    group = [m.plain for m in emu.bot_messages(GROUP)]
    assert len([text for text in group if linked in text]) == 1
    assert not [text for text in group if fixed("swiss.complete_registration", 1) in text]

    await club.org.send(GROUP, "/players")
    roster = await emu.wait_bot_message(
        GROUP, contains=f"{fixed('swiss.roster')}4{fixed('swiss.roster', 1)}"
    )
    assert "Смирнова Анна, Bob ⚠️, Cat ⚠️, Dan ⚠️" in roster.plain
    assert "⚠️ — регистрация не завершена" in roster.plain

    await club.org.send(GROUP, "/export")
    sent = await emu.wait_bot_message(GROUP, contains=fixed("swiss.export_title"))
    assert sent.document is not None
    exported = sent.document.content.decode("utf-8-sig")
    head, *lines = exported.split("\r\n\r\n")[0].split("\n\n")[0].splitlines()
    assert head.endswith(",registration_missing")
    missing = {line.split(",")[2]: line.rsplit(",", 1)[1] for line in lines}
    assert missing["Смирнова Анна"] == ""
    assert missing["Bob"] == "last_name patronymic email city"


async def test_begin_is_refused_when_the_privileged_leave_nobody_to_play(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = Club(emu, players=4)
    created = await club.create(rounds="3", top="Без ТОПа", kind=SEMI, auto="1")
    for name in ("ann", "bob", "cat"):
        await club.org.send(GROUP, f"/privileged @{name}")
        await emu.wait_bot_message(GROUP, contains=fixed("swiss.privileged_privileged"))
    answer = await (await club.users["Dan"].press(created, "✋ Участвую")).answer()
    assert answer.text and "вы в турнире" in answer.text
    await club.org.send(GROUP, "/begin")
    refused = await emu.wait_bot_message(GROUP, contains=fixed("swiss.too_many_privileged"))
    assert "из 4 игроков за столы садятся меньше двух" in refused.plain
    status = rows(bot.db_path, "SELECT status FROM tournaments")
    assert status == [("registration",)]
