"""Pictures through the real bot (issue 15, item 3): the Top's bracket (``/bracket``, posted
when the Top starts and ends), the rating chart of ``/profile``, the King of the Hill final
table. Text inside an image is not readable by a test: each test records the data the
renderer got (``bot.pictures.canvas.render``) and decodes the photo the emulator received."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

from bot.pictures import canvas
from bot.pictures.bracket import BracketPicture, Layout
from bot.pictures.koth_table import KothTable
from bot.pictures.rating_chart import RatingChart
from tests.e2e.drivers import koth_club
from tests.e2e.drivers.profile import register
from tests.e2e.drivers.swiss_club import GROUP, Club
from tests.e2e.drivers.swiss_rounds import play_swiss, win
from tests.e2e.drivers.texts import fixed, ru
from tests.e2e.emulator import BotApiEmulator, SimMessage, SimUser
from tests.e2e.harness import RunningBot

Drawn = list[Any]

SEMI = ru("swiss.top_name", stage=ru("swiss.stage_semi_final"))
FINAL = ru("swiss.top_name", stage=ru("swiss.stage_final"))
RATED = "".join(
    [fixed("swiss.rating_private", 1), ru("discipline.berserk"), fixed("swiss.rating_private", 2)]
)
"""A player told how the tournament changed his Berserk rating."""


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """Every picture's data, as the renderer got it, in order."""
    pictures: Drawn = []
    real = canvas.render

    async def recording(draw: Callable[[Any], bytes], picture: Any) -> bytes:
        pictures.append(picture)
        return await real(draw, picture)

    monkeypatch.setattr(canvas, "render", recording)
    return pictures


def decoded(message: SimMessage) -> tuple[int, int]:
    """The photo's size as Pillow decodes it (and as the emulator read its header)."""
    assert message.photo is not None, message
    image = Image.open(io.BytesIO(message.photo.content))
    image.load()
    assert image.format == "PNG"
    assert image.size == (message.photo.width, message.photo.height)
    return image.size


def bracket_size(picture: BracketPicture) -> tuple[int, int]:
    layout = Layout.of(picture)
    return round(layout.width * canvas.DPI), round(layout.height * canvas.DPI)


def names_of(picture: BracketPicture, stage: int) -> list[tuple[str | None, bool | None]]:
    return [
        (slot.name, slot.won)
        for match in picture.stages[stage].matches
        for slot in (match.first, match.second)
    ]


async def photo_in(emu: BotApiEmulator, chat: int, caption: str, since: int = 0) -> SimMessage:
    return await emu.wait_for(
        lambda: next(
            (
                m
                for m in emu.bot_messages(chat)[since:]
                if m.photo is not None and caption in (m.caption or "")
            ),
            None,
        ),
        timeout=15,
    )


def last_of(drawn: Drawn, kind: type) -> Any:
    found = [p for p in drawn if isinstance(p, kind)]
    assert found, drawn
    return found[-1]


async def answered(user: SimUser, text: str) -> None:
    """Send ``text`` privately and wait for the bot's next message there."""
    before = len(user.emu.bot_messages(user.id))
    await user.send(None, text)
    await user.emu.wait_for(lambda: len(user.emu.bot_messages(user.id)) > before)


async def register_ru(user: SimUser) -> None:
    """The registration dialog in Russian: each answer waits for the next question."""
    await user.start("register")
    await user.wait_message(contains=fixed("register.ask.last_name"))
    for text in ("Петрова", "Анна", "-", "anna@club.example", "Тула", "Аннушка"):
        await answered(user, text)
    keyboard = user.keyboard()
    assert keyboard is not None
    await user.press_keyboard(keyboard[-1][0])  # skip the phone
    await user.wait_message(contains="/profile")


