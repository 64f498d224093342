"""Moving a club from its SQLite file to PostgreSQL (issue 28):

    python -m tools.to_postgres data/club.db postgresql://bot:secret@db.example/club

Both are migrated to the newest version first; the PostgreSQL database must be empty (made
with ``createdb -T template0 -E UTF8 --locale=C``). Every table is copied with its ids, the id
sequences are moved past them, and then checked: each table's row count, and each tournament's
record and whole event log (what every replay of it reads: ``db.event_log``), the same on both.
Exit status 0 when all agree, 1 (with what differs) otherwise, 2 for a wrong call.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from dataclasses import asdict

from db import tournaments
from db.copy import NotEmpty, copy_all, counts
from db.database import Database, is_postgres


async def logs(db: Database) -> dict[int, tuple[object, object]]:
    """Each tournament's record and event log."""
    found: dict[int, tuple[object, object]] = {}
    async with db.read() as tx:
        ids = [int(row[0]) for row in await tx.all("SELECT id FROM tournaments ORDER BY id")]
        for tid in ids:
            record = await tournaments.get(tx, tid)
            found[tid] = (record, [asdict(e) for e in await tournaments.events(tx, tid)])
    return found


async def move(source_path: str, url: str) -> list[str]:
    """Copy and check; what differs (empty: all agree)."""
    source = await Database.open(source_path)
    target = await Database.open(url)
    try:
        copied = await copy_all(source, target)
        print(f"copied {sum(copied.values())} rows in {len(copied)} tables")
        problems = []
        mine, theirs = await counts(source), await counts(target)
        for table in sorted(mine):
            if mine[table] != theirs.get(table):
                problems.append(f"{table}: {mine[table]} rows in SQLite, {theirs.get(table)}")
        before, after = await logs(source), await logs(target)
        for tid in sorted(before):
            if before[tid] != after.get(tid):
                problems.append(f"tournament {tid}: its record or event log differs")
        print(f"checked: {len(mine)} tables' row counts, {len(before)} tournaments' logs")
        return problems
    finally:
        await source.close()
        await target.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.to_postgres", description=__doc__)
    parser.add_argument("sqlite", help="the club's SQLite file (DATABASE_PATH)")
    parser.add_argument("url", help="the empty PostgreSQL database (postgresql://…)")
    args = parser.parse_args(argv)
    if is_postgres(args.sqlite) or not is_postgres(args.url):
        parser.error("give the SQLite file first, then a postgresql:// address")
    try:
        problems = asyncio.run(move(args.sqlite, args.url))
    except NotEmpty as exc:
        print(f"error: {exc}: give an empty database", file=sys.stderr)
        return 2
    for line in problems:
        print(f"DIFFERS: {line}", file=sys.stderr)
    print("all agree" if not problems else f"{len(problems)} differences")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
