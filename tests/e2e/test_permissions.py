"""Permissions matrix: every organiser and judge command and button × who presses it.

Roles (bot.md "Who uses it"): a player of the tournament, the judge of another tournament, the
judge of this tournament, an administrator of another group, an administrator of this group
(none of them listed in ORGANIZER_IDS, so the group decides). A refusal is the bot's refusal
text or alert AND unchanged state; an allowed action is its effect on the state (or, for the
read-only ones, the text it shows).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta

import pytest

from db import tournaments
from tests.clock import ManualClock
from tests.e2e.drivers import koth_club, swiss_club
from tests.e2e.drivers.texts import fixed, round_title
from tests.e2e.emulator import BotApiEmulator, SimMessage, SimUser
from tests.e2e.hardening import REFUSAL, Said, capture_errors, diff, settled, snapshot
from tests.e2e.harness import RunningBot

OTHER_GROUP = -100888
ROLES = ("player", "other_judge", "judge", "other_org", "org")
ORG, JUDGE = "organiser", "judge"


@dataclass
class World:
    """One tournament of one kind in its group, the five role users, and a second group with
    its own administrator and a tournament with its own judge."""

    emu: BotApiEmulator
    bot: RunningBot
    clock: ManualClock
    kind: str
    group: int
    boss: SimUser  # the listed organiser (999) who sets things up
    people: dict[str, SimUser]
    roles: dict[str, SimUser]
    tid: int = 1
    swiss: swiss_club.Club | None = None

    async def say(self, user: SimUser, text: str) -> Said:
        said = Said(self.emu, (self.group, user.id))
        await user.send(self.group, text)
        await self.emu.wait_for(said.messages)  # every command in the group gets an answer
        await self.emu.idle()
        return said

    async def press(self, user: SimUser, message: SimMessage, data: str) -> tuple[str, Said]:
        said = Said(self.emu, (self.group, user.id))
        answer = await (await user.press_data(message, data)).answer()
        await self.emu.idle()
        return answer.text or "", said


async def add_roles(
    emu: BotApiEmulator,
    bot: RunningBot,
    clock: ManualClock,
    kind: str,
    group: int,
    boss: SimUser,
    player: SimUser,
) -> World:
    """The role users; the other group with its administrator, a tournament and its judge.
    The judge is appointed to tournament 1 when the group has one."""
    org = emu.add_user(701, "Orla", username="orla")
    judge = emu.add_user(702, "Jude", username="jude")
    other_org = emu.add_user(801, "Omar", username="omar")
    other_judge = emu.add_user(802, "Jill", username="jill")
    emu.add_member(group, org, "administrator")
    for user in (judge, other_org, other_judge):
        emu.add_member(group, user)
    emu.add_group(OTHER_GROUP, "Other club", members=[other_judge], admins=[other_org])
    assert bot.app is not None
    async with bot.app.db.transaction() as tx:
        own = await tournaments.get(tx, 1)
        other = await tournaments.create(
            tx, OTHER_GROUP, "billiards", "koth", "Чужой", {}, 999, clock.now().isoformat()
        )
        if own is not None:
            await tournaments.add_judge(tx, own.id, judge.id)
        await tournaments.add_judge(tx, other, other_judge.id)
    roles = {
        "player": player,
        "other_judge": other_judge,
        "judge": judge,
        "other_org": other_org,
        "org": org,
    }
    return World(emu, bot, clock, kind, group, boss, {}, roles)


# ---------------------------------------------------------------- King of the Hill worlds
async def koth_world(emu: BotApiEmulator, bot: RunningBot, clock: ManualClock, state: str) -> World:
    boss, people = await koth_club.setup_club(emu)
    await koth_club.create(emu, boss)
    world = await add_roles(emu, bot, clock, "koth", koth_club.GROUP, boss, people[2])
    world.people = {u.username or "": u for u in people}
    kai = emu.add_user(16, "Kai", username="kai")
    emu.add_member(koth_club.GROUP, kai)
    await kai.start()
    await kai.wait_message()
    ratings = [("ann", 1100), ("bob", 980), ("cid", 900), ("dan", 850), ("eve", 740)]
    for name, rating in ratings:
        await koth_club.say(emu, boss, f"/add @{name} {rating}", fixed("koth.added"))
    if state == "registration":
        return world
    await koth_club.say(emu, boss, "/draw 1 2 3 4 5", fixed("koth.drawn"))
    await koth_club.say(emu, boss, "/begin", fixed("koth.begun"))
    await koth_club.play(emu, "1", people[0], "Моя победа", people[1])
    await emu.idle()
    if state == "last_circle":
        clock.advance(timedelta(hours=6))
        await emu.wait_bot_message(koth_club.GROUP, contains=fixed("koth.expired"))
        await emu.idle()
    return world


# ---------------------------------------------------------------- Swiss worlds
async def swiss_world(
    emu: BotApiEmulator, bot: RunningBot, clock: ManualClock, state: str
) -> World:
    club = swiss_club.Club(emu, players=4)
    created = await club.create(rounds="3", top="Без ТОПа")
    await club.register_all(created)
    world = await add_roles(emu, bot, clock, "swiss", swiss_club.GROUP, club.org, club.users["Cat"])
    world.swiss = club
    world.people = {name.lower(): user for name, user in club.users.items()}
    kai = emu.add_user(16, "Kai", username="kai")
    emu.add_member(swiss_club.GROUP, kai)
    await kai.start()
    await kai.wait_message()
    if state == "registration":
        return world
    await club.org.send(swiss_club.GROUP, "/begin")
    await emu.wait_for(lambda: club.board(round_title(1, 3)))
    await emu.idle()
    if state == "round_done":
        await club.play(1, round_title(1, 3))
    return world


async def dispute(world: World) -> tuple[SimMessage, str]:
    """Game 1 (table 1) reported and disputed: the judges' message and its first decision
    button's data (a forged copy is pressed in the group by each role)."""
    emu = world.emu
    if world.kind == "koth":
        ann, cid = world.people["ann"], world.people["cid"]
        pair = await emu.wait_bot_message(world.group, contains=f"{fixed('koth.pair')} 2:", since=0)
        await (await cid.press(pair, "Моя победа")).answer()  # game 2: Ann (the king) — Cid
        ask = await ann.wait_message(
            contains=fixed("results.confirm_request", -1), predicate=koth_club.has_buttons
        )
        await (await ann.press(ask, "Оспорить")).answer()
    else:
        club = world.swiss
        assert club is not None
        board = await emu.wait_for(lambda: club.board(round_title(1, 3)))
        _, a, b, _ = club.tables(board)[0]
        await club.report(1, 1, a, "Моя победа")
        assert await club.confirm(1, 1, b, "⚠️ Оспорить") == "Передано судье."
    await emu.idle()
    told = next(
        m
        for chat in list(emu.chats)
        for m in emu.bot_messages(chat)
        if fixed("results.dispute_for_judge") in m.plain and m.inline_keyboard
    )
    data = str(told.inline_keyboard[0][0]["callback_data"])
    assert data.startswith("jd:"), data
    anchor = emu.last_bot_message(world.group)
    assert anchor is not None
    return anchor, data


