"""The data each picture gets from the state (``bot.pictures``), and that each PNG decodes at
the size its layout gives. Text inside an image is not readable by a test: the data is."""

from __future__ import annotations

import asyncio
import io
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from PIL import Image

from bot.pictures import canvas
from bot.pictures.bracket import BracketPicture, Layout, bracket_picture, draw_bracket
from bot.pictures.koth_table import draw_koth_table, koth_table
from bot.pictures.rating_chart import Change, draw_rating_chart, rating_chart
from bot.texts import Texts
from tests.unit.swiss_events import replay_log
from tools.pictures import NAMES_RU, koth_sample, plain, top_state, upsets

TEXTS = Texts()
RU, EN = plain(TEXTS, "ru"), plain(TEXTS, "en")
ZONE = ZoneInfo("Europe/Moscow")


def size(png: bytes) -> tuple[int, int]:
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG"
    return image.size


def layout_size(picture: BracketPicture) -> tuple[int, int]:
    layout = Layout.of(picture)
    return round(layout.width * canvas.DPI), round(layout.height * canvas.DPI)


def test_no_bracket_before_the_top() -> None:
    state = replay_log([("sw_begin", {"seed": 1, "rounds": 3, "top": 4, "ratings": {}})])
    assert bracket_picture(RU, "Кубок", state, NAMES_RU) is None


def test_a_finished_top_8_names_every_match_its_score_and_the_champion() -> None:
    picture = bracket_picture(RU, "Кубок", top_state(range(1, 9), upsets, 3), NAMES_RU)
    assert picture is not None
    assert [s.name for s in picture.stages] == ["Четвертьфинал", "Полуфинал", "Финал"]
    first = picture.stages[0].matches
    # the standard bracket: 1–8, 4–5, 2–7, 3–6, the higher seed on top
    assert [(m.first.seed, m.second.seed) for m in first] == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert first[0].first.name == "Фёдор Карамазов" and first[0].second.name == "Ada Lovelace"
    assert [(m.first.won, m.first.games, m.second.games) for m in first] == [(True, 2, 1)] * 4
    semi = picture.stages[1].matches[0]  # seed 4 beats seed 1 2:0
    assert (semi.first.seed, semi.first.won, semi.first.games) == (1, False, 0)
    assert (semi.second.seed, semi.second.won, semi.second.games) == (4, True, 2)
    final = picture.stages[2].matches[0]
    assert (final.first.name, final.second.name) == ("Лев Мышкин", "Анна Каренина")
    assert picture.champion == "Лев Мышкин" and picture.champion_label == "Победитель"
    assert picture.title == "Кубок" and picture.subtitle == "ТОП-8"


def test_a_running_top_shows_the_known_finalists_and_blanks() -> None:
    picture = bracket_picture(EN, "Cup", top_state([1, 2, 3, 4], upsets, 1), NAMES_RU)
    assert picture is not None
    assert [s.name for s in picture.stages] == ["Semi-finals", "Final"]
    final = picture.stages[1].matches[0]
    assert (final.first.name, final.first.won, final.second.name) == (
        "Лев Мышкин",
        None,
        "Анна Каренина",
    )
    assert picture.champion is None and picture.subtitle == "Top 4"
    half = bracket_picture(EN, "Cup", top_state([1, 2, 3, 4], upsets, 0), NAMES_RU)
    assert half is not None and half.stages[1].matches[0].first.name is None


@pytest.mark.parametrize("top", [2, 4, 8, 16, 32])
def test_the_bracket_decodes_at_its_layout_size_within_telegrams_1280(top: int) -> None:
    names = {p: f"Игрок Номер {p}" for p in range(1, top + 1)}
    picture = bracket_picture(RU, "Кубок", top_state(range(1, top + 1), upsets, 1), names)
    assert picture is not None
    width, height = size(draw_bracket(picture))
    assert (width, height) == layout_size(picture)
    assert max(width, height) <= canvas.MAX_SIDE and max(width, height) <= 2.7 * min(width, height)
    assert len(picture.stages[0].matches) == top // 2
    if top == 16:
        assert picture.stages[0].name == "1/8 финала"


