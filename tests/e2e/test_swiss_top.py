"""The Top as a club plays it: final places from the bracket (the end message, ``/standings``,
the CSV file of ``/export``), ``/top``, the one-tap offers when the field or the players still
in do not fit the Top, the default Top by the field's size, and finished tournaments' views."""

from __future__ import annotations

import csv
import io

from tests.e2e.drivers.swiss_club import GROUP, Club, registered
from tests.e2e.drivers.swiss_rounds import play_swiss, ranked, swiss_order, win
from tests.e2e.drivers.texts import fixed, round_title, ru
from tests.e2e.emulator import BotApiEmulator, SimMessage
from tests.e2e.harness import RunningBot

SEMI = ru("swiss.top_name", stage=ru("swiss.stage_semi_final"))
FINAL = ru("swiss.top_name", stage=ru("swiss.stage_final"))


def csv_file(emu: BotApiEmulator) -> list[list[str]]:
    """The rows of the newest CSV file the bot sent to the group (its standings part)."""
    sent = [m for m in emu.bot_messages(GROUP) if m.document is not None]
    assert sent, "no file was sent"
    document = sent[-1].document
    assert document is not None and document.file_name.endswith(".csv")
    rows = list(csv.reader(io.StringIO(document.content.decode("utf-8-sig"))))
    return rows[: rows.index([])]


