"""``/cancel`` of a kind built on the event log (``bot.event_core.EventCore.cancel``), checked
the same way for each such kind: logged, the status set, audited, the group told once, and a
second ``/cancel`` refused."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.deadlines import AfterCommit, committed
from bot.errors import UserError
from bot.event_core import EventCore
from db import audit, tournaments
from tests.service.conftest import GROUP, ORGANISER, Club


async def check_cancel(
    club: Club,
    core: EventCore[Any, Any],
    cancel: Callable[[int, int], Awaitable[AfterCommit]],
    tid: int,
    event: type,
    name: str,
) -> None:
    """``cancel`` (the service's) of tournament ``tid``, named ``name``; ``event``: the
    kind's cancel event."""
    await committed(await cancel(tid, ORGANISER))
    await club.services.background.drain(timeout=5)
    async with club.services.db.read() as tx:
        found = await tournaments.get(tx, tid)
        actions = [action for _, action, _, _ in await audit.entries(tx, tid)]
        events = await core.events(tx, tid)
    assert found is not None and found.status == "cancelled"
    assert actions.count("cancel") == 1
    assert isinstance(events[-1], event)
    told = [r for r in club.session.sent() if r.chat_id == GROUP and "отменён" in r.text]
    assert len(told) == 1 and f"«{name}»" in told[0].text
    with pytest.raises(UserError):
        await cancel(tid, ORGANISER)
