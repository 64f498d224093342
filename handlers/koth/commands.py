"""King of the Hill in the chat: thin handlers (parse, check the role, call the service, answer).

Organiser: /new → billiards (name, entry fee, table), /add, /add fund <amount>, /norms
[club id, norm], /draw [club ids], /begin. Everyone: the Join button, /join, /start t-<id>,
/queue. The judge's commands and /cancel: ``handlers.koth.judge`` (included here).
"""

from __future__ import annotations

import re
from decimal import Decimal

from aiogram import Bot, F
from aiogram.filters import Command, CommandObject, CommandStart, StateFilter
from aiogram.fsm.context import FSMContext
from aiogram.fsm.state import State, StatesGroup
from aiogram.types import CallbackQuery, Message
from aiogram.utils.deep_linking import create_start_link

import handlers.koth.judge as koth_judge
from bot import numbers
from bot.access import STALE
from bot.buttons import NewCb
from bot.errors import UserError
from bot.formats import Money
from bot.koth import KothService
from bot.koth.buttons import KothConsentCb, KothJoinCb, KothRatingCb
from bot.koth.registration import TYPICAL_START_RATINGS, Person, Unregistered
from bot.roles import Role, Roles
from bot.sender import Sender
from bot.texts import Html, Tr
from db.tournaments import Tournament
from handlers.filters import CurrentTournament, LinkedTournament
from handlers.guard import permitted
from handlers.kind import Call, KindCommands, Own
from handlers.koth.common import args_of
from handlers.prompts import ask_again, ask_presser, settle
from handlers.routes import Routes

routes = Routes(__name__)


class Wizard(StatesGroup):
    name = State()
    fee = State()
    table = State()


# --- creation ---------------------------------------------------------------------------------


@routes.callback_query(NewCb.filter(F.discipline == "billiards"))
async def new_koth(query: CallbackQuery, state: FSMContext, t: Tr) -> None:
    """An organiser of this group pressed it (``bot.access``): the wizard begins."""
    await state.set_state(Wizard.name)
    await query.answer()
    await settle(query, t("tournament.kind_chosen", kind=t("tournament.kind_koth")))
    await ask_presser(query, t("koth.ask_name"))


@routes.message(StateFilter(Wizard.name), F.text)
async def wizard_name(message: Message, state: FSMContext, t: Tr) -> None:
    name = (message.text or "").strip()
    if not 1 <= len(name) <= 60 or name.startswith("/"):
        await ask_again(message, t("koth.bad_name"))
        return
    await state.update_data(name=name)
    await state.set_state(Wizard.fee)
    await ask_again(message, t("koth.ask_fee"))


@routes.message(StateFilter(Wizard.fee), F.text)
async def wizard_fee(message: Message, state: FSMContext, t: Tr) -> None:
    # "2 500 ₽", "2500 руб." and "2500" all mean 2 500 rubles; "2500.50" is no whole number
    # (it used to lose its point and become 250 050).
    typed = re.sub(r"\s", "", message.text or "")
    fee = numbers.whole(re.sub(r"(₽|руб\.?|р\.?)$", "", typed, flags=re.IGNORECASE), numbers.FEE)
    await state.update_data(fee=fee)
    await state.set_state(Wizard.table)
    await ask_again(message, t("koth.ask_table"))


@routes.message(StateFilter(Wizard.table), F.text)
async def wizard_table(message: Message, state: FSMContext, t: Tr, koth: KothService) -> None:
    assert message.from_user is not None
    table = (message.text or "").strip()[:40]
    data = await state.get_data()
    await state.clear()
    # the registration message with its button is the service's: it settles it at the end
    await koth.registration.create(
        message.chat.id, message.from_user.id, data["name"], data["fee"], table, t.lang
    )


# --- joining ------------------------------------------------------------------------------------


