"""The core of a kind whose state is replayed from its typed events (one ``db.codec.Codec``):
writing an event, an audit line, and where a player is told privately. Shared by the kinds
built on the event log (Story Constructed; team events keep their own copy for now)."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from bot.infra import Infra, KindCore
from bot.notices import ToChat, ToPerson
from db import audit, players, tournaments
from db.codec import Codec
from db.database import Tx

E = TypeVar("E")


class EventCore(KindCore, Generic[E]):
    """``KindCore`` plus the event log of one kind."""

    def __init__(self, infra: Infra, codec: Codec[E]) -> None:
        super().__init__(infra)
        self.codec = codec

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
