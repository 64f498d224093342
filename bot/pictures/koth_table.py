"""The King of the Hill final table as a picture: each player's place, wins against his norm,
rating before and after (the winner's +80 bonus beside it) and the prize fund.

Places: ``rules.koth.places`` (the winner, then by the remainder to the norm).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.formats import Money, Rating, RatingChange
from bot.pictures import canvas
from bot.texts import Translate
from rules.koth import BONUS, KothState
from rules.koth.places import final_places

if TYPE_CHECKING:
    from matplotlib.axes import Axes


@dataclass(frozen=True, slots=True)
class KothRow:
    place: int
    name: str
    wins: int
    norm: int
    before: str  #: «1100,00»
    after: str
    change: str  #: «−2,44»
    bonus: str | None  #: the winner's «+80 бонус»
    winner: bool


@dataclass(frozen=True, slots=True)
class KothTable:
    title: str
    headers: tuple[str, str, str, str, str]
    rows: tuple[KothRow, ...]
    footer: str


def koth_table(
    t: Translate,
    lang: str,
    title: str,
    state: KothState[int],
    names: Mapping[int, str],
    changes: Mapping[int, tuple[int, int]],
    fund: int,
    bonus: bool = True,
) -> KothTable:
    """The table at the end: ``changes`` are each player's rating (cents) before and after
    (``bot.koth.finish.Finish``); ``bonus``: the winner got his bonus (not in a tournament
    that moved no rating)."""
    rows = []
    for place, pid in enumerate(final_places(state), start=1):
        old, new = changes.get(pid, (0, 0))
        won = bonus and pid == state.winner
        extra = t("pictures.koth_bonus", bonus=BONUS) if won else None
        rows.append(
            KothRow(
                place=place,
                name=names.get(pid, "?"),
                wins=state.wins[pid],
                norm=state.norms[pid],
                before=Rating(old).text(lang),
                after=Rating(new).text(lang),
                change=RatingChange(new - old).text(lang),
                bonus=extra,
                winner=pid == state.winner,
            )
        )
    headers = (
        t("pictures.koth_place"),
        t("pictures.koth_player"),
        t("pictures.koth_wins"),
        t("pictures.koth_rating"),
        t("pictures.koth_change"),
    )
    footer = t("pictures.koth_fund", fund=Money(fund).text(lang))
    return KothTable(t("pictures.koth_title", name=title), headers, tuple(rows), footer)


WIDTH = 11.0
ROW = 0.72
#: where each column starts, in inches (the place, the name, wins / norm, rating, change)
COLUMNS = (0.3, 1.25, 4.5, 6.3, 9.0)


def draw_koth_table(table: KothTable) -> bytes:
    """The table as PNG bytes: 1 100 pixels wide, a row of 72 pixels per player."""
    height = 1.0 + ROW * (len(table.rows) + 1) + 0.8
    fig = canvas.figure(WIDTH, height)
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(0, WIDTH)
    ax.set_ylim(0, height)
    ax.axis("off")
    ax.text(
        0.3, height - 0.25, table.title, fontsize=26, weight="bold", va="top", color=canvas.HEADER
    )
    y = height - 1.0
    for x, label in zip(COLUMNS, table.headers, strict=True):
        ax.text(x, y - ROW / 2, label, fontsize=14, va="center", color=canvas.MUTED)
    for row in table.rows:
        y -= ROW
        draw_row(ax, y, row)
    ax.text(0.3, 0.4, table.footer, fontsize=18, va="center", color=canvas.INK)
    return canvas.png(fig)


def draw_row(ax: Axes, y: float, row: KothRow) -> None:
    face = canvas.GOLD if row.winner else (canvas.PANEL if row.place % 2 else canvas.PAPER)
    canvas.rectangle(ax, (0.15, y - ROW), (WIDTH - 0.3, ROW), face, face)
    middle = y - ROW / 2
    cells = (
        str(row.place),
        row.name,
        f"{row.wins} / {row.norm}",
        f"{row.before} → {row.after}",
        row.change,
    )
    weight = "bold" if row.winner else "normal"
    for index, (x, cell) in enumerate(zip(COLUMNS, cells, strict=True)):
        lift = 0.14 if row.bonus is not None and index == len(cells) - 1 else 0.0
        size = 18 if index == 3 else 20
        room = (*COLUMNS, WIDTH)[index + 1] - x - 0.15  # up to the next column
        style = {"fontsize": size, "va": "center", "color": canvas.INK, "weight": weight}
        canvas.fitted(ax, (x, middle + lift), cell, room, **style)
    if row.bonus is not None:
        ax.text(COLUMNS[-1], middle - 0.18, row.bonus, fontsize=14, va="center", color=canvas.INK)
