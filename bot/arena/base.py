"""What every part of the Arena's service shares: the infrastructure, and telling people
(notices stored in the change's transaction, sent after its commit)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from bot.arena.core import ArenaCore, Snapshot
from bot.deadlines import AfterCommit
from bot.errors import UserError
from bot.notices import Notice, Phrase, ToChat
from bot.results import ResultFlow
from db import deadlines, players
from db.database import Tx
from db.tournaments import Tournament
from rules.arena import ArenaError

if TYPE_CHECKING:
    from bot.infra import Infra


def refused(exc: ArenaError) -> UserError:
    """A rule's refusal as the people's error (``arena.no_<code>`` in the locales)."""
    return UserError(f"arena.no_{exc.code}")


class ArenaBase:
    """The core, the result flow, and the helpers of every part of the service."""

    def __init__(self, infra: Infra, flow: ResultFlow) -> None:
        self.core = ArenaCore(infra)
        self.flow = flow
        self.settings = infra.settings

    # -- helpers ---------------------------------------------------------------------------

    async def _tell(self, tx: Tx, tid: int, notices: Sequence[Notice]) -> AfterCommit:
        job = await self.core.outbox.tell(tx, tid, list(notices))

        async def after() -> None:
            await self.core.deadlines.run(job)

        return after

    def _group(self, tournament: Tournament, key: str, *lines: Phrase, buttons: Any = ()) -> Notice:
        return Notice(
            key=f"ar:{tournament.id}:{key}",
            to=ToChat(chat=tournament.chat_id),
            lines=lines,
            buttons=buttons,
        )

    async def _private(
        self,
        tx: Tx,
        tournament: Tournament,
        player: int,
        key: str,
        *lines: Phrase,
        buttons: Any = (),
    ) -> list[Notice]:
        to = await self.core.person(tx, player, tournament.chat_id)
        if to is None:
            return []
        return [Notice(key=f"ar:{tournament.id}:{key}", to=to, lines=lines, buttons=buttons)]

    async def _schedule(
        self, tx: Tx, kind: str, tid: int, due: datetime, **payload: object
    ) -> None:
        deadline = await deadlines.add(tx, kind, tid, due, dict(payload))
        tx.on_commit(lambda: self.core.deadlines.schedule(deadline, due))

    async def _name(self, tx: Tx, player: int) -> str:
        found = await players.by_id(tx, player)
        return found.display_name if found else f"#{player}"

    @staticmethod
    def _then(first: AfterCommit, second: AfterCommit) -> AfterCommit:
        async def both() -> None:
            await first()
            await second()

        return both

    async def snapshot(self, tid: int) -> Snapshot:
        async with self.core.db.read() as tx:
            return await self.core.snapshot(tx, tid)

    async def tournament(self, tid: int) -> Tournament:
        async with self.core.db.read() as tx:
            return await self.core.tournament(tx, tid)
