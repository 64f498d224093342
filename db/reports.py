"""Result reports and their confirmation state."""

from __future__ import annotations

import json
from dataclasses import dataclass

from db.database import Row, Tx
from rules.results import Claim


@dataclass(frozen=True, slots=True)
class Report:
    id: int
    tournament_id: int
    game_key: str
    reporter_id: int  # player id
    claim: Claim
    status: str  # pending, confirmed, disputed, decided, void, withdrawn
    #: each change of a pending report is a new revision: older requests' buttons are stale
    revision: int = 0


def _report(row: Row) -> Report:
    return Report(
        id=row["id"],
        tournament_id=row["tournament_id"],
        game_key=row["game_key"],
        reporter_id=row["reporter_id"],
        claim=Claim.from_json(json.loads(row["claim_json"])),
        status=row["status"],
        revision=row["revision"],
    )


def _claim_json(claim: Claim) -> str:
    return json.dumps(claim.to_json(), sort_keys=True)


async def add(
    tx: Tx, tournament_id: int, game_key: str, reporter_id: int, claim: Claim, now: str
) -> int | None:
    """Store a new pending report; ``None`` if this player already reported this game (a
    double tap or a repeated update): the unique key makes the second one a no-op."""
    tx.touch(tournament_id)
    return await tx.insert(
        """INSERT INTO reports (tournament_id, game_key, reporter_id, claim_json, created_at)
           VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (tournament_id, game_key, reporter_id) DO NOTHING""",
        (tournament_id, game_key, reporter_id, _claim_json(claim), now),
    )


async def get(tx: Tx, report_id: int) -> Report | None:
    row = await tx.one("SELECT * FROM reports WHERE id = ?", (report_id,))
    return None if row is None else _report(row)


async def for_game(tx: Tx, tournament_id: int, game_key: str) -> list[Report]:
    """Every report of a game, oldest first."""
    rows = await tx.all(
        "SELECT * FROM reports WHERE tournament_id = ? AND game_key = ? ORDER BY id",
        (tournament_id, game_key),
    )
    return [_report(row) for row in rows]


async def unresolved(tx: Tx, tournament_id: int) -> list[Report]:
    rows = await tx.all(
        """SELECT * FROM reports WHERE tournament_id = ? AND status IN ('pending', 'disputed')
           ORDER BY id""",
        (tournament_id,),
    )
    return [_report(row) for row in rows]


async def resolve(
    tx: Tx, tournament_id: int, game_key: str, status: str, by: int | None, now: str
) -> None:
    """Settle every open report of a game at once (the game has its final result)."""
    tx.touch(tournament_id)
    await tx.execute(
        """UPDATE reports SET status = ?, resolved_by = ?, resolved_at = ?
           WHERE tournament_id = ? AND game_key = ? AND status IN ('pending', 'disputed')""",
        (status, by, now, tournament_id, game_key),
    )


async def set_status(tx: Tx, report_id: int, status: str) -> None:
    # RETURNING: the report's tournament changes (its page shows the report's state)
    tournament_id = await tx.value(
        "UPDATE reports SET status = ? WHERE id = ? RETURNING tournament_id", (status, report_id)
    )
    if tournament_id is not None:
        tx.touch(int(tournament_id))


async def void_game(tx: Tx, tournament_id: int, game_key: str) -> None:
    """Mark the open reports of a game void (the game was voided or re-paired).

    Game keys are never reused: a replayed or re-paired game gets a new key.
    """
    tx.touch(tournament_id)
    await tx.execute(
        """UPDATE reports SET status = 'void'
           WHERE tournament_id = ? AND game_key = ? AND status IN ('pending', 'disputed')""",
        (tournament_id, game_key),
    )


async def revise(tx: Tx, report_id: int, claim: Claim) -> Report:
    """A new claim for a pending or withdrawn report: a new revision, pending again."""
    row = await tx.one(
        """UPDATE reports SET claim_json = ?, status = 'pending', revision = revision + 1
           WHERE id = ? RETURNING *""",
        (_claim_json(claim), report_id),
    )
    assert row is not None
    tx.touch(int(row["tournament_id"]))
    return _report(row)


async def vouchers(tx: Tx, tournament_id: int) -> set[int]:
    """The players who vouched for a result of the tournament themselves: the reporter of a
    confirmed result and the opponent who confirmed it (its ``resolved_by``: a confirmation
    stores the confirming player's id there, a judge's decision the judge's)."""
    rows = await tx.all(
        "SELECT reporter_id, resolved_by FROM reports WHERE tournament_id = ?"
        " AND status = 'confirmed'",
        (tournament_id,),
    )
    found = {int(row["reporter_id"]) for row in rows}
    return found | {int(row["resolved_by"]) for row in rows if row["resolved_by"] is not None}
