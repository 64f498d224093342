"""Announcements are durable jobs: a job that did not finish before a crash runs again at the
start and sends only what is still missing (each message once by its outbox key), and a job
whose pairing was superseded sends nothing.

The crash is staged in the database while the bot is down: the job is made pending again and
the outbox forgets the messages the dead bot "had not sent yet".
"""

from __future__ import annotations

import sqlite3

from tests.e2e.drivers.crash import crash_before
from tests.e2e.drivers.koth_club import GROUP as KOTH_GROUP
from tests.e2e.drivers.koth_club import begin_tournament, setup_club
from tests.e2e.drivers.swiss_club import GROUP, pairing_of, registered
from tests.e2e.drivers.texts import fixed
from tests.e2e.emulator import BotApiEmulator, SimMessage
from tests.e2e.harness import RunningBot

ROUND_1_OF_3 = f"{fixed('swiss.board_title')} 1 {fixed('swiss.board_title', 1)} 3"


async def test_a_pairing_broadcast_cut_short_is_completed_at_start(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = await registered(emu, players=5, rounds="3")
    await club.org.send(GROUP, "/begin")
    board = await emu.wait_for(lambda: club.board(ROUND_1_OF_3))
    (_, a, _, _), *_ = club.tables(board)
    await club.wait_find(club.users[a], pairing_of(1, 1), "Моя победа")
    await emu.idle()
    before = {name: len(emu.bot_messages(user.id)) for name, user in club.users.items()}
    await bot.stop()
    with sqlite3.connect(bot.db_path) as conn:
        (a_id,) = conn.execute(
            "SELECT id FROM players WHERE telegram_id = ?", (club.users[a].id,)
        ).fetchone()
    # The dead bot had sent everything but the board and a's pairing.
    assert crash_before(bot, "job:swiss_round", "%:board") == 1
    assert crash_before(bot, "job:swiss_round", f"%:p{a_id}") == 1
    await bot.start()

    def boards() -> list[SimMessage]:
        return [m for m in emu.bot_messages(GROUP) if ROUND_1_OF_3 in m.plain]

    # The job left pending runs in the background once the bot polls: wait for it, not for a
    # quiet moment (which may come first).
    await emu.wait_for(lambda: len(boards()) == 2)  # the board "not sent" is sent at start
    await emu.idle()
    after = {name: len(emu.bot_messages(user.id)) for name, user in club.users.items()}
    assert after == {name: n + (name == a) for name, n in before.items()}
    with sqlite3.connect(bot.db_path) as conn:
        (board_id,) = conn.execute("SELECT board_message_id FROM tournaments").fetchone()
        pending = conn.execute(
            "SELECT count(*) FROM deadlines WHERE kind LIKE 'job:%' AND status = 'pending'"
        ).fetchone()
    assert board_id == boards()[-1].message_id  # results edit the board posted at start
    assert pending == (0,)
    await club.report(1, 1, a, "Моя победа")
    edited = await emu.wait_for(
        lambda: next(
            (m for m in emu.bot_messages(GROUP) if m.message_id == board_id and m.edits), None
        )
    )
    assert "Тур 1 из 3" in edited.plain


async def test_a_superseded_pairing_job_sends_nothing(emu: BotApiEmulator, bot: RunningBot) -> None:
    club = await registered(emu, players=5, rounds="3")
    await club.org.send(GROUP, "/begin")
    await emu.wait_for(lambda: club.board(ROUND_1_OF_3))
    await emu.idle()
    await club.org.send(GROUP, "/repair")
    await emu.wait_for(  # the old board marked void, the new one posted
        lambda: (
            [
                m
                for m in emu.bot_messages(GROUP)
                if ROUND_1_OF_3 in m.plain or fixed("swiss.repaired_void", 1) in m.plain
            ][1:]
            or None
        )
    )
    await emu.idle()
    sent = len(emu.requests_for("sendMessage"))
    await bot.stop()
    with sqlite3.connect(bot.db_path) as conn:  # the first pairing's job, "not finished"
        conn.execute(
            """UPDATE deadlines SET status = 'pending' WHERE id =
               (SELECT min(id) FROM deadlines WHERE kind = 'job:swiss_round')"""
        )
        conn.execute("DELETE FROM outbox_keys WHERE key LIKE 'sw:%:r1g0:%'")
    await bot.start()
    await emu.idle()
    assert len(emu.requests_for("sendMessage")) == sent
    with sqlite3.connect(bot.db_path) as conn:
        statuses = conn.execute(
            "SELECT status FROM deadlines WHERE kind = 'job:swiss_round' ORDER BY id"
        ).fetchall()
    assert statuses == [("fired",), ("fired",)]


async def test_king_of_the_hill_start_cut_short_is_completed_at_start(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    org, (ann, bob, cid, *_rest) = await setup_club(emu)
    await begin_tournament(emu, org)
    await emu.wait_bot_message(KOTH_GROUP, contains=f"{fixed('koth.pair')} 1:")
    await cid.wait_message(contains=fixed("koth.you_are_next"))
    await emu.idle()
    await bot.stop()
    with sqlite3.connect(bot.db_path) as conn:
        (ann_id,) = conn.execute(
            "SELECT id FROM players WHERE telegram_id = ?", (ann.id,)
        ).fetchone()
    # The dead bot had told the group and Bob, not Ann (game 1 is Ann — Bob, Cid is next).
    assert crash_before(bot, "job:koth_announce", f"koth:%:play:{ann_id}") == 1
    await bot.start()
    await emu.idle()

    def count(chat: int, text: str) -> int:
        return len([m for m in emu.bot_messages(chat) if text in m.plain])

    assert count(KOTH_GROUP, fixed("koth.begun")) == 1
    assert count(KOTH_GROUP, fixed("koth.board_title")) == 1
    assert count(KOTH_GROUP, f"{fixed('koth.pair')} 1:") == 1
    assert (
        count(ann.id, f"{fixed('koth.you_play')} 1") == 2
    )  # the one the dead bot had not sent, sent now
    assert count(bob.id, f"{fixed('koth.you_play')} 1") == 1
    assert count(cid.id, fixed("koth.you_are_next")) == 1
