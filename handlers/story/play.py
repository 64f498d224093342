"""Story Constructed's commands and buttons: joining a side, the captains' election (a member's
vote, the organiser's choice on a tie or no vote, ``/captain`` any time), the captains' picks
(or a judge's for an absent captain), the winning captain's order (607.4.6), ``/elect``,
``/story_rules`` (607.1), ``/export``, and the shared commands."""

from __future__ import annotations

from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message

import handlers.event_steps as steps
from bot.deadlines import committed
from bot.notices import keyboard
from bot.registry import Registry
from bot.roles import Role, Roles
from bot.story import StoryService
from bot.story.buttons import StCaptainCb, StJoinCb, StOrderCb, StPickCb, StVoteCb
from bot.story.core import KIND
from bot.texts import Tr
from db.models import Player
from db.tournaments import Tournament
from handlers.exports import answer_export
from handlers.filters import CurrentTournament
from handlers.guard import permitted
from handlers.kind import Call
from handlers.routes import Routes
from handlers.story.wizard import routes as wizard_routes

routes = Routes(__name__)
routes.include(wizard_routes)

STORY = CurrentTournament(KIND)


async def presser(query: CallbackQuery, registry: Registry) -> Player:
    user = query.from_user
    return await registry.ensure_player(user.id, user.first_name, user.last_name)


async def is_judge(roles: Roles, story: StoryService, user_id: int, tid: int) -> bool:
    chat = await story.chat_of(tid)
    return await roles.can(user_id, Role.JUDGE, chat_id=chat, tournament_id=tid)


@routes.callback_query(StJoinCb.filter())
async def join_side(
    query: CallbackQuery, callback_data: StJoinCb, t: Tr, story: StoryService, registry: Registry
) -> None:
    me = await presser(query, registry)
    status, count = await story.join(callback_data.t, me, callback_data.s)
    tournament = await story.tournament(callback_data.t)
    side = story.side_name(tournament, callback_data.s)
    await query.answer(t(f"story.join_{status}", side=side, count=count))
    if status == "joined" and isinstance(query.message, Message):
        await query.message.answer(t("story.joined", name=me.display_name, side=side, count=count))


@routes.callback_query(StVoteCb.filter())
async def vote(
    query: CallbackQuery, callback_data: StVoteCb, t: Tr, story: StoryService, registry: Registry
) -> None:
    me = await presser(query, registry)
    name, tally = await story.vote(callback_data.t, me, callback_data.p)
    await query.answer(t("story.voted", name=name, tally=tally))


@routes.callback_query(StCaptainCb.filter())
async def choose_captain(
    query: CallbackQuery, callback_data: StCaptainCb, t: Tr, story: StoryService
) -> None:
    name, side = await story.name_captain(callback_data.t, callback_data.p, query.from_user.id)
    await query.answer(t("story.captain_named", name=name, side=side))
    if isinstance(query.message, Message):
        await query.message.edit_reply_markup(reply_markup=None)


@routes.callback_query(StPickCb.filter())
async def pick(
    query: CallbackQuery,
    callback_data: StPickCb,
    t: Tr,
    story: StoryService,
    registry: Registry,
    roles: Roles,
) -> None:
    """A captain's pick in private, or a judge's for him (from the reminder in the group)."""
    me = await presser(query, registry)
    cb = callback_data
    judge = await is_judge(roles, story, query.from_user.id, cb.t)
    status, after = await story.pick(cb.t, me.id, judge, cb.r, cb.k, cb.p)
    await query.answer(t(f"story.pick_{status}"), show_alert=status == "stale")
    if isinstance(query.message, Message):
        await query.message.edit_reply_markup(reply_markup=None)
    await committed(after)


@routes.callback_query(StOrderCb.filter())
async def order(
    query: CallbackQuery,
    callback_data: StOrderCb,
    t: Tr,
    story: StoryService,
    registry: Registry,
    roles: Roles,
) -> None:
    me = await presser(query, registry)
    judge = await is_judge(roles, story, query.from_user.id, callback_data.t)
    status, after = await story.order(callback_data.t, me.id, judge, callback_data.p)
    await query.answer(t(f"story.order_{status}"), show_alert=status == "stale")
    if status != "playing" and isinstance(query.message, Message):
        await query.message.edit_reply_markup(reply_markup=None)
    await committed(after)


