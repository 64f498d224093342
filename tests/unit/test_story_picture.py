"""The knockout picture of Story Constructed (``bot.pictures.story_rounds``): the data it gets
from the state (who went through each pair, the reserves, the winning side) and that the PNG
decodes at the size its layout gives."""

from __future__ import annotations

import io

from PIL import Image

from bot.pictures import canvas
from bot.pictures.story_rounds import Duel, draw_story, size_of, story_picture
from bot.texts import Texts
from rules.results import Outcome
from tests.unit.story_events import begun, pair, result
from tools.pictures import plain

RU = plain(Texts(), "ru")
NAMES = {1: "Анна", 2: "Борис", 3: "Вера", 4: "Глеб", 5: "Дина"}


def test_each_round_shows_who_went_through_and_the_reserves() -> None:
    state = begun([1, 2, 3], [4, 5])
    pair(state, 1, 4)
    pair(state, 2, 5)
    result(state, 1, Outcome.DRAW)
    result(state, 2, Outcome.LOSS)
    pair(state, 1, 5)  # round 2: Анна may not meet Глеб again (607.4.7)
    pair(state, 3, 4)
    result(state, 1, Outcome.TECHNICAL_WIN)
    result(state, 2, Outcome.CLEAN_WIN)
    picture = story_picture(RU, "Кубок", state, NAMES, ("Свет", "Тьма"))
    first, second = picture.columns
    assert first.name == "Тур 1" and second.name == "Тур 2"
    assert first.duels == (Duel("Анна", "Глеб", "draw"), Duel("Борис", "Дина", "d"))
    assert first.reserves == "Резерв: Вера"
    assert second.duels == (Duel("Анна", "Дина", "a"), Duel("Вера", "Глеб", "a"))
    assert second.reserves == ""
    assert picture.subtitle == "Атакует «Свет», защищается «Тьма» · побеждает «Свет»"


def test_the_picture_decodes_at_its_layout_size() -> None:
    state = begun(list(range(1, 8)), list(range(10, 15)))
    for a, d in zip(range(1, 6), range(10, 15), strict=True):
        pair(state, a, d)
    names = {p: f"Игрок {p}" for p in [*range(1, 8), *range(10, 15)]}
    picture = story_picture(RU, "Война стихий", state, names, ("Свет", "Тьма"))
    image = Image.open(io.BytesIO(draw_story(picture)))
    width, height = size_of(picture)
    assert image.format == "PNG"
    assert image.size == (round(width * canvas.DPI), round(height * canvas.DPI))
    assert max(image.size) <= canvas.MAX_SIDE
