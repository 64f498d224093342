"""The team events' service alone (``tests.service``): a judge's penalties (a warning logged, a
match loss losing the player's open game as a technical loss, a disqualification dropping his
team too), ``/extend`` moving the round's end, a ``/swap`` refused once a table played or when
it would repeat a match, a team removed before the start, and ``/cancel``."""

from __future__ import annotations

from datetime import datetime

import pytest

from bot.errors import UserError
from bot.teams import TeamsService
from rules.penalties import PenaltyKind
from rules.results import Outcome
from rules.teams.events import TmCancel
from tests.service.cancelled import check_cancel
from tests.service.card_clubs import four_teams
from tests.service.conftest import GROUP, ORGANISER, Club


async def test_penalties_warning_match_loss_and_disqualification(club: Club) -> None:
    teams, tid, ids = await four_teams(club)
    status, after = await teams.penalty(tid, ORGANISER, ids[0], PenaltyKind.WARNING, "шум")
    assert (status, after) == ("warned", None)
    status, after = await teams.penalty(tid, ORGANISER, ids[0], PenaltyKind.MATCH_LOSS, "опоздал")
    assert status == "lost" and after is not None
    await after()
    async with club.services.db.read() as tx:
        state = await teams.core.state(tx, tid)
    (game,) = [g for g in state.player_games() if g.player == ids[0]]
    assert game.outcome is Outcome.TECHNICAL_LOSS and game.rated
    status, _ = await teams.penalty(tid, ORGANISER, ids[0], PenaltyKind.GAME_LOSS, "ещё")
    assert status == "no_game"  # his game of the round is already lost
    status, after = await teams.penalty(tid, ORGANISER, ids[2], PenaltyKind.DQ, "обман")
    assert status == "dq"
    async with club.services.db.read() as tx:
        state = await teams.core.state(tx, tid)
    team = state.team_of(ids[2])
    assert team is not None and team.id in state.dropped


async def test_extend_moves_the_round_end_and_swap_is_refused_once_a_table_played(
    club: Club,
) -> None:
    teams, tid, _ = await four_teams(club)
    async with club.services.db.read() as tx:
        before = (await teams.core.state(tx, tid)).round(1).ends_at
    assert before is not None
    after, _ = await teams.extend(tid, ORGANISER, 15)
    await after()
    async with club.services.db.read() as tx:
        state = await teams.core.state(tx, tid)
    moved = datetime.fromisoformat(state.round(1).ends_at or "")
    assert (moved - datetime.fromisoformat(before)).total_seconds() == 15 * 60
    await (await teams.swap(tid, ORGANISER, 1, 2))()
    swapped = await teams.result(tid, ORGANISER, 1, 1, 1, "a", "")
    if swapped is not None:
        await swapped()
    with pytest.raises(UserError) as refused:
        await teams.swap(tid, ORGANISER, 1, 2)
    assert refused.value.key == "teams.swap_played"


async def test_a_late_team_is_refused_in_a_seated_team_draft(club: Club) -> None:
    teams = club.services.service(TeamsService)
    options = {"format": "team_draft", "scoring": "by_match", "rounds": 3, "boosters": [12, 12]}
    tid = await teams.create(GROUP, "Драфт", options, ORGANISER)
    for n in range(5):
        first = await club.services.registry.ensure_player(3000 + 2 * n, f"A{n}", None)
        second = await club.services.registry.ensure_player(3001 + 2 * n, f"B{n}", None)
        if n < 4:
            await teams.add_team(tid, first, second, f"Команда {n}", ORGANISER)
    await (await teams.begin(tid, ORGANISER))()
    async with club.services.db.read() as tx:
        state = await teams.core.state(tx, tid)
    assert [len(pod) for pod in state.pods] == [8]  # one draft table, seated at /begin
    with pytest.raises(UserError) as refused:
        await teams.add_team(tid, first, second, "Поздние", ORGANISER)
    assert refused.value.key == "teams.late_draft"


async def test_cancel_logs_sets_the_status_audits_and_tells_the_group_once(club: Club) -> None:
    """``/cancel`` of a running team event (``tests.service.cancelled``)."""
    teams, tid, _ = await four_teams(club)
    await check_cancel(club, teams.core, teams.cancel, tid, TmCancel, "Кубок")
