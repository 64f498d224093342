"""A season's table as a picture (``/season``): each player's rank, name, season points and
the results counted (``rules.season``), a tied row's reason under it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.pictures import canvas
from bot.pictures.table import Grid

if TYPE_CHECKING:
    from matplotlib.axes import Axes


@dataclass(frozen=True, slots=True)
class SeasonRow:
    rank: int
    name: str
    points: int
    counted: str  #: «25 + 18»
    note: str  #: why a tied row stands there ("" when it is not tied)


@dataclass(frozen=True, slots=True)
class SeasonTable:
    title: str
    subtitle: str
    headers: tuple[str, str, str, str]
    rows: tuple[SeasonRow, ...]


WIDTH = 11.0
ROW = 0.72
#: where each column starts, in inches (the rank, the name, the points, the results counted)
COLUMNS = (0.3, 1.25, 6.0, 7.6)
GRID = Grid(WIDTH, ROW, COLUMNS)
#: the most rows one picture shows (Telegram's 1 280 pixels); the text lists everyone
MOST = 14


def draw_season_table(table: SeasonTable) -> bytes:
    """The table as PNG bytes: 1 100 pixels wide, a row of 72 pixels per player."""
    fig, ax, height = GRID.table(table.headers, table.rows[:MOST], draw_row, 0.3)
    GRID.title(ax, height - 0.25, table.title, 26, "top")
    ax.text(0.3, height - 0.95, table.subtitle, fontsize=14, va="center", color=canvas.MUTED)
    return canvas.png(fig)


def draw_row(ax: Axes, y: float, row: SeasonRow) -> None:
    leader = row.rank == 1
    middle = GRID.band(ax, y, row.rank, leader)
    lift = 0.14 if row.note else 0.0  # the name moves up to make room for the note
    cells = (str(row.rank), row.name, str(row.points), row.counted)
    GRID.cells(ax, middle, cells, "bold" if leader else "normal", {1: lift})
    if row.note:
        style = {"fontsize": 11, "va": "center", "color": canvas.MUTED}
        canvas.fitted(ax, (COLUMNS[1], middle - 0.2), row.note, GRID.room(1), **style)
