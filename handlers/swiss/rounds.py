"""Judges and organisers running the rounds: ``/begin``, ``/next_round``, ``/repair``,
``/pending`` (the open tables, a reminder to their players),
``/result [round] <table> <result> [score] [reason]`` (``bot.swiss.corrections``),
``/extend <minutes>`` or ``/extend <table> <minutes>``."""

from __future__ import annotations

from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot import numbers
from bot.roles import Role, Roles
from bot.swiss import SwissService
from bot.swiss.buttons import SwNudgeCb, SwPenaltyCb
from bot.swiss.corrections import parse as parse_ruling
from bot.swiss.log import log_text
from bot.texts import Tr
from db.tournaments import Tournament
from handlers.filters import CurrentTournament
from handlers.routes import Routes
from handlers.swiss.guard import actor, run
from handlers.swiss.top import run_offering

routes = Routes(__name__)
SWISS = CurrentTournament("swiss")


@routes.message(Command("begin"), SWISS)
async def begin(
    message: Message,
    command: CommandObject,
    t: Tr,
    tournament: Tournament,
    swiss: SwissService,
    roles: Roles,
) -> None:
    """``/begin``; ``/begin override`` starts a highest-strictness tournament although some
    players have no valid deck list (503; the bot named them at the plain ``/begin``)."""
    word = (command.args or "").strip().lower()
    if word not in ("", "override"):
        await message.reply(t("decks.begin_usage"))
        return
    if (who := await actor(message, roles, tournament, Role.ORGANISER, t)) is not None:
        action = swiss.begin(tournament.id, who, override=word == "override")
        await run_offering(message, t, action)


@routes.message(Command("next_round"), SWISS)
async def next_round(
    message: Message,
    command: CommandObject,
    t: Tr,
    tournament: Tournament,
    swiss: SwissService,
    roles: Roles,
) -> None:
    again = (command.args or "").strip().lower() == "again"
    if (who := await actor(message, roles, tournament, Role.JUDGE, t)) is not None:
        await run_offering(message, t, swiss.next_round(tournament.id, who, again=again))


@routes.message(Command("repair"), SWISS)
async def repair(
    message: Message, t: Tr, tournament: Tournament, swiss: SwissService, roles: Roles
) -> None:
    if (who := await actor(message, roles, tournament, Role.JUDGE, t)) is not None:
        await run(swiss.next_round(tournament.id, who, again=True))


@routes.message(Command("result"), SWISS)
async def result(
    message: Message,
    command: CommandObject,
    t: Tr,
    tournament: Tournament,
    swiss: SwissService,
    roles: Roles,
) -> None:
    if (who := await actor(message, roles, tournament, Role.JUDGE, t)) is None:
        return
    ruling = parse_ruling(command.args)
    if ruling is None:
        await message.reply(t(await swiss.result_usage(tournament)))
        return
    after, change = await swiss.correct(tournament.id, ruling, who)
    await after()  # the board and both players first: the answer then says it is all done
    await message.reply(swiss.correction_text(t.lang, change))


def extend_args(args: str | None) -> tuple[int | None, int] | None:
    """(table or ``None`` for the round, minutes) of ``/extend``, or ``None`` when malformed;
    a number out of its range is refused naming the range (``bot.numbers``)."""
    parts = (args or "").split()
    if not parts or len(parts) > 2 or not all(numbers.is_whole(p) for p in parts):
        return None
    minutes = numbers.whole(parts[-1], numbers.SWISS_MINUTES)
    return (numbers.whole(parts[0], numbers.TABLE) if len(parts) == 2 else None), minutes


@routes.message(Command("extend"), SWISS)
async def extend(
    message: Message,
    command: CommandObject,
    t: Tr,
    tournament: Tournament,
    swiss: SwissService,
    roles: Roles,
) -> None:
    if (who := await actor(message, roles, tournament, Role.JUDGE, t)) is None:
        return
    parsed = extend_args(command.args)
    if parsed is None:
        await message.reply(t("swiss.extend_usage"))
        return
    table, minutes = parsed
    after, until = await swiss.extend(tournament.id, table, minutes, who)
    await after()
    key = "swiss.extended_round" if table is None else "swiss.extended_table"
    await message.reply(t(key, table=table or 0, minutes=minutes, until=until))


@routes.message(Command("log"), CurrentTournament("swiss", by_id=True))
async def log(
    message: Message, t: Tr, tournament: Tournament, swiss: SwissService, roles: Roles
) -> None:
    """The tournament's log for its judges: every stored event, when and who (``bot.swiss.log``)."""
    if await actor(message, roles, tournament, Role.JUDGE, t) is not None:
        await message.answer(await log_text(swiss, tournament.id, t.lang))


@routes.message(Command("pending"), SWISS)
async def pending(
    message: Message, t: Tr, tournament: Tournament, swiss: SwissService, roles: Roles
) -> None:
    """The current round's open tables for its judges, with one button that reminds just
    their players (``bot.swiss.pending``) and one per table that gives a penalty there."""
    if await actor(message, roles, tournament, Role.JUDGE, t) is None:
        return
    text, number, tables = await swiss.pending_text(tournament.id, t.lang)
    markup = None
    if tables:
        builder = InlineKeyboardBuilder()
        builder.button(text=t("swiss.btn_nudge"), callback_data=SwNudgeCb(t=tournament.id))
        for table in tables:  # a penalty at that table (handlers.swiss.penalties)
            label = t("penalties.btn_table", table=table)
            builder.button(
                text=label, callback_data=SwPenaltyCb(t=tournament.id, r=number, n=table)
            )
        builder.adjust(1, 2)
        markup = builder.as_markup()
    await message.answer(text, reply_markup=markup)


@routes.callback_query(SwNudgeCb.filter())
async def nudge(query: CallbackQuery, callback_data: SwNudgeCb, t: Tr, swiss: SwissService) -> None:
    """The reminder: the presser judges this tournament (``bot.access`` checked it)."""
    sent = await swiss.nudge(callback_data.t)
    await query.answer(
        t("swiss.nudged", count=sent) if sent else t("swiss.nudge_none"), show_alert=True
    )
