"""Failures the person is told about: the database refusing a transaction, a person's mistake.

The database is made to refuse writes from outside, as a full disk or a stuck lock would: a
trigger on the participants table aborts every insert, so the transaction that adds a player
fails at its statement and is rolled back. The person hears "that did not go through, try
again", the bot goes on, and the same press works once the database accepts writes again.
"""

from __future__ import annotations

import html
import logging
import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import pytest

from bot.koth import KothService
from bot.texts import Texts
from tests.e2e.drivers.koth_club import create, press, say, setup_club
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import RunningBot

DID_NOT_GO_THROUGH = Texts().get("ru", "errors.database")


@contextmanager
def refused_inserts(db_path: Path, table: str) -> Iterator[None]:
    """While inside, every insert into ``table`` fails (the bot's transaction rolls back)."""
    with closing(sqlite3.connect(db_path, timeout=10, isolation_level=None)) as conn:
        conn.execute(
            f"CREATE TRIGGER refuse_{table} BEFORE INSERT ON {table}"
            " BEGIN SELECT RAISE(ABORT, 'disk I/O error (simulated)'); END"
        )
        try:
            yield
        finally:
            conn.execute(f"DROP TRIGGER refuse_{table}")


def participants(db_path: Path, tournament_id: int) -> int:
    with closing(sqlite3.connect(db_path)) as conn:
        row = conn.execute(
            "SELECT count(*) FROM participants WHERE tournament_id = ?", (tournament_id,)
        ).fetchone()
    return int(row[0])


async def test_a_refused_transaction_is_told_and_the_next_try_works(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    org, people = await setup_club(emu)
    ann = people[0]
    await create(emu, org)
    await say(emu, org, "/add @ann 1100", "Добавлен")  # Ann now has a billiards rating
    second = await create(emu, org)  # the group's newest tournament: /add goes there

    with refused_inserts(bot.db_path, "participants"):
        # a button press: an alert
        assert await press(ann, second, "Участвую") == DID_NOT_GO_THROUGH
        # a command: a reply
        refusal = await say(emu, org, "/add @bob 980", DID_NOT_GO_THROUGH)
        assert refusal.reply_to is not None
    assert participants(bot.db_path, 2) == 0  # nothing of either transaction was stored

    # The bot went on: the same press and the same command work now.
    assert "Вы в турнире" in await press(ann, second, "Участвую")
    await say(emu, org, "/add @bob 980", "Добавлен")
    assert participants(bot.db_path, 2) == 2


async def test_a_persons_mistake_is_answered_by_the_error_router(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    """A ``UserError`` raised by a service reads as before: a reply with its text."""
    org, _people = await setup_club(emu)
    await create(emu, org)
    refusal = await say(emu, org, "/add fund x", "Взнос в призовой фонд: /add fund")
    assert refusal.reply_to is not None
    assert refusal.plain == html.unescape(Texts().get("ru", "koth.fund_usage"))


async def test_an_unexpected_failure_is_logged_and_answered(
    emu: BotApiEmulator,
    bot: RunningBot,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A bug in a button's handler: an alert with the internal-error text, the trace in the
    log; the bot goes on."""
    org, people = await setup_club(emu)
    registration = await create(emu, org)
    assert bot.app is not None
    koth = bot.app.service(KothService)

    async def broken(*_args: object) -> None:
        raise RuntimeError("a bug")

    with monkeypatch.context() as patched:
        patched.setattr(koth.registration, "join", broken)
        with caplog.at_level(logging.ERROR, logger="handlers.errors"):
            answer = await press(people[0], registration, "Участвую")
    assert answer == Texts().get("ru", "errors.internal")
    assert any("a bug" in record.getMessage() for record in caplog.records)
    # the bot goes on: the same press is answered for what it is (not registered yet)
    assert "Сначала зарегистрируйтесь" in await press(people[0], registration, "Участвую")
