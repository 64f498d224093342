"""How many messages the group gets per King of the Hill game and per Swiss round, with two
players who never opened the bot's private chat (issue 22, items 15–18): a private notice
that cannot be delivered mentions its player in the public message about the same thing
instead of becoming a second group message. The numbers are printed (``-s``) and bounded.
"""

from __future__ import annotations

import re

from tests.e2e.drivers import koth_club
from tests.e2e.drivers.swiss_club import GROUP, Club
from tests.e2e.drivers.texts import fixed, round_title
from tests.e2e.emulator import BotApiEmulator, SimMessage, SimUser
from tests.e2e.harness import RunningBot

PAIR = re.compile(r"Партия (\d+): (\S+)(?: 👑)? — (\S+?)\.")


def sent_in_group(emu: BotApiEmulator, chat: int) -> list[SimMessage]:
    """The bot's messages in the group, deleted ones too (each cost a send)."""
    return emu.bot_messages(chat, include_deleted=True)


def wasted_edits(emu: BotApiEmulator) -> list[str]:
    """Edits Telegram refused: ones that change nothing («message is not modified») and ones of
    a message gone (a floating board posted again and its old copy deleted)."""
    methods = ("editMessageText", "editMessageReplyMarkup")
    return [
        str(r.description)
        for method in methods
        for r in emu.requests_for(method)
        if r.status != 200
    ]


async def confirm(emu: BotApiEmulator, user: SimUser, chat: int, silent: bool) -> None:
    """``user`` confirms the result waiting for him: privately, or, never having opened the
    bot, in the group where its request mentions him."""

    def request() -> SimMessage | None:
        where = chat if silent else user.id
        for message in reversed(emu.bot_messages(where)):
            asks = fixed("results.confirm_request", -1) in message.plain
            mine = not silent or user.first_name in message.plain
            if asks and mine and message.button_labels:
                return message
        return None

    asked = await emu.wait_for(request)
    answer = await (await user.press(asked, "Подтверждаю")).answer()
    assert answer.text and "Результат принят" in answer.text, answer.text


async def test_king_of_the_hill_group_messages_per_game(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    group = koth_club.GROUP
    org = emu.add_user(999, "Olga", username="olga")
    names = ["Ann", "Bob", "Cid", "Dan", "Eve"]
    people = {n: emu.add_user(11 + i, n, username=n.lower()) for i, n in enumerate(names)}
    silent = {"Dan", "Eve"}  # never opened the bot's private chat
    emu.add_group(group, "Club", members=list(people.values()), admins=[org])
    for name in ("Olga", *names):
        user = org if name == "Olga" else people[name]
        if name not in silent:
            await user.start()
            await user.wait_message()
    await koth_club.create(emu, org)
    for n, rating in zip(names, (1100, 980, 900, 850, 740), strict=True):
        if n in silent:
            hello = await people[n].send(group, "привет")
            await org.send(group, f"/add {rating}", reply_to=hello)
        else:
            await org.send(group, f"/add @{n.lower()} {rating}")
        await emu.wait_bot_message(group, contains=fixed("koth.added"))
    for club_id in range(1, 6):
        await koth_club.say(emu, org, f"/norms {club_id} 4", fixed("koth.norms_title"))
    await koth_club.say(emu, org, "/draw 1 2 3 4 5", fixed("koth.drawn"))
    await koth_club.say(emu, org, "/begin", f"{fixed('koth.begun')} 4 ч")
    await emu.idle()

    per_game = []
    for game in range(1, 7):
        before = len(sent_in_group(emu, group))
        pair = await emu.wait_bot_message(group, contains=f"{fixed('koth.pair')} {game}:", since=0)
        found = PAIR.search(pair.plain)
        assert found is not None, pair.plain
        a, b = found.group(2), found.group(3)
        # the one who opened the bot reports (a silent one presses the group's buttons); the
        # King and the challenger win by turns, so that nobody makes his norm early
        reporter, confirmer = (b, a) if a in silent and b not in silent else (a, b)
        winner = a if game % 2 else b
        label = "Моя победа" if reporter == winner else "Моё поражение"
        assert "Отправлено" in await koth_club.press(people[reporter], pair, label)
        await confirm(emu, people[confirmer], group, confirmer in silent)
        await emu.wait_bot_message(group, contains=f"{fixed('koth.pair')} {game + 1}:", since=0)
        await emu.idle()
        per_game.append(len(sent_in_group(emu, group)) - before)
    wasted = wasted_edits(emu)
    print(f"\nKing of the Hill: group messages per game {per_game}, wasted edits {wasted}")  # noqa: T201
    # nobody's private notice became a second group message beside the public one
    for message in sent_in_group(emu, group):
        assert fixed("koth.you_play") not in message.plain, message.plain
    assert max(per_game) <= 3, per_game
    assert wasted == []  # no edit that changes nothing, none of a replaced board (item 18)


async def test_swiss_group_messages_per_round(emu: BotApiEmulator, bot: RunningBot) -> None:
    club = Club(emu, players=6, silent=("Eve", "Fay"))
    created = await club.create(rounds="3", top="Без ТОПа")
    for user in club.users.values():
        await (await user.press(created, "✋ Участвую")).answer()
    await emu.idle()
    per_round = []
    for number in (1, 2):
        before = len(sent_in_group(emu, GROUP))
        await club.org.send(GROUP, "/begin" if number == 1 else "/next_round")
        await club.play(number, round_title(number, 3))
        await emu.idle()
        per_round.append(len(sent_in_group(emu, GROUP)) - before)
    wasted = wasted_edits(emu)
    print(f"\nSwiss: group messages per round {per_round}, wasted edits {wasted}")  # noqa: T201
    # each round: the board and «all results in», and for each silent player his table with
    # its buttons, and the confirmation only he can give; nothing told apart beside them
    assert max(per_round) <= 2 + 2 * 2, per_round
    for message in sent_in_group(emu, GROUP):
        if message.plain.startswith(("Eve\n", "Fay\n")):
            body = message.plain.split("\n", 1)[1]
            table = body.startswith(fixed("swiss.pairing_head"))
            asked = fixed("results.confirm_request", -1) in body
            settled = body.startswith("✅ стол")  # a table's copy, settled
            registration = body.startswith(fixed("swiss.complete_registration"))
            assert table or asked or settled or registration, message.plain
    assert wasted == []
