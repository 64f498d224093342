"""The pick clock of a draft and its deck-building timer, run through the bot (issue 14).

A draft tournament of sixteen players, seated in two pods of eight (an ``sw_pods`` event, as the
seating appends it), boosters [7, 12] (opened 12 first). The judge starts each booster from
``/draft``; the test clock moves to the second, and each pod's message must show the right pick,
its seconds and its end time at the right moment, the pass direction, the review minute and the
booster's end. The tournament is created through the service, with no ``/begin``: the draft
comes before round 1 (its pairing is not this test's business).
"""

from __future__ import annotations

import sqlite3
from datetime import timedelta
from pathlib import Path
from typing import Any

from bot.draft import PICK_TICK
from bot.services import Services
from bot.swiss import SwissService
from db import tournaments
from tests.clock import ManualClock
from tests.e2e.crash_driver import BotProcess
from tests.e2e.drivers.draft import COMMON, DraftClub, seating
from tests.e2e.drivers.swiss_club import GROUP as DRAFT_GROUP
from tests.e2e.drivers.texts import fixed, ru
from tests.e2e.emulator import BotApiEmulator, SimMessage, SimUser
from tests.e2e.harness import START, RunningBot
from tests.e2e.pick_clock import SEVEN, TWELVE, S, at, pods, run_picks, showing

GROUP = -100_707
ORGANISER = 999
PLAYERS = 16
LATE = (fixed("late.offline"), fixed("late.offline_since_unknown"))
"""How the bot says it was away (knowing since when, or not)."""


def player_tg(seat: int) -> int:
    return 71_000 + seat


def pick_line(n: int, seconds: int, until: float, total: int = 11) -> str:
    """A pod's line of the pick ``n``: its seconds and its end (``until`` s after the start)."""
    return ru("pickclock.pick", n=n, total=total, seconds=seconds, until=at(until))


def deck_building(minutes: int) -> str:
    """The start of the deck-building timer's announcement, before its end time."""
    return f"{fixed('pickclock.deck_started')} {minutes} {fixed('pickclock.deck_started', 1)}"


async def add_players(app: Services) -> list[int]:
    """Sixteen registered players (as the registration wizard leaves them); their club ids."""
    now = START.isoformat()
    async with app.db.transaction() as tx:
        for seat in range(1, PLAYERS + 1):
            tg = player_tg(seat)
            await tx.execute(
                "INSERT INTO tg_users (id, username, first_name, language_code, started_bot,"
                " blocked_bot, seen_at) VALUES (?, ?, ?, 'ru', 1, 0, ?)",
                (tg, f"pl{seat:02d}", f"Pl{seat:02d}", now),
            )
            await tx.execute(
                "INSERT INTO players (telegram_id, last_name, first_name, email, city,"
                " registered, created_at) VALUES (?, '', ?, ?, 'Москва', 1, ?)",
                (tg, f"Pl{seat:02d}", f"pl{seat}@example.org", now),
            )
        rows = await tx.all("SELECT id FROM players ORDER BY telegram_id")
    return [int(row["id"]) for row in rows]


async def draft_tournament(
    emu: BotApiEmulator,
    app: Services,
    options: dict[str, Any] | None = None,
    *,
    seated: bool = True,
) -> tuple[int, SimUser]:
    """The group, the organiser, the players in the tournament, seated in two pods (unless
    not ``seated``: then all of them are one table)."""
    org = emu.add_user(ORGANISER, "Org", username="org")
    people = [emu.add_user(player_tg(s), f"Pl{s:02d}") for s in range(1, PLAYERS + 1)]
    emu.add_group(GROUP, "Club", members=people, admins=[org])
    await org.start()
    await org.wait_message()
    swiss: SwissService = app.service(SwissService)
    chosen = {"format": "draft", "boosters": [7, 12]} | (options or {})
    tid = await swiss.create(GROUP, "Драфт-кубок", chosen, ORGANISER)
    ids = await add_players(app)
    for club_id in ids:
        await swiss.join(tid, club_id)
    if seated:
        pods = [ids[0::2], ids[1::2]]  # two tables of eight
        async with app.db.transaction() as tx:
            payload = {"draft": 1, "pods": pods, "how": "random", "seed": 7}
            await swiss.event(tx, tid, "sw_pods", payload, ORGANISER)
    await emu.idle()
    return tid, org


