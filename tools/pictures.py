"""Sample pictures for a look (``make pictures``): each picture the bot sends, in Russian and
English, drawn from made-up tournaments, into ``artifacts/pictures/`` (or the folder given).

Run with ``.venv/bin/python -m tools.pictures [folder]``. Prints each file, its size in pixels
and how long its render took.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Callable, Sequence
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from bot.pictures import canvas
from bot.pictures.bracket import bracket_picture, draw_bracket
from bot.pictures.koth_table import draw_koth_table, koth_table
from bot.pictures.rating_chart import Change, draw_rating_chart, rating_chart
from bot.pictures.season_table import draw_season_table
from bot.seasons import Standing, season_picture
from bot.swiss.replayed import EVENTS
from bot.texts import Texts
from db.seasons import Season
from db.tournaments import Tournament
from rules.koth import KothState, norms, replay
from rules.season import DEFAULT_POINTS, Result, Scoring
from rules.season import table as season_table
from rules.swiss import State
from rules.swiss import replay as swiss_replay

NAMES_RU = {
    1: "Фёдор Карамазов",
    2: "Анна Каренина",
    3: "Jean-Luc Picard",
    4: "Лев Мышкин",
    5: "Родион Раскольников",
    6: "Наташа Ростова",
    7: "Ёж Колючий",
    8: "Ada Lovelace",
}
ZONE = ZoneInfo("Europe/Moscow")


def plain(texts: Texts, lang: str) -> Callable[..., str]:
    def tr(key: str, **values: object) -> str:
        return texts.plain(lang, key, **values)

    return tr


def top_state(
    seeds: Sequence[int], games: Callable[[int, int], tuple[int, int]], rounds: int
) -> State:
    """A Swiss state whose Top (``seeds``, seed 1 first) played ``rounds`` rounds; each match's
    game score from ``games(a, b)`` (``a`` the higher seed)."""
    events: list[tuple[str, dict[str, Any]]] = [
        ("sw_begin", {"seed": 1, "rounds": 3, "top": len(seeds), "ratings": {}}),
        ("sw_top", {"seeds": list(seeds)}),
    ]
    state = swiss_replay(EVENTS.typed(events))
    for number in range(4, 4 + rounds):
        pairs, champion = state.top_pairs(number)
        if champion is not None:
            break
        events.append(
            (
                "sw_round",
                {
                    "round": number,
                    "stage": "top",
                    "gen": 0,
                    "tables": [list(p) for p in pairs],
                    "bye": None,
                },
            )
        )
        for table, (a, b) in enumerate(pairs, start=1):
            score = games(a, b)
            outcome = "clean_win" if score[0] > score[1] else "loss"
            events.append(
                (
                    "sw_result",
                    {"round": number, "table": table, "outcome_a": outcome, "games": list(score)},
                )
            )
        state = swiss_replay(EVENTS.typed(events))
    return state


def upsets(a: int, b: int) -> tuple[int, int]:
    """The higher seed wins 2:1, but seed 4 beats seed 1 2:0."""
    return (0, 2) if (a, b) == (1, 4) else (2, 1)


def koth_sample() -> tuple[KothState[int], dict[int, tuple[int, int]]]:
    """Five players; Анна reaches her norm."""
    ratings = {1: 1100.0, 2: 1000.0, 3: 950.0, 4: 900.0, 5: 850.0}
    from decimal import Decimal

    _, norm = norms({k: Decimal(str(v)) for k, v in ratings.items()})
    games: list[tuple[object, ...]] = []
    state = replay(list(ratings), norm, games)
    while state.winner is None:
        assert state.next_pair is not None
        a, b = state.next_pair
        winner = min((a, b), key=lambda p: (p * 7 + len(games) * 3) % 5 - (p == 2))
        games.append(("game", winner, b if winner == a else a))
        state = replay(list(ratings), norm, games)
    changes = {
        p: (round(r * 100), round(r * 100) + (1240 if p == state.winner else -310 * p))
        for p, r in ratings.items()
    }
    return state, changes


def season_sample() -> Standing:
    """Three evenings of the eight players, the best 2 of 3 counting: two ties on points, one
    told apart by the countback, one shared."""
    evenings = ((1, 2, 3, 4, 5, 6, 7, 8), (2, 1, 4, 3, 6, 5, 8, 7), (3, 4, 1, 2, 5, 6, 7, 8))
    season = Season(1, -1, "Осень", date(2026, 9, 1), date(2026, 11, 30), DEFAULT_POINTS, 2, "")
    results = [
        Result(number, player, place)
        for number, order in enumerate(evenings, start=1)
        for place, player in enumerate(order, start=1)
    ]
    rows = tuple(season_table(Scoring(season.points, season.best), results))
    held = tuple(
        Tournament(n, -1, "billiards", "koth", f"Вечер {n}", "finished", {}, None, (), 1, None)
        for n in range(1, len(evenings) + 1)
    )
    return Standing(season, rows, NAMES_RU, held)


def history() -> list[Change]:
    start = datetime(2026, 9, 4, 19, tzinfo=UTC)
    out = [Change("berserk", 100000, start), Change("billiards", 95000, start)]
    berserk, billiards = 100000, 95000
    for week in range(1, 12):
        when = start + timedelta(days=7 * week)
        berserk += (1840, -920, 2410, 610, -1530)[week % 5]
        out.append(Change("berserk", berserk, when))
        if week % 2:
            billiards += (-640, 1210, 380)[week % 3]
            out.append(Change("billiards", billiards, when + timedelta(days=2)))
    return out


async def write(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    texts = Texts()
    for lang in ("ru", "en"):
        t = plain(texts, lang)
        finished = top_state(range(1, 9), upsets, 3)
        running = top_state([1, 2, 3, 4], upsets, 1)
        state, changes = koth_sample()
        pictures: list[tuple[str, Callable[[Any], bytes], object]] = [
            ("bracket-top8", draw_bracket, bracket_picture(t, "Кубок клуба", finished, NAMES_RU)),
            (
                "bracket-top4-running",
                draw_bracket,
                bracket_picture(t, "Пятничный турнир", running, NAMES_RU),
            ),
            ("rating", draw_rating_chart, rating_chart(t, lang, NAMES_RU[2], history(), ZONE)),
            (
                "koth-final",
                draw_koth_table,
                koth_table(t, lang, "Пятничный", state, NAMES_RU, changes, 5500),
            ),
            ("season", draw_season_table, season_picture(texts, season_sample(), lang)),
        ]
        for name, draw, picture in pictures:
            started = time.perf_counter()
            data = await canvas.render(draw, picture)
            took = time.perf_counter() - started
            path = folder / f"{name}-{lang}.png"
            path.write_bytes(data)
            width = int.from_bytes(data[16:20], "big")
            height = int.from_bytes(data[20:24], "big")
            print(f"{path}: {width}×{height}, {len(data) // 1024} KB, {took * 1000:.0f} ms")


def main() -> None:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("artifacts/pictures")
    asyncio.run(write(folder))


if __name__ == "__main__":
    main()
