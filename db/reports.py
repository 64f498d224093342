"""Result reports and their confirmation state."""

from __future__ import annotations

import json
from dataclasses import dataclass

from db import memo
from db.database import Row, Tx
from rules.results import Claim


@dataclass(frozen=True, slots=True)
class Report:
    id: int
    tournament_id: int
    game_key: str
    reporter_id: int  # player id
    claim: Claim
    status: str  # pending, confirmed, disputed, decided, void


class _Known:
    """Committed reports by id, with an index by game so a game's reports can be dropped, and
    the games whose every report is here (``complete``: read whole, or new)."""

    SIZE = 4096  #: reports kept; the least recently kept go first

    def __init__(self) -> None:
        self.by_id: dict[int, Report] = {}
        self.by_game: dict[tuple[int, str], set[int]] = {}
        self.complete: set[tuple[int, str]] = set()

    def of_game(self, game: tuple[int, str]) -> list[Report] | None:
        if game not in self.complete:
            return None
        return sorted((self.by_id[i] for i in self.by_game.get(game, ())), key=lambda r: r.id)

    def keep(self, report: Report) -> None:
        # A report never changes game: a newer copy replaces the old one in place.
        self.by_id.pop(report.id, None)
        self.by_id[report.id] = report
        self.by_game.setdefault((report.tournament_id, report.game_key), set()).add(report.id)
        while len(self.by_id) > self.SIZE:
            self.drop(next(iter(self.by_id)))

    def drop(self, report_id: int) -> None:
        report = self.by_id.pop(report_id, None)
        if report is not None:
            game = (report.tournament_id, report.game_key)
            self.complete.discard(game)
            ids = self.by_game.get(game)
            if ids is not None:
                ids.discard(report_id)
                if not ids:
                    del self.by_game[game]

    def drop_game(self, tournament_id: int, game_key: str) -> None:
        self.complete.discard((tournament_id, game_key))
        for report_id in self.by_game.pop((tournament_id, game_key), set()):
            self.by_id.pop(report_id, None)


#: ``Database.memo`` key of the committed reports (``_Known``): rows read are kept once their
#: transaction commits; every write in this module drops the rows it changes, at once and
#: again on commit (see ``db.memo``)
KNOWN = "reports.known"


def _known(tx: Tx) -> _Known:
    known = tx.memo.get(KNOWN)
    if known is None:
        known = tx.memo[KNOWN] = _Known()
    assert isinstance(known, _Known)
    return known


def _keep(tx: Tx, reports: list[Report], *, whole: tuple[int, str] | None = None) -> None:
    """Keep these reports once ``tx`` commits; ``whole``: they are every report of that game."""
    known = _known(tx)

    def keep() -> None:
        for report in reports:
            known.keep(report)
        if whole is not None:
            known.complete.add(whole)

    tx.on_commit(keep)


def fresh_games(tx: Tx, tournament_id: int, game_keys: list[str]) -> None:
    """New games (keys never used before): once ``tx`` commits, they are known to have no
    reports, so their first report needs no read."""
    known = _known(tx)

    def fresh() -> None:
        for key in game_keys:
            known.complete.add((tournament_id, key))

    tx.on_commit(fresh)


def _forget(tx: Tx, report_id: int | None = None, game: tuple[int, str] | None = None) -> None:
    known = _known(tx)

    def forget() -> None:
        if report_id is not None:
            known.drop(report_id)
        if game is not None:
            known.drop_game(*game)

    forget()
    tx.on_commit(forget)


def _report(row: Row) -> Report:
    return Report(
        id=row["id"],
        tournament_id=row["tournament_id"],
        game_key=row["game_key"],
        reporter_id=row["reporter_id"],
        claim=Claim.from_json(json.loads(row["claim_json"])),
        status=row["status"],
    )


def _claim_json(claim: Claim) -> str:
    return json.dumps(claim.to_json(), sort_keys=True)


async def add(
    tx: Tx, tournament_id: int, game_key: str, reporter_id: int, claim: Claim, now: str
) -> Report:
    """Store a new pending report, sent with the transaction's next statement or its commit
    (``Tx.later``). The caller has checked (``of_game``) that this player has not reported this
    game yet: a second report of his would break the commit."""
    report_id = await memo.new_id(tx, "reports")
    tx.later(
        """INSERT INTO reports (id, tournament_id, game_key, reporter_id, claim_json, created_at)
           VALUES (?, ?, ?, ?, ?, ?)""",
        (report_id, tournament_id, game_key, reporter_id, _claim_json(claim), now),
    )
    report = Report(report_id, tournament_id, game_key, reporter_id, claim, "pending")
    # Until the commit, this transaction's reads of the game go to the database (which has the
    # new row once the queued insert is sent); then memory knows the game whole again.
    known, game = _known(tx), (tournament_id, game_key)
    whole = game in known.complete
    known.complete.discard(game)
    _keep(tx, [report], whole=game if whole else None)
    return report


async def get(tx: Tx, report_id: int) -> Report | None:
    known = _known(tx).by_id.get(report_id)
    if known is not None:
        return known
    row = await tx.one("SELECT * FROM reports WHERE id = ?", (report_id,))
    if row is None:
        return None
    report = _report(row)
    _keep(tx, [report])
    return report


async def for_game(tx: Tx, tournament_id: int, game_key: str) -> list[Report]:
    """Every report of a game, oldest first: from memory when it knows them all."""
    known = _known(tx).of_game((tournament_id, game_key))
    if known is not None:
        return known
    rows = await tx.all(
        "SELECT * FROM reports WHERE tournament_id = ? AND game_key = ? ORDER BY id",
        (tournament_id, game_key),
    )
    found = [_report(row) for row in rows]
    _keep(tx, found, whole=(tournament_id, game_key))
    return found


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
    """Settle every open report of a game at once (the game has its final result); sent with
    the transaction's next statement or its commit."""
    tx.later(
        """UPDATE reports SET status = ?, resolved_by = ?, resolved_at = ?
           WHERE tournament_id = ? AND game_key = ? AND status IN ('pending', 'disputed')""",
        (status, by, now, tournament_id, game_key),
    )
    _forget(tx, game=(tournament_id, game_key))


async def set_status(tx: Tx, report_id: int, status: str) -> None:
    await tx.execute("UPDATE reports SET status = ? WHERE id = ?", (status, report_id))
    _forget(tx, report_id)


async def void_game(tx: Tx, tournament_id: int, game_key: str) -> None:
    """Mark the open reports of a game void (the game was voided or re-paired).

    Game keys are never reused: a replayed or re-paired game gets a new key.
    """
    await tx.execute(
        """UPDATE reports SET status = 'void'
           WHERE tournament_id = ? AND game_key = ? AND status IN ('pending', 'disputed')""",
        (tournament_id, game_key),
    )
    _forget(tx, game=(tournament_id, game_key))
