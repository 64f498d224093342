"""The leader's lease: which one of several bot processes on one database does the work.

On PostgreSQL the lease is a session advisory lock (``pg_try_advisory_lock``) held on a
connection of its own: the server releases it the moment that connection ends, so a leader
killed (or cut off from the database) loses it at once, and a standby's next ``take`` gets it.
On SQLite (one process on one file) the lease is always this process's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from db.database import is_postgres

#: the advisory lock key of the leader's lease
LEADER_LOCK = 2_825_002


class Lease:
    """The lease of the database at a place (``open``)."""

    def __init__(self, url: str | None) -> None:
        self._url = url
        self._conn: Any = None
        self._held = url is None  # SQLite: one process, always the leader

    @classmethod
    def open(cls, target: Path | str) -> Lease:
        return cls(str(target) if is_postgres(target) else None)

    @property
    def shared(self) -> bool:
        """Several processes may share the database (so one may be waiting)."""
        return self._url is not None

    async def take(self) -> bool:
        """Hold the lease if it is free (or held here already); False if another holds it."""
        if self._held:
            return True
        import asyncpg

        try:
            if self._conn is None or self._conn.is_closed():
                self._conn = await asyncpg.connect(self._url)
            self._held = bool(
                await self._conn.fetchval("SELECT pg_try_advisory_lock($1)", LEADER_LOCK)
            )
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
            await self._drop()
        return self._held

    async def holds(self) -> bool:
        """Still held: the lease's connection answers (if it is gone, so is the lock)."""
        if self._url is None:
            return True
        if not self._held or self._conn is None:
            return False
        import asyncpg

        try:
            await self._conn.fetchval("SELECT 1", timeout=10)
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError):
            await self._drop()
        return self._held

    async def _drop(self) -> None:
        self._held = False
        conn, self._conn = self._conn, None
        if conn is not None:
            conn.terminate()

    async def close(self) -> None:
        """Give the lease up (a graceful stop: a standby takes over at its next check)."""
        if self._conn is not None:
            await self._conn.close()
            self._conn = None
        self._held = self._url is None
