"""Junk numbers typed by an organiser or a judge (issue 10, item 10): every one is refused with
a text naming the allowed range, nothing fails, nothing changes.

Before ``bot.numbers`` these crashed («Что-то пошло не так»: ``OverflowError`` from SQLite,
``decimal.InvalidOperation`` from NaN, ``ValueError`` from "²", which ``isdigit`` accepts) or
were stored (a 500-digit fee, a 10³⁸ contribution, a norm of 10²³, a rating of 5000.00 from
4999.999 on a player who was already in).
"""

from __future__ import annotations

from tests.e2e.drivers import koth_club, swiss_club
from tests.e2e.drivers.texts import fixed
from tests.e2e.emulator import BotApiEmulator, SimUser
from tests.e2e.hardening import capture_errors, diff, settled, snapshot
from tests.e2e.harness import RunningBot

BIG = "9" * 20  # above SQLite's 2**63
CLUB_ID = "Клубный номер — целое число от 1 до 999 999 999."
RATING = "Рейтинг — число от 0,01 до 4 999,99"
FEE = "не меньше 2 500 и не больше 1 000 000 ₽"
FUND = "Взнос в призовой фонд — целое число рублей от 1 до 1 000 000."
NORM = "Норма — целое число побед от 1 до 99."
MINUTES_KOTH = "целое число минут от 1 до 600"
MINUTES_SWISS = "целое число минут от 1 до 180"
TABLE = "Номер стола — целое число от 1 до 999."
TELEGRAM_ID = "Id пользователя Telegram — целое положительное число, не длиннее 16 цифр."
ROUND_1_OF_3 = f"{fixed('swiss.board_title')} 1 {fixed('swiss.board_title', 1)} 3"


async def refused(
    emu: BotApiEmulator, bot: RunningBot, user: SimUser, group: int, text: str, expect: str
) -> None:
    """``text`` gets an answer containing ``expect``, no error is logged, no state changes."""
    before = snapshot(bot.db_path)
    with capture_errors() as errors:
        await user.send(group, text)
        reply = await emu.wait_bot_message(group)
        await emu.idle(quiet=0.05)
    assert expect in reply.plain, (text, reply.plain)
    assert not errors.records, (text, errors.describe())
    assert diff(before, snapshot(bot.db_path)) == [], text


async def test_koth_refuses_junk_numbers_naming_the_range(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    group = koth_club.GROUP
    org, _people = await koth_club.setup_club(emu)
    choice = await koth_club.say(emu, org, "/new", fixed("tournament.choose_kind"))
    await org.press(choice, "Царь горы")
    await emu.wait_bot_message(group, contains=fixed("koth.ask_name"))
    await koth_club.say(emu, org, "Пятничный", fixed("koth.ask_fee"))
    for fee in ["9" * 500, "²⁵⁰⁰", "NaN", "1e4", "1000001", "2499", "2500.50", "-3000"]:
        await refused(emu, bot, org, group, fee, FEE)
    await koth_club.say(emu, org, "2 500 руб.", fixed("koth.ask_table"))
    await koth_club.say(emu, org, "Стол 1", fixed("koth.registration_open", -1))
    await koth_club.say(emu, org, "/add @ann 1100", fixed("koth.added"))
    await settled(emu, bot.db_path)

    for text, expect in [
        ("/add @bob NaN", RATING),
        ("/add @bob Infinity", RATING),
        ("/add @bob 1e3", RATING),
        ("/add @bob 0.001", RATING),
        ("/add @bob 4999.999", RATING),
        ("/add @bob -5", RATING),
        ("/add @ann 4999.999", RATING),  # already in: used to set 5000.00
        ("/add @ann 1200", "уже в турнире"),  # and changes nothing, his rating included
        (f"/add {BIG} 1000", CLUB_ID),
        ("/add ² 1000", "Не знаю, кто это"),  # not digits: a name nobody has
        ("/add fund 1" + "0" * 38, FUND),
        ("/add fund 1000001", FUND),
        ("/add fund ²", "Взнос в призовой фонд: /add fund"),  # not a number: the usage
        ("/add fund 0", FUND),
        ("/norms 1 1" + "0" * 23, NORM),
        ("/norms 1 0", NORM),
        ("/norms 1 ²", "Изменить норму: /norms"),
        (f"/norms {BIG} 5", CLUB_ID),
        (f"/draw {BIG} 1", CLUB_ID),
        ("/draw ² 1", "Порядок: /draw"),  # not a number: the usage of /draw
    ]:
        await refused(emu, bot, org, group, text, expect)

    await koth_club.say(emu, org, "/add @bob 4999.99", fixed("koth.added"))
    await koth_club.say(
        emu, org, "/add @cid 1100,005", fixed("koth.added")
    )  # rounded half up on entry
    await koth_club.say(emu, org, "/add @dan 850", fixed("koth.added"))
    await koth_club.say(emu, org, "/begin", fixed("koth.begun"))
    await settled(emu, bot.db_path)
    for text, expect in [
        (f"/extend {BIG}", MINUTES_KOTH),
        ("/extend 601", MINUTES_KOTH),
        ("/extend 0", MINUTES_KOTH),
        ("/extend ²", "Продлить основное время"),
        (f"/eliminate {BIG}", CLUB_ID),
        (f"/result {BIG}", CLUB_ID),
        ("/result ²", "/result"),
    ]:
        await refused(emu, bot, org, group, text, expect)


async def test_swiss_refuses_junk_numbers_naming_the_range(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    group = swiss_club.GROUP
    club = swiss_club.Club(emu, players=4)
    created = await club.create(rounds="3", top="Без ТОПа")
    await club.register_all(created)
    await settled(emu, bot.db_path)
    org = club.org
    for text, expect in [
        (f"/add {BIG}", CLUB_ID),
        ("/add 0", CLUB_ID),
        ("/judge 99999999999999999999999999", TELEGRAM_ID),
        ("/judge 0", TELEGRAM_ID),
        ("/judge ²", "/judge"),
    ]:
        await refused(emu, bot, org, group, text, expect)
    await org.send(group, "/begin")
    await emu.wait_for(lambda: club.board(ROUND_1_OF_3))
    await settled(emu, bot.db_path)
    for text, expect in [
        (f"/result {BIG} a", TABLE),
        ("/result ² a", "/result"),
        (f"/extend {BIG}", MINUTES_SWISS),
        ("/extend 181", MINUTES_SWISS),
        (f"/extend {BIG} 10", TABLE),
        ("/extend ² 10", "/extend"),
    ]:
        await refused(emu, bot, org, group, text, expect)
