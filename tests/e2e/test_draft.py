"""A Draft and a Marathon as a club plays them through the bot: the seating (601.5) published
in the group with its seed and told privately to each player, the pick clock of each booster in
both pods' messages to the second and the deck-building timer (601.7, 601.10; the walk is
``tests.e2e.pick_clock``), the Swiss inside the tables, the Top drawn from them (601.5.5), and
the Marathon's drafts before its first rounds (608)."""

from __future__ import annotations

import re

import pytest

from rules.limited.pods import seat_randomly
from tests.clock import ManualClock
from tests.e2e.drivers.crash import crash_before
from tests.e2e.drivers.draft import (
    COMMON,
    NAMES,
    DraftClub,
    pod_heads,
    seating,
    unchanged_edits,
)
from tests.e2e.drivers.swiss_club import GROUP
from tests.e2e.drivers.swiss_rounds import ranked
from tests.e2e.drivers.texts import fixed, ru
from tests.e2e.emulator import BotApiEmulator, SimMessage
from tests.e2e.harness import START, RunningBot
from tests.e2e.pick_clock import S, at, run_booster

SEED = re.compile(r"Жребий: ([0-9a-f]{32})\.")
WINS = re.compile(r"^\d+\. (\w+) — .* · (\d+) · \d+$", re.MULTILINE)
CHANGE = re.compile(r"^(\w+): ([+−][\d,]+)$", re.MULTILINE)
SEMI = ru("swiss.top_name", stage=ru("swiss.stage_semi_final"))
FINAL = ru("swiss.top_name", stage=ru("swiss.stage_final"))
SEATING = fixed("limited.seating_head", 1)  # "· рассадка на драфт": the group's seating
PANEL = f"{fixed('pickclock.panel_title')}Драфт клуба"  # the /draft panel


def round_title(number: int, total: int) -> str:
    """The title of round ``number``'s board (of ``total`` rounds)."""
    return f"{fixed('swiss.board_title')} {number} {fixed('swiss.board_title', 1)} {total}"


def check_private_seats(club: DraftClub, tables: list[list[str]], draft: int) -> None:
    """Each player was told his own table, seat and both neighbours, privately."""
    for number, table in enumerate(tables, start=1):
        for index, name in enumerate(table):
            left, right = table[(index + 1) % len(table)], table[index - 1]
            told = [
                m.plain
                for m in club.emu.bot_messages(club.users[name].id)
                if f"{fixed('limited.your_seat', 1)} {draft}:" in m.plain
            ]
            assert told == [
                f"🪑 «Драфт клуба», драфт {draft}: стол драфта {number}, место {index + 1}.\n"
                f"Слева: {left} · справа: {right}."
            ], (name, told)


async def play_round(club: DraftClub, number: int, total: int) -> list[tuple[str, str]]:
    tables = await club.play(number, round_title(number, total))
    await club.emu.wait_bot_message(
        GROUP, contains=ru("swiss.round_complete", round=ru("swiss.round_name", round=number))
    )
    return [(a, b) for _, a, b, _ in tables]


async def pods_shown(club: DraftClub, tables: list[list[str]], table_of: dict[str, int]) -> None:
    """Round 1's board heads each draft table's games with its name, and each player's
    pairing message says within which draft table the round is played (issue 21, item 8)."""
    board = await club.emu.wait_for(lambda: club.board(round_title(1, 4)))
    heads = [ru("limited.board_pod", pod=n) for n in (1, 2)]
    lines = board.plain.splitlines()
    assert [line for line in lines if line in heads] == heads
    second = lines.index(heads[1])
    for number, a, b, _ in club.tables(board):
        line = next(i for i, text in enumerate(lines) if text.startswith(f"Стол {number}  "))
        assert table_of[a] == table_of[b] == (0 if line < second else 1), (number, a, b)
    for name, pod in ((tables[0][0], 1), (tables[1][0], 2)):
        pairing = await club.wait_find(club.users[name], fixed("limited.pairing_pod"), "")
        assert ru("limited.pairing_pod", pod=pod) in pairing.plain


