"""The core of a kind whose state is replayed from its typed events (one ``db.codec.Codec``):
writing an event, an audit line, and where a player is told privately. Shared by the kinds
built on the event log (Story Constructed, team events)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from bot.deadlines import AfterCommit
from bot.errors import UserError
from bot.infra import Infra, KindCore
from bot.notices import Notice, ToChat, ToPerson, phrase
from db import audit, players, tournaments
from db.codec import Codec
from db.database import Tx
from db.tournaments import Tournament

E = TypeVar("E")
S = TypeVar("S")
St = TypeVar("St")
P = TypeVar("P")


class Finish(Protocol):
    """A kind's end event: the rating changes it applied (cents by club id)."""

    @property
    def changes(self) -> Mapping[Any, int]: ...


F = TypeVar("F", bound=Finish)


@dataclass(frozen=True, slots=True)
class EventSnapshot(Generic[St, P]):
    """A tournament read in one transaction: the tournament, its replayed state (``St``), the
    players' names by the state's player id (``P``)."""

    tournament: Tournament
    state: St
    names: dict[P, str]


class EventCore(KindCore, Generic[E, S]):
    """``KindCore`` plus the event log of one kind (its events ``E``, its snapshot ``S``).
    ``kind`` names its tournaments and prefixes its error texts (``<kind>.no_tournament``,
    ``<kind>.not_<status>``)."""

    def __init__(self, infra: Infra, kind: str, codec: Codec[E]) -> None:
        super().__init__(infra)
        self.kind = kind
        self.codec = codec

    async def tournament(self, tx: Tx, tournament_id: int, *statuses: str) -> Tournament:
        """The kind's tournament, in one of ``statuses`` when any is given (else an error
        named by the first: ``<kind>.not_running``)."""
        found = await tournaments.get(tx, tournament_id)
        if found is None or found.kind != self.kind:
            raise UserError(f"{self.kind}.no_tournament")
        if statuses and found.status not in statuses:
            raise UserError(f"{self.kind}.not_{statuses[0]}")
        return found

    async def snapshot(self, tx: Tx, tournament_id: int) -> S:
        """The tournament, its state and names (the kind's own)."""
        raise NotImplementedError

    async def read(self, tournament_id: int) -> S:
        """``snapshot`` in a read transaction of its own."""
        async with self.db.read() as tx:
            return await self.snapshot(tx, tournament_id)

    async def changes(self, tx: Tx, tournament_id: int, finish: type[F]) -> dict[int, int]:
        """The rating changes the end (a ``finish`` event) recorded (cents by club id; none
        before the end)."""
        for event in await self.events(tx, tournament_id):
            if isinstance(event, finish):
                return {int(k): int(v) for k, v in event.changes.items()}
        return {}

    async def with_changes(self, tournament_id: int, finish: type[F]) -> tuple[S, dict[int, int]]:
        """The snapshot and the end's rating changes (``changes``), read together."""
        async with self.db.read() as tx:
            snap = await self.snapshot(tx, tournament_id)
            return snap, await self.changes(tx, tournament_id, finish)

    async def export_target(self, chat_id: int, wanted: int | None) -> Tournament | None:
        """The kind's tournament ``/export`` means (``KindCore.export_target_of``)."""
        return await self.export_target_of(self.kind, chat_id, wanted)

    async def cancel(self, tid: int, event: E, actor: int, key: str) -> AfterCommit:
        """The organiser's ``/cancel`` before or during play: ``event`` logged, the status set,
        the audit line written, and the group told (``<kind>.cancelled``, the notice's key
        ``key``) after the commit."""
        async with self.db.transaction() as tx:
            tournament = await self.tournament(tx, tid, "registration", "running")
            await self.record(tx, tid, event, actor)
            await tournaments.set_status(tx, tid, "cancelled", self.now().isoformat())
            await self.audit(tx, tid, actor, "cancel")
            notice = Notice(
                key=key,
                to=ToChat(chat=tournament.chat_id),
                lines=(phrase(f"{self.kind}.cancelled", name=tournament.name),),
            )
            job = await self.outbox.tell(tx, tid, [notice])

        async def after() -> None:
            await self.deadlines.run(job)

        return after

    async def events(self, tx: Tx, tournament_id: int) -> list[E]:
        """The tournament's typed events, in log order (other kinds' entries left out)."""
        stored = await tournaments.events(tx, tournament_id)
        return self.codec.typed((e.kind, e.payload) for e in stored)

    async def record(self, tx: Tx, tid: int, event: E, actor: int | None) -> int:
        kind, payload = self.codec.encode(event)
        return await self.event(tx, tid, kind, payload, actor)

    async def event(
        self, tx: Tx, tid: int, kind: str, payload: dict[str, Any], actor: int | None
    ) -> int:
        return await tournaments.append_event(tx, tid, kind, payload, actor, self.now().isoformat())

    async def audit(self, tx: Tx, tid: int, actor: int, action: str, **details: object) -> None:
        await audit.record(tx, tid, actor, action, dict(details), self.now().isoformat())

    async def person(self, tx: Tx, player_id: int, chat: int) -> ToPerson | ToChat:
        """Where a player is told privately (in ``chat`` with a mention when he cannot be)."""
        player = await players.by_id(tx, player_id)
        if player is None or player.telegram_id is None:
            return ToChat(chat=chat)
        return ToPerson(user=player.telegram_id, name=player.display_name, fallback_chat=chat)
