"""Players who never opened the bot's private chat are mentioned in the public message about
what concerns them, not sent a second group message beside it (issue 22, item 17): a King of
the Hill game's call, the start's order and the final rating lines; a judge's /result in the
group; a Swiss result they reported, once confirmed."""

from __future__ import annotations

from tests.e2e.drivers import koth_club
from tests.e2e.drivers.swiss_club import GROUP, Club
from tests.e2e.drivers.texts import fixed, round_title, ru
from tests.e2e.emulator import BotApiEmulator, SimMessage, SimUser
from tests.e2e.harness import RunningBot


def mentions(message: SimMessage, user: SimUser) -> bool:
    return f"tg://user?id={user.id}" in (message.raw_text or "")


def in_group(emu: BotApiEmulator, chat: int, text: str) -> list[SimMessage]:
    return [m for m in emu.bot_messages(chat, include_deleted=True) if text in m.plain]


async def test_king_of_the_hill_mentions_the_silent_in_its_public_messages(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    group = koth_club.GROUP
    org = emu.add_user(999, "Olga", username="olga")
    ann = emu.add_user(11, "Ann", username="ann")
    bob = emu.add_user(12, "Bob", username="bob")
    cid = emu.add_user(13, "Cid", username="cid")
    dan = emu.add_user(14, "Dan", username="dan")  # never opened the bot
    emu.add_group(group, "Club", members=[ann, bob, cid, dan], admins=[org])
    for user in (org, ann, bob, cid):
        await user.start()
        await user.wait_message()
    await koth_club.create(emu, org)
    await koth_club.say(emu, org, "/add @ann 1000", fixed("koth.added"))
    await koth_club.say(emu, org, "/add @bob 950", fixed("koth.added"))
    hello = await dan.send(group, "привет")
    await org.send(group, "/add 900", reply_to=hello)
    await emu.wait_bot_message(group, contains=fixed("koth.added"))
    await koth_club.say(emu, org, "/add @cid 850", fixed("koth.added"))
    await koth_club.say(emu, org, "/draw 1 2 3 4", fixed("koth.drawn"))
    begun = await koth_club.say(emu, org, "/begin", fixed("koth.begun"))
    assert mentions(begun, dan) and not mentions(begun, ann)
    # game 1, Ann — Bob: Dan, next at the table, is told in its call
    pair = await emu.wait_bot_message(group, contains=f"{fixed('koth.pair')} 1:", since=0)
    assert mentions(pair, dan) and not mentions(pair, ann) and not mentions(pair, bob)
    assert pair.plain.splitlines()[-1] == ru("koth.next_is", name="Dan", n=1)
    # Ann hears it privately, in order (item 18): her norm, then her game
    norm = await ann.wait_message(contains=fixed("koth.your_norm"))
    game = await ann.wait_message(contains=f"{fixed('koth.you_play')} 1")
    assert norm.message_id < game.message_id
    await koth_club.win(emu, 1, ann, bob, since=0)
    # game 2, Ann — Dan: Dan named in the call, Ann told privately
    second = await emu.wait_bot_message(group, contains=f"{fixed('koth.pair')} 2:", since=0)
    assert mentions(second, dan) and not mentions(second, ann)
    await ann.wait_message(contains=f"{fixed('koth.you_play')} 2")
    await emu.idle()
    for private in ("koth.you_play", "koth.your_norm", "koth.you_are_next"):
        assert in_group(emu, group, fixed(private)) == [], private


async def test_a_judges_result_in_the_group_mentions_the_silent_player_instead_of_telling_him_apart(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = Club(emu, players=4, silent=("Dan",))
    await club.register_all(await club.create(rounds="3", top="Без ТОПа"))
    await club.org.send(GROUP, "/begin")
    board = await emu.wait_for(lambda: club.board(round_title(1, 3)))
    table, a, b, _ = next(row for row in club.tables(board) if "Dan" in (row[1], row[2]))
    other = b if a == "Dan" else a
    await emu.idle()
    await club.org.send(GROUP, f"/result {table} a")
    answer = await emu.wait_bot_message(GROUP, contains=fixed("swiss.result_recorded"))
    assert answer.plain.startswith("Dan\n⚖️ Результат внесён")
    assert mentions(answer, club.users["Dan"]) and not mentions(answer, club.users[other])
    told = await club.users[other].wait_message(contains=fixed("swiss.result_told", 1))
    assert told.plain == (
        f"⚖️ Результат вашей партии (стол {table}, тур 1) внесён судьёй: "
        f"{a} — победа, {b} — поражение."
    )
    await emu.idle()
    assert in_group(emu, GROUP, fixed("swiss.result_told", 1)) == []


async def test_a_silent_reporters_confirmed_result_is_its_settled_line_only(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = Club(emu, players=4, silent=("Ann",))
    await club.register_all(await club.create(rounds="3", top="Без ТОПа"))
    await club.org.send(GROUP, "/begin")
    board = await emu.wait_for(lambda: club.board(round_title(1, 3)))
    table, a, b, _ = next(row for row in club.tables(board) if "Ann" in (row[1], row[2]))
    await club.report(1, table, "Ann", "Моя победа")  # by her copy in the group
    assert await club.confirm(1, table, b if a == "Ann" else a, "✅ Подтверждаю") == (
        ru("results.final")
    )
    # her copy of the pairing is the result's line now: that says it, nothing more does
    settled = f"✅ стол {table}, тур 1: Ann — победа"
    await emu.wait_for(lambda: in_group(emu, GROUP, settled))
    await emu.idle()
    assert in_group(emu, GROUP, fixed("swiss.told_confirmed")) == []
