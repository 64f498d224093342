"""``/why`` in a team event, through the emulator: five teams, so round 1 has a bye; a player
of a match, a player of the bye's team and a stranger ask, privately and in the group."""

from __future__ import annotations

from functools import partial

from tests.e2e.drivers.teams_club import GROUP, TeamsClub
from tests.e2e.drivers.texts import ru
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import RunningBot

NAME = "Командный кубок"


async def test_why_in_a_team_event_with_a_bye(emu: BotApiEmulator, bot: RunningBot) -> None:
    club = TeamsClub(emu, players=12)
    await club.create()
    pairs = [("Ann", "Bob"), ("Cat", "Dan"), ("Eve", "Fay"), ("Gus", "Hal"), ("Ivy", "Jon")]
    team_of: dict[str, str] = {}
    for n, (first, second) in enumerate(pairs, start=1):
        await club.org.send(GROUP, f"/add @{first.lower()} @{second.lower()} Команда{n}")
        await emu.wait_bot_message(GROUP, contains=f"«Команда{n}»")
        team_of[first] = team_of[second] = f"Команда{n}"
    await club.begin()  # Team Sealed: /begin, then /next_round pairs round 1
    board = await emu.wait_for(partial(club.board, 1))
    await emu.idle()
    matches = club.matches(board)
    assert len(matches) == 2
    playing = {team for m in matches for team in (m.a, m.b)}
    resting = next(team for team in team_of.values() if team not in playing)

    # A player of table 1 asks privately: round 1 is drawn, every team in one group.
    first = matches[0].boards[0][0]
    await club.users[first].send(None, "/why")
    title = ru(
        "teams.why_title", tournament=NAME, round=1, team=matches[0].a, opponent=matches[0].b
    )
    answer = await club.users[first].wait_message(contains=title)
    assert ru("teams.why_drawn") in answer.plain
    assert ru("teams.why_floated_me") not in answer.plain
    groups = ru(
        "teams.why_groups", my_group=0, size=4, their_group=0, their_size=4, opponent=matches[0].b
    )
    assert groups in answer.plain

    # A player of the bye's team asks in the group: the group reads one line.
    rester = next(name for name, team in team_of.items() if team == resting)
    await club.users[rester].send(GROUP, "/why")
    await emu.wait_bot_message(GROUP, contains=ru("swiss.insight_sent"))
    bye = await club.users[rester].wait_message(
        contains=ru("teams.why_bye_rank", tournament=NAME, round=1)
    )
    assert bye.plain.startswith("🛌")

    # Kim is not even registered.
    await club.users["Kim"].send(None, "/why")
    await club.users["Kim"].wait_message(contains=ru("profile.not_registered"))
