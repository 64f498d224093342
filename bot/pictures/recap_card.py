"""The evening's recap as a picture card (``bot.recap``): its head and its lines, as the post
says them (plain text)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.pictures import canvas


@dataclass(frozen=True, slots=True)
class RecapCard:
    title: str
    lines: tuple[str, ...]

    @classmethod
    def of(cls, lines: list[str]) -> RecapCard:
        """The post's lines on a card: the first is its title; the emoji left out (the
        picture's font has none: each would be an empty box)."""
        drawn = [unpictured(line) for line in lines]
        return cls(drawn[0], tuple(drawn[1:]))


#: from here on, Unicode holds arrows, symbols and emoji (the quotes and dashes come before)
SYMBOLS = 0x2190


def unpictured(line: str) -> str:
    """The line without its emoji and symbols, its spaces tidied."""
    return " ".join("".join(c for c in line if ord(c) < SYMBOLS).split())


WIDTH = 10.0
LINE = 0.62
#: the most lines one card shows (Telegram's 1 280 pixels); the post says everything
MOST = 16


def draw_recap_card(card: RecapCard) -> bytes:
    """The card as PNG bytes: 1 000 pixels wide, 62 pixels a line."""
    lines = card.lines[:MOST]
    height = 1.4 + LINE * len(lines) + 0.4
    fig = canvas.figure(WIDTH, height)
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(0, WIDTH)
    ax.set_ylim(0, height)
    ax.axis("off")
    canvas.rectangle(ax, (0.0, height - 1.2), (WIDTH, 1.2), canvas.HEADER, canvas.HEADER)
    style = {"fontsize": 26, "weight": "bold", "va": "center", "color": canvas.PAPER}
    canvas.fitted(ax, (0.35, height - 0.6), card.title, WIDTH - 0.7, **style)
    y = height - 1.4
    for index, line in enumerate(lines):
        face = canvas.PANEL if index % 2 else canvas.PAPER
        canvas.rectangle(ax, (0.15, y - LINE), (WIDTH - 0.3, LINE), face, face)
        row = {"fontsize": 18, "va": "center", "color": canvas.INK}
        canvas.fitted(ax, (0.35, y - LINE / 2), line, WIDTH - 0.7, **row)
        y -= LINE
    return canvas.png(fig)