async def start_booster(club: DraftClub, number: int) -> None:
    """The judge's ``/draft`` panel offers booster ``number`` next; he starts it."""
    await club.org.send(GROUP, "/draft")
    shown = await club.emu.wait_bot_message(GROUP, contains=PANEL)
    assert "Бустеры по порядку: 12+12 (сначала 12-карточные)." in shown.plain
    assert "2 стола; один общий пик-таймер." in shown.plain
    assert f"Бустер {number} из 2 ждёт команды судьи." in shown.plain
    assert shown.button_labels == [f"▶️ Начать бустер {number}"]
    answer = await (await club.org.press(shown, f"▶️ Начать бустер {number}")).answer()
    assert answer.text == f"Бустер {number} начат."


async def draft_and_build_decks(
    club: DraftClub, clock: ManualClock, tables: list[list[str]]
) -> None:
    """The draft between ``/begin`` and round 1, as the judge runs it from ``/draft``: booster
    1 to the second in both pods' messages, booster 2 pick by pick, then ``/deckbuilding`` (the
    default 30 minutes; two 12-card boosters are 24 cards drafted: a deck of 20+, Table 3) and
    its end, to the second."""
    emu = club.emu
    await start_booster(club, 1)
    await club.org.send(GROUP, "/next_round")  # no round while a booster is being picked
    await emu.wait_bot_message(GROUP, contains=ru("limited.draft_running", booster=1))
    began = (clock.now() - START).total_seconds()
    ended = await run_booster(emu, clock, GROUP, 1, 2, began, pod_heads(tables, 1, 2))
    assert ended == began + 390  # 330 s of picks (Table 2), then the review minute (601.7)
    # One edit at each pick's end, the review's and the booster's: 12 per pod message.
    first = [m for m in emu.bot_messages(GROUP) if m.plain.startswith(fixed("pickclock.pod_title"))]
    assert [m.edits for m in first] == [12, 12]

    await start_booster(club, 2)
    began = (clock.now() - START).total_seconds()
    heads = pod_heads(tables, 2, 2)
    ended = await run_booster(emu, clock, GROUP, 2, 2, began, heads, to_the_second=False)
    assert ended == began + 390
    await club.org.send(GROUP, "/draft")
    shown = await emu.wait_bot_message(GROUP, contains=PANEL)
    assert shown.plain.endswith(
        "Бустер 2 из 2 · 12 карт · передаём направо ➡️\n"
        "✅ Бустер 2 из 2 разобран.\nВсе бустеры разобраны: дальше сборка колод."
    )
    assert shown.button_labels == ["🛠 Сборка колод: 30 мин"]

    await club.org.send(GROUP, "/deckbuilding")
    started = await emu.wait_bot_message(
        GROUP, contains=f"{fixed('pickclock.deck_started')} 30 {fixed('pickclock.deck_started', 1)}"
    )
    assert started.plain == (
        f"🛠 Сборка колод: 30 мин — до {at(ended + 30 * 60)}.\n"
        "Колода — не меньше 20 карт из полученных на драфте (601.10), раздача — 15 карт"
        " (таблица 3)."
    )
    clock.advance(30 * 60 * S - S)
    await emu.idle()
    assert not [m for m in emu.bot_messages(GROUP) if fixed("pickclock.deck_over") in m.plain]
    clock.advance(S)
    await emu.wait_bot_message(GROUP, contains=fixed("pickclock.deck_over"))