async def enter(koth: KothService, tournament_id: int, user_id: int, t: Tr) -> str:
    """The answer to a player's own entry (a refusal raises ``UserError``; a stranger:
    ``Unregistered``)."""
    joined = await koth.registration.enter(tournament_id, user_id)
    name = joined.tournament.name
    if joined.needs_rating:
        return t("koth.rating_asked", name=name)
    return t("koth.joined" if joined.added else "koth.already_joined", name=name)


async def register_link(bot: Bot) -> str:
    return await create_start_link(bot, "register")


@routes.callback_query(KothJoinCb.filter())
async def join_button(
    query: CallbackQuery, callback_data: KothJoinCb, t: Tr, koth: KothService
) -> None:
    """A stranger's press opens the private chat at the registration (the answer's link)."""
    assert query.bot is not None
    try:
        answer = await enter(koth, callback_data.t, query.from_user.id, t)
    except Unregistered:
        link = await register_link(query.bot)
        await query.answer(t("koth.register_first_press"), url=link)
        return
    await query.answer(answer, show_alert=True)


@routes.message(CommandStart(deep_link=True), F.chat.type == "private", LinkedTournament("koth"))
async def join_link(message: Message, tournament: Tournament, t: Tr, koth: KothService) -> None:
    assert message.from_user is not None
    await message.answer(await enter_or_register(koth, tournament.id, message, t))


async def join_command(call: Call, koth: KothService) -> None:
    await call.message.reply(
        await enter_or_register(koth, call.tournament.id, call.message, call.t)
    )


async def settle_note(query: CallbackQuery, note: str, sender: Sender) -> None:
    """The request's buttons replaced by a line saying what was done."""
    message = query.message
    if isinstance(message, Message) and message.html_text:
        text = message.html_text + "\n\n" + note
        await sender.edit(message.chat.id, message.message_id, text)


async def enter_or_register(koth: KothService, tid: int, message: Message, t: Tr) -> str:
    assert message.from_user is not None and message.bot is not None
    try:
        return await enter(koth, tid, message.from_user.id, t)
    except Unregistered:
        return t("koth.register_first", link=await register_link(message.bot))


@routes.callback_query(KothRatingCb.filter())
async def starting_rating(
    query: CallbackQuery, callback_data: KothRatingCb, t: Tr, koth: KothService
) -> None:
    """An organiser of the tournament's group (``bot.access``) sets the newcomer's starting
    rating with one tap; he is then in, and told so privately. Only the values offered are
    taken (any other: ``/add``), so forged data sets no rating."""
    if callback_data.r not in TYPICAL_START_RATINGS:
        raise UserError(STALE)
    joined, fresh = await koth.registration.start_rating(
        callback_data.t, query.from_user.id, callback_data.p, callback_data.r
    )
    player = joined.player
    if fresh:  # the request became one line (``Registration.settle_rating_request``)
        await query.answer(t("koth.rating_set_short", rating=callback_data.r))
    else:  # set meanwhile (another organiser's tap, or /add): that value stands
        await query.answer(t("koth.rating_already", name=player.display_name))


@routes.callback_query(KothConsentCb.filter())
async def consent_button(
    query: CallbackQuery, callback_data: KothConsentCb, t: Tr, koth: KothService, sender: Sender
) -> None:
    """His yes to the tournament an organiser of a group he is not in asked him into."""
    joined = await koth.registration.consented(callback_data, query.from_user.id)
    if joined is None:
        await query.answer(t("koth.consent_not_asked"), show_alert=True)
        return
    answer = t("koth.joined", name=joined.tournament.name)
    await query.answer(answer, show_alert=True)
    await settle_note(query, answer, sender)


# --- organiser: players, norms, draw, begin --------------------------------------------------


def who_and_rating(message: Message, args: list[str]) -> tuple[Person | str, Decimal | None]:
    """/add's player (the replied-to user, with the name his message shows, ``@name`` or a
    club ID) and optional rating."""
    reply = message.reply_to_message
    target: Person | str
    author = reply.from_user if reply is not None else None
    if author is not None and not author.is_bot:
        target, rest = Person(author.id, author.first_name, author.last_name), args
    elif args:
        target, rest = args[0], args[1:]
    else:
        raise UserError("koth.add_usage")
    if not rest:
        return target, None
    return target, numbers.decimal(rest[0], numbers.RATING)


