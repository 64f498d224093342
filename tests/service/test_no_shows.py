"""No-shows as services (issue 27, item 7), on SQLite and PostgreSQL: a judge's absence codes
are typed in the Swiss, team events' and Story logs and said through the kind contract (a
correction takes one back), and a group's approval setting is off until its organisers turn it
on."""

from __future__ import annotations

import pytest

from bot.claims import claim_from_decision, decision_choices
from bot.deadlines import committed
from bot.no_shows import NoShows
from bot.swiss.corrections import parse
from bot.swiss.log import log_text
from db.tournaments import get
from rules.results import Claim, Outcome, ResultError
from tests.service.card_clubs import begun as story_begun
from tests.service.card_clubs import four_players, four_teams, pair
from tests.service.conftest import GROUP, ORGANISER, Club


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
    said_in_log = await log_text(swiss, tid, "ru", reasons=False)
    assert "· неявка: " in said_in_log and "· неявка обоих: " in said_in_log, said_in_log
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


async def test_a_team_events_absence_is_a_no_show_open_or_corrected(club: Club) -> None:
    """A team event's judge: ``na`` on an open board decides it through the result flow (the
    claim carries who did not come), ``nn`` corrects a recorded one, ``a`` takes it back."""
    teams, tid, _ids = await four_teams(club)
    async with club.services.db.read() as tx:
        state = await teams.core.state(tx, tid)
        a, b = (int(p) for p in state.players_of(1, 1, 1) or ())
    for code in ("na", "nn"):
        after = await teams.result(tid, ORGANISER, 1, 1, 1, code, "")
        if after is not None:
            await after()
        async with club.services.db.read() as tx:
            tournament = await get(tx, tid)
            assert tournament is not None
            said = await club.services.kinds["teams"].played(tx, tournament)
            state = await teams.core.state(tx, tid)
        outcome = state.round(1).games[(1, 1)].outcome_a
        if code == "na":
            assert said.no_shows == (a,) and outcome is Outcome.TECHNICAL_LOSS
        else:
            assert sorted(said.no_shows) == sorted((a, b)) and outcome is Outcome.DOUBLE_LOSS
    after = await teams.result(tid, ORGANISER, 1, 1, 1, "a", "")
    if after is not None:
        await after()
    async with club.services.db.read() as tx:
        tournament = await get(tx, tid)
        assert tournament is not None
        assert (await club.services.kinds["teams"].played(tx, tournament)).no_shows == ()


def test_a_claim_says_who_did_not_come_only_for_a_technical_result() -> None:
    claim = Claim(winner=2, technical=True, absent=(1,))
    assert Claim.from_json(claim.to_json()) == claim
    assert "absent" not in Claim(winner=2).to_json()  # stored as before it existed
    with pytest.raises(ResultError):
        Claim(winner=2, absent=(1,))
    with pytest.raises(ResultError):
        Claim(winner=1, technical=True, absent=(1,))


async def test_a_story_absence_is_a_no_show(club: Club) -> None:
    """Story (607): the judge's ``nd`` — the defender did not come — is the attacker's
    technical win and the defender's no-show."""
    story, tid, people = await story_begun(club)
    anna, gleb = people["Анна"], people["Глеб"]
    await pair(story, tid, 0, anna, gleb)
    await committed(await story.result(tid, ORGANISER, 1, 1, "nd"))
    await club.services.background.drain(timeout=5)
    async with club.services.db.read() as tx:
        tournament = await get(tx, tid)
        assert tournament is not None
        said = await club.services.kinds["story"].played(tx, tournament)
        state = await story.core.state(tx, tid)
    assert said.no_shows == (gleb.id,) and said.games == ()
    assert state.rounds[0].results[1] is Outcome.TECHNICAL_WIN


async def test_the_judges_did_not_come_button_records_a_no_show(club: Club) -> None:
    """A dispute's buttons (``bot.claims.decision_choices``): «🚷 did not come» is the other's
    technical win and the absent player's no-show, as ``/result nb`` is."""
    swiss, tid, _ids = await four_players(club)
    await swiss.begin(tid, ORGANISER)
    flow = club.services.flow
    async with club.services.db.read() as tx:
        tournament = await get(tx, tid)
        assert tournament is not None
        key = (await swiss.state(tx, tid)).rounds[0].key(1)
        game = await flow.desks["swiss"].open_game(tx, tournament, key)
    assert game is not None
    codes = [choice.code for choice in decision_choices(game)]
    assert codes[-3:] == ["na", "nb", "nn"]
    claim = claim_from_decision(game, "nb")
    assert claim == Claim(winner=game.a, technical=True, absent=(game.b,))
    _, after = await flow.decide(tid, key, claim, ORGANISER)
    await committed(after)
    async with club.services.db.read() as tx:
        tournament = await get(tx, tid)
        assert tournament is not None
        said = await club.services.kinds["swiss"].played(tx, tournament)
        result = (await swiss.state(tx, tid)).rounds[0].results[1]
    assert said.no_shows == (game.b,) and result.outcome_a is Outcome.TECHNICAL_WIN
