"""The Top's bracket as a picture: every round's matches with the players' seeds, names and,
in a match format, the game score; the winners marked, the champion at the right.

Built from the replayed Swiss state (``rules.swiss.State``: the seeds, the Top rounds'
results) with ``rules.top.replay_bracket``: the matches still to come show the players known so
far and "—" for a place the bracket has not filled yet.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.pictures import canvas
from bot.texts import Translate
from rules.swiss import State
from rules.top import bracket_order, replay_bracket

if TYPE_CHECKING:
    from matplotlib.axes import Axes

#: a text in the reader's language, values as they are (plain text, not HTML)


@dataclass(frozen=True, slots=True)
class Slot:
    """One player's line of a match: his Top seed and name (``None``: not known yet), whether
    he won it (``None``: not decided), and his games in a match format."""

    seed: int | None
    name: str | None
    won: bool | None = None
    games: int | None = None


@dataclass(frozen=True, slots=True)
class Match:
    first: Slot
    second: Slot


@dataclass(frozen=True, slots=True)
class Stage:
    """One round of the bracket: its name («Полуфинал») and its matches, top to bottom."""

    name: str
    matches: tuple[Match, ...]


@dataclass(frozen=True, slots=True)
class BracketPicture:
    title: str
    subtitle: str
    stages: tuple[Stage, ...]
    champion_label: str
    champion: str | None


def stage_name(t: Translate, matches: int) -> str:
    if matches == 1:
        return t("pictures.round_final")
    if matches == 2:
        return t("pictures.round_semi")
    if matches == 4:
        return t("pictures.round_quarter")
    return t("pictures.round_of", matches=matches, players=2 * matches)


def game_scores(state: State) -> dict[tuple[int, int], tuple[int, int]]:
    """The game score of each Top match played in a match format, by its pair."""
    scores: dict[tuple[int, int], tuple[int, int]] = {}
    for rnd in state.top_rounds():
        for table, pair in enumerate(rnd.tables, start=1):
            result = rnd.results.get(table)
            if result is not None and result.games is not None:
                scores[pair] = result.games
    return scores


def slot(
    player: int | None, seeds: Mapping[int, int], names: Mapping[int, str], won: bool | None
) -> Slot:
    if player is None:
        return Slot(None, None)
    return Slot(seeds[player], names.get(player, "?"), won)


def bracket_picture(
    t: Translate, title: str, state: State, names: Mapping[int, str]
) -> BracketPicture | None:
    """The bracket as it stands (``None`` before the Top is seeded)."""
    if not state.seeds:
        return None
    seeds = {pid: n for n, pid in enumerate(state.seeds, start=1)}
    replay = replay_bracket(state.seeds, state.top_winners())
    decided = {pair: winner for pair, winner in replay.played}
    scores = game_scores(state)
    alive: list[int | None] = [state.seeds[s - 1] for s in bracket_order(len(state.seeds))]
    stages: list[Stage] = []
    while len(alive) > 1:
        matches, winners = [], []
        for a, b in zip(alive[::2], alive[1::2], strict=True):
            winner = decided.get((a, b)) if a is not None and b is not None else None
            games = scores.get((a, b)) if a is not None and b is not None else None
            won_a = None if winner is None else winner == a
            first, second = slot(a, seeds, names, won_a), slot(b, seeds, names, None)
            if won_a is not None:
                second = Slot(second.seed, second.name, not won_a)
            if games is not None:
                first = Slot(first.seed, first.name, first.won, games[0])
                second = Slot(second.seed, second.name, second.won, games[1])
            matches.append(Match(first, second))
            winners.append(winner)
        stages.append(Stage(stage_name(t, len(matches)), tuple(matches)))
        alive = winners
    champion = None if replay.champion is None else names.get(replay.champion, "?")
    subtitle = t("pictures.bracket_subtitle", size=len(state.seeds))
    return BracketPicture(title, subtitle, tuple(stages), t("pictures.champion"), champion)


@dataclass(frozen=True, slots=True)
class Layout:
    """Where things go, in inches (y upwards): a column per stage and a narrower one for the
    champion (``CHAMPION`` of a column)."""

    width: float
    height: float
    column: float
    unit: float  #: the height a first-round match has
    slot: float  #: the height of one player's line
    font: float  #: points

    HEADER = 1.6
    FOOT = 0.2
    CHAMPION = 0.85

    @classmethod
    def of(cls, picture: BracketPicture) -> Layout:
        columns = len(picture.stages) + cls.CHAMPION
        first = len(picture.stages[0].matches)
        width = min(canvas.MAX_INCHES, max(7.5, 3.4 * columns))
        height = min(canvas.MAX_INCHES, max(4.8, cls.HEADER + cls.FOOT + 1.25 * first))
        column = width / columns
        unit = (height - cls.HEADER - cls.FOOT) / first
        slot = min(unit * 0.42, 0.5)
        font = min(16.0, slot * 72 * 0.55)
        return cls(width, height, column, unit, slot, font)

    def centre(self, stage: int, match: int) -> float:
        """The height of the middle of a stage's match."""
        top = self.height - self.HEADER
        return top - (match + 0.5) * self.unit * float(2**stage)

    def left(self, stage: int) -> float:
        return stage * self.column + 0.12

    @property
    def box(self) -> float:
        return self.column * 0.88

    @property
    def champion_box(self) -> float:
        return self.column * self.CHAMPION - 0.24


