"""Which tournament ``/standings`` and ``/pairings`` show (``bot.directory.shown``)."""

from pathlib import Path

from bot import directory
from db import tournaments
from db.database import Database

GROUP, OTHER = -100700, -100800
NOW = "2026-12-01T18:00:00+00:00"


async def make(db: Database, chat: int, kind: str, status: str) -> int:
    async with db.transaction() as tx:
        tid = await tournaments.create(tx, chat, "berserk", kind, f"#{chat}", {}, 999, NOW)
        await tournaments.set_status(tx, tid, status, NOW)
    return tid


async def test_the_running_one_else_the_last_finished_one_of_the_group(
    database_at: Path | str,
) -> None:
    db = await Database.open(database_at)
    try:
        assert await directory.shown(db, GROUP, 1, None, kind="swiss") is None
        first = await make(db, GROUP, "swiss", "finished")
        second = await make(db, GROUP, "swiss", "finished")
        await make(db, OTHER, "swiss", "finished")  # another group's: never shown here
        found = await directory.shown(db, GROUP, 1, None, kind="swiss")
        assert found is not None and found.id == second
        named = await directory.shown(db, GROUP, 1, f"{first}", kind="swiss")
        assert named is not None and named.id == first
        # Registration has nothing to show yet: the last results stay; a number names it.
        registering = await make(db, GROUP, "swiss", "registration")
        found = await directory.shown(db, GROUP, 1, None, kind="swiss")
        assert found is not None and found.id == second
        named = await directory.shown(db, GROUP, 1, f"{registering}", kind="swiss")
        assert named is not None and named.id == registering
        running = await make(db, GROUP, "swiss", "running")
        found = await directory.shown(db, GROUP, 1, None, kind="swiss")
        assert found is not None and found.id == running
        assert await directory.shown(db, GROUP, 1, "999", kind="swiss") is None
    finally:
        await db.close()


async def test_an_open_tournament_of_another_kind_is_left_to_its_own_router(
    database_at: Path | str,
) -> None:
    db = await Database.open(database_at)
    try:
        await make(db, GROUP, "swiss", "finished")
        await make(db, GROUP, "koth", "running")
        assert await directory.shown(db, GROUP, 1, None, kind="swiss") is None
    finally:
        await db.close()


async def test_the_shared_commands_show_the_groups_newest_finished_one_of_any_kind(
    database_at: Path | str,
) -> None:
    """``/standings`` with nothing open: the group's last results, whichever kind they were
    (not the older one of the kind whose router happened to be asked first)."""
    db = await Database.open(database_at)
    try:
        await make(db, GROUP, "swiss", "finished")
        koth = await make(db, GROUP, "koth", "finished")
        found = await directory.shown(db, GROUP, 1, None)
        assert found is not None and found.id == koth
        newer = await make(db, GROUP, "swiss", "finished")
        found = await directory.shown(db, GROUP, 1, None)
        assert found is not None and found.id == newer
        # A card tournament in registration has nothing to show yet: the last results stay;
        # a King of the Hill in registration shows its queue.
        await make(db, GROUP, "swiss", "registration")
        found = await directory.shown(db, GROUP, 1, None)
        assert found is not None and found.id == newer
        queue = await make(db, OTHER, "koth", "registration")
        found = await directory.shown(db, OTHER, 1, None)
        assert found is not None and found.id == queue
    finally:
        await db.close()
