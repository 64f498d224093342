"""A season's web page (``GET /s/<token>``, ``bot.web.server``): the table as ``/season``
shows it, in the group's language, with the board's style. A still page: a season changes when
a tournament ends, so a reload shows the new table (no stream, no script)."""

from __future__ import annotations

import html
from collections.abc import Mapping

from bot.texts import Translate
from bot.web.page import CSS
from bot.web.render import Board, esc, row, section, table
from rules.season import Row


def season_board(
    t: Translate,
    lang: str,
    title: str,
    head: list[str],
    rows: tuple[Row, ...],
    names: Mapping[int, str],
    notes: Mapping[int, str],
) -> Board:
    """The board: the season's head lines, then its table (``notes``: a tied row's reason)."""
    cells = [
        row(
            (
                str(r.rank),
                esc(names.get(r.player, f"#{r.player}")),
                str(r.points),
                " + ".join(map(str, r.counted)),
                esc(", ".join(map(str, r.dropped))),
                notes.get(r.player, ""),
            ),
            "leader" if r.rank == 1 else "",
        )
        for r in rows
    ]
    heads = (
        t("season.picture_rank"),
        t("season.picture_player"),
        t("season.picture_points"),
        t("season.picture_counted"),
        t("season.web_dropped"),
        t("season.web_tie"),
    )
    body = "".join(f"<p>{line}</p>" for line in head) + table(heads, cells, paged=True)
    return Board(title=title, lang=lang, html=section("season", esc(title), body))


def season_page(board: Board, title: str) -> str:
    """The whole page (``title``: HTML text)."""
    return (
        f'<!doctype html><html lang="{html.escape(board.lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        '<meta name="referrer" content="no-referrer"><meta name="robots" content="noindex">'
        f"<title>{title}</title><style>{CSS}</style></head><body>"
        f'<main id="board">{board.html}</main></body></html>'
    )