@routes.message(Command("captain"), STORY)
async def captain(
    message: Message,
    command: CommandObject,
    t: Tr,
    tournament: Tournament,
    story: StoryService,
    roles: Roles,
) -> None:
    """``/captain @player``: the organiser names his side's captain (any time, 607.4.2)."""
    actor = await permitted(message, roles, tournament, Role.ORGANISER, t)
    if actor is None:
        return
    words = (command.args or "").split()
    player = await story.find_player(words[0]) if words else None
    if player is None:
        await message.reply(t("story.captain_usage"))
        return
    name, side = await story.name_captain(tournament.id, player.id, actor)
    await message.reply(t("story.captain_named", name=name, side=side))


@routes.message(Command("pick"), STORY)
async def pick_for_captain(
    message: Message, t: Tr, tournament: Tournament, story: StoryService, roles: Roles
) -> None:
    """``/pick``: a judge makes the waiting captain's choice (an absent captain, 607.4.2)."""
    if await permitted(message, roles, tournament, Role.JUDGE, t) is None:
        return
    await committed(await story.show_choice(tournament.id))


@routes.message(Command("elect"), STORY)
async def elect(
    message: Message, t: Tr, tournament: Tournament, story: StoryService, roles: Roles
) -> None:
    """``/elect``: each side's ballot in the group (its members vote with buttons)."""
    if await permitted(message, roles, tournament, Role.ORGANISER, t) is None:
        return
    await committed(await story.ballots(tournament.id))


@routes.message(Command("story_rules"), STORY)
async def story_rules(
    message: Message,
    command: CommandObject,
    t: Tr,
    tournament: Tournament,
    story: StoryService,
    roles: Roles,
) -> None:
    """``/story_rules <text>``: the tournament's own rules (607.1: 3 days before the start)."""
    actor = await permitted(message, roles, tournament, Role.ORGANISER, t)
    if actor is None:
        return
    text = (command.args or "").strip()
    if not text:
        await message.reply(t("story.rules_usage"))
        return
    await story.change_rules(tournament.id, text, actor)
    await message.reply(t("story.rules_changed", name=tournament.name))


@routes.message(Command("drop"), STORY)
async def drop(
    message: Message, t: Tr, tournament: Tournament, story: StoryService, registry: Registry
) -> None:
    """Before the start a player leaves his side; after it a player is out only by a result
    (607.4.4): the judge records his technical loss with ``/result``."""
    user = message.from_user
    assert user is not None
    if tournament.status != "registration":
        await message.reply(t("story.drop_running"))
        return
    me = await registry.ensure_player(user.id, user.first_name, user.last_name)
    left = await story.leave(tournament.id, me)
    await message.reply(t("story.drop_done" if left else "story.drop_not_in", name=me.display_name))


@routes.message(Command("export"))
async def export(
    message: Message, command: CommandObject, t: Tr, story: StoryService, roles: Roles
) -> None:
    """The places and players as a CSV file, into its group or the judge's private chat."""
    await answer_export(message, command.args, t, roles, story, "story.export_title")


async def join(call: Call, story: StoryService) -> None:
    notice = story.join_notice(call.tournament)
    markup = keyboard(story.core.texts, call.t.lang, notice)
    await call.message.reply(call.t("story.join_how"), reply_markup=markup)


async def add(call: Call, story: StoryService) -> None:
    """``/add @player 1|2``: the organiser puts a player on a side."""
    words = call.words
    player = await story.find_player(words[0]) if words else None
    side = words[1] if len(words) > 1 else ""
    if player is None or side not in ("1", "2"):
        await call.message.reply(call.t("story.add_usage"))
        return
    _, count = await story.join(call.tournament.id, player, int(side) - 1)
    name = story.side_name(call.tournament, int(side) - 1)
    await call.message.reply(
        call.t("story.joined", name=player.display_name, side=name, count=count)
    )


async def extend(call: Call, story: StoryService) -> None:
    await call.message.reply(call.t("story.no_extend"))


async def result(call: Call, story: StoryService) -> None:
    """``/result <round> <table> <a|d|ta|td|na|nd|nn|draw|dl>``: a judge decides an open game
    (round 0: a game of 607.4.6's round robin; ``a`` is its first player; ``na``/``nd``/``nn``:
    who did not come, ``bot.story.service.ABSENCE``)."""
    words = call.words
    if len(words) < 3 or not words[0].isdigit() or not words[1].isdigit():
        await call.message.reply(call.t("story.result_usage"))
        return
    after = await story.result(
        call.tournament.id, call.actor, int(words[0]), int(words[1]), words[2].lower()
    )
    await call.message.reply(call.t("story.result_done"))
    await committed(after)


commands = steps.event_commands(
    StoryService, add=add, extend=extend, join=join, result=result, queue="board"
)
