"""No-shows as services (issue 27, item 7), on SQLite and PostgreSQL: a judge's absence codes
are typed in the Swiss log and said through the kind contract (a correction takes one back),
and a group's approval setting is off until its organisers turn it on."""

from __future__ import annotations

from bot.no_shows import NoShows
from bot.swiss.corrections import parse
from db.tournaments import get
from tests.service.conftest import GROUP, ORGANISER, Club
from tests.service.test_swiss_notices import four_players


async def test_absences_are_no_shows_and_a_correction_takes_one_back(club: Club) -> None:
    swiss, tid, _ids = await four_players(club)
    await swiss.begin(tid, ORGANISER)
    async with club.services.db.read() as tx:
        (a1, b1), (a2, b2) = (await swiss.state(tx, tid)).rounds[0].tables
    for args in ("1 na не пришёл вовремя", "2 nn"):
        ruling = parse(args)
        assert ruling is not None
        await swiss.correct(tid, ruling, ORGANISER)
    async with club.services.db.read() as tx:
        tournament = await get(tx, tid)
        assert tournament is not None
        said = await club.services.kinds["swiss"].played(tx, tournament)
        no_shows: NoShows = club.services.no_shows
        found = await no_shows.of_player(tx, a1)
    assert sorted(said.no_shows) == sorted((a1, a2, b2))
    assert b1 not in said.no_shows and said.games == ()  # no game was played at a table
    assert [(n.tournament, n.player) for n in found] == [(tid, a1)]

    # the judge corrects table 1: b did not come, not a
    ruling = parse("1 1 nb")
    assert ruling is not None
    await swiss.correct(tid, ruling, ORGANISER)
    async with club.services.db.read() as tx:
        tournament = await get(tx, tid)
        assert tournament is not None
        said = await club.services.kinds["swiss"].played(tx, tournament)
        assert await no_shows.of_player(tx, a1) == []
    assert sorted(said.no_shows) == sorted((b1, a2, b2))
    text = await no_shows.profile_text(b1, "en", club.clock.now())
    assert text.startswith("🚷 1 no-show on record, 1 in the last 60 days:"), text
    assert "“Кубок”" in text


async def test_the_approval_is_a_groups_choice_off_by_default(club: Club) -> None:
    no_shows: NoShows = club.services.no_shows
    assert await no_shows.approval(GROUP) is False
    await no_shows.set_approval(GROUP, True)
    await no_shows.set_approval(GROUP, True)  # again: one row
    assert await no_shows.approval(GROUP) is True
    assert await no_shows.approval(-100600) is False  # another group's is its own
    await no_shows.set_approval(GROUP, False)
    assert await no_shows.approval(GROUP) is False