def _first_data(message: SimMessage) -> str:
    return str(message.inline_keyboard[0][0]["callback_data"])


# ---------------------------------------------------------------- the table
@dataclass(frozen=True)
class Case:
    kind: str
    state: str
    action: str  # a command, or "button:<what>"
    need: str  # organiser or judge
    shows: str | None = None  # read-only actions: what the allowed answer contains
    prepare: str | None = None  # a command the listed organiser sends first

    @property
    def id(self) -> str:
        return f"{self.kind}-{self.action.split()[0].replace('/', '').replace(':', '-')}"


CASES = [
    # King of the Hill (handlers/koth.py, handlers/tournaments.py)
    Case("koth", "none", "/new", ORG, shows=fixed("tournament.choose_kind")),
    Case("koth", "none", "button:new_koth", ORG, shows=fixed("koth.ask_name")),
    Case("koth", "registration", "/add @kai 1000", ORG),
    Case("koth", "registration", "/norms 1 5", ORG),
    Case("koth", "registration", "/draw 5 4 3 2 1", ORG),
    Case("koth", "registration", "/begin", ORG),
    Case("koth", "running", "/void", JUDGE),
    Case("koth", "running", "/result 2", JUDGE),
    Case("koth", "running", "/extend 30", JUDGE),
    Case("koth", "last_circle", "/eliminate 4", JUDGE),
    Case("koth", "last_circle", "/reinstate 4", JUDGE, prepare="/eliminate 4"),
    Case("koth", "running", "/finish 1", JUDGE),  # declare the winner: king-of-the-hill.md §5
    Case("koth", "running", "/log", JUDGE, shows=fixed("koth.log_title")),
    Case("koth", "running", "button:jd", JUDGE),
    Case("koth", "running", "confirm:/cancel", ORG),  # the command, then its Yes button
    Case("koth", "running", "button:yes:/cancel", ORG),  # the organiser's prompt, pressed
    # Swiss + Top (handlers/swiss.py, handlers/swiss_wizard.py)
    Case("swiss", "none", "button:new_swiss", ORG, shows=fixed("swiss.wiz_name")),
    Case("swiss", "registration", "/add @kai", ORG),
    Case("swiss", "registration", "/begin", ORG),
    Case("swiss", "round_done", "/next_round", JUDGE),
    Case("swiss", "round_done", "/top", JUDGE),
    Case("swiss", "round", "/repair", JUDGE),
    Case("swiss", "round", "/result 1 b", JUDGE),
    Case("swiss", "round", "/extend 5", JUDGE),
    Case("swiss", "round", "/extend 1 10", JUDGE),
    Case("swiss", "round", "/export", JUDGE, shows=fixed("swiss.export_title")),
    Case("swiss", "round", "button:jd", JUDGE),
    Case("swiss", "round", "confirm:/finish", ORG),
    Case("swiss", "round", "button:yes:/finish", ORG),
    Case("swiss", "round", "confirm:/cancel", ORG),
    Case("swiss", "round", "button:yes:/cancel", ORG),
    Case("swiss", "registration", "confirm:/cancel", ORG),
]


