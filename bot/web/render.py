"""What every kind's board shares: the rendered board, its pictures, HTML helpers and the clock
element."""

from __future__ import annotations

import base64
import html
import logging
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from bot.texts import escape

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Picture:
    """A picture on a board (an Arena's map of Laar): its kind builds what it shows in the
    board's read and puts ``mark`` where it goes; the web server draws it after the read
    (``drawn``), so the database is never held while it draws, and ``draw`` draws off the
    event loop (a worker thread: ``bot.pictures.canvas.render``). The page carries it as a
    ``data:`` URI (the page's Content-Security-Policy allows images from nothing else)."""

    #: its place in the board's markup (``mark``), unique on the board
    name: str
    #: what it shows, in words (plain text): the image's ``alt``, or shown if it cannot be drawn
    alt: str
    #: the PNG
    draw: Callable[[], Awaitable[bytes]]

    @property
    def mark(self) -> str:
        """What the kind puts in the board's markup where the picture goes (an HTML comment:
        no escaped text a person typed can hold one)."""
        return f"<!--picture:{self.name}-->"


@dataclass(frozen=True, slots=True)
class Board:
    """A board as the page shows it: its title (plain text), language and body (HTML); its
    ``pictures`` still to draw (``drawn`` puts them in the body)."""

    title: str
    lang: str
    html: str
    pictures: tuple[Picture, ...] = ()


async def drawn(board: Board) -> Board:
    """The board with its pictures drawn into its body as ``data:`` images (called after the
    board's read: drawing holds no database). A picture that fails is logged, and its words
    stand in its place."""
    body = board.html
    for picture in board.pictures:
        try:
            png = await picture.draw()
        except Exception:
            log.exception("the picture %s of board %r was not drawn", picture.name, board.title)
            shown = f'<p class="picture">{esc(picture.alt)}</p>'
        else:
            data = base64.b64encode(png).decode("ascii")
            alt = html.escape(picture.alt, quote=True)
            shown = f'<img class="picture" alt="{alt}" src="data:image/png;base64,{data}">'
        body = body.replace(picture.mark, shown, 1)
    return replace(board, html=body, pictures=())


def esc(value: object) -> str:
    """A name or any value the bot did not build, as HTML text (escaped once, here)."""
    return escape(value)


def section(name: str, heading: str, body: str) -> str:
    return f'<section class="{name}"><h2>{heading}</h2>{body}</section>'


def table(head: Iterable[str], rows: Iterable[str], *, paged: bool = False) -> str:
    """A table; ``paged``: the TV shows it a page at a time (the page's script)."""
    cells = "".join(f"<th>{h}</th>" for h in head)
    attrs = ' class="paged"' if paged else ""
    return f"<table{attrs}><thead><tr>{cells}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def row(cells: Iterable[str], css: str = "") -> str:
    attrs = f' class="{css}"' if css else ""
    return f"<tr{attrs}>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"


def hms(left: timedelta) -> str:
    """H:MM:SS of what is left (0:00:00 once over)."""
    seconds = max(0, int(left.total_seconds()))
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def clock(label: str, until: datetime, now: datetime) -> str:
    """A clock counting down to ``until``; the page's script ticks it every second."""
    return (
        f'<div class="clock"><span class="label">{label}</span> '
        f'<span class="time" data-until="{until.isoformat()}">{hms(until - now)}</span></div>'
    )
