"""What every part of the Swiss service shares: the app, the clock, the texts, the replayed state.

The state of a tournament is the replay of its event log (``rules.swiss.state``); every change
appends events in one transaction, and what people see is sent after the commit.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

import bot.swiss.replayed as replayed
from bot.errors import UserError
from bot.infra import Infra, KindCore
from bot.swiss.listeners import SwissListener
from bot.swiss.replayed import Replayed
from bot.swiss.views import Names, tie_breaks_of
from bot.texts import Translate, pick_language
from db import audit, players, reports, tournaments
from db.database import Tx
from db.tournaments import Tournament
from rules.places import final_places, prize_order
from rules.standings import DEFAULT_TIE_BREAKS, StandingRow, compute_standings
from rules.swiss import State
from rules.swiss.events import SwissEvent

if TYPE_CHECKING:
    from bot.kind import EntryGate
    from bot.results import ResultFlow
    from bot.results.notices import ResultNotices

log = logging.getLogger(__name__)

T = Translate
WARN, TIME, TABLE_TIME = "swiss_warn", "swiss_time", "swiss_table_time"
TIMERS = (WARN, TIME, TABLE_TIME)
DEFAULT_SETTINGS: dict[str, Any] = {
    "format": "constructed",
    "strictness": "amateur",
    "rounds": None,
    "top": None,
    "round_minutes": 50,
    "tie_breaks": [tb.value for tb in DEFAULT_TIE_BREAKS],
    "best_of": 1,
    "late": "zero",
}


@dataclass(frozen=True, slots=True)
class SwissSnapshot:
    """A tournament, its replayed state, every participant (dropped too) and their names."""

    tournament: Tournament
    state: State
    everyone: list[int]
    names: Names


async def nothing() -> None:
    """An after-commit step with nothing to do."""


class SwissCore(KindCore):
    """The shared basics (on ``bot.infra.KindCore``); the parts of the service are functions
    over it."""

    def __init__(self, infra: Infra, flow: ResultFlow, notices: ResultNotices) -> None:
        super().__init__(infra)
        self.flow = flow
        self.notices = notices
        self.replayed = Replayed()
        #: who hears of its tournaments' creation, start and end (``bot.swiss.listeners``)
        self.listeners: list[SwissListener] = []
        #: asked when a player enters by himself (``bot.kind.GatesEntries``: the no-shows)
        self.gate: EntryGate | None = None

    def listen(self, listener: SwissListener) -> None:
        self.listeners.append(listener)

    def t(self, lang: str | None = None) -> T:
        return self.tr(lang)

    def local_time(self, when: datetime) -> str:
        return self.clock_time(when)

    # -- reads inside a transaction
    async def state(self, tx: Tx, tournament_id: int) -> State:
        """The state after the tournament's log as ``tx`` sees it, the caller's own
        (``bot.swiss.replayed.Replayed.state``)."""
        return await self.replayed.state(tx, tournament_id)

    async def hand_over(self, tx: Tx, tournament_id: int, state: State) -> None:
        """The next ``state`` in ``tx`` may take ``state`` (``Replayed.hand_over``)."""
        await self.replayed.hand_over(tx, tournament_id, state)

    async def tournament(
        self, tx: Tx, tournament_id: int, statuses: tuple[str, ...], refusal: str
    ) -> Tournament:
        """The tournament; ``UserError(refusal)`` unless its status is one of ``statuses``."""
        found = await tournaments.get(tx, tournament_id)
        if found is None or found.status not in statuses:
            raise UserError(refusal)
        return found

    async def snapshot(self, tx: Tx, tournament_id: int) -> SwissSnapshot:
        tournament = await tournaments.get(tx, tournament_id)
        assert tournament is not None
        everyone = await self.everyone(tx, tournament_id)
        state = await self.state(tx, tournament_id)
        return SwissSnapshot(tournament, state, everyone, await self.names(tx, everyone))

    async def names(self, tx: Tx, ids: list[int]) -> Names:
        found = await players.many(tx, ids)
        return Names({pid: p.display_name for pid, p in found.items()})

    async def everyone(self, tx: Tx, tournament_id: int) -> list[int]:
        return [p.player_id for p in await tournaments.participants(tx, tournament_id)]

    async def active(self, tx: Tx, tournament_id: int) -> list[int]:
        participants = await tournaments.participants(tx, tournament_id)
        return [p.player_id for p in participants if p.status == "active"]

    async def unresolved_keys(self, tx: Tx, tournament_id: int) -> set[str]:
        return {r.game_key for r in await reports.unresolved(tx, tournament_id)}

    async def lang(self, telegram_id: int) -> str:
        async with self.db.read() as tx:
            user = await players.tg_user(tx, telegram_id)
        return pick_language(user.language_code if user else None, self.texts.default)

    # -- writes inside a transaction
    async def event(
        self, tx: Tx, tid: int, kind: str, payload: dict[str, Any], actor: int | None
    ) -> int:
        """Append an event to the tournament's log; its id."""
        return await tournaments.append_event(tx, tid, kind, payload, actor, self.now().isoformat())

    async def record(
        self,
        tx: Tx,
        tid: int,
        event: SwissEvent,
        actor: int | None,
        notes: Mapping[str, Any] | None = None,
    ) -> int:
        """Append a typed event (``db.codec``: ``replayed.EVENTS``), with ``notes`` for the log
        that the replay does not read; its id."""
        kind, payload = replayed.EVENTS.encode(event)
        return await self.event(tx, tid, kind, {**payload, **(notes or {})}, actor)

    async def audit(
        self, tx: Tx, tid: int, actor: int | None, action: str, details: Mapping[str, object]
    ) -> None:
        """Log an organiser's or judge's action (``actor`` None: a player's own, not logged)."""
        if actor is not None:
            await audit.record(tx, tid, actor, action, dict(details), self.now().isoformat())

    # -- derived
    def standings(
        self, tournament: Tournament, state: State, everyone: list[int]
    ) -> list[StandingRow]:
        records = state.records()
        known = set(everyone)
        for record in records:
            known.add(int(record.player_a))
            if record.player_b is not None:
                known.add(int(record.player_b))
        ordered = list(everyone) + sorted(known - set(everyone))
        return compute_standings(
            ordered, records, seed=state.seed, tie_breaks=tie_breaks_of(tournament)
        )

    def places(
        self, tournament: Tournament, state: State, everyone: list[int]
    ) -> list[StandingRow]:
        """The final places (``rules.places``): once the Top is seeded, the bracket first, then
        the rest by the Swiss standings; the disqualified after everybody (``prize_order``: no
        prize place, the ones below move up). Each row keeps its Swiss points and tie-breaks; its
        ``rank`` is the place (the Swiss rank: ``swiss_ranks``)."""
        rows = self.standings(tournament, state, everyone)
        by_player = {int(row.player): row for row in rows}
        order = list(by_player)
        if state.seeds:
            order = final_places(order, state.seeds, state.top_winners())
        # A disqualified player has no place: he comes last, the players below move up.
        order = prize_order(order, state.disqualified)
        return [replace(by_player[p], rank=place) for place, p in enumerate(order, start=1)]

    def swiss_ranks(
        self, tournament: Tournament, state: State, everyone: list[int]
    ) -> dict[int, int]:
        """Every player's rank in the Swiss standings."""
        return {int(r.player): r.rank for r in self.standings(tournament, state, everyone)}