def draw_bracket(picture: BracketPicture) -> bytes:
    """The bracket as PNG bytes (sizes: ``Layout``)."""
    layout = Layout.of(picture)
    fig = canvas.figure(layout.width, layout.height)
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(0, layout.width)
    ax.set_ylim(0, layout.height)
    ax.axis("off")
    top = layout.height
    ax.text(
        0.3,
        top - 0.2,
        picture.title,
        fontsize=layout.font * 1.35,
        weight="bold",
        va="top",
        color=canvas.HEADER,
    )
    ax.text(
        0.3, top - 0.85, picture.subtitle, fontsize=layout.font * 0.9, va="top", color=canvas.MUTED
    )
    last = len(picture.stages)
    for index, stage in enumerate(picture.stages):
        ax.text(
            layout.left(index),
            top - layout.HEADER + 0.1,
            stage.name,
            fontsize=layout.font * 0.8,
            color=canvas.MUTED,
            va="bottom",
        )
        for j, match in enumerate(stage.matches):
            draw_match(ax, layout, index, j, match)
            joint(ax, layout, index, j, last)
    draw_champion(ax, layout, picture)
    return canvas.png(fig)


def draw_match(ax: Axes, layout: Layout, stage: int, index: int, match: Match) -> None:
    x, middle = layout.left(stage), layout.centre(stage, index)
    for player, bottom in ((match.first, middle), (match.second, middle - layout.slot)):
        colour = canvas.WON if player.won else canvas.PANEL
        edge = canvas.WON_EDGE if player.won else canvas.LINE
        canvas.rectangle(ax, (x, bottom), (layout.box, layout.slot), colour, edge)
        text_y = bottom + layout.slot / 2
        if player.name is None:
            ax.text(x + 0.12, text_y, "—", fontsize=layout.font, va="center", color=canvas.MUTED)
            continue
        ink = canvas.MUTED if player.won is False else canvas.INK
        score = 0.0 if player.games is None else layout.font * 1.8 / 72  # room for the score
        canvas.fitted(
            ax,
            (x + 0.12, text_y),
            f"{player.seed}. {player.name}",
            layout.box - 0.24 - score,
            fontsize=layout.font,
            va="center",
            color=ink,
            weight="bold" if player.won else "normal",
        )
        if player.games is not None:
            ax.text(
                x + layout.box - 0.12,
                text_y,
                str(player.games),
                fontsize=layout.font,
                va="center",
                ha="right",
                color=ink,
                weight="bold",
            )


def joint(ax: Axes, layout: Layout, stage: int, index: int, last: int) -> None:
    """The line from a match to the match (or the champion) its winner goes to."""
    start, y = layout.left(stage) + layout.box, layout.centre(stage, index)
    end = layout.left(stage + 1)
    target = y if stage + 1 == last else layout.centre(stage + 1, index // 2)
    bend = (start + end) / 2
    ax.plot([start, bend, bend, end], [y, y, target, target], color=canvas.LINE, linewidth=1.5)


def draw_champion(ax: Axes, layout: Layout, picture: BracketPicture) -> None:
    x, middle = layout.left(len(picture.stages)), layout.centre(len(picture.stages) - 1, 0)
    colour = canvas.GOLD if picture.champion else canvas.PANEL
    corner = (x, middle - layout.slot / 2)
    canvas.rectangle(ax, corner, (layout.champion_box, layout.slot), colour, canvas.LINE)
    ax.text(
        x,
        middle + layout.slot / 2 + 0.08,
        picture.champion_label,
        fontsize=layout.font * 0.8,
        color=canvas.MUTED,
        va="bottom",
    )
    style = {"fontsize": layout.font, "va": "center", "color": canvas.INK, "weight": "bold"}
    name = picture.champion or "—"
    canvas.fitted(ax, (x + 0.12, middle), name, layout.champion_box - 0.24, **style)
