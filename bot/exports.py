"""Which tournament ``/export`` means, for any kind (its CSV is the kind's own)."""

from __future__ import annotations

from db import tournaments
from db.database import Database
from db.tournaments import Tournament


async def export_target(
    db: Database, kind: str, chat_id: int, wanted: int | None
) -> Tournament | None:
    """The tournament of ``kind`` that ``/export`` means: ``wanted`` by id, else the newest of
    this chat (any, in a private chat); finished ones too."""
    async with db.read() as tx:
        if wanted is not None:
            found = await tournaments.get(tx, wanted)
        else:
            recent = await tournaments.recent(tx, 50)
            mine = [x for x in recent if x.kind == kind and (chat_id > 0 or x.chat_id == chat_id)]
            found = mine[0] if mine else None
    return found if found is not None and found.kind == kind else None