def test_the_koth_table_places_wins_norms_and_rating_points() -> None:
    state, changes = koth_sample()
    table = koth_table(RU, "ru", "Пятничный", state, NAMES_RU, changes, 5500)
    assert (
        table.title == "Итоги турнира «Пятничный»"
        and table.footer == "Призовой фонд: 5\u202f500\xa0₽"
    )
    assert [row.place for row in table.rows] == [1, 2, 3, 4, 5]
    winner = table.rows[0]
    assert winner.winner and winner.name == NAMES_RU[state.winner or 0]
    assert winner.wins == winner.norm == state.norms[state.winner or 0]
    assert winner.bonus == "бонус +80" and winner.change == "+12,40"
    for row in table.rows[1:]:
        assert not row.winner and row.bonus is None
    others = [r for r in table.rows if not r.winner]
    remainders = [r.norm - r.wins for r in others]
    assert remainders == sorted(remainders)
    fedor = next(r for r in table.rows if r.name == "Фёдор Карамазов")
    assert (fedor.before, fedor.after, fedor.change) == ("1100,00", "1096,90", "−3,10")
    english = koth_table(EN, "en", "Friday", state, NAMES_RU, changes, 5500)
    assert english.headers == ("Place", "Player", "Wins / norm", "Rating", "Change")
    assert english.rows[0].bonus == "+80 bonus" and "1100.00" in {r.before for r in english.rows}
    assert size(draw_koth_table(table)) == (1100, round((1.0 + 0.72 * 6 + 0.8) * 100))


START = datetime(2026, 9, 4, 21, 30, tzinfo=UTC)


def test_no_chart_without_two_values_of_one_discipline() -> None:
    one_each = [Change("berserk", 120000, START), Change("billiards", 95000, START)]
    assert rating_chart(RU, "ru", "Аня", [], ZONE) is None
    assert rating_chart(RU, "ru", "Аня", one_each, ZONE) is None


def test_the_chart_has_a_line_per_discipline_in_local_time() -> None:
    history = [
        Change("berserk", 120000, START),
        Change("billiards", 95000, START),
        Change("berserk", 121920, START + timedelta(days=7)),
    ]
    chart = rating_chart(RU, "ru", "Аня", history, ZONE)
    assert chart is not None and chart.title == "Рейтинг: Аня" and chart.axis == "Рейтинг"
    berserk, billiards = chart.lines
    assert berserk.label == "Берсерк" and billiards.label == "Бильярд"
    # 21:30 UTC is 00:30 of the next day in Moscow: the point sits on the club's date
    assert berserk.points == (
        (datetime(2026, 9, 5, 0, 30), 1200.0),
        (datetime(2026, 9, 12, 0, 30), 1219.2),
    )
    assert berserk.last == "1219,20" and billiards.points == ((datetime(2026, 9, 5, 0, 30), 950.0),)
    english = rating_chart(EN, "en", "Ann", history, ZONE)
    assert english is not None and english.lines[0].label == "Berserk"
    assert english.lines[0].last == "1219.20"
    assert size(draw_rating_chart(chart)) == (1000, 625)


async def test_a_render_runs_off_the_event_loop() -> None:
    """While a Top 32 bracket is drawn, the loop keeps serving: a ticker started beside it
    ticks many times (a render on the loop would let it tick once, after the picture)."""
    import asyncio
    import time

    names = {p: f"Игрок {p}" for p in range(1, 33)}
    picture = bracket_picture(RU, "Кубок", top_state(range(1, 33), upsets, 2), names)
    assert picture is not None
    await canvas.render(draw_bracket, picture)  # matplotlib loaded before the measurement
    other = bracket_picture(RU, "Кубок 2", top_state(range(1, 33), upsets, 2), names)
    assert other is not None  # another picture: drawn, not the one already drawn
    ticks = 0
    done = asyncio.Event()

    async def ticker() -> None:
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            await asyncio.sleep(0.002)

    task = asyncio.create_task(ticker())
    started = time.perf_counter()
    await canvas.render(draw_bracket, other)
    took = time.perf_counter() - started
    done.set()
    await task
    assert ticks >= 5 and took > 0.01, (ticks, took)


async def test_the_same_picture_is_drawn_once_however_many_ask() -> None:
    """Issue 20, item 12: a picture is its data; asked for at once or again, drawn once."""
    drawn: list[object] = []

    def draw(picture: tuple[str, int]) -> bytes:
        drawn.append(picture)
        return repr(picture).encode()

    asked = [canvas.render(draw, ("bracket", 1)) for _ in range(20)]
    results = await asyncio.gather(*asked)
    assert set(results) == {b"('bracket', 1)"} and len(drawn) == 1
    assert await canvas.render(draw, ("bracket", 1)) == b"('bracket', 1)" and len(drawn) == 1
    await canvas.render(draw, ("bracket", 2))  # its data changed: a new picture
    assert drawn == [("bracket", 1), ("bracket", 2)]
