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
from handlers.guard import permitted
from handlers.kind import Call
from handlers.routes import Routes
from handlers.swiss.top import run_offering

routes = Routes(__name__)
SWISS = CurrentTournament("swiss")


async def begin(call: Call, swiss: SwissService) -> None:
    """``/begin``; ``/begin override`` starts a highest-strictness tournament although some
    players have no valid deck list (503; the bot named them at the plain ``/begin``)."""
    word = call.args.strip().lower()
    if word not in ("", "override"):
        await call.message.reply(call.t("decks.begin_usage"))
        return
    action = swiss.begin(call.tournament.id, call.actor, override=word == "override")
    await run_offering(call.message, call.t, action)


@routes.message(Command("next_round"), SWISS)
async def next_round(
    message: Message,
    command: CommandObject,
    t: Tr,
    tournament: Tournament,
    swiss: SwissService,
    roles: Roles,
) -> None:
    """``/next_round``; ``/next_round again`` re-pairs this round; ``/next_round override``
    pairs a Limited format's round 1 although some players have no accepted deck list (503)."""
    word = (command.args or "").strip().lower()
    again, override = word == "again", word == "override"
    if (who := await permitted(message, roles, tournament, Role.JUDGE, t)) is not None:
        action = swiss.next_round(tournament.id, who, again=again, override=override)
        await run_offering(message, t, action)


@routes.message(Command("repair"), SWISS)
async def repair(
    message: Message, t: Tr, tournament: Tournament, swiss: SwissService, roles: Roles
) -> None:
    if (who := await permitted(message, roles, tournament, Role.JUDGE, t)) is not None:
        await swiss.next_round(tournament.id, who, again=True)


async def result(call: Call, swiss: SwissService) -> None:
    ruling = parse_ruling(call.args)
    if ruling is None:
        await call.message.reply(call.t(await swiss.result_usage(call.tournament)))
        return
    change = await swiss.correct(call.tournament.id, ruling, call.actor, call.message.chat.id)
    await call.message.reply(swiss.correction_text(call.t.lang, change))


def extend_args(args: str | None) -> tuple[int | None, int] | None:
    """(table or ``None`` for the round, minutes) of ``/extend``, or ``None`` when malformed;
    a number out of its range is refused naming the range (``bot.numbers``)."""
    parts = (args or "").split()
    if not parts or len(parts) > 2 or not all(numbers.is_whole(p) for p in parts):
        return None
    minutes = numbers.whole(parts[-1], numbers.SWISS_MINUTES)
    return (numbers.whole(parts[0], numbers.TABLE) if len(parts) == 2 else None), minutes


async def extend(call: Call, swiss: SwissService) -> None:
    t = call.t
    parsed = extend_args(call.args)
    if parsed is None:
        await call.message.reply(t("swiss.extend_usage"))
        return
    table, minutes = parsed
    until = await swiss.extend(call.tournament.id, table, minutes, call.actor)
    key = "swiss.extended_round" if table is None else "swiss.extended_table"
    await call.message.reply(t(key, table=table or 0, minutes=minutes, until=until))


async def log(call: Call, swiss: SwissService) -> None:
    """The tournament's log for its judges: every stored event, when and who (``bot.swiss.log``);
    a penalty's reason only in a private chat."""
    private = call.message.chat.type == "private"
    text = await log_text(swiss, call.tournament.id, call.t.lang, reasons=private)
    await call.message.answer(text)


@routes.message(Command("pending"), SWISS)
async def pending(
    message: Message, t: Tr, tournament: Tournament, swiss: SwissService, roles: Roles
) -> None:
    """The current round's open tables for its judges, with one button that reminds just
    their players (``bot.swiss.pending``) and one per table that gives a penalty there."""
    if await permitted(message, roles, tournament, Role.JUDGE, t) is None:
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
