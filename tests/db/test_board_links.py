"""The web board's tokens (``db.board_links``) and the change notices (``Tx.touch``)."""

import asyncio
from pathlib import Path

import pytest

from bot.live import Live
from db import board_links, tournaments
from db.database import Database

GROUP = -100700
NOW = "2026-12-01T18:00:00+00:00"


async def test_one_random_token_per_tournament(database_at: Path | str) -> None:
    db = await Database.open(database_at)
    try:
        async with db.transaction() as tx:
            first = await tournaments.create(tx, GROUP, "berserk", "swiss", "A", {}, 999, NOW)
            second = await tournaments.create(tx, GROUP, "berserk", "swiss", "B", {}, 999, NOW)
            assert await board_links.token_of(tx, first) is None
            token = await board_links.make_token(tx, first)
            assert await board_links.make_token(tx, first) == token  # made once
            other = await board_links.make_token(tx, second)
        # 128 random bits (22 url-safe characters), not the tournament's number
        assert len(token) >= 22 and token != other and not token.isdigit()
        async with db.read() as tx:
            assert await board_links.tournament_of(tx, str(first)) is None
            assert await board_links.tournament_of(tx, token) == first
            assert await board_links.tournament_of(tx, other) == second
            assert await board_links.tournament_of(tx, token[:-1]) is None
    finally:
        await db.close()


async def test_a_committed_change_is_told_once_a_rolled_back_one_never(
    database_at: Path | str,
) -> None:
    db = await Database.open(database_at)
    live = Live()
    db.watch(live.changed)
    try:
        async with db.transaction() as tx:
            tid = await tournaments.create(tx, GROUP, "berserk", "swiss", "A", {}, 999, NOW)
        assert live.version(tid) == 0  # a new tournament has no page open yet
        waiting = asyncio.create_task(live.wait(tid, 0, timeout=5))
        async with db.transaction() as tx:
            await tournaments.append_event(tx, tid, "sw_begin", {}, None, NOW)
            await tournaments.set_status(tx, tid, "running", NOW)
        assert await waiting == 1  # one commit, one version, however many writes
        with pytest.raises(RuntimeError):
            async with db.transaction() as tx:
                await tournaments.append_event(tx, tid, "sw_x", {}, None, NOW)
                raise RuntimeError("rolled back")
        assert live.version(tid) == 1
        assert await live.wait(tid, 1, timeout=0.01) == 1  # nothing new: back after the timeout
    finally:
        await db.close()
