"""The Heroes tournament (609) through the bot: eight players, secret heroes checked per
recipient, the judge's hand, the reveal at each table, three rounds and the champion."""

from __future__ import annotations

import json
import re
import sqlite3

from tests.e2e.drivers.limited import create_limited
from tests.e2e.drivers.swiss_club import GROUP, Club
from tests.e2e.drivers.texts import fixed, ru
from tests.e2e.emulator import BotApiEmulator, SimMessage, SimUser
from tests.e2e.harness import RunningBot

SET = [
    "Марил де Конт",
    "Ледяной Лорд",
    "Лесная Дева",
    "Гном Рудокоп",
    "Тёмный Маг",
    "Светлый Паладин",
    "Огненный Дракон",
    "Водная Нимфа",
]
ORDINARY = (fixed("swiss.wiz_unify"), "Обычный: ровно 8 игроков, 3 тура (609.2, 609.7)")
UNIFYING = (fixed("swiss.wiz_unify"), "Объединяющий: игроков кратно 8, туров — до единственного")
PLAN = (fixed("swiss.wiz_boosters"), "3 × 12")  # 36 cards drafted: a deck of 30 (609.5, Table 3)
CUP = "Кубок <b>клуба</b>"
SEATING = fixed("limited.seating_head", 1)  # "· рассадка на драфт": the group's seating
DEALT = re.compile(r"ваш герой — (.+?)\. Никому")


def round_of_3(number: int) -> str:
    """The title of round ``number``'s board (of three rounds)."""
    return f"{fixed('swiss.board_title')} {number} {fixed('swiss.board_title', 1)} 3"


def named(emu: BotApiEmulator, chat: int) -> set[str]:
    """The heroes any bot message in ``chat`` names."""
    return {hero for m in emu.bot_messages(chat) for hero in SET if hero in m.plain}


def reveal(number: int, table: int, mine: str, opponent: str, theirs: str) -> str:
    return (
        f"🦸 «{CUP}», тур {number}, стол {table}: герои на стол (609.6). Ваш — {mine}, у соперника "
        f"({opponent}) — {theirs}. Колоду без героя перемешайте и сдайте себе 15 карт (16 вместе "
        "с героем); герой обязательно идёт в отряд."
    )


def reveals(emu: BotApiEmulator, user: SimUser, number: int) -> list[str]:
    return [
        m.plain
        for m in emu.bot_messages(user.id)
        if f"{fixed('heroes.reveal', 1)} {number}{fixed('heroes.reveal', 2)}" in m.plain
    ]


async def join(club: Club, created: SimMessage, names: list[str]) -> None:
    for name in names:
        answer = await (await club.users[name].press(created, "✋ Участвую")).answer()
        assert answer.text is not None and "вы в турнире" in answer.text


async def appoint_judge(club: Club) -> SimUser:
    jude = club.emu.add_user(702, "Jude", username="jude")
    club.emu.add_member(GROUP, jude)
    await jude.start()
    await jude.wait_message()
    await club.org.send(GROUP, "/judge @jude")
    await club.emu.wait_bot_message(GROUP, contains=fixed("tournament.judge_added"))
    return jude


def staff_list(heroes: dict[str, str], given: str = "") -> str:
    lines = [f"🦸 «{CUP}»: герои игроков — только для судей."]
    for name in sorted(heroes):
        mark = " (выдан судьёй)" if name == given else ""
        lines.append(f"{name} — {heroes[name]}{mark}")
    return "\n".join(lines)


