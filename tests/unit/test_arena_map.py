"""The map of Laar (``bot.pictures.laar``): the data drawn from an Arena's state, and the PNG
decoded: each sector's cell is its owner's colour, neutral ones grey."""

from __future__ import annotations

import io

from PIL import Image

from bot.pictures import canvas
from bot.pictures.laar import NEUTRAL, PALETTE, draw_laar_map, laar_map
from bot.texts import Texts
from rules.arena import ArDayEnd, ArWeekEnd
from tests.unit.arena_events import game, started

TEXTS = Texts()
NAMES = {1: "Анна", 2: "Борис", 3: "Вера", 4: "Глеб", 5: "Дина"}


def t(key: str, **values: object) -> str:
    return TEXTS.plain("ru", key, **values)


def rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def test_the_map_data_follows_the_sectors() -> None:
    state = started(1, 2, 3, 4, 5)
    game(state, 1, 1, 2, 0, winner=1)  # sector 10 goes to Анна
    state.apply(ArDayEnd(0))
    picture = laar_map(t, "Весна", state, NAMES)
    assert len(picture.cells) == 25
    assert picture.cells[9].colour == PALETTE[0] and picture.cells[8].colour == PALETTE[1]
    assert [(row.name, row.count) for row in picture.legend][:2] == [("Анна", 6), ("Вера", 5)]
    assert picture.legend[-1] == type(picture.legend[-1])("Борис", 4, PALETTE[1])
    assert picture.neutral == "Нейтральные: 0"
    assert picture.title == "Карта Лаара: Арена «Весна»"


def test_leaving_players_turn_grey_and_leave_the_legend() -> None:
    state = started(1, 2, 3, 4, 5)
    game(state, 1, 1, 2, 0, winner=1)
    state.apply(ArWeekEnd(0))  # 3, 4, 5 played nothing: out, their sectors neutral
    picture = laar_map(t, "Весна", state, NAMES)
    assert {row.name for row in picture.legend} == {"Анна", "Борис"}
    assert sum(cell.colour == NEUTRAL for cell in picture.cells) == 15
    assert picture.neutral == "Нейтральные: 15"


def test_the_png_shows_each_cell_in_its_owners_colour() -> None:
    state = started(1, 2, 3, 4, 5)
    game(state, 1, 1, 2, 0, winner=1)
    state.apply(ArWeekEnd(0))
    picture = laar_map(t, "Весна", state, NAMES)
    image = Image.open(io.BytesIO(draw_laar_map(picture))).convert("RGB")
    width, height = picture.size
    assert image.size == (round(width * canvas.DPI), round(height * canvas.DPI))
    assert image.size[0] <= canvas.MAX_SIDE and image.size[1] <= canvas.MAX_SIDE
    for index, cell in enumerate(picture.cells):
        assert image.getpixel(picture.pixel(index)) == rgb(cell.colour), cell


def test_a_crowded_map_still_fits_telegrams_side() -> None:
    state = started(*range(1, 41))  # 200 sectors: 20 rows
    picture = laar_map(t, "Весна", state, {p: f"P{p}" for p in range(1, 41)})
    png = draw_laar_map(picture)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert max(image.size) <= canvas.MAX_SIDE
    assert image.getpixel(picture.pixel(199)) == rgb(picture.cells[199].colour)
