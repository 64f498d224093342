"""What the series' service and its parts share: its constants, its log and replayed state,
and the names it shows (``bot.series``)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.errors import UserError
from bot.infra import KindCore
from bot.texts import Translate
from db import players, series, tournaments
from db.codec import Codec
from db.database import Tx
from db.series import Series
from db.tournaments import Tournament
from rules.series import EVENTS, SeriesEvent, SeriesState, replay

#: the period's end (a stored deadline, ref: the series)
END = "series_end"
#: the durable jobs: a series tournament's challenge message (ref: the tournament), the
#: series' end announced (the series in its payload)
HELD_JOB, ENDED_JOB = "job:series_held", "job:series_ended"
CODEC: Codec[SeriesEvent] = Codec(EVENTS)
#: the web pages' path (``/series/<token>``)
PAGES = "/series"
#: a series' or a tournament's number as typed: at most this many digits
MAX_DIGITS = 9
#: a tournament's settings key naming its series
SETTING = "series"
#: the formats a series tournament may have (606.2)
FORMATS = ("constructed", "draft")


def series_of(tournament: Tournament) -> int | None:
    value = tournament.settings.get(SETTING)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class SeriesCore(KindCore):
    """The shared basics (on ``bot.infra.KindCore``); the parts are functions over it."""

    # -- reads
    async def state(self, tx: Tx, found: Series) -> SeriesState:
        return replay(found.ends_on, CODEC.typed(await series.events(tx, found.id)))

    async def record(self, tx: Tx, series_id: int, event: SeriesEvent, actor: int | None) -> None:
        kind, payload = CODEC.encode(event)
        await series.append(tx, series_id, kind, payload, actor, self.now().isoformat())

    async def get(self, tx: Tx, series_id: int) -> Series:
        found = await series.get(tx, series_id)
        if found is None:
            raise UserError("series.unknown", id=series_id)
        return found

    async def view(
        self, tx: Tx, found: Series
    ) -> tuple[SeriesState, dict[int, str], dict[int, str]]:
        """Its state, the names of its players and of its tournaments with a challenge."""
        state = await self.state(tx, found)
        names = await self.names(tx, [found.overlord, *state.crystals, *self.duelists(state)])
        held = {}
        for tid in state.duels:
            if (tournament := await tournaments.get(tx, tid)) is not None:
                held[tid] = tournament.name
        return state, names, held

    def plain(self, lang: str) -> Translate:
        """Texts without markup (a picture's)."""

        def t(key: str, **values: object) -> str:
            return self.texts.plain(lang, key, **values)

        return t

    async def tournament(self, tournament_id: int) -> Tournament | None:
        async with self.db.read() as tx:
            return await tournaments.get(tx, tournament_id)

    @staticmethod
    def duelists(state: SeriesState) -> list[int]:
        return [duel.player for duel in state.duels.values()]

    async def names(self, tx: Tx, ids: Sequence[int]) -> dict[int, str]:
        found = await players.many(tx, list(ids))
        return {pid: p.display_name for pid, p in found.items()}
