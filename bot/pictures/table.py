"""A ranked table drawn as a picture (a season's, a series'): a sheet whose axes are inches,
the column headers, each row's band (gold for the first, then alternate shades) and its cells,
each shortened to fit its column."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from bot.pictures import canvas

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class Grid:
    """A table's geometry in inches: its width, a row's height, where each column starts."""

    width: float
    row: float
    columns: tuple[float, ...]

    def sheet(self, height: float) -> tuple[Figure, Axes]:
        """A blank figure ``height`` inches tall whose one frameless axes count in inches."""
        fig = canvas.figure(self.width, height)
        ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
        ax.set_xlim(0, self.width)
        ax.set_ylim(0, height)
        ax.axis("off")
        return fig, ax

    def table(
        self,
        headers: Sequence[str],
        rows: Sequence[R],
        draw_row: Callable[[Axes, float, R], None],
        bottom: float,
    ) -> tuple[Figure, Axes, float]:
        """A sheet with 1.5 inches for the titles (the caller's), the headers and the rows
        under them (each drawn by ``draw_row`` below its ``y``) and ``bottom`` inches below
        them; the figure, its axes and its height."""
        height = 1.5 + self.row * (len(rows) + 1) + bottom
        fig, ax = self.sheet(height)
        y = height - 1.5
        self.headers(ax, y, headers)
        for row in rows:
            y -= self.row
            draw_row(ax, y, row)
        return fig, ax, height

    def title(self, ax: Axes, y: float, text: str, size: int, va: str) -> None:
        """The table's title at ``y``, shortened to the sheet's width."""
        style = {"fontsize": size, "weight": "bold", "va": va, "color": canvas.HEADER}
        canvas.fitted(ax, (0.3, y), text, self.width - 0.6, **style)

    def headers(self, ax: Axes, y: float, labels: Sequence[str]) -> None:
        """The columns' names in the row below ``y``."""
        for x, label in zip(self.columns, labels, strict=True):
            ax.text(x, y - self.row / 2, label, fontsize=14, va="center", color=canvas.MUTED)

    def band(self, ax: Axes, y: float, place: int, gold: bool) -> float:
        """The background of the row below ``y`` (gold, else shaded by ``place``); its
        middle."""
        face = canvas.GOLD if gold else (canvas.PANEL if place % 2 else canvas.PAPER)
        canvas.rectangle(ax, (0.15, y - self.row), (self.width - 0.3, self.row), face, face)
        return y - self.row / 2

    def room(self, index: int) -> float:
        """How wide column ``index``'s text may be: up to the next column."""
        return (*self.columns, self.width)[index + 1] - self.columns[index] - 0.15

    def cells(
        self,
        ax: Axes,
        middle: float,
        cells: Sequence[str],
        weight: str,
        lifts: Mapping[int, float] | None = None,
    ) -> None:
        """A row's cells at ``middle`` (a column of ``lifts`` raised by its value)."""
        for index, (x, cell) in enumerate(zip(self.columns, cells, strict=True)):
            lift = (lifts or {}).get(index, 0.0)
            style = {"fontsize": 20, "va": "center", "color": canvas.INK, "weight": weight}
            canvas.fitted(ax, (x, middle + lift), cell, self.room(index), **style)
