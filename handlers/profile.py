"""/profile: a player's data, ratings, bonuses and penalties; editing a field; deleting his
data. An organiser's ``/profile @username`` (or a club number) shows that player's no-shows
across tournaments (``bot.no_shows``), privately."""

from __future__ import annotations

import logging

from aiogram import F
from aiogram.filters import Command, CommandObject, StateFilter
from aiogram.fsm.context import FSMContext
from aiogram.fsm.state import State, StatesGroup
from aiogram.types import (
    BufferedInputFile,
    CallbackQuery,
    InlineKeyboardMarkup,
    Message,
    ReplyKeyboardRemove,
)
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot import formats
from bot.buttons import ProfileAction, ProfileCb
from bot.clock import Clock
from bot.errors import UserError
from bot.formats import Rating
from bot.memory import ClubMemory
from bot.no_shows import NoShows
from bot.pictures.profile import RatingCharts, chart_png
from bot.registry import START_RATINGS, Profile, Registry
from bot.roles import Roles
from bot.settings import Settings
from bot.swiss import SwissService
from bot.texts import Tr
from bot.validation import FIELDS, SKIP_WORDS, VALIDATORS, Invalid
from db.models import Player
from handlers.registration import contact_keyboard, own_phone
from handlers.routes import Routes

routes = Routes(__name__)
log = logging.getLogger(__name__)


class EditProfile(StatesGroup):
    value = State()  # data: field


def profile_keyboard(t: Tr) -> InlineKeyboardMarkup:
    builder = InlineKeyboardBuilder()
    builder.button(text=t("profile.edit"), callback_data=ProfileCb(action=ProfileAction.EDIT))
    builder.button(text=t("profile.delete"), callback_data=ProfileCb(action=ProfileAction.DELETE))
    return builder.as_markup()


def render(profile: Profile, t: Tr) -> str:
    player = profile.player
    lines = [t("profile.title", club_id=player.id)]
    for field, _, _ in FIELDS:
        value = getattr(player, field) or t("profile.empty")
        lines.append(t("profile.line", label=t(f"profile.field.{field}"), value=value))
    lines.append(t("profile.ratings"))
    bonus = sum(b.amount_cents for b in profile.bonuses)
    for discipline, cents in profile.ratings.items():
        extra = bonus if discipline == "billiards" else 0
        name = t(f"discipline.{discipline}")
        if extra:  # both can appear: each labelled
            line = t(
                "profile.rating_line_bonus",
                discipline=name,
                rating=Rating(cents + extra),
                base=Rating(cents),
            )
        else:
            line = t("profile.rating_line", discipline=name, rating=Rating(cents))
        lines.append(line)
    if "billiards" not in profile.ratings:
        lines.append(t("profile.no_billiards"))
    if "berserk" not in profile.ratings:  # the start value counts from his first tournament
        lines.append(t("profile.no_berserk", start=f"{START_RATINGS['berserk'] / 100:.0f}"))
    for item in profile.bonuses:
        lines.append(
            t(
                "profile.bonus_line",
                amount=f"{item.amount_cents / 100:.0f}",
                last_day=formats.last_day(item.expires_on),
            )
        )
    return "\n".join(lines)


async def own_player(user_id: int, registry: Registry) -> Player | None:
    player = await registry.player_of(user_id)
    return player if player is not None and player.registered else None


@routes.message(Command("profile", magic=F.args))
async def show_other(
    message: Message, command: CommandObject, t: Tr, roles: Roles, no_shows: NoShows
) -> None:
    """An organiser of the club looks at another player: his no-shows (in private only)."""
    assert message.from_user is not None
    if message.chat.type != "private":
        await message.reply(t("profile.private_only"))
        return
    if not await roles.club_organiser(message.from_user.id, message.chat.id):
        raise UserError("noshow.profile_organisers_only")
    await message.answer(await no_shows.player_text(None, command.args, t.lang))


@routes.message(Command("profile"))
async def show(
    message: Message,
    t: Tr,
    registry: Registry,
    clock: Clock,
    settings: Settings,
    swiss: SwissService,
    charts: RatingCharts,
    memory: ClubMemory,
) -> None:
    assert message.from_user is not None
    # One who played but never finished registering sees his number, ratings and history too,
    # and how to finish (issue 22): only the editing needs a registration.
    player = await registry.player_of(message.from_user.id)
    if player is None:
        await message.answer(t("profile.not_registered"))
        return
    if message.chat.type != "private":
        await message.reply(t("profile.private_only"))
        return
    today = clock.now().astimezone(settings.zone).date()
    profile = await registry.profile(player, today)
    text = render(profile, t)
    # His penalties in the club's card tournaments (bot.swiss.penalties).
    if (given := await swiss.player_penalties(player.id, t.lang)) is not None:
        text += "\n\n" + given
    # Who beat him most, over every tournament and discipline (bot.memory).
    if (rival := await memory.nemesis_text(player.id, t.lang)) is not None:
        text += "\n\n" + rival
    if not player.registered:
        text += "\n\n" + t("profile.unfinished")
    markup = profile_keyboard(t) if player.registered else None
    await message.answer(text, reply_markup=markup)
    await rating_picture(message, t, charts, player)


