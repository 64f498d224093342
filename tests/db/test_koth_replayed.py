"""The kept King-of-the-Hill state (``bot.koth.replayed``) over a real database file: it is
always the replay of the committed log, whatever was appended, voided or rolled back."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path
from unittest import mock

import pytest

from bot.koth.events import begin_payload
from bot.koth.replayed import Replayed, state_of
from db import tournaments
from db.database import Database
from db.tournaments import Tournament
from rules.koth import KothError, KothState, Phase, replay
from rules.koth.events import Begun

NOW = datetime(2026, 11, 30, 18, 0, tzinfo=UTC).isoformat()
ORDER = [1, 2, 3, 4, 5]
#: the start, as ``/begin`` stores it (``bot.koth.events.begin_payload``)
BEGUN = Begun(
    tuple(ORDER), tuple((p, 9) for p in ORDER), tuple((p, 100000) for p in ORDER), "1000.00"
)


class Rollback(Exception):
    pass


async def club(database_at: Path | str) -> tuple[Database, Tournament]:
    db = await Database.open(database_at)
    async with db.transaction() as tx:
        tid = await tournaments.create(tx, -1, "billiards", "koth", "Cup", {}, 1, NOW)
        await tournaments.append_event(tx, tid, "begin", begin_payload(BEGUN), None, NOW)
        found = await tournaments.get(tx, tid)
    assert found is not None
    return db, found


async def append(db: Database, tournament: Tournament, kind: str, payload: dict[str, int]) -> int:
    async with db.transaction() as tx:
        return await tournaments.append_event(tx, tournament.id, kind, payload, None, NOW)


async def read(db: Database, kept: Replayed, tournament: Tournament) -> KothState[int] | None:
    async with db.read() as tx:
        return (await kept.read(tx, tournament)).state


async def full(db: Database, tournament: Tournament) -> KothState[int] | None:
    async with db.read() as tx:
        return state_of(await tournaments.events(tx, tournament.id))


async def test_kept_state_is_the_replay_of_the_log_through_games_voids_and_corrections(
    database_at: Path | str,
) -> None:
    db, tournament = await club(database_at)
    kept = Replayed()
    rng = random.Random(7)
    games: list[tuple[int, int, int]] = []  # the live games (event id, winner, loser)
    for _ in range(60):
        state = await read(db, kept, tournament)
        assert state == await full(db, tournament)
        assert state is not None
        roll = rng.random()
        over = state.phase is Phase.FINISHED
        if games and (roll < 0.15 or over):  # the last game voided (a won tournament goes on)
            await append(db, tournament, "void", {"target": games.pop()[0]})
        elif games and roll < 0.25:  # the last game's winner corrected
            target, winner, loser = games.pop()
            payload = {"target": target, "w": loser, "l": winner}
            await append(db, tournament, "correct", payload)
            games.append((target, loser, winner))
        else:
            pair = state.next_pair
            assert pair is not None
            winner = pair[rng.randrange(2)]
            loser = pair[1] if winner == pair[0] else pair[0]
            event = await append(db, tournament, "game", {"w": winner, "l": loser})
            games.append((event, winner, loser))
    await db.close()


async def test_a_game_after_a_kept_state_is_applied_to_it_not_replayed(
    database_at: Path | str,
) -> None:
    db, tournament = await club(database_at)
    kept = Replayed()
    await append(db, tournament, "game", {"w": 1, "l": 2})
    await read(db, kept, tournament)  # the first read replays the log once
    await append(db, tournament, "game", {"w": 1, "l": 3})
    with mock.patch("bot.koth.replayed.replay", wraps=replay) as spy:
        assert await read(db, kept, tournament) == await full(db, tournament)
        assert spy.call_count == 1  # ``full`` only
    await db.close()


async def test_what_a_rolled_back_transaction_read_is_never_kept(database_at: Path | str) -> None:
    db, tournament = await club(database_at)
    kept = Replayed()
    await append(db, tournament, "game", {"w": 1, "l": 2})
    before = await read(db, kept, tournament)
    with pytest.raises(Rollback):
        async with db.transaction() as tx:
            await tournaments.append_event(tx, tournament.id, "game", {"w": 1, "l": 3}, None, NOW)
            inside = (await kept.read(tx, tournament)).state
            assert inside != before  # the transaction sees its own game
            raise Rollback
    assert await read(db, kept, tournament) == before == await full(db, tournament)
    await db.close()


async def test_a_log_the_rules_refuse_fails_the_read_and_keeps_nothing(
    database_at: Path | str,
) -> None:
    db, tournament = await club(database_at)
    kept = Replayed()
    await read(db, kept, tournament)
    await append(db, tournament, "game", {"w": 4, "l": 5})  # not the pair at the table
    with pytest.raises(KothError):
        await read(db, kept, tournament)
    await db.close()
