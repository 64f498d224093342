"""What every part of the Swiss service shares: the app, the clock, the texts, the replayed state.

The state of a tournament is the replay of its event log (``bot.swiss.state``); every change
appends events in one transaction, and what people see is sent after the commit.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from bot.errors import UserError
from bot.swiss.state import State, apply, replay
from bot.swiss.views import Names, tie_breaks_of
from bot.texts import Texts, pick_language
from db import audit, event_log, players, reports, tournaments
from db.database import Database, Tx
from db.tournaments import Tournament
from rules.standings import DEFAULT_TIE_BREAKS, StandingRow, compute_standings

if TYPE_CHECKING:
    from bot.app import App
    from bot.results import ResultFlow
    from bot.results.notices import ResultNotices

log = logging.getLogger(__name__)

AfterCommit = Callable[[], Awaitable[None]]
T = Callable[..., str]
WARN, TIME, TABLE_TIME = "swiss_warn", "swiss_time", "swiss_table_time"
TIMERS = (WARN, TIME, TABLE_TIME)
START_CENTS = 120_000
#: How a late entrant's missed Swiss rounds count (spec section 4): nothing, or a technical
#: loss / a bye for each.
LATE_POLICIES = ("zero", "loss", "bye")
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
class Snapshot:
    """A tournament, its replayed state, every participant (dropped too) and their names."""

    tournament: Tournament
    state: State
    everyone: list[int]
    names: Names


async def nothing() -> None:
    """An after-commit step with nothing to do."""


@dataclass(slots=True)
class _Replayed:
    last_id: int  #: the last event replayed (0: none)
    last_kind: str
    state: State


class ReplayCache:
    """Replayed states by tournament, each with the id of the last event it has seen.

    Only an optimisation: ``state`` always equals a full ``replay`` of the log. A call takes the
    newer events from ``event_log.known_after`` (memory) or else reads the log from the cached
    last event on (that row must still be there, else it replays it all),
    applies the newer events to a copy, and returns a copy, so callers may change what they
    get. What a write transaction replays (it may include its own, uncommitted events) is kept
    only once that transaction commits. A new process starts with an empty cache."""

    LIMIT = 256  #: tournaments kept; the least recently stored go first

    def __init__(self) -> None:
        self._entries: dict[int, _Replayed] = {}

    async def state(self, tx: Tx, tournament_id: int) -> State:
        return (await self._entry(tx, tournament_id)).state.copy()

    async def _entry(self, tx: Tx, tournament_id: int) -> _Replayed:
        """The state replayed up to the last event ``tx`` sees."""
        cached = self._entries.get(tournament_id)
        if cached is not None:
            fresh = event_log.known_after(tx, tournament_id, cached.last_id)
            if fresh is None:
                events = await event_log.since(tx, tournament_id, cached.last_id)
                first = events[0] if events else None
                if cached.last_id == 0 or (
                    first and first.id == cached.last_id and first.kind == cached.last_kind
                ):
                    fresh = [e for e in events if e.id > cached.last_id]
            if fresh is not None:
                if not fresh:
                    return cached
                state = cached.state.copy()
                for event in fresh:
                    apply(state, event.kind, event.payload)
                return self._found(
                    tx, tournament_id, _Replayed(fresh[-1].id, fresh[-1].kind, state)
                )
            self.forget(tournament_id)  # the log is not the one cached: replay it all
        events = await tournaments.events(tx, tournament_id)
        state = replay((e.kind, e.payload) for e in events)
        last = events[-1] if events else None
        return self._found(
            tx, tournament_id, _Replayed(last.id if last else 0, last.kind if last else "", state)
        )

    def _found(self, tx: Tx, tournament_id: int, entry: _Replayed) -> _Replayed:
        tx.on_commit(lambda: self._keep(tournament_id, entry))
        return entry

    def _keep(self, tournament_id: int, entry: _Replayed) -> None:
        cached = self._entries.pop(tournament_id, None)
        if cached is not None and cached.last_id > entry.last_id:
            entry = cached
        self._entries[tournament_id] = entry
        while len(self._entries) > self.LIMIT:
            del self._entries[next(iter(self._entries))]

    def forget(self, tournament_id: int | None = None) -> None:
        """Drop one tournament's cached state, or all."""
        if tournament_id is None:
            self._entries.clear()
        else:
            self._entries.pop(tournament_id, None)


