"""Every command the menus offer, sent in a running team event by its organiser: each is
answered (its own answer, or that it is not for this kind of tournament), none with the
internal error."""

from __future__ import annotations

from functools import partial

from bot.commands import ADMIN
from tests.e2e.drivers.teams_club import GROUP, TeamsClub
from tests.e2e.drivers.texts import ru
from tests.e2e.emulator import BotApiEmulator
from tests.e2e.harness import RunningBot

#: what would end the event or start another conversation: played elsewhere
SKIPPED = {"new", "begin", "cancel", "finish", "drop", "next_round", "judge"}


async def test_every_menu_command_in_a_running_team_event_is_answered(
    emu: BotApiEmulator, bot: RunningBot
) -> None:
    club = TeamsClub(emu, players=8)
    await club.create()
    pairs = [("Ann", "Bob"), ("Cat", "Dan"), ("Eve", "Fay"), ("Gus", "Hal")]
    for n, (first, second) in enumerate(pairs, start=1):
        await club.org.send(GROUP, f"/add @{first.lower()} @{second.lower()} Команда{n}")
        await emu.wait_bot_message(GROUP, contains=f"«Команда{n}»")
    await club.begin()
    await emu.wait_for(partial(club.board, 1))
    await emu.idle()
    failed = ru("errors.internal")
    answers: dict[str, str] = {}
    for name in ADMIN:
        if name in SKIPPED:
            continue
        seen = {id(m) for m in [*emu.bot_messages(GROUP), *emu.bot_messages(club.org.id)]}
        await club.org.send(GROUP, f"/{name}")

        def answered(seen: set[int] = seen) -> list[str] | None:
            found = [
                m.plain
                for m in [*emu.bot_messages(GROUP), *emu.bot_messages(club.org.id)]
                if id(m) not in seen
            ]
            return found or None

        await emu.wait_for(answered)
        await emu.idle()
        new = answered() or []
        assert new, f"/{name} was not answered"
        assert not any(failed in text for text in new), f"/{name} failed: {new}"
        answers[name] = new[0]
    assert answers["team"] == ru("teams.team_usage")
    assert answers["extend"] == ru("teams.extend_usage", max=60)
    assert answers["join"] == ru("teams.join_how")
    assert answers["pending"].startswith(ru("teams.pending_title", round=1, count=4))
    assert answers["standings"] == ru("teams.standings_none", name="Командный кубок")
    assert answers["bracket"].endswith(
        ru("tournament.kind_teams") + ": команды /bracket в нём нет."
    )
