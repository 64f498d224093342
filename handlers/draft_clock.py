"""The draft's pick clock in the chat (``bot.draft``): the judge's ``/draft`` panel and its
buttons, ``/deckbuilding [minutes]``. A button press was checked before it got here
(``bot.access``: a judge of the button's tournament, in its group); a command checks its
sender here. Where the tournament has no draft, both say so (its format)."""

from __future__ import annotations

from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message

from bot import numbers
from bot.draft import DraftClockService, deck_minutes_of
from bot.draft.buttons import ClockAction, DraftClockCb
from bot.kinds import PICK_CLOCK
from bot.roles import Role, Roles
from bot.texts import Tr
from db.tournaments import Tournament
from handlers.filters import CurrentTournament
from handlers.guard import permitted
from handlers.routes import Routes
from handlers.swiss.guard import organiser_press

routes = Routes(__name__)
#: a tournament of a kind whose drafts run on the pick clock (``KindSpec.pick_clock``)
DRAFTED = CurrentTournament(PICK_CLOCK)
#: /deckbuilding's minutes: at least one, at most three hours
DECK_MINUTES = numbers.SWISS_MINUTES


@routes.message(Command("draft"), DRAFTED)
async def draft_panel(
    message: Message,
    t: Tr,
    tournament: Tournament,
    draft_clock: DraftClockService,
    roles: Roles,
) -> None:
    if await permitted(message, roles, tournament, Role.JUDGE, t) is None:
        return
    text, markup = await draft_clock.panel(tournament.id, t.lang)
    await message.answer(text, reply_markup=markup)


def deck_minutes_arg(args: str | None) -> int | str | None:
    """The minutes ``/deckbuilding`` names: ``None`` (none: the setting), or ``"bad"``."""
    words = (args or "").split()
    if not words:
        return None
    if len(words) > 1 or not numbers.is_whole(words[0]):
        return "bad"
    return numbers.whole(words[0], DECK_MINUTES)  # out of range: refused naming the range


@routes.message(Command("deckbuilding"), DRAFTED)
async def deckbuilding(
    message: Message,
    command: CommandObject,
    t: Tr,
    tournament: Tournament,
    draft_clock: DraftClockService,
    roles: Roles,
) -> None:
    if (who := await permitted(message, roles, tournament, Role.JUDGE, t)) is None:
        return
    minutes = deck_minutes_arg(command.args)
    if isinstance(minutes, str):
        usage = t("pickclock.deck_usage", minutes=deck_minutes_of(tournament))
        await message.reply(usage)
        return
    await draft_clock.deck_building(tournament.id, minutes, who)


@routes.callback_query(DraftClockCb.filter())
async def panel_press(
    query: CallbackQuery, callback_data: DraftClockCb, t: Tr, draft_clock: DraftClockService
) -> None:
    if (message := await organiser_press(query, t)) is None:
        return
    tid, who = callback_data.t, query.from_user.id
    if callback_data.a is ClockAction.GO:
        number = await draft_clock.start_booster(tid, callback_data.n, who)
        toast = t("pickclock.started", n=number)
    elif callback_data.a is ClockAction.PAUSE:
        await draft_clock.pause(tid, who)
        toast = t("pickclock.paused_now")
    elif callback_data.a is ClockAction.RESUME:
        await draft_clock.resume(tid, who)
        toast = t("pickclock.resumed_now")
    else:  # ClockAction.DECK: a forged action is no DraftClockCb at all
        await draft_clock.deck_building(tid, None, who)
        toast = ""
    await query.answer(toast or None)
    text, markup = await draft_clock.panel(tid, t.lang)
    await message.edit_text(text, reply_markup=markup)