async def test_the_bracket_at_the_tops_start_by_command_and_at_the_end_then_the_rating_chart(
    emu: BotApiEmulator, bot: RunningBot, drawn: Drawn
) -> None:
    club = Club(emu, players=4)
    ann = club.users["Ann"]
    kim = emu.add_user(41, "Kim", language_code="en")
    await register(kim, share_phone=False)
    await kim.send(None, "/profile")  # registered, no rating yet: the text alone
    profile = await kim.wait_message(contains="Profile")
    await emu.idle()
    assert emu.bot_messages(kim.id)[-1] is profile and not drawn

    await club.register_all(await club.create(rounds="3", top="4"))
    await club.org.send(GROUP, "/begin")
    await play_swiss(club, 3, 3)
    await club.org.send(GROUP, "/bracket")
    told = await emu.wait_bot_message(GROUP, contains=fixed("pictures.no_top", 1))
    assert "/standings" in told.plain and not drawn

    await club.org.send(GROUP, "/standings")
    shown = await emu.wait_bot_message(GROUP, contains=f"{fixed('swiss.standings_title')} 3 тур")
    seeds = [line.split(". ")[1].split(" — ")[0] for line in shown.plain.splitlines()[2:6]]
    await club.org.send(GROUP, "/next_round")
    started = await photo_in(emu, GROUP, fixed("pictures.bracket_started"))
    picture = last_of(drawn, BracketPicture)
    assert picture.subtitle == "ТОП-4" and picture.title == "Кубок <b>клуба</b>"  # as typed
    assert [stage.name for stage in picture.stages] == ["Полуфинал", "Финал"]
    s1, s2, s3, s4 = seeds
    assert names_of(picture, 0) == [(s1, None), (s4, None), (s2, None), (s3, None)]
    assert [m.first.seed for m in picture.stages[0].matches] == [1, 2]
    assert names_of(picture, 1) == [(None, None), (None, None)] and picture.champion is None
    assert decoded(started) == bracket_size(picture)

    await win(club, SEMI, 1, s4, s1)
    await win(club, SEMI, 2, s2, s3)
    await emu.idle()
    mark = len(emu.bot_messages(ann.id))
    await ann.send(None, "/bracket")
    private = await photo_in(
        emu, ann.id, fixed("pictures.bracket_caption"), since=mark
    )  # privately
    picture = last_of(drawn, BracketPicture)
    assert [stage.name for stage in picture.stages] == ["Полуфинал", "Финал"]
    assert names_of(picture, 0) == [(s1, False), (s4, True), (s2, True), (s3, False)]
    assert names_of(picture, 1) == [(s4, None), (s2, None)]
    assert decoded(private) == bracket_size(picture)

    await club.org.send(GROUP, "/next_round")
    await win(club, FINAL, 1, s2, s4)
    await club.org.send(GROUP, "/next_round")
    end = await emu.wait_bot_message(GROUP, contains=ru("swiss.winner", name=s2))
    final = await photo_in(emu, GROUP, fixed("pictures.bracket_final"))
    assert final.message_id > end.message_id  # under the results
    picture = last_of(drawn, BracketPicture)
    assert picture.champion == s2
    assert names_of(picture, 1) == [(s4, False), (s2, True)]
    assert decoded(final) == bracket_size(picture)
    await emu.idle()
    assert sum(1 for m in emu.bot_messages(GROUP) if m.photo is not None) == 2  # once each

    await club.org.send(GROUP, "/bracket")  # the finished tournament's bracket on request
    again = await photo_in(emu, GROUP, fixed("pictures.bracket_caption"))
    assert last_of(drawn, BracketPicture) == picture and decoded(again) == bracket_size(picture)

    await kim.send(None, "/bracket 1")  # by its number, privately, in his language
    english = await photo_in(emu, kim.id, "The Top's bracket")
    shown = last_of(drawn, BracketPicture)
    assert [stage.name for stage in shown.stages] == ["Semi-finals", "Final"]
    assert shown.subtitle == "Top 4" and shown.champion_label == "Champion"
    assert shown.champion == s2
    assert names_of(shown, 0) == names_of(picture, 0) and decoded(english) == bracket_size(shown)

    # the rated tournament gave Ann a rating history; registered now (in English, his
    # Telegram's language then), /profile charts it under the text
    told_rating = await ann.wait_message(contains=RATED)
    await register_ru(ann)
    mark = len(emu.bot_messages(ann.id))
    await ann.send(None, "/profile")
    chart_message = await photo_in(emu, ann.id, fixed("pictures.rating_caption"), since=mark)
    chart = last_of(drawn, RatingChart)
    assert chart.title.startswith("Рейтинг: ") and chart.axis == "Рейтинг"
    (line,) = chart.lines
    assert line.label == "Берсерк" and len(line.points) == 2
    assert line.points[0][1] == 1200.0 and line.points[1][1] != 1200.0
    assert f"теперь {line.last.replace('.', ',')}" in told_rating.plain
    assert decoded(chart_message) == (1000, 625)


