"""What both kinds of board share: the rendered board, HTML helpers and the clock element."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.texts import escape


@dataclass(frozen=True, slots=True)
class Board:
    """A board as the page shows it: its title (plain text), language and body (HTML)."""

    title: str
    lang: str
    html: str


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
