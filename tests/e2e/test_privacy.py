"""Profile and privacy (issue 10, item 11), played through the emulator.

- a phone is only ever the user's own shared contact: typed in the profile, refused;
- names take no bidi controls or zero-width characters;
- the database and its WAL and SHM files are the bot's user's alone (0600);
- «Delete my data» leaves neither the person's row of Telegram names nor his e-mail, phone or
  names anywhere in the database's files;
- ``/export`` goes only to the tournament's chat or the asker's private chat.
"""

from __future__ import annotations

import contextlib
import sqlite3
import stat
from pathlib import Path

from bot.startup import open_database
from tests.e2e.drivers.profile import EMAIL, LAST_NAME, NICKNAME, PHONE, answer, register
from tests.e2e.drivers.swiss_club import GROUP, registered
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import RunningBot


def stored_phone(db_path: Path, telegram_id: int) -> str | None:
    with contextlib.closing(sqlite3.connect(db_path)) as conn:
        row = conn.execute("SELECT phone FROM players WHERE telegram_id = ?", (telegram_id,))
        phone: str | None = row.fetchone()[0]
        return phone


async def test_profile_phone_only_from_the_users_own_contact(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    kim = emu.add_user(41, "Kim", language_code="en", phone=PHONE)
    await register(kim, share_phone=False)
    await kim.send(None, "/profile")
    profile = await kim.wait_message(contains="Profile")
    await kim.press(profile, "✏️ Edit")
    choice = await kim.wait_message(contains="What to change?")
    await kim.press(choice, "Phone")
    await kim.wait_message(contains="Share my phone")
    assert kim.keyboard() == [["📱 Share my phone"], ["Skip"]]

    await answer(kim, "+999999999999999", "only through the")
    assert stored_phone(bot.db_path, kim.id) is None
    await kim.share_contact("+79990001122", own=False)  # somebody else's card
    await kim.wait_message(contains="not your contact")
    assert stored_phone(bot.db_path, kim.id) is None

    await kim.press_keyboard("📱 Share my phone")
    await kim.wait_message(contains="Saved: Phone")
    assert stored_phone(bot.db_path, kim.id) == PHONE


async def test_nickname_with_a_right_to_left_override_is_refused(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    eve = emu.add_user(42, "Eve", language_code="en")
    await eve.start("register")
    await eve.wait_message(contains="Your last name?")
    for text, expect in [
        ("Adams", "first name"),
        ("Eve\u200b", "invisible characters"),
        ("Eve", "patronymic"),
        ("-", "e-mail"),
        ("eve@club.org", "city"),
        ("Tver", "Nickname"),
        ("Eve\u202eyaw", "invisible characters"),  # shows as «Eve» + «way» reversed
        ("\u2066Eve\u2069", "invisible characters"),
        ("Eve 👩‍💻", "Phone"),
    ]:
        await answer(eve, text, expect)


def side_files(path: Path) -> list[Path]:
    return [path.with_name(path.name + side) for side in ("-wal", "-shm")]


def private(path: Path) -> bool:
    return stat.S_IMODE(path.stat().st_mode) & 0o077 == 0


async def test_database_files_are_private(tmp_path: Path) -> None:
    fresh = tmp_path / "data" / "club.db"
    db = await open_database(fresh)
    try:
        async with db.transaction() as tx:
            await tx.execute("INSERT INTO chats (id, kind, created_at) VALUES (1, 'private', 'x')")
        files = [fresh, *side_files(fresh)]
        assert all(f.exists() for f in files)
        assert {f.name: oct(stat.S_IMODE(f.stat().st_mode)) for f in files} == {
            f.name: "0o600" for f in files
        }
        assert stat.S_IMODE(fresh.parent.stat().st_mode) == 0o700
    finally:
        await db.close()

    # A database an older version left readable by everyone is made private at the start.
    old = tmp_path / "old.db"
    sqlite3.connect(old).close()
    old.chmod(0o644)
    db = await open_database(old)
    try:
        assert private(old) and all(private(f) for f in side_files(old) if f.exists())
    finally:
        await db.close()


async def test_running_bot_database_is_private(emu: BotApiEmulator, bot: RunningBot) -> None:
    kim = emu.add_user(43, "Kim", language_code="en")
    await kim.start()
    await kim.wait_message()
    files = [bot.db_path, *side_files(bot.db_path)]
    assert all(f.exists() and private(f) for f in files), [
        (f.name, oct(f.stat().st_mode)) for f in files if f.exists()
    ]


def traces(db_path: Path, secrets: list[str]) -> dict[str, list[str]]:
    """Which of ``secrets`` are anywhere in the bytes of the database's files."""
    found: dict[str, list[str]] = {}
    for file in [db_path, *side_files(db_path)]:
        if not file.exists():
            continue
        data = file.read_bytes()
        hits = [s for s in secrets if s.encode() in data or s.encode("utf-16-le") in data]
        if hits:
            found[file.name] = hits
    return found


async def test_delete_my_data_leaves_no_trace_in_the_files(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    kim = emu.add_user(44, "Kim", language_code="en", username="kim_private_77", phone=PHONE)
    await register(kim, share_phone=True)
    # he changed his e-mail once: the old one must go too
    await kim.send(None, "/profile")
    profile = await kim.wait_message(contains="Profile")
    await kim.press(profile, "✏️ Edit")
    await kim.press(await kim.wait_message(contains="What to change?"), "E-mail")
    await answer(kim, "old-" + EMAIL, "Saved")
    await kim.send(None, "/profile")
    await kim.press(await kim.wait_message(contains="Profile"), "✏️ Edit")
    await kim.press(await kim.wait_message(contains="What to change?"), "E-mail")
    await answer(kim, EMAIL, "Saved")
    secrets = [EMAIL, "old-" + EMAIL, PHONE, LAST_NAME, NICKNAME, "kim_private_77"]
    assert traces(bot.db_path, secrets)  # the test finds them while they are there

    await kim.send(None, "/profile")
    profile = await kim.wait_message(contains="Profile")
    await kim.press(profile, "🗑 Delete my data")
    await kim.press(await kim.wait_message(contains="Delete your personal data?"), "Yes, delete")
    await kim.wait_message(contains="Personal data deleted")
    await emu.idle()

    with contextlib.closing(sqlite3.connect(bot.db_path)) as conn:
        assert conn.execute("SELECT count(*) FROM tg_users WHERE id = ?", (kim.id,)).fetchone()
        assert conn.execute("SELECT * FROM tg_users WHERE id = ?", (kim.id,)).fetchall() == []
    assert traces(bot.db_path, secrets) == {}
    # and the bot goes on writing as before (a cursor left open would break the next commit)
    await answer(kim, "/profile", "not registered")
    await answer(kim, "/register", "Your last name?")


async def test_export_goes_only_to_the_tournament_chat_or_a_private_chat(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = await registered(emu, players=4)
    other = -100777
    emu.add_group(other, "Elsewhere", members=[], admins=[club.org])
    await club.org.send(other, "/export 1")
    # The one check of rights against the tournament's own group (``Roles.refusal``) refuses
    # it before the export's own rule would.
    refusal = await emu.wait_bot_message(other, contains="проходит в другой группе")
    assert "или в личном чате с ботом" in refusal.plain
    await emu.idle()
    assert not [m for m in emu.bot_messages(other) if "CSV" in m.plain or "club_id" in m.plain]

    await club.org.send(None, "/export 1")
    await emu.wait_bot_message(club.org.id, contains="итоги и результаты (CSV)")
    await club.org.send(GROUP, "/export")
    await emu.wait_bot_message(GROUP, contains="итоги и результаты (CSV)")
