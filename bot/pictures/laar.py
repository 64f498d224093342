"""The map of Laar (605.3) as a picture: every sector of an Arena as a numbered cell coloured by
its owner, neutral ones grey, and a legend with each player in the Arena, his colour and his
count.

A player keeps his colour for the whole Arena (by the order of first entries), so the daily maps
read as one story. Sectors stand in the order entries brought them, ``COLUMNS`` to a row.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from bot.pictures import canvas
from bot.texts import Translate
from rules.arena import State

#: one colour per player, told apart on white and from the neutral grey
PALETTE = (
    "#1f77b4",
    "#d62728",
    "#2ca02c",
    "#9467bd",
    "#ff7f0e",
    "#8c564b",
    "#e377c2",
    "#17becf",
    "#bcbd22",
    "#393b79",
    "#637939",
    "#843c39",
    "#7b4173",
    "#3182bd",
    "#e6550d",
    "#31a354",
)
NEUTRAL = "#c8ccd0"
COLUMNS = 10
CELL = 0.8  #: inches
MARGIN = 0.3
TOP = 1.0  #: the title's band
LEGEND = 4.2  #: the legend's column
LEGEND_ROW = 0.5


@dataclass(frozen=True, slots=True)
class Cell:
    number: int
    colour: str


@dataclass(frozen=True, slots=True)
class Legend:
    name: str
    count: int
    colour: str


@dataclass(frozen=True, slots=True)
class LaarMap:
    title: str
    cells: tuple[Cell, ...]
    legend: tuple[Legend, ...]
    neutral: str  #: the legend's last line: the neutral sectors

    @property
    def rows(self) -> int:
        return max(1, math.ceil(len(self.cells) / COLUMNS))

    @property
    def cell(self) -> float:
        """A cell's side: ``CELL``, smaller when the rows would not fit ``MAX_SIDE``."""
        room = canvas.MAX_INCHES - TOP - MARGIN
        return min(CELL, room / self.rows)

    @property
    def size(self) -> tuple[float, float]:
        width = MARGIN * 2 + COLUMNS * CELL + LEGEND
        body = max(self.rows * self.cell, (len(self.legend) + 1) * LEGEND_ROW)
        return width, min(TOP + body + MARGIN, canvas.MAX_INCHES)

    def centre(self, index: int) -> tuple[float, float]:
        """Cell ``index``'s centre in inches from the top left corner."""
        row, column = divmod(index, COLUMNS)
        return MARGIN + (column + 0.5) * self.cell, TOP + (row + 0.5) * self.cell

    def pixel(self, index: int) -> tuple[int, int]:
        """Cell ``index``'s centre in the PNG's pixels (x, y from the top left)."""
        x, y = self.centre(index)
        return round(x * canvas.DPI), round(y * canvas.DPI)


def colours_of(state: State) -> dict[int, str]:
    """Each player's colour: by the order of the players' first entries."""
    order: list[int] = []
    for entry in state.entries:
        if entry.player not in order:
            order.append(entry.player)
    return {player: PALETTE[i % len(PALETTE)] for i, player in enumerate(order)}


def laar_map(t: Translate, title: str, state: State, names: Mapping[int, str]) -> LaarMap:
    """What the map shows now: each sector's owner's colour, the players in with their counts."""
    colours = colours_of(state)
    cells = tuple(
        Cell(sector, NEUTRAL if owner is None else colours[owner])
        for sector, owner in sorted(state.owner.items())
    )
    legend = tuple(
        Legend(names.get(player, f"#{player}"), state.count(player), colours[player])
        for player in sorted(state.active, key=lambda p: (-state.count(p), names.get(p, "")))
    )
    neutral = t("pictures.laar_neutral", count=len(state.neutral()))
    return LaarMap(t("pictures.laar_title", name=title), cells, legend, neutral)


def draw_laar_map(picture: LaarMap) -> bytes:
    """The map as PNG bytes (1 280 pixels wide)."""
    width, height = picture.size
    fig = canvas.figure(width, height)
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(0, width)
    ax.set_ylim(height, 0)  # inches from the top, as ``LaarMap.centre`` counts them
    ax.axis("off")
    ax.text(MARGIN, 0.55, picture.title, fontsize=24, weight="bold", color=canvas.HEADER)
    side = picture.cell
    for index, cell in enumerate(picture.cells):
        x, y = picture.centre(index)
        corner = (x - side / 2 + 0.03, y - side / 2 + 0.03)
        canvas.rectangle(ax, corner, (side - 0.06, side - 0.06), cell.colour, cell.colour)
        ax.text(x, y + side * 0.35, str(cell.number), fontsize=9, ha="center", color=canvas.PAPER)
    left = MARGIN * 2 + COLUMNS * CELL
    y = TOP + LEGEND_ROW / 2
    fits = max(1, int((height - TOP - MARGIN) / LEGEND_ROW) - 1)  # a crowded Arena: the top
    for row in (*picture.legend[:fits], Legend(picture.neutral, -1, NEUTRAL)):
        canvas.rectangle(ax, (left, y - 0.15), (0.3, 0.3), row.colour, row.colour)
        label = row.name if row.count < 0 else f"{row.name}: {row.count}"
        style = {"fontsize": 16, "va": "center", "color": canvas.INK}
        canvas.fitted(ax, (left + 0.45, y), label, LEGEND - 0.6, **style)
        y += LEGEND_ROW
    return canvas.png(fig)
