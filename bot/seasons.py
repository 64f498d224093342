"""Seasons of a club's group (issue 27, item 5): ``/season new`` defines one, ``/season`` shows
its table (text and picture), and its web page (``/s/<token>``, ``bot.web.season_page``).

``/season new <name>; <first day>; <last day>; [points by place]; [best results]``, the days as
``01.12.2026`` (or ``2026-12-01``). The points by place default to 25 18 15 12 10 8 6 4 2 1
(``rules.season.DEFAULT_POINTS``; a place beyond the table earns 0), the best results that
count to 4 (``DEFAULT_BEST``); ``-`` for the points keeps the default.

Every tournament of the group that *finished* on a day of the season (in the club's time
zone) adds its players' final places, as its kind says them (``KindService.played``); the
table is computed whenever it is shown (``rules.season.table``), so a tournament finished
later, or corrected, is in it at once. Seasons may overlap (a club runs a league and a cup):
``/season`` shows the one running today that began last, else the latest that began;
``/season <name>`` the one of that name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, tzinfo
from typing import TYPE_CHECKING

from bot import formats, numbers
from bot.errors import UserError
from bot.pictures import canvas
from bot.pictures.season_table import SeasonRow, SeasonTable, draw_season_table
from bot.texts import Texts, Tr, Translate
from bot.web.links import base_url
from bot.web.season_page import season_board, season_page
from db import memory, players, seasons
from db.database import Database, Tx
from db.seasons import Season
from db.tournaments import Tournament
from rules.season import DEFAULT_BEST, Result, Row, Scoring, SeasonError, TieBy, table

if TYPE_CHECKING:
    from bot.memory import ClubMemory
    from bot.settings import Settings

#: the web page's path (``bot.web.server``)
PATH = "/s/"
MAX_NAME = 60
#: a season is at most this long (a typo of a year is refused)
MAX_DAYS = 400


@dataclass(frozen=True, slots=True)
class Standing:
    """A season's table as computed now: its rows, the players' names, the tournaments."""

    season: Season
    rows: tuple[Row, ...]
    names: Mapping[int, str]
    tournaments: tuple[Tournament, ...]


def parse_day(text: str) -> date:
    """``01.12.2026`` or ``2026-12-01``; ``UserError("season.bad_day")`` otherwise."""
    text = text.strip()
    try:
        if "." in text:
            day, month, year = text.split(".")
            return date(int(year), int(month), int(day))
        return date.fromisoformat(text)
    except ValueError:
        raise UserError("season.bad_day", day=text[:20]) from None


def parse_points(text: str) -> tuple[int, ...] | None:
    """The points by place (``None``: the default); ``UserError`` when not whole numbers."""
    words = text.replace(",", " ").split()
    if not words or words == ["-"]:
        return None
    if not all(numbers.is_whole(w) and len(w) < 5 for w in words):
        raise UserError("season.bad_points")
    return tuple(int(w) for w in words)


def parse_new(args: str) -> tuple[str, tuple[date, date], Scoring]:
    """``/season new``'s arguments (see the module docstring)."""
    parts = [p.strip() for p in args.split(";")]
    if len(parts) < 3 or len(parts) > 5 or not parts[0]:
        raise UserError("season.usage")
    name = parts[0][:MAX_NAME]
    first, last = parse_day(parts[1]), parse_day(parts[2])
    if last < first or (last - first).days > MAX_DAYS:
        raise UserError("season.bad_days")
    points = parse_points(parts[3]) if len(parts) > 3 else None
    best_text = parts[4] if len(parts) > 4 else ""
    if best_text and not (numbers.is_whole(best_text) and 0 < int(best_text) < 1000):
        raise UserError("season.bad_best")
    try:
        scoring = Scoring(
            points if points is not None else Scoring().points,
            int(best_text) if best_text else DEFAULT_BEST,
        )
    except SeasonError:
        raise UserError("season.bad_points") from None
    return name, (first, last), scoring


