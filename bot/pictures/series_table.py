"""An Overlord series' table as a picture (``/series``): each player's place by crystals, his
crystals, the tournaments held of 15 and the series' status. Built from the replayed state
(``rules.series.state``): the most crystals first, equal ones by club number."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.pictures import canvas
from bot.pictures.table import Grid
from bot.texts import Translate

if TYPE_CHECKING:
    from matplotlib.axes import Axes


@dataclass(frozen=True, slots=True)
class SeriesRow:
    place: int
    name: str
    crystals: int
    #: he won a series tournament (his right to play the Overlord deck, 606.3)
    challenger: bool


@dataclass(frozen=True, slots=True)
class SeriesTable:
    title: str
    subtitle: str
    headers: tuple[str, str, str]
    rows: tuple[SeriesRow, ...]
    footer: str


def series_table(
    t: Translate,
    title: str,
    subtitle: str,
    table: list[tuple[int, int]],
    names: Mapping[int, str],
    challengers: set[int],
    footer: str,
) -> SeriesTable:
    """``table``: (player, crystals), most first (``SeriesState.table``)."""
    rows = tuple(
        SeriesRow(place, names.get(pid, "?"), count, pid in challengers)
        for place, (pid, count) in enumerate(table, start=1)
    )
    headers = (t("pictures.koth_place"), t("pictures.koth_player"), t("series.picture_crystals"))
    return SeriesTable(title, subtitle, headers, rows, footer)


WIDTH = 9.0
ROW = 0.66
#: where each column starts, in inches (the place, the name, the crystals)
COLUMNS = (0.3, 1.25, 7.0)
GRID = Grid(WIDTH, ROW, COLUMNS)
#: the rows drawn: the picture stays within Telegram's 1 280 pixels (the text has them all)
MAX_ROWS = 14


def draw_series_table(table: SeriesTable) -> bytes:
    """The table as PNG bytes: 900 pixels wide, a row of 66 pixels per player."""
    fig, ax, height = GRID.table(table.headers, table.rows[:MAX_ROWS], draw_row, 0.8)
    GRID.title(ax, height - 0.45, table.title, 24, "center")
    ax.text(0.3, height - 1.0, table.subtitle, fontsize=15, va="center", color=canvas.MUTED)
    ax.text(0.3, 0.4, table.footer, fontsize=16, va="center", color=canvas.INK)
    return canvas.png(fig)


def draw_row(ax: Axes, y: float, row: SeriesRow) -> None:
    middle = GRID.band(ax, y, row.place, row.place == 1)
    cells = (str(row.place), row.name, str(row.crystals))
    weight = "bold" if row.challenger else "normal"  # a series tournament's winner
    GRID.cells(ax, middle, cells, weight)
