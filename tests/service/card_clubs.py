"""The card kinds' clubs the service tests share (``tests.service``): a Swiss of four players,
a duel-set team event of four teams, a Story Constructed of three attackers against two."""

from __future__ import annotations

from datetime import timedelta

from bot.deadlines import committed
from bot.story import StoryService
from bot.swiss import SwissService
from bot.teams import TeamsService
from db import players, tournaments
from db.models import Player
from tests.service.conftest import GROUP, ORGANISER, Club

#: the Swiss players (``four_players``)
NAMES = ("Анна", "Борис", "Вера", "Глеб")
#: the Story sides (``registered``)
ATTACKERS = ("Анна", "Борис", "Вера")
DEFENDERS = ("Глеб", "Дина")


async def started(club: Club, telegram_id: int, name: str) -> None:
    """He wrote to the bot privately (what the dispatcher's middleware records)."""
    async with club.services.db.transaction() as tx:
        now = club.clock.now().isoformat()
        await players.remember_user(tx, telegram_id, name, "Тестов", None, "ru", now, private=True)


async def four_players(club: Club) -> tuple[SwissService, int, list[int]]:
    swiss = club.services.service(SwissService)
    options = {"rounds": 2, "top": 0, "round_minutes": 50}
    tid = await swiss.create(GROUP, "Кубок", options, ORGANISER)
    ids = []
    for index, name in enumerate(NAMES, 1):
        if index < len(NAMES):  # the last one never opened the bot
            await started(club, 1000 + index, name)
        player = await club.services.registry.ensure_player(1000 + index, name, "Тестов")
        assert await swiss.join(tid, player.id) == "joined"
        ids.append(player.id)
    return swiss, tid, ids


async def four_teams(club: Club, *, fmt: str = "duel_sets") -> tuple[TeamsService, int, list[int]]:
    """A running duel-set release of four teams (round 1 paired at once); the players' ids."""
    teams = club.services.service(TeamsService)
    options = {"format": fmt, "scoring": "duel", "rounds": 3, "round_minutes": 70}
    options["decks"] = ["слуа", "вампиры"]
    tid = await teams.create(GROUP, "Кубок", options, ORGANISER)
    ids = []
    for n in range(5):
        first = await club.services.registry.ensure_player(2000 + 2 * n, f"A{n}", None)
        second = await club.services.registry.ensure_player(2001 + 2 * n, f"B{n}", None)
        await teams.add_team(tid, first, second, f"Команда {n}", ORGANISER, (1, 2))
        ids += [first.id, second.id]
    status, name = await teams.drop(tid, ids[-1], None)  # the fifth team leaves before the start
    assert (status, name) == ("removed", "Команда 4")
    async with club.services.db.read() as tx:
        assert len(await tournaments.participants(tx, tid)) == 8
    await (await teams.begin(tid, ORGANISER))()
    return teams, tid, ids[:8]


async def registered(
    club: Club, strictness: str = "amateur"
) -> tuple[StoryService, int, dict[str, Player]]:
    """Three attackers against two, the first of each side its captain, before the start."""
    story = club.services.service(StoryService)
    start = (club.clock.now() + timedelta(days=5)).isoformat()
    options = {"sides": ["Свет", "Тьма"], "attacking": 0, "cards": [None, None], "start": start}
    options |= {"round_minutes": 50, "strictness": strictness}
    tid = await story.create(GROUP, "Пробный", options, ORGANISER)
    people: dict[str, Player] = {}
    for side, names in enumerate((ATTACKERS, DEFENDERS)):
        for index, name in enumerate(names):
            tg = 3000 + len(people)
            people[name] = await club.services.registry.ensure_player(tg, name, "Тестов")
            await story.join(tid, people[name], side)
            if index == 0:
                await story.name_captain(tid, people[name].id, ORGANISER)
    return story, tid, people


async def begun(club: Club) -> tuple[StoryService, int, dict[str, Player]]:
    """``registered``, begun: round 1 open."""
    story, tid, people = await registered(club)
    await committed(await story.begin(tid, ORGANISER))
    await club.services.background.drain(timeout=5)
    return story, tid, people


async def pair(story: StoryService, tid: int, step: int, a: Player, d: Player) -> None:
    """The organiser makes the pair, as a judge for both captains."""
    status, after = await story.pick(tid, ORGANISER, True, 1, step, a.id)
    assert status == "named"
    await committed(after)
    status, after = await story.pick(tid, ORGANISER, True, 1, step + 1, d.id)
    assert status == "paired"
    await committed(after)
