"""The recap's picture card (``bot.pictures.recap_card``): the post's lines without their
emoji (the font has none), and the PNG at the size its layout gives, within Telegram's; the
night an evening's moment belongs to (``rules.recap.night_of``)."""

from __future__ import annotations

import io
from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

from PIL import Image

from bot.pictures import canvas
from bot.pictures.recap_card import LINE, MOST, WIDTH, RecapCard, draw_recap_card, unpictured
from rules.recap import night_of

MOSCOW = ZoneInfo("Europe/Moscow")


def test_the_card_takes_the_posts_lines_without_emoji() -> None:
    card = RecapCard.of(["🌙 Итоги вечера 30.11.2026: 2 турнира", "🏆 «Кубок»: Анна — “A”", "⚡️ x"])
    assert card.title == "Итоги вечера 30.11.2026: 2 турнира"
    assert card.lines == ("«Кубок»: Анна — “A”", "x")
    assert unpictured("👑  Bob 🎉") == "Bob"


def test_the_card_is_drawn_at_its_size_and_never_above_telegrams() -> None:
    lines = tuple(f"Строка {n}" for n in range(3))
    image = Image.open(io.BytesIO(draw_recap_card(RecapCard("Итоги", lines))))
    height = 1.4 + LINE * 3 + 0.4
    assert image.size == (round(WIDTH * canvas.DPI), round(height * canvas.DPI))
    many = RecapCard("Итоги", tuple(f"Строка {n}" for n in range(MOST * 3)))
    assert max(Image.open(io.BytesIO(draw_recap_card(many))).size) <= canvas.MAX_SIDE


def test_the_small_hours_belong_to_the_evening_before() -> None:
    # 21:00 and 02:30 Moscow (18:00 and 23:30 UTC): Monday's evening; 06:00 is Tuesday's
    assert night_of(datetime(2026, 11, 30, 18, 0, tzinfo=UTC), MOSCOW) == date(2026, 11, 30)
    assert night_of(datetime(2026, 11, 30, 23, 30, tzinfo=UTC), MOSCOW) == date(2026, 11, 30)
    assert night_of(datetime(2026, 12, 1, 3, 0, tzinfo=UTC), MOSCOW) == date(2026, 12, 1)