async def test_nine_players_top_4_the_swiss_leader_loses_his_semi_final(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = await registered(emu, players=9, rounds="4", top="4")
    await club.org.send(GROUP, "/begin")
    await play_swiss(club, 4, 4)
    swiss = await swiss_order(club, 4)
    assert len(swiss) == 9
    s1, s2, s3, s4 = swiss[:4]

    await club.org.send(GROUP, "/next_round")
    semis = club.tables(await emu.wait_for(lambda: club.board(SEMI)))
    assert [(a, b) for _, a, b, _ in semis] == [(s1, s4), (s2, s3)]  # 1–4 and 2–3
    await win(club, SEMI, 1, s4, s1)  # the Swiss leader loses his semi-final
    await win(club, SEMI, 2, s2, s3)
    await emu.idle()
    await club.org.send(GROUP, "/standings")
    live = await emu.wait_bot_message(GROUP, contains=fixed("swiss.places_live_title"))
    assert ranked(live.plain)[:4] == [s2, s4, s1, s3]  # both finalists above the semi losers

    await club.org.send(GROUP, "/next_round")
    final = club.tables(await emu.wait_for(lambda: club.board(FINAL)))
    assert [(a, b) for _, a, b, _ in final] == [(s4, s2)]
    await win(club, FINAL, 1, s4, s2)
    await club.org.send(GROUP, "/next_round")

    # 1 the winner, 2 the finalist, 3–4 the semi-final losers by Swiss rank, then the Swiss.
    places = [s4, s2, s1, s3, *swiss[4:]]
    end = await emu.wait_bot_message(GROUP, contains=fixed("swiss.winner"))
    assert f"Победитель — {s4}" in end.plain
    assert ranked(end.plain.split("Изменения рейтинга")[0]) == places
    assert "Итоговые места" in end.plain
    await emu.idle()
    await club.org.send(GROUP, "/standings")
    shown = await emu.wait_bot_message(GROUP, contains=fixed("swiss.places_title"))
    assert ranked(shown.plain) == places
    told = await club.wait_find(club.users[s1], ru("swiss.your_place", place=3, count=9), "")
    assert "Ваш рейтинг (Берсерк) изменился" in told.plain

    await club.org.send(GROUP, "/export")
    caption = await emu.wait_bot_message(GROUP, contains=fixed("swiss.export_title"))
    assert caption.document is not None and caption.text is None  # a file, not <pre> text
    rows = csv_file(emu)
    head = rows[0]
    rank, name, swiss_rank = head.index("rank"), head.index("name"), head.index("swiss_rank")
    assert [(r[rank], r[name]) for r in rows[1:]] == [
        (str(place), who) for place, who in enumerate(places, start=1)
    ]
    assert [r[swiss_rank] for r in rows[1:5]] == ["4", "2", "1", "3"]


async def test_top_8_chosen_with_nine_players_two_drop_offers_top_4_or_finishing(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = await registered(emu, players=9, rounds="3", top="8")
    await club.org.send(GROUP, "/begin")
    await play_swiss(club, 3, 3)
    swiss = await swiss_order(club, 3)
    for dropper in (swiss[0], swiss[5]):  # the Swiss leader and one more leave
        await club.users[dropper].send(GROUP, "/drop")
        await emu.wait_bot_message(GROUP, contains=f"{dropper}{fixed('swiss.drop_self_dropped')}")

    await club.org.send(GROUP, "/next_round")  # was: BracketError, uncaught, every time
    offer = await emu.wait_bot_message(GROUP, contains=f"{fixed('swiss.top_short')} 8 игроков")
    assert "осталось игроков: 7" in offer.plain
    assert offer.button_labels == ["🏆 ТОП на 4", "🏁 Завершить турнир"]
    refused = await (await club.users[swiss[1]].press(offer, "🏆 ТОП на 4")).answer()
    assert refused.text == "Это может сделать только организатор или судья турнира."
    assert club.board(SEMI) is None
    await (await club.org.press(offer, "🏆 ТОП на 4")).answer()
    semis = club.tables(await emu.wait_for(lambda: club.board(SEMI)))
    still_in = [p for p in swiss if p not in (swiss[0], swiss[5])]
    t1, t2, t3, t4 = still_in[:4]
    assert [(a, b) for _, a, b, _ in semis] == [(t1, t4), (t2, t3)]
    await emu.idle()
    assert emu.current(offer).button_labels == []  # one tap: the offer is spent
    pressed_again = await (await club.org.press_data(offer, "swt:1:4")).answer()
    assert pressed_again.text == "ТОП уже начался."


async def test_four_players_four_rounds_begin_offers_three_then_a_final(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = await registered(emu, players=4, rounds="4", top="2")
    await club.org.send(GROUP, "/begin")  # was: round 4 could not be paired, a dead end
    offer = await emu.wait_bot_message(GROUP, contains=fixed("swiss.begin_misfit", 1))
    assert "Игроков: 4" in offer.plain
    assert "выбрано туров: 4, а без повторных встреч можно сыграть не больше 3" in offer.plain
    refused = await (await club.users["Ann"].press(offer, "▶️ Начать: туров — 3, ТОП — 2")).answer()
    assert refused.text == "Это может сделать только организатор."
    await (await club.org.press(offer, "▶️ Начать: туров — 3, ТОП — 2")).answer()
    await play_swiss(club, 3, 3)
    swiss = await swiss_order(club, 3)
    await club.org.send(GROUP, "/next_round")
    final = club.tables(await emu.wait_for(lambda: club.board(FINAL)))
    assert [(a, b) for _, a, b, _ in final] == [(swiss[0], swiss[1])]
    await win(club, FINAL, 1, swiss[1], swiss[0])
    await club.org.send(GROUP, "/next_round")
    end = await emu.wait_bot_message(GROUP, contains=fixed("swiss.winner"))
    assert ranked(end.plain.split("Изменения рейтинга")[0]) == [
        swiss[1],
        swiss[0],
        swiss[2],
        swiss[3],
    ]


async def test_a_top_bigger_than_the_field_is_refused_at_begin(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = await registered(emu, players=6, rounds="3", top="8")
    await club.org.send(GROUP, "/begin")
    offer = await emu.wait_bot_message(GROUP, contains=fixed("swiss.begin_misfit", 1))
    assert "ТОП выбран на 8, а игроков меньше" in offer.plain
    assert offer.button_labels == ["▶️ Начать: туров — 3, ТОП — 4"]
    assert club.board(round_title(1, 3)) is None


async def test_top_command_ends_the_swiss_early_with_the_default_top_4_for_six(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = await registered(emu, players=6, rounds="Авто", top="Авто")
    await club.org.send(GROUP, "/begin")
    board = await emu.wait_for(lambda: club.board(round_title(1, 3)))
    await club.org.send(GROUP, "/top")  # round 1 still open: refused, naming the tables
    await emu.wait_bot_message(GROUP, contains=fixed("swiss.round_open"))
    await club.play(1, round_title(1, 3))
    await club.org.send(GROUP, "/next_round")
    await club.play(2, round_title(2, 3))
    swiss = await swiss_order(club, 2)
    await club.users["Ann"].send(GROUP, "/top")
    await emu.wait_bot_message(GROUP, contains=fixed("common.not_allowed"))
    await club.org.send(GROUP, "/top 3")
    await emu.wait_bot_message(GROUP, contains=fixed("swiss.top_usage"))
    await club.org.send(GROUP, "/top")
    semis = club.tables(await emu.wait_for(lambda: club.board(SEMI)))
    assert [(a, b) for _, a, b, _ in semis] == [(swiss[0], swiss[3]), (swiss[1], swiss[2])]
    assert board is not None and club.board(round_title(3, 3)) is None
    await club.org.send(GROUP, "/top")
    await emu.wait_bot_message(GROUP, contains=fixed("swiss.top_already"))


async def test_five_players_play_a_final_of_the_best_two_by_default(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = await registered(emu, players=5, rounds="Авто", top="Авто")
    await club.org.send(GROUP, "/begin")
    await play_swiss(club, 3, 3)
    swiss = await swiss_order(club, 3)
    await club.org.send(GROUP, "/next_round")
    final = club.tables(await emu.wait_for(lambda: club.board(FINAL)))
    assert [(a, b) for _, a, b, _ in final] == [(swiss[0], swiss[1])]


async def finished_cup(emu: BotApiEmulator) -> tuple[Club, list[str]]:
    """Four players, three rounds and a final won by the Swiss second; the final places."""
    club = await registered(emu, players=4, rounds="3", top="2")
    await club.org.send(GROUP, "/begin")
    await play_swiss(club, 3, 3)
    swiss = await swiss_order(club, 3)
    await club.org.send(GROUP, "/next_round")
    await emu.wait_for(lambda: club.board(FINAL))
    await win(club, FINAL, 1, swiss[1], swiss[0])
    await club.org.send(GROUP, "/next_round")
    await emu.wait_bot_message(GROUP, contains=fixed("swiss.winner"))
    await emu.idle()
    return club, [swiss[1], swiss[0], *swiss[2:]]


async def test_a_finished_tournament_can_be_looked_at(emu: BotApiEmulator, bot: RunningBot) -> None:
    club, places = await finished_cup(emu)
    ann = club.users["Ann"]
    await ann.send(GROUP, "/standings")  # none running: the last finished one of the group
    shown = await emu.wait_bot_message(GROUP, contains=fixed("swiss.places_title"))
    assert ranked(shown.plain) == places
    await ann.send(GROUP, "/pairings")
    board = await emu.wait_bot_message(GROUP, contains=FINAL)
    assert f"{places[1]} (" in board.plain and "✅" in board.plain

    # A new one opens: while it is in registration the plain commands still show the last
    # results; a number names either.
    await club.org.send(GROUP, "/new")
    kinds = await emu.wait_bot_message(GROUP, contains=fixed("tournament.choose_kind"))
    await (await club.org.press(kinds, "🃏 Берсерк: швейцарка + ТОП")).answer()
    await emu.wait_bot_message(GROUP, contains=fixed("swiss.wiz_name"))
    await club.org.send(GROUP, "Второй кубок")
    for question, label in [
        (fixed("swiss.wiz_fmt"), "Констрактед"),
        (fixed("swiss.wiz_sub"), "Классика"),
        (fixed("swiss.wiz_strict"), "Любительский (без дэк-листов)"),
        (fixed("swiss.wiz_rounds"), "3"),
        (fixed("swiss.wiz_top"), "2"),
        (fixed("swiss.wiz_time"), "50"),
        (fixed("swiss.wiz_tb"), "Бухгольц, усечённый Бухгольц, победы, личная встреча"),
        (fixed("swiss.wiz_game"), "Классический Берсерк"),
        (fixed("swiss.wiz_k"), "Обычный (16)"),
        (fixed("swiss.wiz_kind"), "Открытый: играет любой"),
    ]:
        await (await club.org.press(await emu.wait_bot_message(GROUP, contains=question), label))
    await emu.wait_bot_message(GROUP, contains=f"{fixed('swiss.created')}2")
    await ann.send(GROUP, "/standings")
    again = await emu.wait_bot_message(GROUP, contains=fixed("swiss.places_title"))
    assert ranked(again.plain) == places
    await ann.send(GROUP, "/pairings 2")
    await emu.wait_bot_message(GROUP, contains=fixed("swiss.no_round_yet"))
    await ann.send(GROUP, "/pairings 1")
    await emu.wait_bot_message(GROUP, contains=FINAL)
    await ann.send(GROUP, "/standings 1")
    assert (
        ranked((await emu.wait_bot_message(GROUP, contains=fixed("swiss.places_title"))).plain)
        == places
    )

    await club.org.send(GROUP, "/export 1")
    sent: SimMessage = await emu.wait_bot_message(GROUP, contains=fixed("swiss.export_title"))
    assert sent.document is not None and sent.document.file_name == "tournament-1.csv"
    rows = csv_file(emu)
    assert [r[2] for r in rows[1:]] == places and [r[0] for r in rows[1:]] == ["1", "2", "3", "4"]
