"""The rating chart of ``/profile``: read the player's history, draw it (or nothing)."""

from __future__ import annotations

from datetime import datetime, tzinfo

from bot.pictures import canvas
from bot.pictures.rating_chart import Change, RatingChart, draw_rating_chart, rating_chart
from bot.texts import Texts
from db import rating_history
from db.database import Database


class RatingCharts:
    """``/profile``'s chart, read from the database."""

    def __init__(self, db: Database, texts: Texts, zone: tzinfo) -> None:
        self.db = db
        self.texts = texts
        self.zone = zone

    async def chart(self, lang: str, player_id: int, name: str) -> RatingChart | None:
        return await chart_of(self.db, self.texts, lang, player_id, name, self.zone)


async def chart_of(
    db: Database, texts: Texts, lang: str, player_id: int, name: str, zone: tzinfo
) -> RatingChart | None:
    """The player's chart in ``lang``; ``None`` when there is nothing to chart."""
    async with db.read() as tx:
        rows = await rating_history.changes_of(tx, player_id)
    history = [Change(d, cents, datetime.fromisoformat(at)) for d, cents, at in rows]

    def plain(key: str, **values: object) -> str:
        return texts.plain(lang, key, **values)

    return rating_chart(plain, lang, name, history, zone)


async def chart_png(chart: RatingChart) -> bytes:
    return await canvas.render(draw_rating_chart, chart)
