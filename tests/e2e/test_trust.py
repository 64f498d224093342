"""Trust between groups (issue 29): what the admin of another group — not the club's, with no
tournament of the club in it — can do to the club's card list, banned lists, players and
ratings: nothing."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from decimal import Decimal
from pathlib import Path

import pytest

from bot.formats import Rating
from tests.clock import ManualClock
from tests.e2e.drivers.swiss_club import GROUP, Club
from tests.e2e.drivers.texts import fixed, round_title, ru
from tests.e2e.emulator import BotApiEmulator, SimUser
from tests.e2e.harness import RunningBot

OTHER = -100999
CSV = "name;set\nФальшивка;Сет\nПодделка;Сет\n"


@pytest.fixture
async def closed(
    emu: BotApiEmulator, clock: ManualClock, tmp_path: Path
) -> AsyncIterator[RunningBot]:
    """A club that shares none of its penalties with other groups' judges."""
    running = RunningBot(
        emu, tmp_path / "club.db", clock, organizer_ids="999", penalties_to_other_groups=False
    )
    await running.start()
    yield running
    await running.stop()


def count(bot: RunningBot, sql: str) -> int:
    with sqlite3.connect(bot.db_path) as conn:
        (found,) = conn.execute(sql).fetchone()
    return int(found)


async def outsider(emu: BotApiEmulator) -> SimUser:
    """Mallory, the admin of her own group (the bot is in it too)."""
    mallory = emu.add_user(777, "Mallory", username="mallory")
    emu.add_group(OTHER, "Mallory's", members=[], admins=[mallory])
    await mallory.start()
    await mallory.wait_message()
    return mallory


async def her_tournament(emu: BotApiEmulator, mallory: SimUser) -> None:
    """Mallory's own Swiss tournament, in her own group (the club's second: id 2)."""
    await mallory.send(OTHER, "/new")
    kinds = await emu.wait_bot_message(OTHER, contains=fixed("tournament.choose_kind"))
    await (await mallory.press(kinds, "🃏 Берсерк: швейцарка + ТОП")).answer()
    await emu.wait_bot_message(OTHER, contains=fixed("swiss.wiz_name"))
    await mallory.send(OTHER, "Чужой кубок")
    for question, label in [
        ("swiss.wiz_fmt", "Констрактед"),
        ("swiss.wiz_sub", "Классика"),
        ("swiss.wiz_strict", "Любительский (без дэк-листов)"),
        ("swiss.wiz_rounds", "3"),
        ("swiss.wiz_top", "Без ТОПа"),
        ("swiss.wiz_time", "50"),
        ("swiss.wiz_tb", "Бухгольц, усечённый Бухгольц, победы, личная встреча"),
        ("swiss.wiz_game", "Классический Берсерк"),
        ("swiss.wiz_k", "Обычный (16)"),
        ("swiss.wiz_kind", "Открытый: играет любой"),
    ]:
        asked = await emu.wait_bot_message(OTHER, contains=fixed(question))
        await (await mallory.press(asked, label)).answer()
    await emu.wait_bot_message(OTHER, contains=fixed("swiss.created", -1))


