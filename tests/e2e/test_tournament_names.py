"""A tournament's name and the players' names as a club reads them (issue 22, item 19): a name
with quotes and a dash of its own («Кубок «Грифона» — весна») stands in «…» in every Russian
sentence and in “…” in English ones, and a player is addressed as people say his name, the
given name first («Alice Smith, you are in.»), while boards and notices name him as the club's
lists do (the surname first)."""

from __future__ import annotations

from tests.e2e.drivers.swiss_club import GROUP, Club
from tests.e2e.drivers.texts import fixed, ru
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import RunningBot

NAME = "Кубок «Грифона» — весна"


async def test_a_name_with_a_dash_never_breaks_a_sentence_and_people_are_addressed_by_name(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = Club(emu, players=3)
    alice = emu.add_user(41, "Alice", "Smith", username="alice", language_code="en")
    dave = emu.add_user(42, "Dave", "Brown", username="dave", language_code="en")
    vova = emu.add_user(43, "Владимир", "Петров", username="vova")
    for user in (alice, dave, vova):
        emu.add_member(GROUP, user)
        club.users[user.first_name] = user
    created = await club.create(rounds="3", top="Без ТОПа", name=NAME)

    # Joining: each addressed as people say his name, in his own language.
    answers = {}
    for name, user in club.users.items():
        answers[name] = (await (await user.press(created, "✋ Участвую")).answer()).text
    assert answers["Alice"] == "Alice Smith, you are in."
    assert answers["Dave"] == "Dave Brown, you are in."
    assert answers["Владимир"] == "Владимир Петров, вы в турнире."
    assert answers["Ann"] == ru("swiss.join_joined", name="Ann")

    await club.org.send(GROUP, "/begin")
    await emu.wait_bot_message(GROUP, contains=fixed("swiss.board_title", 1))

    # A late entrant's request: the name in «…», the sentence whole.
    gus = emu.add_user(44, "Gus", username="gus")
    emu.add_member(GROUP, gus)
    await gus.start()
    await gus.wait_message()
    await (await gus.press(created, "✋ Участвую")).answer()
    request = await emu.wait_bot_message(GROUP, contains=fixed("swiss.entry_request"))
    assert request.plain == ru("swiss.entry_request", tournament=NAME, name="Gus")
    assert f"в идущем турнире «{NAME}»: Gus." in request.plain

    # Dave drops himself: addressed by his name; the organiser told with the name in «…».
    await dave.send(GROUP, "/drop")
    dropped = await emu.wait_bot_message(GROUP, contains="Dave Brown, ")
    assert dropped.plain.startswith(f"Dave Brown, you dropped from “{NAME}”: your results stay")
    staff = ru("swiss.staff_drop_self", tournament=NAME, round=1, name="Brown Dave")
    told = await club.org.wait_message(contains=staff)
    assert told.plain.startswith(f"🚪 «{NAME}», тур 1: ")

    # The end: «🏁 Турнир «…» завершён», and Alice told in English, the name in “…”.
    await club.org.send(GROUP, "/finish")
    ask = await emu.wait_bot_message(GROUP, contains=fixed("swiss.confirm_finish"))
    assert f"Завершить турнир «{NAME}» досрочно?" in ask.plain
    await (await club.org.press(ask, ru("swiss.btn_finish_yes"))).answer()
    end = await emu.wait_bot_message(GROUP, contains=fixed("swiss.finished_early", 1))
    assert end.plain.startswith(f"🏁 Турнир «{NAME}» завершён досрочно организатором")
    private = await alice.wait_message(contains=" is over. ")
    assert private.plain.startswith(f"“{NAME}” is over. Your Berserk rating changed by ")
    assert "«" not in private.plain.replace(NAME, "")