@dataclass(slots=True)
class BoardRefresh:
    """A tournament's board refresh: one running, at most one more waiting (``refresh_board``)."""

    task: asyncio.Task[None] | None = None  #: the runs, while any is running or waiting
    #: resolved when the waiting refresh has run; ``None``: none waiting
    waiting: asyncio.Future[None] | None = None
    pending_keys: set[str] = field(default_factory=set)


class Core:
    """The shared basics; the parts of the service are functions over it."""

    def __init__(self, app: App, flow: ResultFlow, notices: ResultNotices) -> None:
        self.app = app
        self.db: Database = app.db
        self.texts: Texts = app.texts
        self.flow = flow
        self.notices = notices
        self.states = ReplayCache()
        #: the board refresh of each tournament (``bot.swiss.broadcast.refresh_board``)
        self.boards: dict[int, BoardRefresh] = {}

    def now(self) -> datetime:
        return self.app.clock.now()

    def t(self, lang: str | None = None) -> T:
        language = lang or self.texts.default

        def tr(key: str, **values: object) -> str:
            return self.texts.get(language, key, **values)

        return tr

    def local_time(self, when: datetime) -> str:
        try:
            zone = ZoneInfo(self.app.settings.timezone)
        except Exception:  # an unknown zone name: show UTC
            zone = ZoneInfo("UTC")
        return when.astimezone(zone).strftime("%H:%M")

    # -- the board
    async def coalesce_board(
        self,
        tournament_id: int,
        pending_key: str | None,
        run: Callable[[set[str]], Awaitable[None]],
    ) -> None:
        """Run ``run`` (a board refresh) so that at most one runs per tournament and at most
        one more waits; return once a run that started after this call has finished.

        ``run`` gets the pending game keys of every call it serves. A failed run is logged,
        not raised: the next one shows the board again."""
        job = self.boards.get(tournament_id)
        if job is None:
            job = self.boards[tournament_id] = BoardRefresh()
        if pending_key:
            job.pending_keys.add(pending_key)
        if job.waiting is None:
            job.waiting = asyncio.get_running_loop().create_future()
        waiting = job.waiting
        if job.task is None:
            job.task = asyncio.create_task(self._board_runs(tournament_id, job, run))
        await asyncio.shield(waiting)

    async def _board_runs(
        self, tournament_id: int, job: BoardRefresh, run: Callable[[set[str]], Awaitable[None]]
    ) -> None:
        done: asyncio.Future[None] | None = None
        try:
            while job.waiting is not None:
                done, job.waiting = job.waiting, None
                keys, job.pending_keys = job.pending_keys, set()
                try:
                    await run(keys)
                except Exception:
                    log.exception("board of tournament %s not refreshed", tournament_id)
                done.set_result(None)
        finally:
            for future in (done, job.waiting):
                if future is not None and not future.done():
                    future.cancel()
            if self.boards.get(tournament_id) is job:
                del self.boards[tournament_id]

    # -- reads inside a transaction
    async def state(self, tx: Tx, tournament_id: int) -> State:
        """The replayed state (the caller's own copy: changing it changes nothing else)."""
        return await self.states.state(tx, tournament_id)

    async def tournament(
        self, tx: Tx, tournament_id: int, statuses: tuple[str, ...], refusal: str
    ) -> Tournament:
        """The tournament; ``UserError(refusal)`` unless its status is one of ``statuses``."""
        found = await tournaments.get(tx, tournament_id)
        if found is None or found.status not in statuses:
            raise UserError(refusal)
        return found

    async def snapshot(self, tx: Tx, tournament_id: int) -> Snapshot:
        tournament = await tournaments.get(tx, tournament_id)
        assert tournament is not None
        everyone = await self.everyone(tx, tournament_id)
        state = await self.state(tx, tournament_id)
        return Snapshot(tournament, state, everyone, await self.names(tx, everyone))

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
    ) -> None:
        # Sent with the transaction's next statement or its commit.
        await tournaments.append_event(tx, tid, kind, payload, actor, self.now().isoformat())

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