async def rating_picture(message: Message, t: Tr, charts: RatingCharts, player: Player) -> None:
    """The rating history as a chart under the profile (none while nothing is to chart); a
    picture that fails is logged: the profile itself was shown."""
    try:
        chart = await charts.chart(t.lang, player.id, player.display_name)
        if chart is None:
            return
        photo = BufferedInputFile(await chart_png(chart), filename="rating.png")
    except Exception:
        log.exception("the rating chart of player %s was not drawn", player.id)
        return
    await message.answer_photo(photo, caption=t("pictures.rating_caption"))


async def refused_elsewhere(query: CallbackQuery, t: Tr, registry: Registry) -> bool:
    """Profile buttons live in the owner's private chat; a forged press elsewhere, or by
    someone not registered, gets an alert (and no profile menu appears in a group)."""
    private = query.message is not None and query.message.chat.id == query.from_user.id
    if private and await own_player(query.from_user.id, registry) is not None:
        return False
    await query.answer(t("common.stale_button"), show_alert=True)
    return True


@routes.callback_query(ProfileCb.filter(F.action == ProfileAction.EDIT))
async def choose_field(query: CallbackQuery, t: Tr, registry: Registry) -> None:
    if await refused_elsewhere(query, t, registry):
        return
    builder = InlineKeyboardBuilder()
    for field, _, _ in FIELDS:
        builder.button(
            text=t(f"profile.field.{field}"),
            callback_data=ProfileCb(action=ProfileAction.FIELD, field=field),
        )
    builder.adjust(2)
    await query.answer()
    if query.message is not None:
        await query.message.answer(t("profile.which_field"), reply_markup=builder.as_markup())


@routes.callback_query(ProfileCb.filter(F.action == ProfileAction.FIELD))
async def ask_value(
    query: CallbackQuery, callback_data: ProfileCb, state: FSMContext, t: Tr, registry: Registry
) -> None:
    if callback_data.field not in VALIDATORS:
        await query.answer(t("common.stale_button"), show_alert=True)
        return
    if await refused_elsewhere(query, t, registry):
        return
    await state.set_state(EditProfile.value)
    await state.set_data({"field": callback_data.field})
    await query.answer()
    if query.message is not None:
        # a phone comes only through the contact button (``bot.validation.phone``)
        keyboard = contact_keyboard(t) if callback_data.field == "phone" else None
        await query.message.answer(
            t(f"register.ask.{callback_data.field}") + t("profile.edit_hint"),
            reply_markup=keyboard,
        )


@routes.message(StateFilter(EditProfile.value), F.text)
async def save_value(message: Message, state: FSMContext, t: Tr, registry: Registry) -> None:
    assert message.from_user is not None and message.text is not None
    field = (await state.get_data())["field"]
    player = await own_player(message.from_user.id, registry)
    if player is None:
        await state.clear()
        await message.answer(t("profile.not_registered"))
        return
    optional = next(opt for name, _, opt in FIELDS if name == field)
    try:
        if optional and message.text.strip().lower() in SKIP_WORDS:
            value = None
        else:
            value = VALIDATORS[field](message.text)
    except Invalid as exc:
        keyboard = contact_keyboard(t) if field == "phone" else None
        await message.answer(t(exc.key), reply_markup=keyboard)
        return
    await saved(message, state, t, registry, player, field, value)


@routes.message(StateFilter(EditProfile.value), F.contact)
async def save_phone(message: Message, state: FSMContext, t: Tr, registry: Registry) -> None:
    """A shared contact: the user's own phone, while he is changing his phone."""
    assert message.from_user is not None
    player = await own_player(message.from_user.id, registry)
    if player is None:
        await state.clear()
        await message.answer(t("profile.not_registered"))
        return
    if (await state.get_data())["field"] != "phone":
        await message.answer(t("register.not_now_contact"))
        return
    number = await own_phone(message, t)
    if number is not None:
        await saved(message, state, t, registry, player, "phone", number)


async def saved(
    message: Message,
    state: FSMContext,
    t: Tr,
    registry: Registry,
    player: Player,
    field: str,
    value: str | None,
) -> None:
    await registry.update_field(player.id, field, value)
    await state.clear()
    label = t(f"profile.field.{field}")
    await message.answer(t("profile.saved", label=label), reply_markup=ReplyKeyboardRemove())


@routes.callback_query(ProfileCb.filter(F.action == ProfileAction.DELETE))
async def confirm_delete(query: CallbackQuery, t: Tr, registry: Registry) -> None:
    if await refused_elsewhere(query, t, registry):
        return
    builder = InlineKeyboardBuilder()
    builder.button(
        text=t("profile.delete_yes"), callback_data=ProfileCb(action=ProfileAction.DELETE_YES)
    )
    builder.button(
        text=t("profile.delete_no"), callback_data=ProfileCb(action=ProfileAction.DELETE_NO)
    )
    await query.answer()
    if query.message is not None:
        await query.message.answer(t("profile.delete_ask"), reply_markup=builder.as_markup())


@routes.callback_query(
    ProfileCb.filter(F.action.in_({ProfileAction.DELETE_YES, ProfileAction.DELETE_NO}))
)
async def delete(query: CallbackQuery, callback_data: ProfileCb, t: Tr, registry: Registry) -> None:
    player = await own_player(query.from_user.id, registry)
    if player is None:
        await query.answer(t("profile.not_registered"), show_alert=True)
        return
    if callback_data.action is ProfileAction.DELETE_NO:
        await query.answer(t("profile.delete_kept"))
        return
    await registry.delete(player.id)
    await query.answer()
    if query.message is not None:
        await query.message.answer(t("profile.deleted", club_id=player.id))
