"""Outgoing messages through the emulator: splitting, flood waits, blocked users, permissions."""

from __future__ import annotations

import re
import sqlite3

from tests.e2e.emulator import BotApiEmulator, Fault
from tests.e2e.harness import RunningBot

GROUP = -100777


def seed_players(db_path: str, count: int) -> None:
    with sqlite3.connect(db_path) as conn:
        for n in range(count):
            club_id = conn.execute(
                "INSERT INTO players (telegram_id, last_name, first_name, registered, created_at)"
                " VALUES (?, ?, ?, 1, 'now')",
                (10_000 + n, f"Игрок-с-длинной-фамилией-{n:04d}", "Имя"),
            ).lastrowid
            conn.execute(
                "INSERT INTO ratings VALUES (?, 'berserk', ?)", (club_id, 120_000 + n * 100)
            )


async def test_long_message_arrives_split_at_line_boundaries(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    seed_players(str(bot.db_path), 120)
    with sqlite3.connect(bot.db_path) as conn:  # a rated player: the table is the club's
        club_id = conn.execute(
            "INSERT INTO players (telegram_id, last_name, first_name, registered, created_at)"
            " VALUES (5, 'Reader', 'R', 1, 'now')"
        ).lastrowid
        conn.execute("INSERT INTO ratings VALUES (?, 'berserk', 100000)", (club_id,))
    reader = emu.add_user(5, "Reader", language_code="en")
    await reader.send(None, "/rating berserk")
    await reader.wait_message(contains="Rating: Berserk")
    await emu.idle()
    parts = [m for m in emu.bot_messages(reader.id) if "Игрок" in m.plain]
    assert len(parts) >= 2
    assert all(len(m.plain) <= 4096 for m in parts)
    lines = "\n".join(m.plain for m in parts).split("\n")
    player_lines = [line for line in lines if "Игрок-с-длинной-фамилией" in line]
    assert len(player_lines) == 120
    assert all(re.fullmatch(r"\d+\. .+ \(#\d+\) — \d+\.\d\d", line) for line in player_lines)


async def test_flood_wait_is_honoured_and_the_message_arrives_once(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    ann = emu.add_user(6, "Ann", language_code="en")
    emu.inject("sendMessage", Fault.too_many_requests(1), times=2)
    await ann.start()
    await ann.wait_message(contains="Hello", timeout=10)
    await emu.idle()
    greetings = [m for m in emu.bot_messages(ann.id) if "Hello" in m.plain]
    assert len(greetings) == 1
    refused = [r for r in emu.requests_for("sendMessage") if r.status == 429]
    assert len(refused) == 2


async def test_server_errors_are_retried(emu: BotApiEmulator, bot: RunningBot) -> None:
    ann = emu.add_user(7, "Ann", language_code="en")
    emu.inject("sendMessage", Fault.server_error(502), times=2)
    await ann.start()
    await ann.wait_message(contains="Hello", timeout=10)
    await emu.idle()
    assert len([m for m in emu.bot_messages(ann.id) if "Hello" in m.plain]) == 1


async def test_blocked_user_gets_a_group_mention_instead(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    bob = emu.add_user(8, "<b>Bob</b> & Co", language_code="en")
    emu.add_group(GROUP, "Club", members=[bob])
    await bob.start()
    await bob.wait_message(contains="Hello")
    bob.block_bot()
    await emu.idle()
    assert bot.app is not None
    sent = await bot.app.notifier.to_user(
        bob.id, bob.first_name, "You are next", None, fallback_chat=GROUP
    )
    assert sent is not None and sent.chat.id == GROUP
    notice = emu.last_bot_message(GROUP)
    assert notice is not None and notice.plain == "<b>Bob</b> & Co\nYou are next"
    assert any(
        e.get("type") == "text_link" or e.get("type") == "text_mention" for e in notice.entities
    )
    with sqlite3.connect(bot.db_path) as conn:
        assert conn.execute("SELECT blocked_bot FROM tg_users WHERE id = 8").fetchone() == (1,)
    # Known blocked: the next notice goes straight to the group, no private attempt.
    before = len(emu.requests_for("sendMessage"))
    await bot.app.notifier.to_user(bob.id, bob.first_name, "Again", None, fallback_chat=GROUP)
    assert len(emu.requests_for("sendMessage")) == before + 1


async def test_user_who_never_started_the_bot_is_mentioned_in_the_group(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    cid = emu.add_user(9, "Cid", language_code="en")
    emu.add_group(GROUP, "Club", members=[cid])
    assert bot.app is not None
    await bot.app.notifier.to_user(cid.id, "Cid", "Confirm the result", None, fallback_chat=GROUP)
    assert emu.bot_messages(cid.id) == [] if cid.id in emu.chats else True
    notice = emu.last_bot_message(GROUP)
    assert notice is not None and notice.plain == "Cid\nConfirm the result"


async def test_non_organiser_cannot_create_a_tournament(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    dan = emu.add_user(10, "Dan", language_code="en")
    boss = emu.add_user(11, "Boss", language_code="en")
    emu.add_group(GROUP, "Club", members=[dan], admins=[boss])
    await dan.send(GROUP, "/new")
    refusal = await emu.wait_bot_message(GROUP, contains="Only an organiser")
    assert refusal.reply_markup is None
    await boss.send(GROUP, "/new")
    menu = await emu.wait_bot_message(GROUP, contains="Which tournament?")
    answer = await (await dan.press(menu, "👑 King of the Hill (billiards)"))
    assert answer.show_alert and "Only an organiser" in (answer.text or "")


async def test_forged_and_stale_buttons_get_an_alert(emu: BotApiEmulator, bot: RunningBot) -> None:
    eve = emu.add_user(12, "Eve", language_code="en")
    await eve.start()
    hello = await eve.wait_message(contains="Hello")
    for data in ["garbage", "rp:999:g1v0:w", "cf:123:1", "jd:1:x:a", "pf:nonsense:zzz", "x" * 64]:
        answer = await (await eve.press_data(hello, data))
        assert answer.text, data


async def test_command_menus_are_registered_per_scope_and_language(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    await emu.wait_for(lambda: len(emu.commands) >= 8)  # registered in the background
    scopes = {scope for scope, _ in emu.commands}
    languages = {lang for _, lang in emu.commands}
    assert len(scopes) >= 4 and {"", "en"} <= languages | {""}
    admin = [cmds for (scope, lang), cmds in emu.commands.items() if "administrators" in scope]
    assert any(any(c["command"] == "begin" for c in cmds) for cmds in admin)
