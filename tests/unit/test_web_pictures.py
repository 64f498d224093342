"""A board's pictures (``bot.web.render.drawn``): each put at its mark as a ``data:`` PNG with
its words as the alt (escaped for the attribute), or its words when it cannot be drawn; a
board without pictures is left as it is."""

from __future__ import annotations

import base64

from bot.web.render import Board, Picture, drawn

PNG = b"\x89PNG\r\n\x1a\n-fake-"


async def png() -> bytes:
    return PNG


async def broken() -> bytes:
    raise RuntimeError("matplotlib is gone")


async def test_a_picture_goes_at_its_mark_as_a_data_uri() -> None:
    picture = Picture("laar", 'Ann "<b>" & Co', png)
    board = Board("t", "ru", f"<p>before</p>{picture.mark}<p>after</p>", (picture,))
    shown = await drawn(board)
    data = base64.b64encode(PNG).decode()
    alt = "Ann &quot;&lt;b&gt;&quot; &amp; Co"
    expected = f'<img class="picture" alt="{alt}" src="data:image/png;base64,{data}">'
    assert shown.html == f"<p>before</p>{expected}<p>after</p>"
    assert shown.pictures == () and (shown.title, shown.lang) == ("t", "ru")


async def test_a_picture_that_cannot_be_drawn_shows_its_words() -> None:
    picture = Picture("laar", "1:<An", broken)
    shown = await drawn(Board("t", "ru", picture.mark, (picture,)))
    assert shown.html == '<p class="picture">1:&lt;An</p>'


async def test_a_board_without_pictures_is_unchanged() -> None:
    board = Board("t", "ru", "<!--picture:laar--><p>x</p>")
    assert await drawn(board) == board
