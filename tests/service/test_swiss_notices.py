"""The Swiss service alone (``tests.service``): what a change tells, and that it is told once
and survives the moment after its commit."""

from __future__ import annotations

from bot.outbox import TELL_JOB
from bot.swiss.corrections import parse
from bot.texts import Texts
from db import deadlines, players
from tests.service.card_clubs import NAMES, four_players
from tests.service.conftest import GROUP, ORGANISER, Club

TEXTS = Texts()
ROUND_1_DONE = TEXTS.get(
    "ru", "swiss.round_complete", round=TEXTS.get("ru", "swiss.round_name", round=1)
)


async def test_a_round_begins_with_the_board_in_the_group_and_each_pairing_privately(
    club: Club,
) -> None:
    swiss, tid, _ids = await four_players(club)
    await swiss.begin(tid, ORGANISER)
    group = club.session.texts(GROUP)
    assert any("Тур 1" in text for text in group)
    pairings = [r for r in club.session.sent() if "Тур 1: стол" in r.text]
    private = [r.chat_id for r in pairings if (r.chat_id or 0) > 0]
    assert sorted(private) == [1001, 1002, 1003]  # type: ignore[type-var]
    # The one who never opened the bot is named in the group instead.
    (mention,) = [r for r in pairings if r.chat_id == GROUP]
    assert 'href="tg://user?id=1004"' in mention.text
    assert all(r.buttons for r in pairings)  # each pairing with its result buttons


async def test_a_complete_round_is_said_once_even_when_its_job_runs_again(club: Club) -> None:
    swiss, tid, _ids = await four_players(club)
    await swiss.begin(tid, ORGANISER)
    for table in (1, 2):
        ruling = parse(f"{table} a")
        assert ruling is not None
        await swiss.correct(tid, ruling, ORGANISER)
    complete = [t for t in club.session.texts(GROUP) if ROUND_1_DONE in t]
    assert len(complete) == 1
    # The message is a notice stored as a durable job (``Outbox.tell``): run again, as after a
    # crash between its send and its record, it is not sent twice.
    async with club.services.db.read() as tx:
        jobs = [d for d in await deadlines.pending_for(tx, tid, (TELL_JOB,))]
        said = await tx.all("SELECT id FROM deadlines WHERE kind = ?", (TELL_JOB,))
    assert jobs == [] and said
    for (job_id,) in said:
        await club.services.infra.deadlines.run(job_id)
    assert len([t for t in club.session.texts(GROUP) if ROUND_1_DONE in t]) == 1


async def test_a_judges_result_tells_each_player_in_his_own_language(club: Club) -> None:
    swiss, tid, ids = await four_players(club)
    async with club.services.db.transaction() as tx:  # Борис reads English
        now = club.clock.now().isoformat()
        await players.remember_user(tx, 1002, "Борис", "Тестов", None, "en", now, private=True)
    await swiss.begin(tid, ORGANISER)
    async with club.services.db.read() as tx:
        rnd = (await swiss.state(tx, tid)).current
    assert rnd is not None
    table = next(n for n, pair in enumerate(rnd.tables, 1) if ids[1] in pair)
    a, b = rnd.tables[table - 1]
    ruling = parse(f"{table} a причина <b>")
    assert ruling is not None
    await swiss.correct(tid, ruling, ORGANISER)
    told = {
        r.chat_id: r.text for r in club.session.sent() if "(стол" in r.text or "(table" in r.text
    }
    winner, loser = NAMES[ids.index(a)], NAMES[ids.index(b)]
    assert told[1002].startswith("⚖️ The judge recorded the result")  # English
    assert f"(table {table}, round 1)" in told[1002]
    assert f"{winner} beat Тестов {loser}" in told[1002]
    opponent = ids.index(a if b == ids[1] else b)
    other = 1001 + opponent if opponent < 3 else GROUP  # the last one: in the group
    assert f"(стол {table}, тур 1)" in told[other]  # Russian
    assert "причина &lt;b&gt;" in told[other]  # the reason escaped once
