"""The result flow over a real database: a second press of a pending report (crash safety)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.deadlines import AfterCommit, Deadlines
from bot.results import Claim, Game, ResultFlow, Step
from db import reports, tournaments
from db.database import Database, Tx
from db.tournaments import Tournament
from tests.clock import ManualClock

NOW = datetime(2026, 11, 30, 18, 0, tzinfo=UTC)


class OneGameDesk:
    """A desk with one open game ``g1`` between players 1 and 2."""

    async def open_game(self, tx: Tx, tournament: Tournament, game_key: str) -> Game | None:
        done = [e for e in await tournaments.events(tx, tournament.id) if e.kind == "result"]
        return None if done or game_key != "g1" else Game("g1", 1, 2)

    async def closed_note(self, tx: Tx, tournament: Tournament, game_key: str) -> str | None:
        return "results.closed_here" if game_key == "g0" else None

    async def record(
        self, tx: Tx, tournament: Tournament, game: Game, claim: Claim, actor_id: int | None
    ) -> AfterCommit | None:
        await tournaments.append_event(
            tx, tournament.id, "result", claim.to_json(), actor_id, "now"
        )
        return None

    async def on_pending(self, tournament: Tournament, game: Game) -> None:
        return None


async def test_second_press_of_a_pending_report_returns_it_so_the_opponent_is_asked_again(
    database_at: Path | str,
) -> None:
    db = await Database.open(database_at)
    clock = ManualClock(NOW)
    flow = ResultFlow(db, clock, Deadlines(db, clock), timedelta(minutes=10))
    flow.desks["one"] = OneGameDesk()  # type: ignore[assignment]
    async with db.transaction() as tx:
        for pid in (1, 2):
            await tx.execute(
                "INSERT INTO players (id, first_name, created_at) VALUES (?, ?, ?)",
                (pid, f"P{pid}", NOW.isoformat()),
            )
        tid = await tournaments.create(tx, -1, "berserk", "one", "Cup", {}, 1, NOW.isoformat())
        await tournaments.set_status(tx, tid, "running", NOW.isoformat())
    claim = Claim(winner=1)

    first, _ = await flow.report(tid, "g1", 1, claim)
    again, after = await flow.report(
        tid, "g1", 1, claim
    )  # the bot died before asking; pressed again

    assert first.step is Step.PENDING and first.report is not None
    assert again.step is Step.DUPLICATE and after is None
    assert again.report is not None and again.report.id == first.report.id
    assert again.report.status == "pending"  # so the handler asks the opponent once more
    final, _ = await flow.confirm(first.report.id, 2)
    assert final.step is Step.FINAL
    closed, _ = await flow.report(tid, "g1", 1, claim)
    assert closed.step is Step.CLOSED and closed.note is None
    # a game its desk knows more about: the desk's note goes with the answer
    noted, _ = await flow.report(tid, "g0", 1, claim)
    assert noted.step is Step.CLOSED and noted.note == "results.closed_here"
    async with db.read() as tx:
        assert [e.kind for e in await tournaments.events(tx, tid)] == ["result"]
    await db.close()


async def test_a_second_report_of_the_same_player_for_the_same_game_is_a_no_op(
    database_at: Path | str,
) -> None:
    """The unique key (tournament, game, reporter) and ``ON CONFLICT DO NOTHING``."""
    db = await Database.open(database_at)
    async with db.transaction() as tx:
        await tx.execute(
            "INSERT INTO players (id, first_name, created_at) VALUES (1, 'P1', ?)",
            (NOW.isoformat(),),
        )
        tid = await tournaments.create(tx, -1, "berserk", "one", "Cup", {}, 1, NOW.isoformat())
    claim = Claim(winner=1)
    async with db.transaction() as tx:
        first = await reports.add(tx, tid, "g1", 1, claim, NOW.isoformat())
        second = await reports.add(tx, tid, "g1", 1, Claim(winner=2), NOW.isoformat())
    assert first is not None and second is None
    async with db.read() as tx:
        stored = await reports.for_game(tx, tid, "g1")
    assert [(r.id, r.claim.winner) for r in stored] == [(first, 1)]
    await db.close()


async def test_a_changed_report_is_a_new_revision_and_stale_answers_change_nothing(
    database_at: Path | str,
) -> None:
    """Change, same claim again, a stale confirmation, withdrawal, a report after it: the
    revisions and statuses, every answer in its own transaction."""
    db = await Database.open(database_at)
    clock = ManualClock(NOW)
    flow = ResultFlow(db, clock, Deadlines(db, clock), timedelta(minutes=10))
    flow.desks["one"] = OneGameDesk()  # type: ignore[assignment]
    async with db.transaction() as tx:
        for pid in (1, 2):
            await tx.execute(
                "INSERT INTO players (id, first_name, created_at) VALUES (?, ?, ?)",
                (pid, f"P{pid}", NOW.isoformat()),
            )
        tid = await tournaments.create(tx, -1, "berserk", "one", "Cup", {}, 1, NOW.isoformat())
        await tournaments.set_status(tx, tid, "running", NOW.isoformat())

    first, _ = await flow.report(tid, "g1", 1, Claim(winner=1))
    changed, _ = await flow.report(tid, "g1", 1, Claim(winner=2))
    same, _ = await flow.report(tid, "g1", 1, Claim(winner=2))
    assert first.step is Step.PENDING and first.report and first.report.revision == 0
    assert changed.step is Step.CHANGED and changed.report and changed.report.revision == 1
    assert changed.previous == first.report
    assert same.step is Step.DUPLICATE and same.report == changed.report
    stale, _ = await flow.confirm(first.report.id, 2, revision=0)
    assert stale.step is Step.STALE
    wrong_presser, _ = await flow.withdraw(first.report.id, 1, 2)
    assert wrong_presser.step is Step.NOT_YOURS
    old_note, _ = await flow.withdraw(first.report.id, 0, 1)
    assert old_note.step is Step.STALE
    withdrawn, _ = await flow.withdraw(first.report.id, 1, 1)
    assert withdrawn.step is Step.WITHDRAWN
    gone, _ = await flow.confirm(first.report.id, 2, revision=1)
    assert gone.step is Step.GONE
    again, _ = await flow.report(tid, "g1", 1, Claim(winner=1))
    assert again.step is Step.PENDING and again.report and again.report.revision == 2
    final, _ = await flow.confirm(first.report.id, 2, revision=2)
    assert final.step is Step.FINAL
    async with db.read() as tx:
        results = [e.payload for e in await tournaments.events(tx, tid) if e.kind == "result"]
        stored = await reports.get(tx, first.report.id)
    assert results == [Claim(winner=1).to_json()]
    assert stored is not None and (stored.status, stored.revision) == ("confirmed", 2)
    await db.close()
