"""Adding a silent player to a King of the Hill under privacy mode (the README's advice: the
bot is no administrator and sees only commands), as a club meets it (issue 22, items 1–3)."""

from __future__ import annotations

import json
import sqlite3

from tests.e2e.drivers.texts import fixed
from tests.e2e.emulator import BotApiEmulator, SimMessage, SimUser
from tests.e2e.harness import RunningBot

GROUP = -100779


async def said(emu: BotApiEmulator, user: SimUser, text: str, expect: str) -> str:
    return (await answer(emu, user, text, expect)).plain


async def answer(emu: BotApiEmulator, user: SimUser, text: str, expect: str) -> SimMessage:
    mark = emu.mark()
    await user.send(GROUP, text)
    return await emu.wait_bot_message(GROUP, contains=expect, since=mark)


async def create(emu: BotApiEmulator, org: SimUser) -> None:
    choice = await answer(emu, org, "/new", fixed("tournament.choose_kind"))
    await org.press(choice, "Царь горы")
    await emu.wait_bot_message(GROUP, contains=fixed("koth.ask_name"))
    await said(emu, org, "Пятничный", fixed("koth.ask_fee"))
    await said(emu, org, "3000", fixed("koth.ask_table"))
    await said(emu, org, "Стол 1", fixed("koth.registration_open", -1))


async def test_a_silent_player_added_by_a_reply_is_named_as_his_message_shows_him(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    org = emu.add_user(999, "Olga", username="olga")
    vova = emu.add_user(2003, "Вова", username="vova")
    gena = emu.add_user(2004, "Гена", "Петров", username="gena")  # never wrote to the bot
    emu.add_group(GROUP, "Club", members=[vova, gena], admins=[org])
    for user in (org, vova):
        await user.start()
        await user.wait_message()
    await create(emu, org)
    emu.privacy_mode = True  # from here on the bot sees commands only

    hello = await gena.send(GROUP, "привет")  # not delivered to the bot
    await emu.idle()
    unknown = await said(emu, org, "/add @gena 1000", fixed("koth.add_unknown"))
    # The advice leads with what works under privacy mode, not «write in the group».
    assert "ответьте /add на любое его сообщение" in unknown.lower()
    assert "/start" in unknown and "напишет что-нибудь в группе" not in unknown
    mark = emu.mark()
    await org.send(GROUP, "/add 1000", reply_to=hello)
    added = await emu.wait_bot_message(GROUP, contains=fixed("koth.added"), since=mark)
    assert added.plain == "Добавлено в турнир: Петров Гена (клубный номер 1)."
    queue = await said(emu, org, "/queue", "Пятничный")
    assert "Петров Гена" in queue and "2004" not in queue


async def test_a_late_tap_on_a_rating_request_is_not_logged(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    """The rating was set by /add meanwhile: the request becomes one line without buttons, a
    tap from a client still showing them is answered «already set», and the journal records
    only what happened."""
    org = emu.add_user(999, "Olga", username="olga")
    ann = emu.add_user(11, "Ann", username="ann")
    emu.add_group(GROUP, "Club", members=[ann], admins=[org])
    await org.start()
    await org.wait_message()
    await ann.start("register")  # the wizard in private, optional answers skipped
    for reply in ("Иванова", "Анна", "-", "ann@club.org", "Тверь", "-", "-"):
        await ann.wait_message()
        await ann.send(None, reply)
    await ann.wait_message(contains=fixed("register.done", 1))
    await create(emu, org)
    await ann.send(GROUP, "/join")
    request = await emu.wait_bot_message(GROUP, contains=fixed("koth.rating_wanted", 1))
    stale = str(request.find_button("1000")["callback_data"])
    await said(emu, org, "/add @ann 900", fixed("koth.added"))
    # /add settled the request: one line, no buttons (issue 22, item 15)
    await emu.wait_for(lambda: not request.button_labels)
    assert request.plain == "✅ Иванова Анна: стартовый рейтинг 900, в турнире."
    answer = await (await org.press_data(request, stale))  # a client still showing them
    assert answer.text == "Рейтинг уже назначен: Иванова Анна."
    with sqlite3.connect(bot.db_path) as conn:
        rows = conn.execute(
            "SELECT details_json FROM audit_log WHERE action = 'koth_add' ORDER BY id"
        ).fetchall()
    assert [json.loads(details)["rating"] for (details,) in rows] == ["900"]
