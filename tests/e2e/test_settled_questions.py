"""Buttons that stop meaning anything become one line saying how the question was settled, as a
settled game does (issue 22, item 15): «Какой турнир?» once chosen, a King of the Hill rating
request once the rating is set, both copies of a late-entry request once one is used (the group
learns the answer), and the registration's «✋ Участвую» once the tournament is over."""

from __future__ import annotations

from bot.kinds import KINDS
from tests.e2e.drivers import koth_club
from tests.e2e.drivers.registration import register
from tests.e2e.drivers.swiss_club import GROUP, Club, registered
from tests.e2e.drivers.texts import fixed, round_title, ru
from tests.e2e.emulator import BotApiEmulator, SimMessage
from tests.e2e.harness import RunningBot

CUP = "Кубок <b>клуба</b>"


async def settled_to(emu: BotApiEmulator, message: SimMessage, line: str) -> None:
    """``message`` becomes ``line`` with no buttons left."""
    current = emu.chat(message.chat_id).messages[message.message_id]
    await emu.wait_for(lambda: current.plain == line and not current.button_labels)


async def test_king_of_the_hill_questions_settle_into_one_line(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    org, (ann, *_rest) = await koth_club.setup_club(emu)
    choice = await koth_club.say(emu, org, "/new", fixed("tournament.choose_kind"))
    assert choice.button_labels == [ru(kind.title) for kind in KINDS]  # one a kind
    await org.press(choice, "Царь горы")
    kind = ru("tournament.kind_chosen", kind=ru("tournament.kind_koth"))
    await settled_to(emu, choice, kind)
    assert kind == "Новый турнир: 👑 Царь горы (бильярд)"
    await emu.wait_bot_message(koth_club.GROUP, contains=fixed("koth.ask_name"))
    await koth_club.say(emu, org, "Пятничный", fixed("koth.ask_fee"))
    await koth_club.say(emu, org, "2000", fixed("numbers.fee"))
    await koth_club.say(emu, org, "3000", fixed("koth.ask_table"))
    registration = await koth_club.say(emu, org, "Стол 1", fixed("koth.registration_open", -1))
    assert registration.button_labels == ["✋ Участвую"]

    # a registered member without a billiards rating: the request is settled by the button
    zed = emu.add_user(20, "Zed", username="zed")
    emu.add_member(koth_club.GROUP, zed)
    await register(zed, "Зуев", "Захар")
    await koth_club.press(zed, registration, "Участвую")
    request = await emu.wait_bot_message(koth_club.GROUP, contains=fixed("koth.rating_wanted", 1))
    assert await koth_club.press(org, request, "900") == "Рейтинг 900 назначен."
    await settled_to(emu, request, "✅ Зуев Захар: стартовый рейтинг 900, в турнире.")

    # Ann, registered, asks too; the organiser types /add with another value: settled as well
    await register(ann, "Иванова", "Анна")
    await koth_club.press(ann, registration, "Участвую")
    second = await emu.wait_bot_message(
        koth_club.GROUP, contains=fixed("koth.rating_wanted", 1), predicate=koth_club.has_buttons
    )
    await koth_club.say(emu, org, "/add @ann 1150", fixed("koth.added"))
    await settled_to(emu, second, "✅ Иванова Анна: стартовый рейтинг 1150, в турнире.")

    # cancelled: the registration's button is gone, one line says why
    ask = await koth_club.say(emu, org, "/cancel", ru("koth.cancel_ask", name="Пятничный"))
    await koth_club.press(org, ask, "Да, отменить турнир")
    await settled_to(emu, registration, ru("tournament.registration_cancelled", name="Пятничный"))
    assert "Зуев Захар" not in registration.plain


async def test_swiss_questions_and_a_late_entry_settle_and_the_group_learns_the_answer(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = await registered(emu, players=4, rounds="3")
    created = await emu.wait_bot_message(GROUP, contains=fixed("swiss.created", -1), since=0)
    # «Какой турнир?» was answered in place: one line, no buttons, then the wizard in the same
    # message (item 16), which became the registration message
    kind = "Новый турнир: 🃏 Берсерк: швейцарка + ТОП"
    shown = [e.text for e in emu.chat(GROUP).events if e.message is created]
    assert shown[0].startswith(fixed("tournament.choose_kind")) and shown[1] == kind
    assert not [m for m in emu.bot_messages(GROUP) if fixed("tournament.choose_kind") in m.plain]
    await club.org.send(GROUP, "/begin")
    await club.play(1, round_title(1, 3))

    # Kai asks in the running tournament; the organiser accepts in the group's copy: his
    # private copy and the group's become the line that says it, no button left anywhere
    kai = emu.add_user(16, "Kai", username="kai")
    emu.add_member(GROUP, kai)
    await kai.start()
    await kai.wait_message()
    await (await kai.press(created, "✋ Участвую")).answer()
    in_group = await emu.wait_bot_message(GROUP, contains=fixed("swiss.entry_request"))
    private = await club.org.wait_message(contains=fixed("swiss.entry_request"))
    accepted = await (await club.org.press(in_group, "✅ Принять")).answer()
    line = ru("swiss.join_late", name="Kai")
    assert accepted.text == line
    await settled_to(emu, in_group, line)
    await settled_to(emu, private, line)
    await kai.wait_message(contains=fixed("swiss.entry_accepted"))

    # Lee asks; declined in the private copy: the group's copy says so too
    lee = emu.add_user(17, "Lee", username="lee")
    emu.add_member(GROUP, lee)
    await lee.start("t-1")
    await lee.wait_message(contains=fixed("swiss.entry_requested"))
    group_copy = await emu.wait_bot_message(GROUP, contains="Lee")
    request = await club.org.wait_message(contains="Lee")
    await (await club.org.press(request, "❌ Отклонить")).answer()
    declined = ru("swiss.entry_declined_note", name="Lee")
    await settled_to(emu, request, declined)
    await settled_to(emu, group_copy, declined)

    # finished: the registration message's «✋ Участвую» is gone
    assert created.button_labels == ["✋ Участвую"]
    await club.org.send(GROUP, "/finish")
    ask = await emu.wait_bot_message(GROUP, contains=fixed("swiss.confirm_finish"))
    await (await club.org.press(ask, "🏁 Да, завершить")).answer()
    await emu.wait_bot_message(GROUP, contains=fixed("swiss.finished_early", 1))
    await settled_to(emu, created, ru("tournament.registration_finished", name=CUP))


async def test_the_swiss_wizard_is_one_message_showing_the_answers_so_far(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    """Creating a Swiss posted 13 messages into the group, each question left behind without
    its answer (issue 22, item 16): now the kind's question is the wizard, edited in place."""
    club = Club(emu, players=2)
    created = await club.create(rounds="3", top="Без ТОПа")
    # the wizard (the registration message now) and the name's question (a reply is typed)
    assert [m.plain for m in emu.bot_messages(GROUP)][1] == ru("swiss.wiz_name")
    assert len(emu.bot_messages(GROUP)) == 2
    shown = [e.text for e in emu.chat(GROUP).events if e.message is created]
    head = "Новый турнир: 🃏 Берсерк: швейцарка + ТОП\nНазвание: Кубок <b>клуба</b>\n"
    assert shown[2] == head + "\nФормат?"
    assert shown[3].startswith(head + "Формат: Констрактед") and shown[3].endswith(
        ru("swiss.wiz_sub")
    )
    last = next(text for text in shown if text.endswith(ru("swiss.wiz_kind")))
    answers = last.removeprefix(head).split("\n\n")[0].splitlines()
    assert [line.split(": ")[0] for line in answers] == [
        "Формат",
        "Подформат",
        "Уровень строгости",
        "Туров швейцарки",
        "ТОП",
        "Время тура, минут",
        "Дополнительные показатели",
        "Игра",
        "Базовый K",
    ]
    assert "ТОП: Без ТОПа" in answers and "Туров швейцарки: 3" in answers
    assert created.plain.startswith(fixed("swiss.created")) and created.button_labels == [
        "✋ Участвую"
    ]
