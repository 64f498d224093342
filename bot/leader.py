"""A leader and standbys: several bot processes on one PostgreSQL database (issue 28).

Only the process holding the leader's lease (``db.lease``) polls Telegram, sends and runs the
timers; the others wait, checking the lease every ``LEADER_CHECK_SECONDS``. The inbox, the
outbox and the deadlines are in the database, so the standby that takes over after the leader
is lost starts where it stopped: it handles the updates stored and not finished, sends what the
outbox has not recorded as sent, and fires each pending deadline once (those already fired are
marked so). A leader that loses its lease (its database connection died) stops with an error,
for its service manager to start it again, as a standby.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from db.lease import Lease

log = logging.getLogger(__name__)


async def lead(lease: Lease, every: float) -> None:
    """Return once this process holds the lease; meanwhile, a standby."""
    if await lease.take():
        return
    log.warning("standby: another bot process leads; checking the lease every %.0f s", every)
    while not await lease.take():
        await asyncio.sleep(every)
    log.warning("the lease is free: this process leads now")


async def watch(lease: Lease, every: float, lost: Callable[[], None]) -> None:
    """Check every ``every`` seconds that the lease is still held; ``lost()`` when not."""
    if not lease.shared:
        return
    while await lease.holds():
        await asyncio.sleep(every)
    log.error("the leader's lease is lost (its database connection ended): stopping")
    lost()
