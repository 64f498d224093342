"""The Overlord series' table as a picture (``bot.pictures.series_table``): the data drawn from
the replayed state, and the PNG at the size its layout gives."""

from __future__ import annotations

import io
from datetime import date

from PIL import Image

from bot.pictures import canvas
from bot.pictures.series_table import MAX_ROWS, ROW, WIDTH, draw_series_table
from bot.series.views import picture
from bot.texts import Texts
from db.series import Series
from rules.series import SerHeld, replay

TEXTS = Texts()
SERIES = Series(
    1, -100, "Москва", "Архааль", 9, date(2026, 11, 1), date(2026, 12, 31), 999, "token"
)
NAMES = {1: "Ann", 2: "Bob", 3: "Cat", 9: "Ola"}


def ru(key: str, **values: object) -> str:
    return TEXTS.plain("ru", key, **values)


def test_the_picture_shows_the_table_most_crystals_first_and_the_winners() -> None:
    state = replay(SERIES.ends_on, [SerHeld(10, 9, 2, {2: 2, 1: 1}), SerHeld(11, 6, 1, {1: 1})])
    drawn = picture(ru, SERIES, state, NAMES)
    assert [(r.place, r.name, r.crystals, r.challenger) for r in drawn.rows] == [
        (1, "Ann", 2, True),
        (2, "Bob", 2, True),
    ]
    assert drawn.title == ru("series.picture_title", deck="Архааль", city="Москва")
    assert "2 из 15" in drawn.subtitle and "31.12.2026" in drawn.subtitle
    assert drawn.footer == ru("series.status_running", until="31.12.2026")
    png = draw_series_table(drawn)
    image = Image.open(io.BytesIO(png))
    image.load()
    height = 1.5 + ROW * (len(drawn.rows) + 1) + 0.8
    assert image.size == (round(WIDTH * canvas.DPI), round(height * canvas.DPI))


def test_a_long_table_stays_within_telegrams_size() -> None:
    crystals = {pid: 1 for pid in range(1, 41)}
    state = replay(SERIES.ends_on, [SerHeld(10, 40, 1, crystals)])
    png = draw_series_table(picture(ru, SERIES, state, {}))
    image = Image.open(io.BytesIO(png))
    image.load()
    assert max(image.size) <= canvas.MAX_SIDE
    assert image.size[1] == round((1.5 + ROW * (MAX_ROWS + 1) + 0.8) * canvas.DPI)
