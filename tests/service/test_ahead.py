"""Announcing ahead and the check-in as a service (``bot.ahead``): what is stored, who is told
what and when, a moved start, late steps, and the check-in's list and its drop."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.ahead import Ahead, checks_in, starts_of
from bot.errors import UserError
from bot.koth import KothService
from bot.swiss import SwissService
from bot.teams import TeamsService
from db import deadlines, players, tournaments
from tests.service.conftest import GROUP, ORGANISER, Club

#: Wednesday 02.12.2026, 19:00 in Moscow (the club's clock: Monday 30.11, 21:00)
STARTS = datetime(2026, 12, 2, 16, 0, tzinfo=UTC)
TYPED = "02.12 19:00"
STEPS = ("ahead_day", "ahead_hour", "ahead_check_in", "ahead_start")


async def swiss_of(club: Club, joined: int = 4) -> tuple[int, list[int]]:
    """A Swiss in its registration and the club ids of the ``joined`` players on its list (each
    opened the bot: telegram id 1000 + n)."""
    swiss = club.services.service(SwissService)
    tid = await swiss.create(GROUP, "Кубок", {"rounds": 2, "top": 0}, ORGANISER)
    ids = []
    for n in range(1, joined + 1):
        async with club.services.db.transaction() as tx:
            now = club.clock.now().isoformat()
            await players.remember_user(
                tx, 1000 + n, f"P{n}", "Тестов", None, "ru", now, private=True
            )
        player = await club.services.registry.ensure_player(1000 + n, f"P{n}", "Тестов")
        await swiss.join(tid, player.id)
        ids.append(player.id)
    return tid, ids


async def at(club: Club, moment: datetime) -> None:
    """The clock set to ``moment`` and what came due fired."""
    club.clock.set(moment)
    await club.services.deadlines.fire_due()


def private_with(club: Club, text: str) -> list[int]:
    """The private chats that got a message containing ``text``."""
    return sorted(
        r.chat_id for r in club.session.sent() if r.chat_id and r.chat_id > 0 and text in r.text
    )


async def pending(club: Club, tid: int) -> dict[str, str]:
    async with club.services.db.read() as tx:
        found = await deadlines.pending_for(tx, tid, STEPS)
    return {d.kind: d.due_at for d in found}


async def test_a_start_is_stored_announced_and_its_steps_armed(club: Club) -> None:
    ahead: Ahead = club.services.ahead
    tid, _ = await swiss_of(club)
    assert await ahead.announce(tid, TYPED, ORGANISER) == STARTS
    async with club.services.db.read() as tx:
        tournament = await tournaments.get(tx, tid)
    assert tournament is not None and starts_of(tournament) == STARTS
    assert tournament.settings["check_in"] is True and tournament.status == "registration"
    assert await pending(club, tid) == {
        "ahead_day": (STARTS - timedelta(days=1)).isoformat(),
        "ahead_hour": (STARTS - timedelta(hours=1)).isoformat(),
        "ahead_check_in": (STARTS - timedelta(minutes=30)).isoformat(),
        "ahead_start": STARTS.isoformat(),
    }
    (announced,) = [r for r in club.session.sent() if r.chat_id == GROUP and "📅" in r.text]
    assert "«Кубок» — среда, 02.12.2026, начало в 19:00." in announced.text


@pytest.mark.parametrize(
    ("typed", "key"),
    [("30.11 20:00", "ahead.past"), ("02.12", "ahead.no_time"), ("когда-нибудь", "ahead.bad_date")],
)
async def test_a_start_that_is_none_ahead_is_refused_and_nothing_stored(
    club: Club, typed: str, key: str
) -> None:
    tid, _ = await swiss_of(club)
    with pytest.raises(UserError) as refused:
        await club.services.ahead.announce(tid, typed, ORGANISER)
    assert refused.value.key == key and refused.value.values == {"example": "01.12 19:00"}
    assert await pending(club, tid) == {}


async def test_a_tournament_that_began_takes_no_start(club: Club) -> None:
    tid, _ = await swiss_of(club)
    await club.services.service(SwissService).begin(tid, ORGANISER)
    with pytest.raises(UserError) as refused:
        await club.services.ahead.announce(tid, TYPED, ORGANISER)
    assert refused.value.key == "ahead.begun"


async def test_a_moved_start_replaces_the_steps_and_the_old_ones_tell_nothing(
    club: Club,
) -> None:
    ahead = club.services.ahead
    tid, _ = await swiss_of(club)
    await ahead.announce(tid, TYPED, ORGANISER)
    await ahead.announce(tid, "03.12 19:00", ORGANISER)
    later = STARTS + timedelta(days=1)
    assert (await pending(club, tid))["ahead_day"] == (later - timedelta(days=1)).isoformat()
    async with club.services.db.read() as tx:
        kinds = await tx.all(
            "SELECT status, count(*) AS n FROM deadlines WHERE kind LIKE 'ahead_%' "
            "GROUP BY status ORDER BY status"
        )
    assert [(r["status"], r["n"]) for r in kinds] == [("cancelled", 4), ("pending", 4)]
    await at(club, STARTS - timedelta(days=1))  # the old day-before moment: nothing
    assert private_with(club, "Завтра") == []
    await at(club, later - timedelta(days=1))
    assert private_with(club, "Завтра, 03.12.2026, в 19:00") == [1001, 1002, 1003, 1004]


async def test_the_reminders_reach_those_on_the_list_then_only_while_they_say_true(
    club: Club,
) -> None:
    ahead = club.services.ahead
    tid, ids = await swiss_of(club)
    await ahead.announce(tid, TYPED, ORGANISER)
    await club.services.service(SwissService).drop(tid, ids[3], None)  # left before the day
    # both reminders came at once (a jump past both, as after downtime): only the hour's
    await at(club, STARTS - timedelta(minutes=50))
    assert private_with(club, "Завтра") == []
    assert private_with(club, "Через час, в 19:00, — «Кубок»") == [1001, 1002, 1003]
    assert not [r for r in club.session.sent() if r.chat_id == GROUP and "Через час" in r.text]


async def test_the_check_in_lists_who_is_not_here_and_takes_off_only_those(club: Club) -> None:
    ahead = club.services.ahead
    tid, ids = await swiss_of(club, joined=5)
    await ahead.announce(tid, TYPED, ORGANISER)
    async with club.services.db.read() as tx:
        tournament = await tournaments.get(tx, tid)
    assert tournament is not None
    assert await ahead.check_ins.absent(tournament) is None  # not open before 18:30
    await at(club, STARTS - timedelta(minutes=30))
    assert private_with(club, "Вы на месте?") == [1001, 1002, 1003, 1004, 1005]
    assert (await ahead.check_ins.check_in(tid, 1001))[0] == "done"
    assert (await ahead.check_ins.check_in(tid, 1001))[0] == "again"
    assert (await ahead.check_ins.check_in(tid, 4242))[0] == "not_in"
    assert (await ahead.check_ins.check_in(tid, 1002))[0] == "done"
    assert (await ahead.check_ins.check_in(tid, 1003))[0] == "done"
    missing = await ahead.check_ins.absent(tournament)
    assert missing == [(ids[3], "Тестов P4"), (ids[4], "Тестов P5")]
    assert (await ahead.check_ins.check_in(tid, 1004))[0] == "done"  # between the list and the tap
    assert await ahead.check_ins.withdraw_absent(tid, ORGANISER) == ["Тестов P5"]
    async with club.services.db.read() as tx:
        left = [p.player_id for p in await tournaments.participants(tx, tid)]
    assert left == ids[:4]
    assert await ahead.check_ins.absent(tournament) == []
    await club.services.service(SwissService).begin(tid, ORGANISER)
    async with club.services.db.read() as tx:
        begun = await tournaments.get(tx, tid)
    assert begun is not None
    assert (await ahead.check_ins.check_in(tid, 1001))[0] == "closed"
    assert await ahead.check_ins.absent(begun) is None


async def test_with_the_check_in_off_nobody_is_asked_and_begin_is_not_held(club: Club) -> None:
    ahead = club.services.ahead
    tid, _ = await swiss_of(club)
    await ahead.announce(tid, TYPED, ORGANISER)
    await ahead.set_check_in(tid, False)
    assert "ahead_check_in" not in await pending(club, tid)
    await at(club, STARTS)
    assert private_with(club, "Вы на месте?") == []
    async with club.services.db.read() as tx:
        tournament = await tournaments.get(tx, tid)
    assert tournament is not None and await ahead.check_ins.absent(tournament) is None
    (prompt,) = [
        r for r in club.session.sent() if r.chat_id == GROUP and "время начинать" in r.text
    ]
    assert prompt.buttons == ["▶️ Начать"] and f"tg://user?id={ORGANISER}" in prompt.text
    await ahead.set_check_in(tid, True)  # on again after its moment: it opens now
    await club.services.deadlines.fire_due()
    assert private_with(club, "Вы на месте?") == [1001, 1002, 1003, 1004]


async def test_a_step_after_the_start_tells_nothing(club: Club) -> None:
    ahead = club.services.ahead
    tid, _ = await swiss_of(club)
    await ahead.announce(tid, TYPED, ORGANISER)
    await club.services.service(SwissService).begin(tid, ORGANISER)
    await at(club, STARTS)
    assert private_with(club, "Завтра") == private_with(club, "Через час") == []
    assert not [r for r in club.session.sent() if "время начинать" in r.text]


async def test_kinds_whose_players_can_be_taken_off_say_so_through_the_contract(
    club: Club,
) -> None:
    ahead = club.services.ahead
    koth = club.services.service(KothService)
    teams = club.services.service(TeamsService)
    made = [
        await koth.registration.create(GROUP, ORGANISER, "Холм", 3000, "1"),
        (await swiss_of(club, joined=0))[0],
        await teams.create(GROUP, "Пары", {"format": "sealed", "rounds": None}, ORGANISER),
    ]
    found = []
    for tid in made:
        async with club.services.db.read() as tx:
            tournament = await tournaments.get(tx, tid)
        assert tournament is not None
        found.append((tournament.kind, ahead.check_ins.can_withdraw(tournament)))
    assert found == [("koth", True), ("swiss", True), ("teams", True)]


async def test_here_by_command_opens_with_the_check_in_and_names_each_tournament(
    club: Club,
) -> None:
    ahead = club.services.ahead
    tid, _ = await swiss_of(club, joined=2)
    await ahead.announce(tid, TYPED, ORGANISER)
    async with club.services.db.read() as tx:
        tournament = await tournaments.get(tx, tid)
    assert tournament is not None
    said = await ahead.check_ins.check_in_by_command(1001, GROUP, tournament)
    assert [status for status, _ in said] == ["not_yet"]
    await at(club, STARTS - timedelta(minutes=29))
    said = await ahead.check_ins.check_in_by_command(1001, 1001, None)  # privately: his open ones
    assert [(status, t.id) for status, t in said] == [("done", tid)]
    assert await ahead.check_ins.check_in_by_command(4242, 4242, None) == []  # a stranger: none
    assert [s for s, _ in await ahead.check_ins.check_in_by_command(1001, GROUP, tournament)] == [
        "again"
    ]
    assert [name for _, name in await ahead.check_ins.absent(tournament) or []] == ["Тестов P2"]


async def test_a_team_event_announced_ahead_reminds_every_player_of_every_team(
    club: Club,
) -> None:
    ahead = club.services.ahead
    teams = club.services.service(TeamsService)
    tid = await teams.create(GROUP, "Пары", {"format": "sealed", "rounds": None}, ORGANISER)
    people = []
    for n in range(1, 7):
        async with club.services.db.transaction() as tx:
            now = club.clock.now().isoformat()
            await players.remember_user(
                tx, 1000 + n, f"P{n}", "Тестов", None, "ru", now, private=True
            )
        people.append(await club.services.registry.ensure_player(1000 + n, f"P{n}", "Тестов"))
    await teams.add_team(tid, people[0], people[1], "Грифоны", ORGANISER)
    await teams.add_team(tid, people[2], people[3], "Драконы", ORGANISER)
    await ahead.announce(tid, TYPED, ORGANISER)
    await at(club, STARTS - timedelta(days=1))
    assert private_with(club, "Завтра, 02.12.2026, в 19:00 — «Пары»") == [1001, 1002, 1003, 1004]
    await at(club, STARTS - timedelta(minutes=30))
    assert (await ahead.check_ins.check_in(tid, 1001))[0] == "done"
    async with club.services.db.read() as tx:
        tournament = await tournaments.get(tx, tid)
    assert tournament is not None
    assert [name for _, name in await ahead.check_ins.absent(tournament) or []] == [
        "Тестов P2",
        "Тестов P3",
        "Тестов P4",
    ]
    await teams.add_team(tid, people[4], people[5], "Единороги", ORGANISER)
    assert (await ahead.check_ins.check_in(tid, 1005))[0] == "done"
    assert (await ahead.check_ins.check_in(tid, 1006))[0] == "done"
    # a team plays with both its players: one absent takes his team off, the whole team in stays
    await ahead.check_ins.withdraw_absent(tid, ORGANISER)
    async with club.services.db.read() as tx:
        state = await teams.core.state(tx, tid)
    assert [team.name for team in state.teams.values()] == ["Единороги"]


async def test_a_start_a_wizard_stored_at_the_creation_is_announced_with_its_steps(
    club: Club,
) -> None:
    """The «Другой формат» wizard stores ``starts_at`` in the club's time zone at the creation
    (611.2); no check-in is asked of it until ``announce_stored`` announces it."""
    swiss = club.services.service(SwissService)
    options = {"rounds": 2, "top": 0, "starts_at": "2026-12-02T19:00:00+03:00"}
    tid = await swiss.create(GROUP, "Другой", options, ORGANISER)
    async with club.services.db.read() as tx:
        tournament = await tournaments.get(tx, tid)
    assert tournament is not None and starts_of(tournament) == STARTS
    assert not checks_in(tournament) and await pending(club, tid) == {}
    await club.services.ahead.announce_stored(tid, ORGANISER)
    assert (await pending(club, tid))["ahead_start"] == STARTS.isoformat()
    async with club.services.db.read() as tx:
        announced = await tournaments.get(tx, tid)
    assert announced is not None and checks_in(announced)
    assert announced.settings["starts_at"] == STARTS.isoformat()


async def test_a_start_given_with_new_waits_for_the_tournament_its_wizard_creates(
    club: Club,
) -> None:
    ahead = club.services.ahead
    before, _ = await swiss_of(club, joined=0)  # an older tournament of the chat takes nothing
    with pytest.raises(UserError):
        await ahead.expected.expect(GROUP, ORGANISER, "вчера 19:00")
    assert await ahead.expected.expect(GROUP, ORGANISER, TYPED) == STARTS
    assert await ahead.expected.waits(GROUP, ORGANISER) and not await ahead.expected.waits(
        GROUP, 1001
    )
    await ahead.expected.created(GROUP, ORGANISER)  # the wizard goes on: nothing yet
    assert await pending(club, before) == {}
    # a restart in the middle of the wizard keeps it (read again from the database)
    again = Ahead(club.services.infra, club.services.kinds)
    assert await again.expected.waits(GROUP, ORGANISER)
    koth = club.services.service(KothService)
    tid = await koth.registration.create(GROUP, ORGANISER, "Холм", 3000, "1")
    await again.expected.created(GROUP, ORGANISER)
    assert (await pending(club, tid))["ahead_start"] == STARTS.isoformat()
    assert not await again.expected.waits(GROUP, ORGANISER)
    assert not await Ahead(club.services.infra, club.services.kinds).expected.waits(
        GROUP, ORGANISER
    )


async def test_a_plain_new_replaces_a_start_an_unfinished_wizard_left(club: Club) -> None:
    ahead = club.services.ahead
    await ahead.expected.expect(GROUP, ORGANISER, TYPED)
    assert await ahead.expected.expect(GROUP, ORGANISER, None) is None
    tid, _ = await swiss_of(club, joined=0)
    await ahead.expected.created(GROUP, ORGANISER)
    assert await pending(club, tid) == {}  # a tournament for now: nothing announced
    restarted = Ahead(club.services.infra, club.services.kinds)
    assert not await restarted.expected.waits(GROUP, ORGANISER)


async def test_after_a_plain_new_a_start_the_wizard_stored_is_announced(club: Club) -> None:
    """«Другой формат» asks the start in its wizard (611.2): no glue is needed."""
    ahead = club.services.ahead
    await ahead.expected.expect(GROUP, ORGANISER, None)
    swiss = club.services.service(SwissService)
    options = {"rounds": 2, "top": 0, "starts_at": "2026-12-02T19:00:00+03:00"}
    tid = await swiss.create(GROUP, "Другой", options, ORGANISER)
    await ahead.expected.created(GROUP, ORGANISER)
    assert (await pending(club, tid))["ahead_day"] == (STARTS - timedelta(days=1)).isoformat()