async def panel(emu: BotApiEmulator, org: SimUser) -> SimMessage:
    await org.send(GROUP, "/draft")
    return await emu.wait_bot_message(
        GROUP, contains=ru("pickclock.panel_title", name="Драфт-кубок")
    )


async def press(emu: BotApiEmulator, org: SimUser, label: str) -> str:
    """Press ``label`` on a fresh ``/draft`` panel; the toast."""
    answer = await (await org.press(await panel(emu, org), label)).answer()
    await emu.idle()
    return answer.text or ""


async def test_twelve_card_booster_to_the_second_under_the_group_limit(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    assert bot.app is not None
    _, org = await draft_tournament(emu, bot.app)
    first = await panel(emu, org)
    assert "Бустеры по порядку: 12+7" in first.plain and "2 стола" in first.plain
    assert "Бустер 1 из 2 ждёт команды судьи." in first.plain
    assert first.button_labels == ["▶️ Начать бустер 1"]
    answer = await (await org.press(first, "▶️ Начать бустер 1")).answer()
    assert answer.text == "Бустер 1 начат."
    table_1, table_2 = await showing(emu, GROUP, 1, pick_line(1, 55, 55))
    assert table_1.plain.startswith(
        "🃏 Драфт · стол драфта 1 · 8 игроков\nМеста по порядку: Pl01, Pl03"
    )
    assert table_2.plain.startswith(
        "🃏 Драфт · стол драфта 2 · 8 игроков\nМеста по порядку: Pl02, Pl04"
    )
    assert "Бустер 1 из 2 · 12 карт · передаём налево ⬅️" in table_1.plain
    edits_at: dict[float, int] = {}
    moment = 0.0
    for pick, seconds in enumerate(TWELVE, start=1):
        line = pick_line(pick, seconds, moment + seconds)
        await showing(emu, GROUP, 1, line)
        edits_at[moment] = table_1.edits + table_2.edits
        clock.advance((seconds - 1) * S)
        await emu.idle()
        await showing(emu, GROUP, 1, line)
        clock.advance(S)
        moment += seconds
    review = ru("pickclock.review", until=at(390))
    await showing(emu, GROUP, 1, review)
    edits_at[moment] = table_1.edits + table_2.edits
    clock.advance(59 * S)
    await emu.idle()
    await showing(emu, GROUP, 1, review)
    clock.advance(S)
    await showing(emu, GROUP, 1, ru("pickclock.done", n=1, total=2))
    edits_at[390.0] = table_1.edits + table_2.edits
    # Telegram allows about 20 edits a minute in a group: the busiest minute of the booster.
    busiest = max(
        edits_at[end] - max((n for m, n in edits_at.items() if m <= end - 60), default=0)
        for end in edits_at
    )
    assert (table_1.edits, table_2.edits) == (12, 12)  # 10 picks, the review, the end
    assert busiest == 10, edits_at
    print(f"edits in the busiest minute of a 2-pod 12-card booster: {busiest}")  # noqa: T201
    again = await panel(emu, org)
    assert again.button_labels == ["▶️ Начать бустер 2"]


async def test_pause_resume_then_seven_card_booster_the_other_way_and_deck_building(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    assert bot.app is not None
    _, org = await draft_tournament(emu, bot.app)
    assert await press(emu, org, "▶️ Начать бустер 1") == "Бустер 1 начат."
    clock.advance((55 + 50 + 10) * S)  # ten seconds into pick 3 (45 s)
    await showing(emu, GROUP, 1, pick_line(3, 45, 150))
    assert await press(emu, org, "⏸ Пауза") == "Пик-таймер на паузе."
    await showing(emu, GROUP, 1, ru("pickclock.paused", n=3, total=11, seconds=35))
    clock.advance(timedelta(minutes=5))  # the clock stands still while paused
    await emu.idle()
    await showing(emu, GROUP, 1, ru("pickclock.paused", n=3, total=11, seconds=35))
    assert await press(emu, org, "▶️ Продолжить") == "Пик-таймер идёт дальше."
    shift = 300  # every later end moves by the pause's five minutes
    await showing(emu, GROUP, 1, pick_line(3, 45, 150 + shift))
    clock.advance(35 * S)
    moment = 150 + shift
    for pick, seconds in enumerate(TWELVE[3:], start=4):
        await showing(emu, GROUP, 1, pick_line(pick, seconds, moment + seconds))
        clock.advance(seconds * S)
        moment += seconds
    assert moment == 330 + shift
    await showing(emu, GROUP, 1, ru("pickclock.review", until=at(390 + shift)))
    paused = await press(emu, org, "⏸ Пауза")  # the review minute can be paused too
    assert paused == "Пик-таймер на паузе."
    await showing(emu, GROUP, 1, ru("pickclock.paused_review", seconds=60))
    await press(emu, org, "▶️ Продолжить")
    clock.advance(60 * S)
    await showing(emu, GROUP, 1, ru("pickclock.done", n=1, total=2))
    offset = clock.now() - START
    began = offset.total_seconds()

    assert await press(emu, org, "▶️ Начать бустер 2") == "Бустер 2 начат."
    await showing(emu, GROUP, 2, pick_line(1, 30, began + 30, total=6))
    (table_1, _) = pods(emu, GROUP, 2)
    assert "Бустер 2 из 2 · 7 карт · передаём направо ➡️" in table_1.plain
    review = await run_picks(emu, clock, GROUP, 2, SEVEN, began)
    assert review == began + 105
    await showing(emu, GROUP, 2, ru("pickclock.review", until=at(review + 60)))
    await org.send(GROUP, "/deckbuilding 40")  # still reviewing: refused
    await emu.wait_bot_message(GROUP, contains=ru("pickclock.booster_running", n=2))
    clock.advance(60 * S)
    await showing(
        emu, GROUP, 2, f"{ru('pickclock.done', n=2, total=2)}\n{fixed('pickclock.all_done')}"
    )

    await org.send(GROUP, "/deckbuilding 40")
    ends = review + 60 + 40 * 60
    started = await emu.wait_bot_message(GROUP, contains=deck_building(40))
    assert started.plain == (
        f"🛠 Сборка колод: 40 мин — до {at(ends)}.\n"
        "Колода не собирается: все полученные на драфте карты (19) сразу становятся раздачей"
        " (601.10, таблица 3)."
    )  # 12 + 7 = 19 cards drafted: under 20, no deck, the hand is all of them (Table 3)
    clock.advance(timedelta(minutes=39, seconds=59))
    await emu.idle()
    assert fixed("pickclock.panel_deck_over") not in (emu.last_bot_message(GROUP) or started).plain
    clock.advance(S)
    await emu.wait_bot_message(GROUP, contains=fixed("pickclock.deck_over"))
    await org.send(GROUP, "/log")
    log = await emu.wait_bot_message(GROUP, contains=fixed("log.sw_booster"))
    assert log.plain.count("Драфт: начат бустер") == 2
    assert log.plain.count("Драфт: пауза пик-таймера") == 2
    assert log.plain.count("Драфт: пик-таймер продолжен") == 2
    assert "Сборка колод: 40 мин" in log.plain


async def test_restart_in_the_middle_of_a_booster_resumes_at_the_right_pick(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    """Nobody seated yet: the sixteen players are one table. The bot stops during pick 4 and
    is down for 125 s of the draft (picks 4 to 7 end while it is away, the first more than a
    minute before it is back): back, it says once that it was away, shows pick 8 with the end it
    would have had, keeps one job pending (that end), and runs on."""
    assert bot.app is not None
    _, org = await draft_tournament(emu, bot.app, {"boosters": [12, 12]}, seated=False)
    await press(emu, org, "▶️ Начать бустер 1")
    clock.advance((55 + 50 + 45 + 10) * S)  # pick 4 (40 s), 10 s in
    (table,) = await showing(emu, GROUP, 1, pick_line(4, 40, 190), tables=1)
    assert table.plain.startswith(
        "🃏 Драфт · стол драфта 1 · 16 игроков\nМеста по порядку: Pl01, Pl02"
    )
    await bot.stop()
    clock.advance(125 * S)  # 285 s: pick 8 (20 s) began at 280
    await bot.start()
    await showing(emu, GROUP, 1, pick_line(8, 20, 300), tables=1)
    next_end = [(START + 300 * S).isoformat()]
    await emu.wait_for(lambda: pending_ends(bot.db_path) == next_end)
    late = [m.plain for m in emu.bot_messages(GROUP) if any(late in m.plain for late in LATE)]
    assert len(late) == 1 and f"должны были прийти в 30.11.2026 {at(190)[:5]}" in late[0], late
    clock.advance(15 * S)
    await showing(emu, GROUP, 1, pick_line(9, 15, 315), tables=1)


def pending_ends(db_path: Path) -> list[str]:
    with sqlite3.connect(db_path) as conn:
        rows = conn.execute(
            "SELECT due_at FROM deadlines WHERE kind = ? AND status = 'pending'", (PICK_TICK,)
        ).fetchall()
    return [str(row[0]) for row in rows]


async def test_sigkill_in_the_middle_of_a_booster_resumes_at_the_right_pick(
    emu: BotApiEmulator, tmp_path: Path
) -> None:
    """The bot as its own process (``python -m bot`` with a clock file), killed with SIGKILL
    during pick 2 (maybe before the job of pick 1's end was marked done: then it runs again);
    the draft goes on for two minutes without it. Started again, it says once that it was away,
    shows pick 5 with the end computed from the stored start, and runs on with one end
    pending."""
    db_path = tmp_path / "club.db"
    running = RunningBot(emu, db_path, ManualClock(START), organizer_ids=str(ORGANISER))
    app = await running.start()
    _, org = await draft_tournament(emu, app, {"boosters": [12, 12]})
    await running.stop()
    process = BotProcess(emu, db_path, tmp_path / "clock.txt", tmp_path / "bot.log", ORGANISER)
    process.set_clock(START)
    try:
        await process.start()
        answer = await (await org.press(await panel(emu, org), "▶️ Начать бустер 1")).answer()
        assert answer.text == "Бустер 1 начат."
        await showing(emu, GROUP, 1, pick_line(1, 55, 55))
        process.set_clock(START + 55 * S)
        await showing(emu, GROUP, 1, pick_line(2, 50, 105))
        process.set_clock(START + 70 * S)
        await process.kill()
        process.set_clock(START + 200 * S)  # pick 5 (35 s) runs from 190 to 225
        await process.start()
        await showing(emu, GROUP, 1, pick_line(5, 35, 225))
        # The job that came while the bot was away is done once the messages are edited; then
        # the one end to come is all that is pending.
        next_end = [(START + 225 * S).isoformat()]
        await emu.wait_for(lambda: pending_ends(db_path) == next_end)
        late = [m.plain for m in emu.bot_messages(GROUP) if any(late in m.plain for late in LATE)]
        assert len(late) == 1 and "бот был недоступен" in late[0], late
        process.set_clock(START + 225 * S)
        await showing(emu, GROUP, 1, pick_line(6, 30, 255))
    finally:
        await process.stop()


async def test_only_judges_run_the_clock_and_only_in_a_draft(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    assert bot.app is not None
    tid, org = await draft_tournament(emu, bot.app)
    player = emu.user(player_tg(1))
    await player.send(GROUP, "/draft")
    await emu.wait_bot_message(GROUP, contains=fixed("common.not_allowed"))
    shown = await panel(emu, org)
    answer = await (await player.press(shown, "▶️ Начать бустер 1")).answer()
    assert answer.text is not None and "только организатор или судья" in answer.text
    assert not pods(emu, GROUP, 1)
    await org.send(GROUP, "/deckbuilding")
    await emu.wait_bot_message(GROUP, contains=ru("pickclock.boosters_left", count=2))
    await org.send(GROUP, "/deckbuilding 0")
    await emu.wait_bot_message(GROUP, contains=fixed("numbers.swiss_minutes"))
    await org.send(GROUP, "/deckbuilding soon")
    await emu.wait_bot_message(GROUP, contains=fixed("pickclock.deck_usage"))
    swiss: SwissService = bot.app.service(SwissService)
    await swiss.cancel(tid, ORGANISER)
    other = await swiss.create(GROUP, "Констрактед-кубок", {}, ORGANISER)
    assert other
    await org.send(GROUP, "/draft")
    await emu.wait_bot_message(
        GROUP, contains=ru("pickclock.not_draft", format=ru("swiss.wiz_fmt_constructed"))
    )


async def test_a_marathon_drafts_again_once_seated_anew_run_by_an_appointed_judge(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    """A Marathon (608) drafts one 12-card booster before a round; the second draft (seated
    anew: ``sw_pods`` of draft 2) starts again from booster 1, with its own messages. The
    judge the organiser appointed runs it."""
    assert bot.app is not None
    tid, org = await draft_tournament(emu, bot.app, {"format": "marathon", "boosters": [12]})
    jude = emu.add_user(702, "Jude", username="jude")
    emu.add_member(GROUP, jude)
    await jude.start()
    await jude.wait_message()
    await org.send(GROUP, "/judge @jude")
    await emu.wait_bot_message(GROUP, contains=fixed("tournament.judge_added"))
    shown = await panel(emu, jude)
    assert "Бустер 1 из 1 ждёт команды судьи." in shown.plain
    answer = await (await jude.press(shown, "▶️ Начать бустер 1")).answer()
    assert answer.text == "Бустер 1 начат."
    (first, _) = await showing(emu, GROUP, 1, pick_line(1, 55, 55))
    assert "Бустер 1 из 1 · 12 карт · передаём налево ⬅️" in first.plain
    clock.advance(390 * S)
    done = f"{ru('pickclock.done', n=1, total=1)}\n{fixed('pickclock.all_done')}"
    await emu.wait_for(lambda: first.plain.endswith(done))
    await jude.send(GROUP, "/deckbuilding 5")
    told = await emu.wait_bot_message(GROUP, contains=deck_building(5))
    assert "все полученные на драфте карты (12) сразу становятся раздачей" in told.plain  # 1 × 12
    swiss: SwissService = bot.app.service(SwissService)
    async with bot.app.db.transaction() as tx:
        ids = [p.player_id for p in await tournaments.participants(tx, tid)]
        payload = {"draft": 2, "pods": [ids[:8], ids[8:]], "how": "standings"}
        await swiss.event(tx, tid, "sw_pods", payload, ORGANISER)
    again = await panel(emu, jude)
    assert "Бустер 1 из 1 ждёт команды судьи." in again.plain
    assert again.button_labels == ["▶️ Начать бустер 1"]
    await (await jude.press(again, "▶️ Начать бустер 1")).answer()
    start = (clock.now() - START).total_seconds()
    await emu.wait_for(lambda: len(pods(emu, GROUP, 1)) == 4)
    second = pods(emu, GROUP, 1)[2:]
    assert [m.plain.splitlines()[1] for m in second] == [
        "Места по порядку: Pl01, Pl02, Pl03, Pl04, Pl05, Pl06, Pl07, Pl08",
        "Места по порядку: Pl09, Pl10, Pl11, Pl12, Pl13, Pl14, Pl15, Pl16",
    ]
    assert all(m.plain.endswith(f"Пик 1 из 11: 55 с — до {at(start + 55)}") for m in second)


async def test_the_pods_seated_at_begin_each_get_their_message(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    """The whole way in: the wizard's Draft, ``/begin`` seats 20 players at two tables
    (``bot.swiss.pods``); each table's message lists its seats as the seating published them."""
    club = DraftClub(emu, players=20)
    await club.create_limited(
        "Драфт",
        [
            (fixed("swiss.wiz_boosters"), "2 × 12"),
            (fixed("swiss.wiz_top"), "4"),  # a Draft's rounds are not asked (601.5.4)
            *COMMON,
        ],
    )
    await club.org.send(DRAFT_GROUP, "/begin")
    seated = await emu.wait_bot_message(
        DRAFT_GROUP, contains=f"{fixed('limited.seating_head', 1)} 1"
    )
    tables, _ = seating(seated)
    await emu.idle()
    await club.org.send(DRAFT_GROUP, "/draft")
    shown = await emu.wait_bot_message(
        DRAFT_GROUP, contains=ru("pickclock.panel_title", name="Драфт клуба")
    )
    assert "Бустеры по порядку: 12+12" in shown.plain and "2 стола" in shown.plain
    await (await club.org.press(shown, "▶️ Начать бустер 1")).answer()

    def messages() -> list[SimMessage] | None:
        found = [
            m
            for m in emu.bot_messages(DRAFT_GROUP)
            if m.plain.startswith(fixed("pickclock.pod_title"))
        ]
        return found if len(found) == 2 else None

    found = await emu.wait_for(messages)
    for number, (message, table) in enumerate(zip(found, tables, strict=True), start=1):
        assert message.plain == (
            f"🃏 Драфт · стол драфта {number} · 10 игроков\n"
            f"Места по порядку: {', '.join(table)}\n"
            "Бустер 1 из 2 · 12 карт · передаём налево ⬅️\n"
            f"Пик 1 из 11: 55 с — до {at(0 + 55)}"
        )
    clock.advance(55 * S)
    await emu.wait_for(
        lambda: all(m.plain.endswith(f"{fixed('pickclock.pick', -1)} {at(105)}") for m in found)
    )


async def test_a_gone_group_stops_the_pick_clock(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    """The bot removed from the group mid-booster (issue 20, item 10): the first refused edit
    marks the group gone, and no pick's end tries again (the round broadcast gives up alike)."""
    assert bot.app is not None
    _, org = await draft_tournament(emu, bot.app)
    assert await press(emu, org, "▶️ Начать бустер 1") == "Бустер 1 начат."
    await showing(emu, GROUP, 1, pick_line(1, 55, 55))
    del emu.chats[GROUP]  # «chat not found» from now on

    def tries() -> int:
        wanted = ("sendMessage", "editMessageText")
        return sum(
            1
            for method in wanted
            for r in emu.requests_for(method)
            if str(r.params.get("chat_id")) == str(GROUP)
        )

    def gone() -> bool:
        with sqlite3.connect(bot.db_path) as conn:
            found = conn.execute("SELECT gone_at FROM chats WHERE id = ?", (GROUP,)).fetchone()
        return found is not None and found[0] is not None

    before = tries()
    clock.advance(TWELVE[0] * S)  # the first pick's end: its edit is refused, the group gone
    await emu.wait_for(lambda: gone() or None, timeout=10)
    await emu.idle(quiet=0.3)
    refused = tries() - before
    for seconds in TWELVE[1:]:  # the rest of the booster: not one more try
        clock.advance(seconds * S)
        await emu.idle()
    await emu.idle(quiet=0.3)
    assert refused >= 1 and tries() - before == refused
    assert bot.app is not None
    await bot.app.infra.deadlines.fire_due()  # any end still due runs, and stops the clock
    with sqlite3.connect(bot.db_path) as conn:
        pending = conn.execute(
            "SELECT count(*) FROM deadlines WHERE kind = 'job:draft_clock' AND status = 'pending'"
        ).fetchone()
    assert pending == (0,)