class Seasons:
    """See the module docstring."""

    def __init__(
        self,
        db: Database,
        texts: Texts,
        settings: Settings,
        memory: ClubMemory,
    ) -> None:
        self._db = db
        self._texts = texts
        self._settings = settings
        self._memory = memory

    @property
    def zone(self) -> tzinfo:
        return self._settings.zone

    async def create(self, chat_id: int, by: int, args: str, now: datetime) -> Season:
        """A new season of the group (the caller checked that ``by`` organises it)."""
        name, days, scoring = parse_new(args)
        async with self._db.transaction() as tx:
            return await seasons.add(
                tx, chat_id, name, days, scoring.points, scoring.best, by, now.isoformat()
            )

    async def current(self, chat_id: int, today: date) -> Season | None:
        """The season ``/season`` shows (see the module docstring)."""
        async with self._db.read() as tx:
            found = await seasons.of_chat(tx, chat_id)
        running = [s for s in found if s.starts_on <= today <= s.ends_on]
        begun = [s for s in found if s.starts_on <= today]
        shown = running or begun or found
        return shown[0] if shown else None

    async def named(self, chat_id: int, name: str) -> Season | None:
        """The group's season called ``name`` (any case; the latest of that name)."""
        async with self._db.read() as tx:
            found = await seasons.of_chat(tx, chat_id)
        wanted = name.strip().casefold()
        return next((s for s in found if s.name.casefold() == wanted), None)

    async def by_token(self, token: str) -> Season | None:
        async with self._db.read() as tx:
            return await seasons.by_token(tx, token)

    async def standing(self, season: Season) -> Standing:
        """The season's table now (see the module docstring)."""
        async with self._db.read() as tx:
            counted, results = await self._results(tx, season)
            rows = table(Scoring(season.points, season.best), results)
            found = await players.many(tx, [r.player for r in rows])
        names = {pid: p.display_name for pid, p in found.items()}
        return Standing(season, tuple(rows), names, tuple(counted))

    async def _results(self, tx: Tx, season: Season) -> tuple[list[Tournament], list[Result]]:
        counted: list[Tournament] = []
        results: list[Result] = []
        for tournament, finished in await memory.finished_in(tx, season.chat_id):
            day = datetime.fromisoformat(finished).astimezone(self.zone).date()
            if not season.starts_on <= day <= season.ends_on:
                continue
            played = await self._memory.played(tx, tournament)
            if played.places:
                counted.append(tournament)
                results += [Result(tournament.id, p, place) for p, place in played.places]
        return counted, results

    async def web_page(self, token: str) -> str | None:
        """The season's web page (``bot.web.season_page``), in the club's language; ``None``
        for a token that opens no season."""
        season = await self.by_token(token)
        if season is None:
            return None
        standing = await self.standing(season)
        lang = self._texts.default
        t = Tr(self._texts, lang)
        notes = {r.player: tie_note(t, r) for r in standing.rows}
        head = [*self.head(t, season)[1:], t("season.played", count=len(standing.tournaments))]
        title = t("season.web_title", name=season.name)
        board = season_board(t, lang, season.name, head, standing.rows, standing.names, notes)
        return season_page(board, title)

    def url(self, season: Season) -> str | None:
        base = base_url(self._settings)
        return None if base is None else base + PATH + season.token

    # -- the texts

    def created_text(self, season: Season, lang: str) -> str:
        t = Tr(self._texts, lang)
        lines = [t("season.created", name=season.name), *self.head(t, season)[1:]]
        url = self.url(season)
        return "\n".join([*lines, t("season.link", url=url)] if url else lines)

    def head(self, t: Tr, season: Season) -> list[str]:
        return [
            t(
                "season.title",
                name=season.name,
                first=formats.day(season.starts_on),
                last=formats.day(season.ends_on),
            ),
            t("season.rules", points=" ".join(map(str, season.points)), best=season.best),
        ]

    def table_text(self, standing: Standing, lang: str) -> str:
        """The table as ``/season`` answers it: the head, then a line a player, each tie said."""
        t = Tr(self._texts, lang)
        season = standing.season
        lines = [*self.head(t, season), t("season.played", count=len(standing.tournaments))]
        if not standing.rows:
            lines.append(t("season.empty"))
        for row in standing.rows:
            lines.append(self.row_text(t, row, standing.names))
        url = self.url(season)
        return "\n".join([*lines, t("season.link", url=url)] if url else lines)

    def row_text(self, t: Tr, row: Row, names: Mapping[int, str]) -> str:
        name = names.get(row.player, f"#{row.player}")
        counted = " + ".join(map(str, row.counted))
        line = t("season.row", rank=row.rank, name=name, points=row.points, counted=counted)
        if row.dropped:
            line += t("season.dropped", dropped=", ".join(map(str, row.dropped)))
        note = tie_note(t, row)
        return line + (f" · {note}" if note else "")


def season_picture(texts: Texts, standing: Standing, lang: str) -> SeasonTable:
    """The table as ``bot.pictures.season_table`` draws it (plain text: no markup)."""
    season = standing.season

    def t(key: str, **values: object) -> str:
        return texts.plain(lang, key, **values)

    rows = tuple(
        SeasonRow(
            rank=row.rank,
            name=standing.names.get(row.player, f"#{row.player}"),
            points=row.points,
            counted=" + ".join(map(str, row.counted)),
            note=tie_note(t, row),
        )
        for row in standing.rows
    )
    title = t("season.picture_title", name=season.name)
    subtitle = t(
        "season.picture_subtitle",
        first=formats.day(season.starts_on),
        last=formats.day(season.ends_on),
        best=season.best,
        count=len(standing.tournaments),
    )
    headers = (
        t("season.picture_rank"),
        t("season.picture_player"),
        t("season.picture_points"),
        t("season.picture_counted"),
    )
    return SeasonTable(title, subtitle, headers, rows)


async def season_png(texts: Texts, standing: Standing, lang: str) -> bytes:
    """The picture's PNG, drawn off the event loop (``bot.pictures.canvas.render``)."""
    return await canvas.render(draw_season_table, season_picture(texts, standing, lang))


def tie_note(t: Translate, row: Row) -> str:
    """Why a row tied on points stands where it does (``rules.season`` clause 4); ""."""
    if row.tie is None:
        return ""
    if row.tie.by is TieBy.SHARED:
        return t("season.tie_shared")
    return t("season.tie_places", place=row.tie.place, mine=row.tie.mine, theirs=row.tie.theirs)
