"""Copying one club database into another, empty one (``tools.to_postgres``): every table's
rows with their ids, then the id sequences moved past them."""

from __future__ import annotations

from db.database import Database, is_database_error

BATCH = 500  #: rows written per statement batch


class NotEmpty(ValueError):
    """The target database already holds rows (``copy_all`` only fills an empty one)."""


async def counts(db: Database) -> dict[str, int]:
    """Each club table's row count."""
    found = {}
    for table in await db.tables():
        async with db.read() as tx:
            found[table] = int(await tx.value(f"SELECT count(*) FROM {table}"))
    return found


async def copy_all(source: Database, target: Database) -> dict[str, int]:
    """Copy every table of ``source`` into the empty ``target`` (the same schema version);
    return the rows copied per table. A table whose rows refer to one not copied yet (a
    foreign key) waits for a later pass: the order follows from the references alone."""
    if any((await counts(target)).values()):
        raise NotEmpty("the target database is not empty")
    columns = {t: list(c) for t, c in (await source.describe()).tables.items()}
    left = [table for table in await source.tables() if table in columns]
    copied: dict[str, int] = {}
    while left:
        waiting = []
        for table in left:
            try:
                copied[table] = await _copy(source, target, table, columns[table])
            except Exception as exc:
                if not is_database_error(exc) or "foreign key" not in str(exc).lower():
                    raise
                waiting.append(table)
        if len(waiting) == len(left):
            raise RuntimeError(f"these tables refer to rows that are nowhere: {waiting}")
        left = waiting
    await target.reset_ids()
    return copied


async def _copy(source: Database, target: Database, table: str, names: list[str]) -> int:
    async with source.read() as tx:
        rows = await tx.all(f"SELECT {', '.join(names)} FROM {table}")
    insert = f"INSERT INTO {table} ({', '.join(names)}) VALUES ({', '.join('?' for _ in names)})"
    async with target.transaction() as tx:
        for at in range(0, len(rows), BATCH):
            await tx.execute_many(insert, [tuple(row) for row in rows[at : at + BATCH]])
    return len(rows)
