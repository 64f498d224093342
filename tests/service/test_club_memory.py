"""The club's memory as services (``bot.memory``, ``bot.seasons``) on a King of the Hill played
through the shared result flow: the record follows a judge's void, the nemesis needs three
games, and a season counts the finished tournament of its group in its days only."""

from __future__ import annotations

from datetime import date

from bot.memory import ClubMemory
from bot.results import Step
from bot.seasons import Seasons
from rules.results import Claim
from tests.service.conftest import GROUP, ORGANISER, Club
from tests.service.koth_club import BORIS, begun, boris_wins, get


async def test_the_record_the_nemesis_and_a_void(club: Club) -> None:
    koth, tid = await begun(club)
    memory: ClubMemory = club.services.memory
    played = [await boris_wins(club, tid) for _ in range(7)]
    # the fixed queue: Boris stays at the table and meets Анна in games 1, 4 and 7
    assert [other for _, other in played] == [1, 3, 4, 1, 3, 4, 1]
    record, names = await memory.record(1, BORIS)
    assert (record.games, record.wins, record.draws, record.losses) == (3, 0, 0, 3)
    assert record.leader == BORIS and set(names.values()) == {"Пятничный"}
    theirs, _ = await memory.record(BORIS, 1)
    assert (theirs.wins, theirs.losses) == (3, 0)
    found = await memory.nemesis_of(1)
    assert found is not None and found[0].player == BORIS and found[1] == "Тестов Борис"
    assert await memory.nemesis_of(BORIS) is None  # nobody beat him
    assert await memory.nemesis_of(3) is None  # two games against Boris only
    text = await memory.nemesis_text(1, "ru")
    assert text == ("😈 Ваша немезида: Тестов Борис (клубный номер 2) — 3 поражения в 3 играх.")

    # the judge voids the last game: Анна met Boris twice, no nemesis any more
    async with club.services.db.read() as tx:
        tournament = await get(tx, tid)
    await koth.judging.act(tournament, ORGANISER, "void", None)
    record, _ = await memory.record(1, BORIS)
    assert (record.games, record.losses) == (2, 2)
    assert await memory.nemesis_of(1) is None


async def test_another_groups_tournament_counts_only_games_its_players_vouched_for(
    club: Club,
) -> None:
    """As its ratings (issue 29): a result the other group's judge typed in is no meeting; a
    game both players reported and confirmed themselves is."""
    await begun(club)
    await boris_wins(club, 1)  # the club's: Boris beat Анна
    _koth, other = await begun(club, chat=-100600, organiser=555)
    flow = club.services.flow
    async with club.services.db.read() as tx:
        game = await flow.desks["koth"].current_game(tx, await get(tx, other), BORIS)
    assert game is not None and game.opponent(BORIS) == 1
    decided, after = await flow.decide(other, game.key, Claim(winner=BORIS), 555)
    assert decided.step is Step.FINAL
    club.services.notices.follow(decided, after)
    await club.services.background.drain(timeout=5)
    assert await boris_wins(club, other) == (BORIS, 3)  # reported and confirmed: vouched
    memory: ClubMemory = club.services.memory
    record, _ = await memory.record(1, BORIS)
    assert (record.games, record.losses) == (1, 1)  # the judge's result is left out
    record, _ = await memory.record(3, BORIS)
    assert (record.games, record.losses) == (1, 1) and record.last[0][0].tournament == other


async def test_a_season_counts_its_groups_tournaments_finished_in_its_days(club: Club) -> None:
    koth, tid = await begun(club)
    seasons: Seasons = club.services.seasons
    now = club.clock.now()
    autumn = await seasons.create(GROUP, ORGANISER, "Осень; 01.11.2026; 31.12.2026", now)
    later = await seasons.create(GROUP, ORGANISER, "Зима; 01.01.2027; 28.02.2027; 3 2 1; 2", now)
    elsewhere = await seasons.create(-100501, ORGANISER, "Осень; 01.11.2026; 31.12.2026", now)
    assert (autumn.points, autumn.best) == ((25, 18, 15, 12, 10, 8, 6, 4, 2, 1), 4)
    assert (later.points, later.best) == ((3, 2, 1), 2)
    assert await seasons.current(GROUP, date(2026, 11, 30)) == autumn
    assert await seasons.current(GROUP, date(2027, 1, 5)) == later
    assert await seasons.by_token(elsewhere.token) == elsewhere
    assert await seasons.named(GROUP, " осень ") == autumn
    assert await seasons.named(GROUP, "Весна") is None

    await boris_wins(club, tid)
    assert (await seasons.standing(autumn)).rows == ()  # running: nothing counted yet
    async with club.services.db.read() as tx:
        tournament = await get(tx, tid)
    await koth.judging.act(tournament, ORGANISER, "declare", BORIS)
    await club.services.background.drain(timeout=5)

    standing = await seasons.standing(autumn)
    assert [t.id for t in standing.tournaments] == [tid]
    # four places of the default table: 25, 18, 15, 12; the declared winner first
    assert [r.points for r in standing.rows] == [25, 18, 15, 12]
    assert standing.rows[0].player == BORIS and standing.names[BORIS] == "Тестов Борис"
    assert sorted(r.player for r in standing.rows) == [1, 2, 3, 4]
    text = seasons.table_text(standing, "ru")
    assert "1. Тестов Борис — 25 очков (25)" in text and "1 турнир в зачёте." in text
    # finished on 30.11.2026: not in the winter's days, not in another group's season
    assert (await seasons.standing(later)).rows == ()
    assert (await seasons.standing(elsewhere)).rows == ()
    page = await seasons.web_page(autumn.token)
    assert page is not None and "<td>Тестов Борис</td><td>25</td>" in page
    assert await seasons.web_page("no-such-token") is None


async def test_a_groups_seasons_follow_it_to_its_supergroup(club: Club) -> None:
    seasons: Seasons = club.services.seasons
    made = await seasons.create(GROUP, ORGANISER, "Осень; 01.11.2026; 31.12.2026", club.clock.now())
    await club.services.groups.migrated(GROUP, GROUP - 1)
    assert await seasons.current(GROUP, date(2026, 11, 30)) is None
    moved = await seasons.current(GROUP - 1, date(2026, 11, 30))
    assert moved is not None and moved.id == made.id and moved.chat_id == GROUP - 1