async def test_another_groups_admin_cannot_change_the_clubs_card_lists(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = Club(emu, players=2)
    await club.register_all(await club.create(rounds="3", top="Без ТОПа"))
    mallory = await outsider(emu)
    for chat in (OTHER, mallory.id):  # in her group, and privately
        await mallory.send(chat, "/cards\n" + CSV)
        await emu.wait_bot_message(chat, contains=fixed("decks.club_only"))
        await mallory.send(chat, "/banned classic add Запретный свиток")
        await emu.wait_bot_message(chat, contains=fixed("decks.club_only"))
    assert count(bot, "SELECT count(*) FROM card_list") == 0
    assert count(bot, "SELECT count(*) FROM banned_cards") == 0
    # The club's own organiser, in the club's group: changed.
    await club.org.send(GROUP, "/cards\n" + CSV)
    await emu.wait_bot_message(GROUP, contains=fixed("decks.cards_loaded"))
    assert count(bot, "SELECT count(*) FROM card_list") == 2


async def test_a_junk_deck_file_gets_one_answer(emu: BotApiEmulator, bot: RunningBot) -> None:
    """400 junk lines: the first errors and how many more, in one message (it was 31)."""
    club = Club(emu, players=2)
    await club.register_all(await club.create(rounds="3", top="Без ТОПа"))
    ann = club.users["Ann"]
    junk = "\n".join(f"{n} Несуществующая карта номер {n} \u202e" for n in range(400))
    before = len(emu.bot_messages(ann.id))
    await ann.send_document(None, "deck.txt", junk.encode(), caption="/deck")
    answer = await emu.wait_bot_message(ann.id, contains=fixed("decks.more_errors"))
    await emu.idle(quiet=0.3)
    assert len(emu.bot_messages(ann.id)) == before + 1
    assert len(answer.plain) < 4096 and "\u202e" not in answer.plain


async def test_another_groups_admin_enters_a_club_player_only_if_he_says_yes(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = Club(emu, players=2)
    await club.register_all(await club.create(rounds="3", top="Без ТОПа"))
    mallory = await outsider(emu)
    ann = club.users["Ann"]
    await her_tournament(emu, mallory)
    ann_id = count(bot, f"SELECT id FROM players WHERE telegram_id = {ann.id}")
    await mallory.send(OTHER, f"/add {ann_id}")
    await emu.wait_bot_message(OTHER, contains=fixed("swiss.join_asked", -1))
    mine = "SELECT count(*) FROM participants WHERE tournament_id = 2"
    assert count(bot, mine) == 0  # not in: she was asked
    asking = await ann.wait_message(contains=fixed("swiss.consent_ask"))
    assert "Чужой кубок" in asking.plain and "Mallory's" in asking.plain
    answer = await (await ann.press(asking, "✋ Участвую")).answer()
    assert answer.text is not None and "вы в турнире" in answer.text
    assert count(bot, mine) == 1  # her «yes» entered her


async def test_her_tournament_moves_no_rating_and_her_penalty_is_not_the_clubs(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    """The club's players are in Mallory's group too: she enters them, types every
    result herself and finishes; she disqualifies Bob with a reason. The club's ratings do
    not move, and the club's judge and Bob's /profile do not see her penalty."""
    club = Club(emu, players=4)
    await club.register_all(await club.create(rounds="3", top="Без ТОПа"))
    mallory = await outsider(emu)
    bob = club.users["Bob"]
    for user in club.users.values():  # all four are in her group too
        emu.add_member(OTHER, user)
    await her_tournament(emu, mallory)
    for user in club.users.values():
        club_id = count(bot, f"SELECT id FROM players WHERE telegram_id = {user.id}")
        await mallory.send(OTHER, f"/add {club_id}")
        await emu.wait_bot_message(OTHER, contains=fixed("swiss.join_joined", -1))
    await mallory.send(OTHER, "/begin")
    await emu.wait_bot_message(OTHER, contains=round_title(1, 3))
    for table in (1, 2):
        await mallory.send(OTHER, f"/result {table} a")
        await emu.wait_bot_message(OTHER, contains=fixed("swiss.result_recorded"))
    bob_id = count(bot, f"SELECT id FROM players WHERE telegram_id = {bob.id}")
    await mallory.send(OTHER, f"/penalty {bob_id} warning MALLORY_SECRET")
    await emu.wait_bot_message(
        OTHER, contains=ru("penalties.recorded_private").split(".")[0]
    )  # the details: privately
    await mallory.send(OTHER, "/finish")
    asked = await emu.wait_bot_message(OTHER, contains=fixed("swiss.confirm_finish"))
    await (await mallory.press(asked, "🏁 Да, завершить")).answer()
    ended = await emu.wait_bot_message(OTHER, contains=fixed("swiss.unrated"))
    assert "Рейтинги не изменились" in ended.plain
    moved = "SELECT count(*) FROM rating_history WHERE reason = 'tournament'"
    assert count(bot, moved) == 0
    # The club's judge gives Bob a warning in the club's tournament: hers is not his record.
    await club.org.send(GROUP, "/begin")
    await emu.wait_for(lambda: club.board(round_title(1, 3)))
    await club.org.send(GROUP, f"/penalty {bob_id} warning опоздание")
    answer = await club.wait_find(club.org, fixed("penalties.recorded"), "")  # privately
    assert "MALLORY_SECRET" not in answer.plain and "Других штрафов у игрока нет" in answer.plain
    await bob.send(bob.id, "/profile")
    profile = await bob.wait_message(contains="опоздание")
    assert "Чужой кубок" not in profile.plain and "MALLORY_SECRET" not in profile.plain


async def her_koth(emu: BotApiEmulator, mallory: SimUser) -> None:
    """Mallory's own King of the Hill, in her own group (the club's second tournament)."""
    await mallory.send(OTHER, "/new")
    kinds = await emu.wait_bot_message(OTHER, contains=fixed("tournament.choose_kind"))
    await (await mallory.press(kinds, "Царь горы")).answer()
    for question, answer in [
        ("koth.ask_name", "Чужой стол"),
        ("koth.ask_fee", "3000"),
        ("koth.ask_table", "Стол 9"),
    ]:
        await emu.wait_bot_message(OTHER, contains=fixed(question))
        await mallory.send(OTHER, answer)
    await emu.wait_bot_message(OTHER, contains=fixed("koth.registration_open", -1))


async def test_another_groups_admin_adds_a_club_player_to_her_koth_only_if_he_says_yes(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = Club(emu, players=2)
    await club.register_all(await club.create(rounds="3", top="Без ТОПа"))
    mallory = await outsider(emu)
    ann = club.users["Ann"]
    await her_koth(emu, mallory)
    ann_id = count(bot, f"SELECT id FROM players WHERE telegram_id = {ann.id}")
    await mallory.send(OTHER, f"/add {ann_id} 1500")
    told = await emu.wait_bot_message(OTHER, contains=fixed("koth.add_asked", -1))
    assert told.plain == ru("koth.add_asked", name="Ann")
    mine = "SELECT count(*) FROM participants WHERE tournament_id = 2"
    rated = f"SELECT count(*) FROM ratings WHERE player_id = {ann_id} AND discipline = 'billiards'"
    assert count(bot, mine) == 0 and count(bot, rated) == 0  # neither in nor rated: asked
    asking = await ann.wait_message(contains=fixed("koth.consent_ask_rating"))
    assert asking.plain == ru(
        "koth.consent_ask_rating",
        tournament="Чужой стол",
        group="Mallory's",
        rating=Rating.of(Decimal(1500)),
    )
    answer = await (await ann.press(asking, fixed("koth.join_button"))).answer()
    assert answer.text == ru("koth.joined", name="Чужой стол")
    assert count(bot, mine) == 1 and count(bot, rated) == 1  # her «yes» entered her
    await emu.wait_bot_message(OTHER, contains=ru("koth.joined_group", name="Ann"))
    again = await (await ann.press(asking, fixed("koth.join_button"))).answer()
    assert again.text == ru("koth.already_joined", name="Чужой стол")


async def her_penalty_answer(emu: BotApiEmulator, bot: RunningBot) -> str:
    """The club's judge warns Bob in the club's tournament (CLUB_SECRET); Bob is in Mallory's
    group too, she enters him in her tournament and warns him: her private answer."""
    club = Club(emu, players=2)
    await club.register_all(await club.create(rounds="3", top="Без ТОПа"))
    bob = club.users["Bob"]
    bob_id = count(bot, f"SELECT id FROM players WHERE telegram_id = {bob.id}")
    await club.org.send(GROUP, f"/penalty {bob_id} warning CLUB_SECRET")
    await club.wait_find(club.org, fixed("penalties.recorded"), "")
    mallory = await outsider(emu)
    emu.add_member(OTHER, bob)
    await her_tournament(emu, mallory)
    await mallory.send(OTHER, f"/add {bob_id}")
    await emu.wait_bot_message(OTHER, contains=fixed("swiss.join_joined", -1))
    await mallory.send(OTHER, f"/penalty {bob_id} warning опоздал")
    answer = await mallory.wait_message(contains=fixed("penalties.recorded"))
    return answer.plain


async def test_her_penalty_answer_shows_the_clubs_penalty_without_its_reason(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    """By default the club shares the kinds and dates of its penalties: Mallory learns of
    Bob's warning, never why."""
    answer = await her_penalty_answer(emu, bot)
    assert "CLUB_SECRET" not in answer
    assert fixed("penalties.earlier") in answer
    assert answer.endswith("» · предупреждение")  # the club's tournament: kind and date only


async def test_a_club_that_shares_no_penalties_shows_her_none(
    emu: BotApiEmulator, closed: RunningBot
) -> None:
    """PENALTIES_TO_OTHER_GROUPS=false: another group's judge sees only his own tournament's."""
    answer = await her_penalty_answer(emu, closed)
    assert "CLUB_SECRET" not in answer and "Кубок" not in answer
    assert ru("penalties.first") in answer


async def test_the_clubs_rating_table_is_not_shown_in_her_group_nor_to_her(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    with sqlite3.connect(bot.db_path) as conn:  # Zed, a rated player of the club
        zed = conn.execute(
            "INSERT INTO players (telegram_id, last_name, first_name, registered, created_at)"
            " VALUES (10000, 'Zed', 'Z', 1, 'now')"
        ).lastrowid
        conn.execute("INSERT INTO ratings VALUES (?, 'berserk', 123400)", (zed,))
    club = Club(emu, players=2)
    await club.register_all(await club.create(rounds="3", top="Без ТОПа"))
    mallory = await outsider(emu)
    for chat in (OTHER, mallory.id):  # in her group, and privately
        await mallory.send(chat, "/rating берсерк")
        refused = await emu.wait_bot_message(chat, contains=fixed("rating.club_only"))
        assert "Zed" not in refused.plain
    await club.org.send(GROUP, "/rating берсерк")  # the club's group
    shown = await emu.wait_bot_message(GROUP, contains=fixed("rating.title"))
    assert "Zed" in shown.plain
    ann = club.users["Ann"]  # not rated, in the club's group: privately too
    await ann.send(ann.id, "/rating берсерк")
    assert "Zed" in (await ann.wait_message(contains=fixed("rating.title"))).plain


async def her_koth_begun(emu: BotApiEmulator, bot: RunningBot, club: Club) -> list[int]:
    """Mallory's King of the Hill begun with the club's four players, who are in her group too
    (order: their club ids); their club ids."""
    mallory = emu.users[777]
    ids = []
    for user in club.users.values():
        emu.add_member(OTHER, user)
        ids.append(count(bot, f"SELECT id FROM players WHERE telegram_id = {user.id}"))
    await her_koth(emu, mallory)
    for club_id in ids:
        await mallory.send(OTHER, f"/add {club_id} 1500")
        await emu.wait_bot_message(OTHER, contains=fixed("koth.added", -1))
    await mallory.send(OTHER, "/draw " + " ".join(map(str, ids)))
    await emu.wait_bot_message(OTHER, contains=fixed("koth.drawn"))
    await mallory.send(OTHER, "/begin")
    await emu.wait_bot_message(OTHER, contains=fixed("koth.begun"))
    return ids


async def test_her_koth_moves_no_club_rating_and_gives_no_bonus(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    """Mallory's King of the Hill with four club players of her group, its winner declared by
    her, no player confirming a game: no rating moves, no bonus, and the end says so."""
    club = Club(emu, players=4)
    await club.register_all(await club.create(rounds="3", top="Без ТОПа"))
    mallory = await outsider(emu)
    ids = await her_koth_begun(emu, bot, club)
    await mallory.send(OTHER, f"/finish {ids[0]}")
    ended = await emu.wait_bot_message(OTHER, contains=fixed("koth.winner"))
    assert count(bot, "SELECT count(*) FROM rating_bonuses") == 0
    assert count(bot, "SELECT count(*) FROM rating_history WHERE reason = 'koth'") == 0
    assert ru("koth.unrated") in ended.plain


async def test_her_koth_rates_only_the_players_who_confirmed_a_game(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    """Game 1 (Ann — Bob) reported by Ann and confirmed by Bob, then Mallory declares Ann the
    winner: Ann and Bob are rated and Ann has her bonus; Cat's and Dan's ratings stay."""
    club = Club(emu, players=4)
    await club.register_all(await club.create(rounds="3", top="Без ТОПа"))
    mallory = await outsider(emu)
    ids = await her_koth_begun(emu, bot, club)
    ann, bob = club.users["Ann"], club.users["Bob"]
    pair = await emu.wait_bot_message(OTHER, contains=f"{fixed('koth.pair')} 1:")
    await (await ann.press(pair, "Моя победа")).answer()
    ask = await bob.wait_message(
        contains=fixed("results.confirm_request", -1), predicate=lambda m: bool(m.button_labels)
    )
    await (await bob.press(ask, "Подтверждаю")).answer()
    await emu.wait_bot_message(OTHER, contains=f"{fixed('koth.pair')} 2:")
    await mallory.send(OTHER, f"/finish {ids[0]}")
    ended = await emu.wait_bot_message(OTHER, contains=fixed("koth.winner"))
    assert count(bot, "SELECT count(*) FROM rating_history WHERE reason = 'koth'") == 2
    assert count(bot, f"SELECT count(*) FROM rating_bonuses WHERE player_id = {ids[0]}") == 1
    assert ru("koth.rating_line_unrated", name="Cat") in ended.plain


async def test_she_reads_no_club_tournaments_log_or_export(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    """The club's tournament holds a penalty with its reason: Mallory, an admin of her own
    group, gets neither its /log nor its /export, in her group or privately."""
    club = Club(emu, players=2)
    await club.register_all(await club.create(rounds="3", top="Без ТОПа"))
    bob = club.users["Bob"]
    bob_id = count(bot, f"SELECT id FROM players WHERE telegram_id = {bob.id}")
    await club.org.send(GROUP, f"/penalty {bob_id} warning CLUB_SECRET")
    await club.wait_find(club.org, fixed("penalties.recorded"), "")
    mallory = await outsider(emu)
    refusals = {OTHER: ru("common.other_group"), mallory.id: ru("common.not_allowed")}
    for chat, refusal in refusals.items():
        await mallory.send(chat, "/export 1")
        assert (await emu.wait_bot_message(chat, contains=refusal)).document is None
        before = len(emu.bot_messages(chat))
        await mallory.send(chat, "/log 1")
        await emu.idle(quiet=0.3)
        for answer in emu.bot_messages(chat)[before:]:
            assert "CLUB_SECRET" not in answer.plain and "Bob" not in answer.plain


async def test_her_tournament_rates_only_the_players_who_confirmed_a_result(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    """One game of Mallory's tournament is reported and confirmed by its two players, the
    other she types in herself: only the first two players' ratings move."""
    club = Club(emu, players=4)
    await club.register_all(await club.create(rounds="3", top="Без ТОПа"))
    mallory = await outsider(emu)
    for user in club.users.values():
        emu.add_member(OTHER, user)
    await her_tournament(emu, mallory)
    for user in club.users.values():
        club_id = count(bot, f"SELECT id FROM players WHERE telegram_id = {user.id}")
        await mallory.send(OTHER, f"/add {club_id}")
        await emu.wait_bot_message(OTHER, contains=fixed("swiss.join_joined", -1))
    await mallory.send(OTHER, "/begin")
    board = await emu.wait_bot_message(OTHER, contains=round_title(1, 3))
    (one, a, b, _), (two, c, _d, _) = club.tables(board)
    await club.report(1, one, a, "Моя победа")
    assert await club.confirm(1, one, b, "✅ Подтверждаю") == ru("results.final")
    await mallory.send(OTHER, f"/result {two} a")
    await emu.wait_bot_message(OTHER, contains=fixed("swiss.result_recorded"))
    await mallory.send(OTHER, "/finish")
    asked = await emu.wait_bot_message(OTHER, contains=fixed("swiss.confirm_finish"))
    await (await mallory.press(asked, "🏁 Да, завершить")).answer()
    ended = await emu.wait_bot_message(OTHER, contains=fixed("swiss.rating_title"))
    moved = "SELECT count(*) FROM rating_history WHERE reason = 'tournament'"
    assert count(bot, moved) == 2  # the two who played and confirmed their game
    assert ru("swiss.rating_line_unrated", name=c) in ended.plain


async def test_her_penalty_on_a_club_player_is_refused(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    """Mallory disqualifies Bob, who plays in the club's tournament and not in hers: in her
    group, privately, and in the club's group with the club tournament's id; nothing is
    stored."""
    club = Club(emu, players=2)
    await club.register_all(await club.create(rounds="3", top="Без ТОПа"))
    bob = club.users["Bob"]
    bob_id = count(bot, f"SELECT id FROM players WHERE telegram_id = {bob.id}")
    mallory = await outsider(emu)
    emu.add_member(GROUP, mallory)
    await her_tournament(emu, mallory)
    refusals = {
        OTHER: ru("penalties.not_in", name="Bob"),  # her tournament: he is not in it
        GROUP: ru("common.not_allowed"),  # the club's: she is no judge of it
    }
    for chat, refusal in refusals.items():
        await mallory.send(chat, f"/penalty {bob_id} dq FAKE")
        await emu.wait_bot_message(chat, contains=refusal)
    before = len(emu.bot_messages(mallory.id))
    await mallory.send(mallory.id, f"/penalty {bob_id} dq FAKE")  # privately: no tournament
    await emu.idle(quiet=0.3)
    assert all("FAKE" not in m.plain for m in emu.bot_messages(mallory.id)[before:])
    assert count(bot, "SELECT count(*) FROM events WHERE kind = 'sw_penalty'") == 0
    assert count(bot, "SELECT count(*) FROM participants WHERE tournament_id = 2") == 0