async def add(call: Call, koth: KothService) -> None:
    """/add @name [rating], /add <club ID> [rating], a reply with /add; /add fund <amount>."""
    args, t, tournament = call.words, call.t, call.tournament
    if args and args[0].lower() == "fund":
        if len(args) < 2 or not numbers.is_whole(args[1]):
            raise UserError("koth.fund_usage")
        amount, note = numbers.whole(args[1], numbers.FUND), " ".join(args[2:])
        fund = await koth.registration.contribute(tournament, call.actor, amount, note)
        await call.message.reply(t("koth.fund_added", amount=Money(amount), fund=Money(fund)))
        return
    target, rating = who_and_rating(call.message, args)
    added = await koth.registration.add(tournament, call.actor, target, rating)
    key = "koth.added" if added.status == "added" else f"koth.add_{added.status}"
    await call.message.reply(t(key, name=added.name, club_id=added.club_id))


@routes.message(Command("norms"), CurrentTournament("koth"))
async def norms_command(
    message: Message,
    command: CommandObject,
    tournament: Tournament,
    t: Tr,
    roles: Roles,
    koth: KothService,
    lang: str,
) -> None:
    assert message.from_user is not None
    args = args_of(command)
    if args:
        if await permitted(message, roles, tournament, Role.ORGANISER, t) is None:
            return
        if len(args) != 2 or not all(numbers.is_whole(a) for a in args):
            raise UserError("koth.norms_usage")
        player, norm = numbers.whole(args[0], numbers.CLUB_ID), numbers.whole(args[1], numbers.NORM)
        await koth.preparation.set_norm(tournament, message.from_user.id, player, norm)
    await message.answer(await koth.preparation.norms_text(tournament.id, lang))


@routes.message(Command("draw"), CurrentTournament("koth"))
async def draw(
    message: Message,
    command: CommandObject,
    tournament: Tournament,
    t: Tr,
    roles: Roles,
    koth: KothService,
) -> None:
    assert message.from_user is not None
    if await permitted(message, roles, tournament, Role.ORGANISER, t) is None:
        return
    args = args_of(command)
    if args and not all(numbers.is_whole(a) for a in args):
        raise UserError("koth.draw_mismatch")
    order = [numbers.whole(a, numbers.CLUB_ID) for a in args] if args else None
    names = await koth.preparation.draw(tournament, message.from_user.id, order)
    listing = "\n".join(t("koth.draw_line", seat=i, name=n) for i, n in enumerate(names, 1))
    await message.answer(t("koth.drawn", order=Html(listing), name=tournament.name))


async def begin(call: Call, koth: KothService) -> None:
    await koth.preparation.begin(call.tournament, call.actor)


async def queue(call: Call, koth: KothService) -> None:
    """The board: the queue, the wins and norms (King of the Hill's pairings and standings)."""
    tournament, t = call.tournament, call.t
    text = await koth.board.queue_text(tournament.id, t.lang)
    if tournament.status == "finished":
        text = t("tournament.finished_note", name=tournament.name) + "\n\n" + text
    await call.message.answer(text)


routes.include(koth_judge.routes)

#: the shared commands (``handlers.kind``) at a King of the Hill
commands = KindCommands(
    KothService,
    {
        "add": Own(Role.ORGANISER, add),
        "begin": Own(Role.ORGANISER, begin),
        "cancel": Own(Role.ORGANISER, koth_judge.cancel),
        "extend": Own(Role.JUDGE, koth_judge.extend),
        "finish": Own(Role.JUDGE, koth_judge.judge_step),
        "join": Own(None, join_command),
        "log": Own(Role.JUDGE, koth_judge.log),
        "pairings": Own(None, queue),
        "queue": Own(None, queue),
        "result": Own(Role.JUDGE, koth_judge.judge_step),
        "standings": Own(None, queue),
    },
)