async def test_the_king_of_the_hill_final_table_comes_with_the_winner(
    emu: BotApiEmulator, bot: RunningBot, drawn: Drawn
) -> None:
    org, (ann, bob, *_rest) = await koth_club.setup_club(emu)
    await koth_club.begin_tournament(emu, org)
    await koth_club.win(emu, 1, ann, bob)
    await emu.wait_bot_message(koth_club.GROUP, contains=f"{fixed('koth.pair')} 2:")
    mark = emu.mark()
    await koth_club.say(emu, org, "/finish 1", fixed("koth.done_declare"))
    winner = await emu.wait_bot_message(
        koth_club.GROUP, contains=f"{fixed('koth.winner')} Ann", since=mark
    )
    photo = await photo_in(emu, koth_club.GROUP, fixed("pictures.koth_caption"))
    assert photo.message_id > winner.message_id
    table = last_of(drawn, KothTable)
    assert table.title == "Итоги турнира «Пятничный»"
    assert table.headers == ("Место", "Игрок", "Победы / норма", "Рейтинг", "Изменение")
    # Ann won; the rest by the remainder to the norm (Bob's norm is 3), then the order
    assert [(r.place, r.name, r.wins, r.norm) for r in table.rows] == [
        (1, "Ann", 1, 4),
        (2, koth_club.BOB, 0, 3),
        (3, "Cid", 0, 4),
        (4, "Dan", 0, 4),
        (5, "Eve", 0, 4),
    ]
    ann_row, bob_row = table.rows[0], table.rows[1]
    assert ann_row.winner and ann_row.bonus == "бонус +80" and ann_row.before == "1100,00"
    assert f"Ann: 1100,00 → {ann_row.after} ({ann_row.change})" in winner.plain
    assert f"{bob_row.before} → {bob_row.after} ({bob_row.change})" in winner.plain
    assert table.footer == "Призовой фонд: 5\u202f000\xa0₽"
    assert decoded(photo) == (1100, round((1.0 + 0.72 * 6 + 0.8) * 100))


async def test_the_final_table_follows_the_clubs_language(
    emu: BotApiEmulator, bot: RunningBot, drawn: Drawn
) -> None:
    # The club's language is English (a group has none of its own): the groups read it,
    # people privately read their own.
    bot.overrides["default_language"] = "en"
    await bot.restart()
    org, _people = await koth_club.setup_club(emu)
    await koth_club.create(emu, org)
    for name, rating in [("ann", 1100), ("bob", 980), ("cid", 900), ("dan", 850)]:
        await koth_club.say(emu, org, f"/add @{name} {rating}", fixed("koth.added"))
    await koth_club.say(emu, org, "/draw 1 2 3 4", fixed("koth.drawn"))
    await org.send(koth_club.GROUP, "/begin")
    await emu.wait_bot_message(koth_club.GROUP, contains="Game 1:")
    await koth_club.say(emu, org, "/finish 2", fixed("koth.done_declare"))
    photo = await photo_in(emu, koth_club.GROUP, "the final table")
    table = last_of(drawn, KothTable)
    assert table.title == "“Пятничный”: the results"
    assert table.headers == ("Place", "Player", "Wins / norm", "Rating", "Change")
    first, *rest = table.rows
    assert (first.place, first.name, first.before, first.wins) == (1, koth_club.BOB, "980.00", 0)
    assert [r.norm - r.wins for r in rest] == sorted(r.norm - r.wins for r in rest)
    assert {r.name: r.before for r in rest} == {"Ann": "1100.00", "Cid": "900.00", "Dan": "850.00"}
    assert table.rows[0].bonus == "+80 bonus" and table.footer.startswith("Prize fund: ")
    assert decoded(photo) == (1100, round((1.0 + 0.72 * 5 + 0.8) * 100))