def allowed(case: Case, role: str) -> bool:
    if role == "org":
        return True
    return role == "judge" and case.need == JUDGE


async def build(
    case: Case, emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> tuple[World, Callable[[SimUser], Awaitable[tuple[str, Said]]]]:
    """The world in the case's state and the action as a function of who does it."""
    if case.state == "none":
        boss = emu.add_user(999, "Olga", username="olga")
        group = koth_club.GROUP if case.kind == "koth" else swiss_club.GROUP
        emu.add_group(group, "Club", admins=[boss])
        cid = emu.add_user(13, "Cid", username="cid")
        emu.add_member(group, cid)
        world = await add_roles(emu, bot, clock, case.kind, group, boss, cid)
    elif case.kind == "koth":
        world = await koth_world(emu, bot, clock, case.state)
    else:
        world = await swiss_world(emu, bot, clock, case.state)
    if case.prepare:
        said = await world.say(world.boss, case.prepare)
        assert REFUSAL not in said.text(), said.text()

    if case.action.startswith("button:new"):
        said = await world.say(world.boss, "/new")
        menu = next(m for m in said.messages() if fixed("tournament.choose_kind") in m.plain)
        label = "Царь горы" if case.action == "button:new_koth" else "🃏 Берсерк: швейцарка + ТОП"
        data = str(menu.find_button(label)["callback_data"])

        async def act(user: SimUser) -> tuple[str, Said]:
            return await world.press(user, menu, data)

        return world, act
    if case.action.startswith("button:yes:"):
        said = await world.say(world.boss, case.action.removeprefix("button:yes:"))
        prompt = next(m for m in said.messages() if m.inline_keyboard)
        yes = str(prompt.inline_keyboard[0][0]["callback_data"])
        assert "Да" in prompt.button_labels[0], prompt

        async def act_yes(user: SimUser) -> tuple[str, Said]:
            return await world.press(user, prompt, yes)

        return world, act_yes
    if case.action.startswith("confirm:"):
        command = case.action.removeprefix("confirm:")

        async def act_confirmed(user: SimUser) -> tuple[str, Said]:
            said = await world.say(user, command)
            prompt = next((m for m in said.messages() if m.inline_keyboard), None)
            if prompt is None:
                return said.text(), said
            assert "Да" in prompt.button_labels[0], prompt
            answer, _ = await world.press(user, prompt, _first_data(prompt))
            return answer, said

        return world, act_confirmed
    if case.action == "button:jd":
        anchor, data = await dispute(world)

        async def act_jd(user: SimUser) -> tuple[str, Said]:
            return await world.press(user, anchor, data)

        return world, act_jd

    async def act_command(user: SimUser) -> tuple[str, Said]:
        said = await world.say(user, case.action)
        return said.text(), said

    return world, act_command


def ids(case: Case) -> str:
    return f"{case.id}-{case.state}"


@pytest.mark.parametrize("case", CASES, ids=ids)
async def test_refused(
    case: Case, emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    """Everyone the action is not for, one after the other in the same world: the refusal is
    said (a reply, or an alert for a button) and nothing changes."""
    with capture_errors() as errors:
        world, act = await build(case, emu, bot, clock)
        await settled(emu, bot.db_path)
        for role in ROLES:
            if allowed(case, role):
                continue
            before = snapshot(bot.db_path)
            answer, said = await act(world.roles[role])
            await emu.idle()
            shown = answer + "\n" + said.text()
            assert REFUSAL in shown, f"{case.action} by {role} was not refused: {shown}"
            changed = diff(before, snapshot(bot.db_path))
            assert not changed, f"{case.action} by {role} changed {changed}"
            if case.action.startswith("button:"):
                assert REFUSAL in answer and REFUSAL not in said.text()  # an alert, no message
    assert not errors.records, errors.describe()


ALLOWED = [
    pytest.param(case, role, id=f"{ids(case)}-{role}")
    for case in CASES
    for role in ROLES
    if allowed(case, role)
]


@pytest.mark.parametrize(("case", "role"), ALLOWED)
async def test_allowed(
    case: Case, role: str, emu: BotApiEmulator, bot: RunningBot, clock: ManualClock
) -> None:
    """The judge (for a judge's action) and the group's administrator: the action takes
    effect (or, read-only, shows what it reads)."""
    with capture_errors() as errors:
        world, act = await build(case, emu, bot, clock)
        before = snapshot(bot.db_path)
        answer, said = await act(world.roles[role])
        await emu.idle()
        shown = answer + "\n" + said.text()
        assert REFUSAL not in shown, shown
        if case.shows is not None:
            assert case.shows in shown, shown
        else:
            changed = diff(before, snapshot(bot.db_path))
            assert changed, f"{case.action} by {role} changed nothing; the bot said: {shown}"
    assert not errors.records, errors.describe()
