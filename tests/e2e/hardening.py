"""Helpers shared by the hostile-input and permission tests: state snapshots, error capture,
and what the bot said after an action."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tests.e2e.emulator import BotApiEmulator, SimMessage

#: The tables that hold the club's and the tournaments' state (not caches, logs of updates,
#: wizard state or who was last seen).
STATE_TABLES = (
    "players",
    "ratings",
    "rating_history",
    "rating_bonuses",
    "tournaments",
    "participants",
    "judges",
    "events",
    "reports",
    "deadlines",
    "audit_log",
)

REFUSAL = "только организатор"
"""Both refusals: "…только организатор." and "…только организатор или судья турнира."."""


#: Columns that say where something is shown, not what it is: the live board moves to the
#: bottom of a busy group where the bot may not pin it (``bot.boards``), whoever is talking.
NOT_STATE = {"tournaments": ("board_message_id",)}


def snapshot(db_path: Path, tables: tuple[str, ...] = STATE_TABLES) -> dict[str, list[Any]]:
    """Every row of the state tables, ordered, read with a separate connection."""
    with contextlib.closing(sqlite3.connect(db_path)) as conn:

        def rows(table: str) -> list[Any]:
            names = [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]
            kept = ", ".join(n for n in names if n not in NOT_STATE.get(table, ()))
            return sorted(conn.execute(f"SELECT {kept} FROM {table}").fetchall(), key=repr)

        return {table: rows(table) for table in tables}


async def settled(emu: BotApiEmulator, db_path: Path) -> None:
    """Wait until earlier work is over (durable announcement jobs done, no request in flight),
    so that a change seen afterwards is the next action's."""

    def jobs_pending() -> int:
        with sqlite3.connect(db_path) as conn:
            row = conn.execute(
                "SELECT count(*) FROM deadlines WHERE kind LIKE 'job:%' AND status = 'pending'"
            ).fetchone()
        return int(row[0])

    for _ in range(500):  # a job's last step is a database write, not a request: poll
        if jobs_pending() == 0:
            break
        await asyncio.sleep(0.02)
    assert jobs_pending() == 0, "announcement jobs did not finish"
    await emu.idle(quiet=0.3, timeout=10)


def diff(before: dict[str, list[Any]], after: dict[str, list[Any]]) -> list[str]:
    """Names of the tables whose rows differ."""
    return [table for table in before if before[table] != after.get(table)]


#: Loggers whose errors mean the bot failed someone: aiogram's handler errors and the bot's own.
#: (asyncio's "Unclosed client session" from an earlier test's garbage is not the bot's doing.)
WATCHED = ("aiogram", "bot", "handlers", "db", "rules")


class ErrorRecords(logging.Handler):
    """Collects log records of level ERROR and above from the watched loggers (aiogram.event,
    the bot's own loggers, the callback guard)."""

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.name.split(".")[0] in WATCHED:
            self.records.append(record)

    def describe(self) -> str:
        return "\n".join(
            f"{r.name}: {r.getMessage()} {r.exc_info[1]!r}" if r.exc_info else r.getMessage()
            for r in self.records
        )


@contextlib.contextmanager
def capture_errors() -> Iterator[ErrorRecords]:
    handler = ErrorRecords()
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield handler
    finally:
        root.removeHandler(handler)


class Said:
    """Bot messages (new or edited) in some chats after a marker."""

    def __init__(self, emu: BotApiEmulator, chats: tuple[int, ...]) -> None:
        self.emu = emu
        self.chats = tuple(c for c in chats if c in emu.chats)
        self.seq = emu.mark()

    def messages(self) -> list[SimMessage]:
        found: list[SimMessage] = []
        for chat_id in self.chats:
            chat = self.emu.chat(chat_id)
            seen: set[int] = set()
            for event in chat.events:
                if event.seq > self.seq and event.message.message_id not in seen:
                    seen.add(event.message.message_id)
                    found.append(event.message)
        return found

    def text(self) -> str:
        return "\n---\n".join(m.plain for m in self.messages())
