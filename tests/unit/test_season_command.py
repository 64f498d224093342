"""``/season new``'s arguments (``bot.seasons.parse_new``) and the season's picture."""

from __future__ import annotations

import io
from datetime import date

import pytest
from PIL import Image

from bot.errors import UserError
from bot.pictures.season_table import MOST, SeasonRow, SeasonTable, draw_season_table
from bot.seasons import parse_day, parse_new, parse_points
from rules.season import DEFAULT_BEST, DEFAULT_POINTS


def test_name_and_days_take_the_default_points_and_best() -> None:
    name, days, scoring = parse_new("Зима 2027; 01.12.2026; 28.02.2027")
    assert name == "Зима 2027" and days == (date(2026, 12, 1), date(2027, 2, 28))
    assert scoring.points == DEFAULT_POINTS and scoring.best == DEFAULT_BEST


def test_points_and_best_as_typed_a_dash_keeps_the_default_points() -> None:
    _, _, scoring = parse_new("Кубок; 2026-12-01; 2026-12-31; 10, 6 4 2; 3")
    assert scoring.points == (10, 6, 4, 2) and scoring.best == 3
    _, _, scoring = parse_new("Кубок; 01.12.2026; 31.12.2026; -; 2")
    assert scoring.points == DEFAULT_POINTS and scoring.best == 2


@pytest.mark.parametrize(
    ("args", "key"),
    [
        ("Зима", "season.usage"),
        ("; 01.12.2026; 28.02.2027", "season.usage"),
        ("Зима; 1.2.3.4; 28.02.2027", "season.bad_day"),
        ("Зима; 31.02.2027; 28.02.2027", "season.bad_day"),
        ("Зима; 28.02.2027; 01.12.2026", "season.bad_days"),
        ("Зима; 01.01.2026; 01.06.2027", "season.bad_days"),
        ("Зима; 01.12.2026; 28.02.2027; 5 10", "season.bad_points"),
        ("Зима; 01.12.2026; 28.02.2027; 10 x", "season.bad_points"),
        ("Зима; 01.12.2026; 28.02.2027; 10 5; 0", "season.bad_best"),
        ("Зима; 01.12.2026; 28.02.2027; 10 5; два", "season.bad_best"),
        ("Зима; 01.12.2026; 28.02.2027; 10; 1; лишнее", "season.usage"),
    ],
)
def test_what_cannot_be_a_season_is_answered(args: str, key: str) -> None:
    with pytest.raises(UserError) as raised:
        parse_new(args)
    assert raised.value.key == key


def test_days_and_points_alone() -> None:
    assert parse_day(" 05.01.2027 ") == date(2027, 1, 5)
    assert parse_points("") is None and parse_points("3 2 1") == (3, 2, 1)


def test_the_picture_is_1100_pixels_wide_a_row_a_player_at_most_a_page() -> None:
    def draw(players: int) -> tuple[int, int]:
        rows = tuple(
            SeasonRow(n, f"Игрок {n}", 30 - n, f"{30 - n}", "делит место" if n == 2 else "")
            for n in range(1, players + 1)
        )
        table = SeasonTable("Сезон «Осень»", "01.11 — 31.12", ("М", "Игрок", "О", "З"), rows)
        image = Image.open(io.BytesIO(draw_season_table(table)))
        assert image.format == "PNG"
        return image.size

    small, large = draw(3), draw(MOST + 10)
    assert small[0] == large[0] == 1100
    assert large[1] - small[1] == 72 * (MOST - 3)  # the rows past a page are not drawn
