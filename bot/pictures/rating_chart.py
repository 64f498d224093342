"""A player's rating history as a chart: one line per discipline (billiards, Berserk, Heroes),
the dates on the x axis, each line's latest value written at its end.

Built from his ``rating_history`` rows (every change: the start value, each tournament, an
organiser's setting): the base rating (the King of the Hill winner's +80 bonus is not a change
of it, ``/profile`` tells it in words). Nothing to chart (no discipline with two values) gives
no picture: ``/profile`` is then its text alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, tzinfo

from bot.formats import Rating
from bot.pictures import canvas
from bot.texts import Translate


@dataclass(frozen=True, slots=True)
class Change:
    """One row of ``rating_history``: the rating (cents) after the change, and when."""

    discipline: str
    cents: int
    at: datetime


@dataclass(frozen=True, slots=True)
class RatingLine:
    label: str  #: the discipline, in the reader's language
    points: tuple[tuple[datetime, float], ...]  #: (the club's local time, the rating)
    last: str  #: the latest rating as written («1038,40»)


@dataclass(frozen=True, slots=True)
class RatingChart:
    title: str
    axis: str
    lines: tuple[RatingLine, ...]


def rating_chart(
    t: Translate, lang: str, name: str, history: Sequence[Change], zone: tzinfo
) -> RatingChart | None:
    """The chart of ``history`` (in the order the changes were made), or ``None`` when no
    discipline has two values to draw a line between."""
    by_discipline: dict[str, list[Change]] = {}
    for change in history:
        by_discipline.setdefault(change.discipline, []).append(change)
    if all(len(changes) < 2 for changes in by_discipline.values()):
        return None
    lines = []
    for discipline, changes in sorted(by_discipline.items()):
        points = tuple((c.at.astimezone(zone).replace(tzinfo=None), c.cents / 100) for c in changes)
        last = Rating(changes[-1].cents).text(lang)
        lines.append(RatingLine(t(f"discipline.{discipline}"), points, last))
    return RatingChart(
        t("pictures.rating_title", name=name), t("pictures.rating_axis"), tuple(lines)
    )


WIDTH, HEIGHT = 10.0, 6.25


def draw_rating_chart(chart: RatingChart) -> bytes:
    """The chart as PNG bytes, 1 000 × 625 pixels (16:10, a phone's chat preview width)."""
    from matplotlib import dates

    fig = canvas.figure(WIDTH, HEIGHT)
    ax = fig.add_axes((0.13, 0.12, 0.8, 0.69))
    fig.text(0.03, 0.965, chart.title, fontsize=24, weight="bold", va="top", color=canvas.HEADER)
    moments: list[float] = []
    for index, line in enumerate(chart.lines):
        xs = [float(dates.date2num(moment)) for moment, _ in line.points]  # type: ignore[no-untyped-call]
        ys = [value for _, value in line.points]
        moments += xs
        colour = canvas.SERIES[index % len(canvas.SERIES)]
        ax.plot(xs, ys, marker="o", markersize=8, linewidth=3, color=colour, label=line.label)
        ax.annotate(
            line.last,
            (xs[-1], ys[-1]),
            xytext=(8, 8),
            textcoords="offset points",
            fontsize=16,
            color=colour,
            weight="bold",
        )
    first, last = min(moments), max(moments)
    pad = max(1.0, (last - first) * 0.12)  # days: a single evening still spans a few dates
    ax.set_xlim(first - pad, last + pad)
    locator = dates.AutoDateLocator(minticks=2, maxticks=6)  # type: ignore[no-untyped-call]
    ax.xaxis.set_major_locator(locator)
    ax.xaxis.set_major_formatter(dates.DateFormatter("%d.%m.%Y"))  # type: ignore[no-untyped-call]
    ax.margins(y=0.25)
    ax.set_ylabel(chart.axis, fontsize=18, color=canvas.MUTED)
    ax.tick_params(labelsize=16, colors=canvas.INK)
    ax.grid(True, color="#e4e7eb", linewidth=1)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    ax.legend(
        fontsize=17,
        loc="lower left",
        frameon=False,
        ncols=len(chart.lines),
        bbox_to_anchor=(0.0, 1.01),
    )
    return canvas.png(fig)
