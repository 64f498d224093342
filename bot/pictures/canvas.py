"""What every picture shares: the figure, the PNG, the palette, and the render off the loop.

matplotlib is imported here inside the functions, never at the module's import: the bot starts
and idles without it (``benchmarks.footprint``). Figures are made with matplotlib's object API
(``Figure`` + the Agg canvas), not ``pyplot``: no global figure state, nothing to close.

Sizes: Telegram scales a photo down to 1 280 pixels on its long side, so no picture is drawn
larger (``MAX_SIDE``); type is sized for a phone's chat preview, where a 1 000-pixel-wide
picture shows about 360 points wide (20 pt here reads as about 10 pt there). DejaVu Sans,
matplotlib's own font, covers Latin and Cyrillic, so every name of the club renders.
"""

from __future__ import annotations

import asyncio
import io
import logging
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

log = logging.getLogger(__name__)

DPI = 100
#: Telegram's long side for a photo, in pixels
MAX_SIDE = 1280
MAX_INCHES = MAX_SIDE / DPI
FONT = "DejaVu Sans"
INK = "#1f2933"
MUTED = "#7b8794"
LINE = "#9aa5b1"
PAPER = "#ffffff"
HEADER = "#243b53"
WON = "#d5f5e3"
WON_EDGE = "#27ae60"
GOLD = "#f7d774"
PANEL = "#f0f4f8"
#: one colour per line of a chart (disciplines), readable on white and told apart
SERIES = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e")

P = TypeVar("P")
#: matplotlib is not thread-safe across figures' shared caches: one render at a time (in a
#: worker thread, so the event loop is never held)
_LOCK = threading.Lock()


def figure(width: float, height: float) -> Figure:
    """A blank figure of ``width`` × ``height`` inches (at ``DPI``), never above ``MAX_SIDE``."""
    os.environ.setdefault("MPLBACKEND", "Agg")
    from matplotlib.figure import Figure

    width, height = min(width, MAX_INCHES), min(height, MAX_INCHES)
    fig = Figure(figsize=(width, height), dpi=DPI, facecolor=PAPER)
    fig.set_layout_engine(None)
    return fig


def png(fig: Figure) -> bytes:
    """The figure as PNG bytes, exactly its size in pixels (no tight cropping)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(fig)
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=DPI, facecolor=fig.get_facecolor())
    return out.getvalue()


def rectangle(
    ax: Axes, corner: tuple[float, float], size: tuple[float, float], face: str, edge: str
) -> None:
    from matplotlib.patches import Rectangle

    ax.add_patch(Rectangle(corner, *size, facecolor=face, edgecolor=edge, linewidth=1.2))


def fitted(ax: Axes, at: tuple[float, float], text: str, width: float, **style: object) -> None:
    """``text`` drawn at ``at``, shortened with an ellipsis until it is at most ``width``
    inches wide as rendered (a name must not run into its neighbour's cell). The axes' data
    units are inches (each picture's axes span its figure)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    figure = ax.get_figure()
    assert figure is not None
    agg = figure.canvas
    if not isinstance(agg, FigureCanvasAgg):
        agg = FigureCanvasAgg(figure)  # type: ignore[arg-type]
    renderer = agg.get_renderer()  # type: ignore[no-untyped-call]
    artist = ax.text(*at, text, **style)  # type: ignore[arg-type]
    shown = text
    while len(shown) > 2 and artist.get_window_extent(renderer).width / DPI > width:
        shown = shorten(shown, len(shown) - 1)
        artist.set_text(shown)


def shorten(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis (a long name must not run over
    its neighbour's cell)."""
    return text if len(text) <= limit else text[: max(1, limit - 1)].rstrip() + "…"


def _locked(draw: Callable[[P], bytes], picture: P) -> bytes:
    with _LOCK:
        return draw(picture)


#: the pictures drawn lately, by what was drawn from what: the same data is drawn once, however
#: many ask for it at once or again (issue 20: four strangers asking ``/bracket`` 19 times each
#: made 75 renders of one bracket); a picture is its data, so a change draws a new one
_DRAWN: OrderedDict[tuple[object, object], asyncio.Task[bytes]] = OrderedDict()
DRAWN_KEPT = 32


async def render(draw: Callable[[P], bytes], picture: P) -> bytes:
    """``draw(picture)`` in a worker thread: the other chats are served meanwhile; once per
    picture's data (``_DRAWN``: a frozen, hashable picture). The time it took is logged (a Top
    8 bracket takes about 0.1–0.3 s once matplotlib is loaded; the first picture after the
    start also loads matplotlib, about a second more)."""
    key = (draw, picture)
    task = _DRAWN.get(key)
    if task is not None and task.done() and task.exception() is None:
        _DRAWN.move_to_end(key)
        return task.result()
    if task is None or task.done():  # not drawn, or its drawing failed: draw it (again)
        task = asyncio.ensure_future(_render(draw, picture))
        _DRAWN[key] = task
        while len(_DRAWN) > DRAWN_KEPT:
            _DRAWN.popitem(last=False)
    return await asyncio.shield(task)  # one asking goes away: the others still get it


async def _render(draw: Callable[[P], bytes], picture: P) -> bytes:
    started = time.perf_counter()
    data = await asyncio.to_thread(_locked, draw, picture)
    took = time.perf_counter() - started
    log.info("%s rendered in %.0f ms (%d bytes)", type(picture).__name__, took * 1000, len(data))
    return data
