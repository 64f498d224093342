"""A Story Constructed tournament's knockout as a picture (607): a column per round, a box per
pair made (the attacking side's player above, the defending side's below), the winner's line
marked, a draw on time marked on both, the reserves under the column; the winning side at the
top. Built from the replayed state (``rules.story.State``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.pictures import canvas
from rules.results import Outcome
from rules.story import State

if TYPE_CHECKING:
    from matplotlib.axes import Axes

#: a text in the picture's language (plain text)
Plain = Callable[..., str]


@dataclass(frozen=True, slots=True)
class Duel:
    """One pair: its players, and who went through: ``a``, ``d``, both (``draw``), neither
    (``none``: a double loss), or "" while it is played."""

    attacker: str
    defender: str
    through: str


@dataclass(frozen=True, slots=True)
class Column:
    name: str
    duels: tuple[Duel, ...]
    reserves: str


@dataclass(frozen=True, slots=True)
class StoryPicture:
    title: str
    subtitle: str
    columns: tuple[Column, ...]


THROUGH = {
    Outcome.CLEAN_WIN: "a",
    Outcome.TECHNICAL_WIN: "a",
    Outcome.LOSS: "d",
    Outcome.TECHNICAL_LOSS: "d",
    Outcome.DRAW: "draw",
    Outcome.DOUBLE_LOSS: "none",
}


def story_picture(
    plain: Plain, title: str, state: State, names: Mapping[int, str], sides: tuple[str, str]
) -> StoryPicture:
    """What the picture shows of ``state``."""
    columns = []
    for rnd in state.rounds:
        duels = tuple(
            Duel(
                names.get(a, "?"),
                names.get(d, "?"),
                THROUGH[rnd.results[table]] if table in rnd.results else "",
            )
            for table, (a, d) in enumerate(rnd.pairs, start=1)
        )
        if not duels:
            continue
        reserves = ", ".join(names.get(p, "?") for p in state.reserves(rnd))
        shown = plain("story.pic_reserves", names=reserves) if reserves else ""
        columns.append(Column(plain("story.pic_round", round=rnd.number), duels, shown))
    winner = state.winner
    attack, defence = sides[state.attacking], sides[state.defending]
    subtitle = plain("story.pic_subtitle", attack=attack, defence=defence)
    if winner is not None:
        subtitle += " · " + plain("story.pic_winner", side=sides[winner])
    return StoryPicture(title, subtitle, tuple(columns))


#: inches: a column's width, a duel's height, the header's and the footer's
COLUMN, DUEL, HEADER, FOOT = 3.2, 0.95, 1.3, 0.6


def size_of(picture: StoryPicture) -> tuple[float, float]:
    """The picture's size in inches (within Telegram's 1280 pixels a side)."""
    rows = max((len(c.duels) for c in picture.columns), default=1)
    width = min(canvas.MAX_INCHES, max(6.0, COLUMN * len(picture.columns) + 0.4))
    height = min(canvas.MAX_INCHES, HEADER + DUEL * rows + FOOT)
    return width, height


def draw_story(picture: StoryPicture) -> bytes:
    """The knockout as PNG bytes (sizes: ``size_of``)."""
    width, height = size_of(picture)
    fig = canvas.figure(width, height)
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(0, width)
    ax.set_ylim(0, height)
    ax.axis("off")
    ax.text(0.3, height - 0.2, picture.title, fontsize=18, weight="bold", va="top")
    ax.text(0.3, height - 0.7, picture.subtitle, fontsize=11, va="top", color=canvas.MUTED)
    column = (width - 0.4) / max(len(picture.columns), 1)
    for index, col in enumerate(picture.columns):
        left = 0.2 + index * column
        top = height - HEADER
        ax.text(left, top + 0.1, col.name, fontsize=11, color=canvas.MUTED, va="bottom")
        for row, duel in enumerate(col.duels):
            y = top - (row + 1) * DUEL + 0.1
            draw_duel(ax, (left, y), column - 0.2, duel)
        if col.reserves:
            y = top - len(col.duels) * DUEL - 0.1
            canvas.fitted(
                ax, (left, y), col.reserves, column - 0.2, fontsize=9, va="top", color=canvas.MUTED
            )
    return canvas.png(fig)


def draw_duel(ax: Axes, at: tuple[float, float], width: float, duel: Duel) -> None:
    """Two lines, the attacker above: a line that went through is marked."""
    left, bottom = at
    line = (DUEL - 0.2) / 2
    for k, (name, side) in enumerate(((duel.attacker, "a"), (duel.defender, "d"))):
        y = bottom + line * (1 - k)
        went = duel.through in (side, "draw")
        face = canvas.WON if went else canvas.PANEL
        edge = canvas.WON_EDGE if went else canvas.LINE
        canvas.rectangle(ax, (left, y), (width, line), face, edge)
        mark = "½ " if duel.through == "draw" else ""
        canvas.fitted(
            ax, (left + 0.1, y + line / 2), mark + name, width - 0.2, fontsize=11, va="center"
        )
