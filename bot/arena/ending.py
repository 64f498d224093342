"""The end of an Arena: everyone still in leaves with what his sectors give (605.4), places
by the total sectors (605.5), every counted game rated; a cancel; ``/export``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.arena.base import ArenaBase
from bot.arena.core import (
    KIND,
)
from bot.arena.export import csv_text
from bot.arena.views import final_text
from bot.deadlines import AfterCommit
from bot.notices import Notice, phrase
from db import players, tournaments
from db.database import Tx
from db.tournaments import Tournament
from rules.arena import (
    ArCancel,
    ArFinish,
    State,
)
from rules.card_rating import START_RATING_CENTS, rating_changes
from rules.results import MatchRecord, Outcome

if TYPE_CHECKING:
    pass


class ArenaEnd(ArenaBase):
    """The end, the cancel and the export."""

    async def finish(self, tid: int, actor: int) -> AfterCommit:
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid, "registration", "running")
            state = await self.core.state(tx, tid)
            return await self._finish(tx, tournament, state, actor, [])

    async def _finish(
        self, tx: Tx, tournament: Tournament, state: State, actor: int | None, notices: list[Notice]
    ) -> AfterCommit:
        """Everyone still in leaves (605.4's prizes); places by the total sectors (605.5);
        every counted game rated, the coefficient by the number of players who entered."""
        state.apply(ArFinish())  # everyone out first: the games to rate are settled
        changes = await self._rate(tx, tournament, state)
        await self.core.record(tx, tournament.id, ArFinish(changes), actor)
        await tournaments.set_status(tx, tournament.id, "finished", self.core.now().isoformat())
        snap = await self.core.snapshot(tx, tournament.id)
        lang = self.core.group_lang()
        text = final_text(self.core.tr(lang), lang, snap, changes)
        tid, chat = tournament.id, tournament.chat_id
        tell = await self._tell(tx, tid, notices)

        async def after() -> None:
            await tell()
            await self.core.outbox.send_once(f"ar:{tid}:final", chat, text)

        return after

    async def _rate(self, tx: Tx, tournament: Tournament, state: State) -> dict[int, int]:
        everyone = sorted({e.player for e in state.entries})
        pool = tournament.discipline
        starts: dict[int | str, float] = {}
        for pid in everyone:
            starts[pid] = (await players.rating(tx, pid, pool) or START_RATING_CENTS) / 100
        records = [
            MatchRecord(
                c.id,
                c.challenger,
                c.challenged,
                Outcome.DRAW
                if c.winner is None
                else (Outcome.CLEAN_WIN if c.winner == c.challenger else Outcome.LOSS),
            )
            for c in state.games()
        ]
        base_k = float(tournament.settings.get("base_k") or self.settings.berserk_k)
        changes = rating_changes(starts, records, participants=len(everyone), base_k=base_k)
        now = self.core.now().isoformat()
        for who, delta in changes.items():
            current = await players.rating(tx, int(who), pool)
            if current is None:
                current = START_RATING_CENTS
                await players.set_rating(tx, int(who), pool, current, "start", now)
            await players.set_rating(
                tx, int(who), pool, current + delta, "tournament", now, tournament.id
            )
        return {int(k): int(v) for k, v in changes.items()}

    async def export_target(self, chat_id: int, wanted: int | None) -> Tournament | None:
        """The Arena ``/export`` means (``KindCore.export_target_of``)."""
        found: Tournament | None = await self.core.export_target_of(KIND, chat_id, wanted)
        return found

    async def export_csv(self, tid: int) -> str:
        return csv_text(await self.snapshot(tid))

    async def cancel(self, tid: int, actor: int) -> AfterCommit:
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid, "registration", "running")
            await self.core.record(tx, tid, ArCancel(), actor)
            await tournaments.set_status(tx, tid, "cancelled", self.core.now().isoformat())
            await self.core.audit(tx, tid, actor, "cancel")
            notice = self._group(
                tournament, "cancelled", phrase("arena.cancelled", tournament=tournament.name)
            )
            return await self._tell(tx, tid, [notice])