async def test_heroes_tournament_of_eight_secret_heroes_swap_reveal_champion(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = Club(emu, players=8)
    created = await create_limited(club, "Турнир героев", [PLAN, ORDINARY], [])
    assert "Туров: 3, ТОП: нет" in created.plain
    assert "🦸 Турнир героев: ровно 8 игроков, 3 тура без ТОПа" in created.plain
    assert "Бустеры на драфт: 12+12+12." in created.plain
    jude = await appoint_judge(club)

    # The organiser names the set in his private chat: the group never reads a hero's name.
    await club.org.send(None, "/heroes " + "; ".join(SET))
    answer = await club.org.wait_message(contains=fixed("heroes.set_title"))
    listed = "\n".join(f"{n}. {hero}" for n, hero in enumerate(SET, start=1))
    assert answer.plain == f"🦸 Набор героев турнира «{CUP}»:\n{listed}"

    # Seven players: the start is refused (609.2).
    names = list(club.users)
    await join(club, created, names[:7])
    await club.org.send(GROUP, "/begin")
    refused = await emu.wait_bot_message(GROUP, contains=fixed("heroes.field_exactly_eight"))
    assert refused.plain == (
        "В турнире героев ровно 8 игроков (609.2), а в турнире 7 игроков. Добавьте или "
        "снимите игроков и повторите /begin."
    )
    assert club.board(f"{fixed('swiss.board_title')} 1") is None

    # The eighth joins; before the deal the judge gives the strongest hero by hand (609.4*).
    await join(club, created, names[7:])
    await jude.send(None, "/heroes give @hal Марил де Конт")
    given = await jude.wait_message(contains=fixed("heroes.given_before", 1))
    assert given.plain == (
        "🦸 Герой Марил де Конт будет выдан игроку: Hal. Остальных героев бот раздаст случайно "
        "при старте (сноска к 609.4)."
    )
    # /begin deals the heroes (609.4: before the draft), then seats the draft (609.5, 601.5);
    # round 1 waits for the organiser's /next_round after the draft.
    await club.org.send(GROUP, "/begin")
    seated = await emu.wait_bot_message(GROUP, contains=f"{SEATING} 1")
    assert "столы драфта: 8" in seated.plain and "Бустеры: 12+12+12" in seated.plain
    await emu.idle()
    assert club.board(f"{fixed('swiss.board_title')} 1") is None

    # Each player was told his own hero privately, once; every hero went to one player.
    heroes: dict[str, str] = {}
    for name, user in club.users.items():
        dealt = [m.plain for m in emu.bot_messages(user.id) if DEALT.search(m.plain)]
        assert len(dealt) == 1, (name, dealt)
        match = DEALT.search(dealt[0])
        assert match is not None
        heroes[name] = match.group(1)
        assert dealt[0] == (
            f"🦸 «{CUP}»: ваш герой — {heroes[name]}. Никому его не показывайте до начала тура "
            "(609.4). Колода — от 30 карт + герой (609.5)."
        )
        # His hero first, then his seat at the draft table; his seat names no hero.
        mine = [m.plain for m in emu.bot_messages(user.id)]
        seat = [
            i
            for i, text in enumerate(mine)
            if f"{fixed('limited.your_seat', 1)} 1{fixed('limited.your_seat', 2)} 1" in text
        ]
        assert len(seat) == 1 and mine.index(dealt[0]) < seat[0], (name, mine)
        assert not [hero for hero in SET if hero in mine[seat[0]]]
    assert sorted(heroes.values()) == sorted(SET) and heroes["Hal"] == "Марил де Конт"
    group = emu.bot_messages(GROUP)
    told = next(m for m in group if fixed("heroes.dealt_group", 1) in m.plain)
    assert told.plain == (
        f"🦸 «{CUP}»: герои розданы, каждому игроку — личным сообщением. Свой герой никому не "
        "показывайте (609.4). Колода — от 30 карт + герой (609.5). Перед каждым туром герои "
        "открываются только за своим столом (609.6)."
    )
    assert group.index(told) < group.index(seated)  # the group too: the heroes, then the draft

    # The judges see all (the judge and the organiser who created it), privately.
    for staff in (jude, club.org):
        lists = [
            m.plain for m in emu.bot_messages(staff.id) if fixed("heroes.staff_title", 1) in m.plain
        ]
        assert lists == [staff_list(heroes, given="Hal")]
    # Nobody is seated at a game yet: nothing is revealed, each player knows only his own.
    for name, user in club.users.items():
        assert reveals(emu, user, 1) == [] and named(emu, user.id) == {heroes[name]}
    assert named(emu, GROUP) == set()

    # During the draft the judge swaps: Ann gets Марил де Конт, Hal Ann's hero. Both are told
    # privately; nobody else is (no table yet to reveal to).
    dealt_heroes = dict(heroes)
    await jude.send(None, "/heroes give @ann 1")
    swapped = await jude.wait_message(contains=fixed("heroes.swapped"))
    assert swapped.plain == (
        f"🦸 Обмен героев (сноска к 609.4): Ann — теперь Марил де Конт; Hal — теперь "
        f"{dealt_heroes['Ann']}. Оба игрока извещены лично."
    )
    heroes["Ann"], heroes["Hal"] = dealt_heroes["Hal"], dealt_heroes["Ann"]
    await emu.idle()
    for name in ("Ann", "Hal"):
        assert new_heroes(club, name) == [new_hero(heroes[name])]
    for name, user in club.users.items():
        assert reveals(emu, user, 1) == [], name
        assert named(emu, user.id) == {dealt_heroes[name], heroes[name]}, name
    assert named(emu, GROUP) == set()

    # Round 1, paired after the draft: each player learns his table's two heroes, as swapped,
    # and nobody else's.
    await club.org.send(GROUP, "/next_round")
    board1 = await board_of(club, round_of_3(1))
    await emu.idle()
    opponents1 = table_of(club, board1)
    for name, user in club.users.items():
        table, other = opponents1[name]
        assert reveals(emu, user, 1) == [reveal(1, table, heroes[name], other, heroes[other])]
        assert named(emu, user.id) == {dealt_heroes[name], heroes[name], heroes[other]}
    assert named(emu, GROUP) == set()

    # Paired but not played: the judge may still swap. Cat gets Марил де Конт, Ann Cat's hero;
    # both are told, and the players of their tables get the reveal again.
    before = dict(heroes)
    await jude.send(None, "/heroes give @cat 1")
    swapped = await jude.wait_message(contains=fixed("heroes.swapped"))
    assert swapped.plain == (
        f"🦸 Обмен героев (сноска к 609.4): Cat — теперь Марил де Конт; Ann — теперь "
        f"{before['Cat']}. Оба игрока извещены лично."
    )
    heroes["Cat"], heroes["Ann"] = before["Ann"], before["Cat"]
    await emu.idle()
    assert new_heroes(club, "Ann") == [new_hero(before["Ann"]), new_hero(heroes["Ann"])]
    assert new_heroes(club, "Cat") == [new_hero(heroes["Cat"])]
    assert new_heroes(club, "Hal") == [new_hero(heroes["Hal"])]
    moved = {"Ann", "Cat", opponents1["Ann"][1], opponents1["Cat"][1]}
    for name, user in club.users.items():
        table, other = opponents1[name]
        expected = [reveal(1, table, before[name], other, before[other])]
        if name in moved:
            expected.append(reveal(1, table, heroes[name], other, heroes[other]))
        assert reveals(emu, user, 1) == expected, name
        assert named(emu, user.id) == {
            dealt_heroes[name],
            before[name],
            before[other],
            heroes[name],
            heroes[other],
        }
    assert named(emu, GROUP) == set()

    # The judge asks in the group: the list comes privately, the group reads no hero. The mark
    # «given by the judge» follows the hero the judge's hand gave: Cat's now, no longer Hal's.
    await jude.send(GROUP, "/heroes")
    sent = await emu.wait_bot_message(GROUP, contains=fixed("heroes.sent_private"))
    assert sent.plain == "🦸 Отправлено вам в личные сообщения: в группе героев не показывают."
    latest = await jude.wait_message(contains=fixed("heroes.staff_title", 1))
    assert latest.plain == staff_list(heroes, given="Cat")
    # A player asks in the group: his own hero only, privately.
    await club.users["Bob"].send(GROUP, "/heroes")
    own = await club.users["Bob"].wait_message(
        contains=fixed("heroes.your_hero_again", 1),
        predicate=lambda m: fixed("heroes.your_hero", 2) not in m.plain,
    )
    assert own.plain == f"🦸 «{CUP}»: ваш герой — {heroes['Bob']}."
    assert named(emu, GROUP) == set()

    # The tournament's log: the deal and the swaps (who with whom, never which hero).
    await jude.send(None, "/log")
    log = await jude.wait_message(contains=fixed("log.title"))
    assert "герои розданы: 8 игроков (список — /heroes в личном чате)" in log.plain
    assert "обмен героев по решению судьи: Ann ↔ Hal" in log.plain
    assert "обмен героев по решению судьи: Cat ↔ Ann" in log.plain
    with sqlite3.connect(bot.db_path) as conn:
        ids = dict(conn.execute("SELECT telegram_id, id FROM players").fetchall())
        stored = [
            json.loads(r[0])
            for r in conn.execute("SELECT payload_json FROM events WHERE kind = 'sw_heroes'")
        ]
        actions = [r[0] for r in conn.execute("SELECT action FROM audit_log")]
    by_id = {ids[user.id]: name for name, user in club.users.items()}
    assert stored[0]["given"] == {str(ids[8]): "Марил де Конт"}
    assert {by_id[int(p)]: h for p, h in stored[0]["heroes"].items()} == dealt_heroes
    assert stored[1]["swap"] == [ids[1], ids[8]]
    assert {by_id[int(p)]: h for p, h in stored[1]["heroes"].items()} == before
    assert stored[2]["swap"] == [ids[3], ids[1]]
    assert {by_id[int(p)]: h for p, h in stored[2]["heroes"].items()} == heroes
    assert {"heroes_set", "heroes_give", "heroes_swap"} <= set(actions)

    # Round 1 is played: too late to swap now.
    wins = {name: 0 for name in names}
    for _, a, _, _ in await club.play(1, round_of_3(1)):
        wins[a] += 1
    await jude.send(None, "/heroes give @bob 3")
    late = await jude.wait_message(contains=fixed("heroes.swap_too_late", 1))
    assert late.plain == "В туре 1 уже есть результат: героев менять поздно."

    # The heroes survive a restart; rounds 2 and 3 reveal each table to its two players only.
    await bot.restart()
    seen = {name: named(emu, club.users[name].id) for name in names}
    for number in (2, 3):
        await club.org.send(GROUP, "/next_round")
        board = await board_of(club, round_of_3(number))
        await emu.idle()
        opponents = table_of(club, board)
        for name, user in club.users.items():
            table, other = opponents[name]
            assert reveals(emu, user, number) == [
                reveal(number, table, heroes[name], other, heroes[other])
            ]
            seen[name].add(heroes[other])
            assert named(emu, user.id) == seen[name]
        for _, a, _, _ in await club.play(number, round_of_3(number)):
            wins[a] += 1
    assert named(emu, GROUP) == set()

    # Three rounds, no Top: the player who won all three is the champion (609.7).
    await club.org.send(GROUP, "/next_round")
    final = await emu.wait_bot_message(GROUP, contains=fixed("swiss.finished", 1))
    champions = [name for name, won in wins.items() if won == 3]
    assert len(champions) == 1
    assert f"🏆 Победитель — {champions[0]}" in final.plain
    assert (
        f"🦸 Победы во всех турах: {champions[0]} — чемпион турнира героев (609.7)." in final.plain
    )
    assert "ТОП:" not in final.plain


def new_hero(hero: str) -> str:
    return (
        f"🦸 «{CUP}»: по решению судьи ваш герой теперь — {hero} (сноска к 609.4). "
        "Никому его не показывайте."
    )


def new_heroes(club: Club, name: str) -> list[str]:
    """What a player was told of the judge's swaps."""
    return [
        m.plain
        for m in club.emu.bot_messages(club.users[name].id)
        if fixed("heroes.your_new_hero", 1) in m.plain
    ]


async def board_of(club: Club, title: str) -> SimMessage:
    return await club.emu.wait_for(lambda: club.board(title))


def table_of(club: Club, board: SimMessage) -> dict[str, tuple[int, str]]:
    """Each player's table and opponent on a board."""
    out: dict[str, tuple[int, str]] = {}
    for table, a, b, _ in club.tables(board):
        out[a], out[b] = (table, b), (table, a)
    return out


async def test_a_unifying_heroes_tournament_takes_a_multiple_of_eight(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = Club(emu, players=9, silent=("Gus",))
    created = await create_limited(club, "Турнир героев", [PLAN, UNIFYING], [])
    assert "🦸 Объединяющий турнир героев: игроков — кратно 8" in created.plain
    await club.register_all(created)
    await club.org.send(GROUP, "/begin")
    refused = await emu.wait_bot_message(GROUP, contains=fixed("heroes.field_multiple_of_eight"))
    assert refused.plain == (
        "В объединяющем турнире героев число игроков кратно 8 (609.8), а в турнире 9 игроков."
    )
    await club.users["Ivy"].send(GROUP, "/drop")
    await emu.wait_bot_message(GROUP, contains=f"Ivy{fixed('swiss.drop_self_left')}")
    await club.org.send(GROUP, "/begin")
    seated = await emu.wait_bot_message(GROUP, contains=f"{SEATING} 1")
    assert "столы драфта: 8" in seated.plain
    await emu.idle()
    dealt = {
        name: [m.plain for m in emu.bot_messages(user.id) if DEALT.search(m.plain)]
        for name, user in club.users.items()
    }
    # Ivy dropped; Gus never opened the private chat: the group asks him to, naming no hero.
    assert [len(found) for found in dealt.values()] == [1] * 6 + [0, 1, 0]
    group = emu.bot_messages(GROUP)
    ask = next(m for m in group if fixed("heroes.unreachable") in m.plain)
    assert group.index(ask) < group.index(seated)  # his hero is asked for before his seat
    assert ask.plain == (
        "Gus: бот не может написать вам лично. Откройте личный чат с ботом (/start) и пришлите "
        "там /heroes — бот назовёт вашего героя."
    )
    hero = re.compile(r"(?<!Турнир )#[1-8]\b(?!–)")  # «Турнир #1» is the tournament's number
    assert [m.plain for m in emu.bot_messages(GROUP) if hero.search(m.plain)] == []
    got = set()
    for found in dealt.values():
        for text in found:
            match = DEALT.search(text)
            assert match is not None
            got.add(match.group(1))
    assert len(got) == 7 and got <= {f"#{n}" for n in range(1, 9)}  # unnamed: #1 … #8
    await club.users["Gus"].start()
    await club.users["Gus"].wait_message()
    await club.users["Gus"].send(None, "/heroes")
    own = await club.users["Gus"].wait_message(contains=fixed("heroes.your_hero_again", 1))
    assert own.plain.startswith(f"🦸 «{CUP}»: ваш герой — #")
    gus_hero = own.plain.removeprefix(f"🦸 «{CUP}»: ваш герой — ").removesuffix(".")
    assert got | {gus_hero} == {f"#{n}" for n in range(1, 9)}
    await club.org.send(GROUP, "/next_round")  # after the draft
    board = await emu.wait_for(lambda: club.board(round_of_3(1)))  # ⌈log₂ 8⌉ = 3
    assert len(club.tables(board)) == 4


async def test_with_draws_nobody_won_every_round_and_the_end_says_so(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = Club(emu, players=9)
    created = await create_limited(club, "Турнир героев", [PLAN, ORDINARY], [])
    await join(club, created, list(club.users)[:8])
    await club.org.send(GROUP, "/begin")
    await emu.wait_bot_message(GROUP, contains=f"{SEATING} 1")
    no_top = (
        "В турнире героев нет ТОПа (609.7): победитель — кто выиграл все туры. Закончить по "
        "таблице сейчас: /top 0."
    )
    # Before round 1 (the draft is on) a Top is refused as what the format lacks, not as early.
    await club.org.send(GROUP, "/top")
    refused = await emu.wait_bot_message(GROUP, contains=fixed("heroes.no_top"))
    assert refused.plain == no_top
    await club.org.send(GROUP, "/next_round")  # after the draft
    await club.play(1, round_of_3(1), won="Ничья")  # every table of round 1 drawn
    # The field is fixed (609.2) and there is no Top (609.7).
    late = await (await club.users["Ivy"].press(created, "✋ Участвую")).answer()
    assert late.text == "Регистрация закрыта."
    await club.org.send(GROUP, "/top")
    await emu.wait_for(lambda: [m.plain for m in emu.bot_messages(GROUP)].count(no_top) == 2)
    for number in (2, 3):
        await club.org.send(GROUP, "/next_round")
        await club.play(number, round_of_3(number))
    await club.org.send(GROUP, "/next_round")
    final = await emu.wait_bot_message(GROUP, contains=fixed("swiss.finished", 1))
    assert (
        "🦸 Побед во всех турах нет ни у кого: чемпиона турнира героев нет (609.7), места — по "
        "очкам и дополнительным показателям."
    ) in final.plain
    assert "🏆 Победитель" not in final.plain
    # Right after the finish /log shows the finished tournament's journal (as /standings does).
    await club.org.send(GROUP, "/log")
    log = await emu.wait_bot_message(GROUP, contains=fixed("log.title"))
    assert log.plain.startswith(ru("log.title", name=CUP))
    assert ru("tournament.none_open") not in [m.plain for m in emu.bot_messages(GROUP)]
    with sqlite3.connect(bot.db_path) as conn:
        kinds = [r[0] for r in conn.execute("SELECT kind FROM events")]
        finish = conn.execute("SELECT payload_json FROM events WHERE kind = 'sw_finish'")
        assert json.loads(finish.fetchone()[0])["champion"] is None
    assert kinds.count("sw_round") == 3 and "sw_top" not in kinds  # 3 rounds, no Top


async def test_the_wizard_offers_only_booster_plans_that_make_a_heroes_deck(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    """609.5: a deck of 30 cards + the hero. Of the Draft's plans only those that draft 30
    cards or more are offered (3 × 12: 36, 4 × 12: 48, 2 × 12 + 2 × 7: 38); 1 × 12, 1 × 7,
    2 × 12, 2 × 7 and 4 × 7 (12–28 cards) are not, and the question says why."""
    club = Club(emu, players=1)
    await club.org.start()
    await club.org.send(GROUP, "/new")
    kinds = await emu.wait_bot_message(GROUP, contains=fixed("tournament.choose_kind"))
    await (await club.org.press(kinds, "🃏 Берсерк: швейцарка + ТОП")).answer()
    await emu.wait_bot_message(GROUP, contains=fixed("swiss.wiz_name"))
    await club.org.send(GROUP, CUP)
    formats = await emu.wait_bot_message(GROUP, contains=fixed("swiss.wiz_fmt"))
    await (await club.org.press(formats, "Турнир героев (8 игроков)")).answer()
    plans = await emu.wait_bot_message(GROUP, contains=fixed("swiss.wiz_boosters"))
    assert plans.button_labels == ["3 × 12", "4 × 12", "2 × 12 + 2 × 7"]
    assert plans.plain.splitlines()[-1] == (
        "Колода в турнире героев — от 30 карт плюс герой (609.5), поэтому здесь только бустеры, "
        "из которых на драфте набирается 30 карт и больше."
    )
    for short in ("12", "7", "12x2", "7x2", "7x4"):  # an old or forged button: refused
        refused = await (await club.org.press_data(plans, f"sww:boosters:{short}")).answer()
        assert refused.text == "Эта кнопка больше не действует.", short
    await (await club.org.press(plans, "2 × 12 + 2 × 7")).answer()
    await emu.wait_bot_message(GROUP, contains=fixed("swiss.wiz_unify"))