async def test_twenty_players_two_tables_swiss_inside_them_top_4_two_from_each(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    club = DraftClub(emu, players=20)
    created = await club.create_limited(
        "Драфт",
        [
            (fixed("swiss.wiz_boosters"), "2 × 12"),  # two boosters: amateur, no strictness step
            (fixed("swiss.wiz_top"), "4"),  # nor a rounds step (601.5.4)
            *COMMON,
        ],
    )
    assert "Драфт, Любительский (без дэк-листов)" in created.plain
    assert f"Туров: {ru('limited.draft_rounds')}, ТОП: 4" in created.plain
    assert "Бустеры на драфт: 12+12." in created.plain

    await club.org.send(GROUP, "/begin")
    seated = await emu.wait_bot_message(GROUP, contains=f"{SEATING} 1")
    assert "столы драфта: 10 + 10" in seated.plain
    tables, ids = seating(seated)
    assert [len(t) for t in tables] == [10, 10]
    assert sorted(ids) == sorted(NAMES)
    # The published draw re-checks: the seed gives exactly these tables.
    found = SEED.search(seated.plain)
    assert found is not None
    by_id = {pid: name for name, pid in ids.items()}
    redrawn = seat_randomly(list(by_id), found.group(1))
    assert [[by_id[p] for p in table] for table in redrawn] == tables
    assert "Бустеры: 12+12; нечётный бустер передают налево" in seated.plain
    assert "Тур 1 судья разводит командой /next_round" in seated.plain
    await emu.idle()
    check_private_seats(club, tables, 1)
    assert club.board(round_title(1, 4)) is None  # the draft first: round 1 is not paired yet
    await draft_and_build_decks(club, clock, tables)
    assert club.board(round_title(1, 4)) is None  # the judge pairs round 1 himself

    # 601.5.4: two tables of 10 → 4 rounds, each paired inside the tables only.
    table_of = {name: n for n, table in enumerate(tables) for name in table}
    for number in range(1, 5):
        await club.org.send(GROUP, "/next_round")
        if number == 1:
            await pods_shown(club, tables, table_of)
        pairs = await play_round(club, number, 4)
        assert len(pairs) == 10
        assert all(table_of[a] == table_of[b] for a, b in pairs), (number, pairs)

    await club.org.send(GROUP, "/standings")
    shown = await emu.wait_bot_message(GROUP, contains=f"{fixed('swiss.standings_title')} 4 тур")
    swiss = ranked(shown.plain)
    best = [[p for p in swiss if table_of[p] == n][:2] for n in (0, 1)]
    first, second = sorted(best, key=lambda pair: swiss.index(pair[0]))
    by_table = shown.plain.split("По столам драфта (в ТОП выходит поровну от каждого стола):\n")
    assert by_table[1].splitlines() == [
        f"Стол драфта {n + 1}: " + ", ".join(p for p in swiss if table_of[p] == n) for n in (0, 1)
    ]

    # 601.5.5: two from each table, table winners seeded first; semi-finals cross the tables.
    await club.org.send(GROUP, "/next_round")
    semis = club.tables(await emu.wait_for(lambda: club.board(SEMI)))
    assert [(a, b) for _, a, b, _ in semis] == [(first[0], second[1]), (second[0], first[1])]
    for table, a, b, _ in semis:
        await club.report(SEMI, table, b, "Моя победа")  # the lower seeds win
        assert await club.confirm(SEMI, table, a, "✅ Подтверждаю") == "Результат принят."
    await club.org.send(GROUP, "/next_round")
    final = club.tables(await emu.wait_for(lambda: club.board(FINAL)))
    assert [(a, b) for _, a, b, _ in final] == [(second[1], first[1])]  # bracket order
    await club.report(FINAL, 1, first[1], "Моя победа")
    assert await club.confirm(FINAL, 1, second[1], "✅ Подтверждаю") == "Результат принят."
    await club.org.send(GROUP, "/next_round")

    end = await emu.wait_bot_message(GROUP, contains=fixed("swiss.winner"))
    losers = sorted([first[0], second[0]], key=swiss.index)
    rest = [p for p in swiss if p not in (*first, *second)]
    assert ranked(end.plain.split("Изменения рейтинга")[0]) == [
        first[1],
        second[1],
        *losers,
        *rest,
    ]
    # Rated with the whole field's coefficient (Table 1: 20 players → 1.2): K = 16 × 1.2 =
    # 19.2, all started at 1200, so each game won is +9.6 and each lost −9.6; no byes at
    # tables of 10. The players outside the Top played only their 4 Swiss games.
    assert "Изменения рейтинга (Берсерк, базовый K = 16)" in end.plain
    wins = {name: int(w) for name, w in WINS.findall(shown.plain)}
    changes = dict(CHANGE.findall(end.plain.split("Изменения рейтинга")[1]))
    for name in rest:
        expected = 9.6 * (2 * wins[name] - 4)
        assert changes[name] == f"{expected:+.2f}".replace(".", ",").replace("-", "−"), name
    # A whole draft, four rounds and the Top: no board edit went out that changed nothing.
    edits = [r for r in emu.requests if r.method.lower() == "editmessagetext"]
    assert len(edits) > 50 and unchanged_edits(emu) == []


async def test_marathon_three_drafts_one_round_each_then_sealed(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = DraftClub(emu, players=17)
    created = await club.create_limited(
        "Марафон (драфты, затем силед)",
        [
            (fixed("swiss.wiz_boosters"), "2 × 7"),
            (fixed("swiss.wiz_drafts"), "3"),
            (fixed("swiss.wiz_strict"), "Любительский (без дэк-листов)"),
            (fixed("swiss.wiz_rounds"), "4"),
            (fixed("swiss.wiz_top"), "Без ТОПа"),
            *COMMON,
        ],
    )
    assert "Драфт перед каждым из туров 1–3, дальше силед." in created.plain
    assert "Бустеры на драфт: 7+7." in created.plain

    await club.org.send(GROUP, "/begin")
    first = await emu.wait_bot_message(GROUP, contains=f"{SEATING} 1")
    assert "столы драфта: 9 + 8" in first.plain and SEED.search(first.plain)
    await emu.idle()
    check_private_seats(club, seating(first)[0], 1)

    await club.org.send(GROUP, "/next_round")  # draft 1 seated: round 1 is paired
    pairs = await play_round(club, 1, 4)
    seen = {frozenset(p) for p in pairs}
    done = club.emu.last_bot_message(GROUP)
    assert done is not None and done.plain == (
        ru("swiss.round_complete", round=ru("swiss.round_name", round=1))
        + "\n"
        + ru("limited.draft_next", draft=2)
    )

    for draft in (2, 3):
        await club.org.send(GROUP, "/next_round")  # first the draft, by the standings
        seated = await emu.wait_bot_message(GROUP, contains=f"{SEATING} {draft}")
        assert "по текущей турнирной таблице" in seated.plain and not SEED.search(seated.plain)
        assert "столы драфта: 9 + 8" in seated.plain
        assert club.board(round_title(draft, 4)) is None  # one round per draft, not yet paired
        await club.org.send(GROUP, "/standings")
        shown = await emu.wait_bot_message(
            GROUP, contains=f"{fixed('swiss.standings_title')} {draft - 1} тур"
        )
        order = ranked(shown.plain)
        tables, _ = seating(seated)
        assert tables == [order[:9], order[9:]]  # the standings cut into two parts (601.5.6)
        await emu.idle()
        check_private_seats(club, tables, draft)
        await club.org.send(GROUP, "/next_round")
        pairs = await play_round(club, draft, 4)
        assert not seen & {frozenset(p) for p in pairs}
        seen |= {frozenset(p) for p in pairs}

    # Round 4: Sealed with everything drafted, no draft before it (608.4): round 3's complete
    # message tells the group, and each player's pairing of round 4 tells him (a deck of 30 or
    # more, 603.6; a hand of 15, 603.7); rounds 1–3 said nothing of it.
    complete = ru("swiss.round_complete", round=ru("swiss.round_name", round=3))
    done = next(m for m in emu.bot_messages(GROUP) if m.plain.startswith(complete))
    assert done.plain == "\n".join(
        [complete, ru("swiss.next_swiss_round"), ru("limited.sealed_next", deck=30, hand=15)]
    )
    assert "Колода — от 30 карт (603.6), в раздачу 15 карт (603.7)" in done.plain
    sealed = ru("limited.pairing_sealed", deck=30, hand=15)
    assert not [m for m in emu.bot_messages(GROUP) if sealed in m.plain]
    await club.org.send(GROUP, "/next_round")
    await emu.wait_for(lambda: club.board(round_title(4, 4)))
    users = list(club.users.values())
    await emu.wait_for(
        lambda: all(any(sealed in m.plain for m in emu.bot_messages(u.id)) for u in users)
    )
    await emu.idle()
    for name, user in club.users.items():
        told = [m.plain for m in emu.bot_messages(user.id) if sealed in m.plain]
        assert len(told) == 1 and fixed("swiss.pairing_head") in told[0], name
        assert "Колода — от 30 карт, в раздачу 15 карт." in told[0]
    await play_round(club, 4, 4)
    assert not [m for m in emu.bot_messages(GROUP) if f"{SEATING} 4" in m.plain]
    await club.org.send(GROUP, "/next_round")
    end = await emu.wait_bot_message(GROUP, contains=fixed("swiss.finished", 1))
    assert len(ranked(end.plain.split("Изменения рейтинга")[0])) == 17


async def test_the_formats_offered_the_marathon_plans_and_the_minimum_field(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = DraftClub(emu, players=3)
    await club.org.start()
    await club.org.send(GROUP, "/new")
    kinds = await emu.wait_bot_message(GROUP, contains=fixed("tournament.choose_kind"))
    await (await club.org.press(kinds, "🃏 Берсерк: швейцарка + ТОП")).answer()
    await emu.wait_bot_message(GROUP, contains=fixed("swiss.wiz_name"))
    await club.org.send(GROUP, "Марафон")
    formats = await emu.wait_bot_message(GROUP, contains=fixed("swiss.wiz_fmt"))
    assert formats.button_labels == [
        "Констрактед",
        "Констрактед, матч до двух побед (Bo3)",
        "Драфт",
        "Силед",
        "Марафон (драфты, затем силед)",
        "Турнир героев (8 игроков)",
        "Другой формат",
    ]
    await (await club.org.press(formats, "Марафон (драфты, затем силед)")).answer()
    plans = await emu.wait_bot_message(GROUP, contains=fixed("swiss.wiz_boosters"))
    assert plans.button_labels == ["2 × 7", "1 × 12", "2 × 12"]  # 608.7 only
    refused = await (await club.org.press_data(plans, "sww:boosters:12x4")).answer()
    assert refused.text == "Эта кнопка больше не действует."

    # 608.4, 603.6: the Sealed part needs a deck of 30; drafts of 7 + 7 give 14 cards each, so
    # only three drafts (42) are offered, and the question says why one or two are not.
    await (await club.org.press(plans, "2 × 7")).answer()
    asked = await emu.wait_bot_message(GROUP, contains=fixed("swiss.wiz_drafts"))
    assert asked.button_labels == ["3"]
    assert asked.plain.splitlines()[-1] == (
        "Колода силеда после драфтов — от 30 карт (608.4, 603.6). На бустерах 7+7 за 1 драфт — "
        "14 карт; за 2 драфта — 28 карт: этого не хватает, и такие варианты не предлагаются."
    )
    refused = await (await club.org.press_data(asked, "sww:drafts:2")).answer()
    assert refused.text == ru("common.stale_button")
    await (await club.org.press(asked, "3")).answer()
    await emu.wait_bot_message(GROUP, contains=fixed("swiss.wiz_strict"))


async def test_a_draft_of_three_is_refused_at_begin_with_the_minimum(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = DraftClub(emu, players=3)
    await club.create_limited(
        "Драфт",
        [
            (fixed("swiss.wiz_boosters"), "1 × 12"),
            (fixed("swiss.wiz_top"), "Авто"),
            *COMMON,
        ],
    )
    await club.org.send(GROUP, "/begin")
    answer = await emu.wait_bot_message(GROUP, contains=fixed("limited.too_few"))
    assert answer.plain == (
        "Слишком мало игроков: 3. Для этого формата нужно не меньше 4 "
        "(драфт, силед, марафон — 4, турнир героев — 8)."
    )
    assert not [m for m in emu.bot_messages(GROUP) if SEATING in m.plain]


async def test_a_seating_cut_short_by_a_crash_is_completed_at_start(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    """The seating is a durable job: the messages the dead bot had not sent go at the start,
    the others are not repeated."""
    club = DraftClub(emu, players=5, names=["Ann", "B&b", "Cat", "<i>Dan", "Eve"])
    await club.create_limited(
        "Драфт",
        [
            (fixed("swiss.wiz_boosters"), "1 × 12"),
            (fixed("swiss.wiz_top"), "Без ТОПа"),
            *COMMON,
        ],
    )
    await club.org.send(GROUP, "/begin")
    seated = await emu.wait_bot_message(GROUP, contains=f"{SEATING} 1")
    tables, ids = seating(seated)
    assert sorted(ids) == sorted(club.users)  # the names escaped once: shown as typed
    await emu.idle()
    check_private_seats(club, tables, 1)
    await bot.stop()
    assert crash_before(bot, "job:swiss_seating", "%:draft1:group") == 1
    assert crash_before(bot, "job:swiss_seating", f"%:draft1:p{ids['Cat']}") == 1
    await bot.start()

    def seatings() -> list[SimMessage]:
        return [m for m in emu.bot_messages(GROUP) if f"{SEATING} 1" in m.plain]

    await emu.wait_for(lambda: len(seatings()) == 2)
    await emu.idle()
    assert seatings()[1].plain == seated.plain  # the same draw, told again, not drawn again
    for name, user in club.users.items():
        told = [
            m for m in emu.bot_messages(user.id) if f"{fixed('limited.your_seat', 1)} 1:" in m.plain
        ]
        assert len(told) == (2 if name == "Cat" else 1), name


@pytest.mark.parametrize(("players", "rounds"), [(7, 3), (9, 4)])
async def test_a_drafts_rounds_follow_601_5_4_not_the_organiser(
    emu: BotApiEmulator, bot: RunningBot, players: int, rounds: int
) -> None:
    """601.5.4: 3 rounds when every draft table has fewer than 8 players, else 4. The wizard
    does not ask them (the Top's question says so); 7 players at one table play 3, 9 play 4."""
    club = DraftClub(emu, players=players)
    created = await club.create_limited(
        "Драфт",
        [(fixed("swiss.wiz_boosters"), "1 × 12"), (fixed("swiss.wiz_top"), "Без ТОПа"), *COMMON],
    )
    # the wizard is one message edited in place: every text it showed, in order
    shown = [event.text for event in emu.chat(GROUP).events]
    assert not [text for text in shown if fixed("swiss.wiz_rounds") in text]  # never asked
    top = next(text for text in shown if fixed("swiss.wiz_top") in text)
    assert top.endswith(
        "Число туров в драфте не выбирают (601.5.4): 3, если за каждым столом драфта меньше "
        "8 игроков, иначе 4."
    )
    assert "Туров: 3 или 4 по столам драфта (601.5.4), ТОП: нет" in created.plain
    await club.org.send(GROUP, "/begin")
    seated = await emu.wait_bot_message(GROUP, contains=f"{SEATING} 1")
    assert f"столы драфта: {players}" in seated.plain
    await club.org.send(GROUP, "/next_round")
    board = await emu.wait_for(lambda: club.board(round_title(1, rounds)))
    assert f"Тур 1 из {rounds}" in board.plain


async def test_a_drafts_lists_are_taken_after_the_draft_and_checked_at_round_one(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    """A draft's list is written from the cards drafted (601.9): at the highest strictness
    (503) of an 8-player Draft on 3 × 12, /begin seats the draft without asking for lists; a
    list is refused before the start, while a booster is picked and between boosters, taken
    after the last, and
    round 1's /next_round refuses while 6 of the 8 have none, until overridden; then the
    lists lock. 8 players at one table: 4 rounds (601.5.4)."""
    club = DraftClub(emu, players=8)
    await club.create_limited(
        "Драфт",
        [
            (fixed("swiss.wiz_boosters"), "3 × 12"),
            (fixed("swiss.wiz_strict"), "Высший (дэк-листы обязательны)"),
            (fixed("swiss.wiz_top"), "Без ТОПа"),
            *COMMON,
        ],
    )
    ann, bob = club.users["Ann"], club.users["Bob"]
    await ann.send(None, "/deck")
    early = await emu.wait_bot_message(ann.id, contains=fixed("decks.window_not_yet", 1))
    assert early.plain == ru("decks.window_not_yet", name="Драфт клуба")

    await club.org.send(GROUP, "/begin")  # nobody has a list, nobody could: the draft is seated
    seated = await emu.wait_bot_message(GROUP, contains=f"{SEATING} 1")
    tables, _ = seating(seated)
    assert not [m for m in emu.bot_messages(GROUP) if fixed("decks.begin_missing") in m.plain]

    refusal = (
        "Идёт драфт турнира «Драфт клуба»: дэк-лист пришлите, когда бустеры будут разобраны, — "
        "до начала тура 1."
    )

    def drafting(count: int) -> bool:
        return len([m for m in emu.bot_messages(ann.id) if m.plain == refusal]) == count

    for number in (1, 2, 3):
        await club.org.send(GROUP, "/draft")
        panel = await emu.wait_bot_message(GROUP, contains=PANEL)
        await (await club.org.press(panel, f"▶️ Начать бустер {number}")).answer()
        began = (clock.now() - START).total_seconds()
        if number == 1:  # a booster is picked: refused
            await ann.send(None, "/deck")
            await emu.wait_for(lambda: drafting(1))
        heads = pod_heads(tables, number, 3)
        await run_booster(emu, clock, GROUP, number, 3, began, heads, to_the_second=False)
        if number == 1:  # between boosters: the pool is not complete, refused too
            await ann.send(None, "/deck")
            await emu.wait_for(lambda: drafting(2))

    deck = "\n".join(
        ["Колода", *(f"3 Воин {i}" for i in range(1, 11)), "Не используются", "-6 Эльф"]
    )
    for user in (ann, bob):
        await user.send(None, "/deck")
        await emu.wait_bot_message(user.id, contains=fixed("decks.ask", 2))
        await user.send(None, deck)
        accepted = await emu.wait_bot_message(user.id, contains=fixed("decks.accepted"))
        assert "Колода — 30 карт:" in accepted.plain

    await club.org.send(GROUP, "/next_round")
    refused = await emu.wait_bot_message(GROUP, contains=fixed("decks.round_one_missing"))
    missing = ", ".join(name for name in NAMES[2:8])
    assert refused.plain == ru("decks.round_one_missing", count=6, names=missing)
    assert "без принятого дэк-листа — 6 игроков: Cat, Dan, Eve, Fay, Gus, Hal." in refused.plain
    assert club.board(round_title(1, 4)) is None
    await club.org.send(GROUP, "/next_round override")
    await emu.wait_for(lambda: club.board(round_title(1, 4)))
    await ann.send(None, "/deck")
    locked = await emu.wait_bot_message(ann.id, contains=fixed("decks.window_locked_round", 1))
    assert locked.plain == ru("decks.window_locked_round", name="Драфт клуба")
