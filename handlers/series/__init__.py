"""The Overlord series in the chat (``bot.series``): ``/series`` shows a series' table;
``/series new``, ``/series extend`` (organisers), ``/series result`` (a judge of the series
tournament whose winner played the Overlord deck); the winner's «⚔️» button opens his game.

    /series new Москва; Архааль; 01.06.2026; 31.08.2026; @overlord
    /series result 12 win 3      (the challenger won, spending 3 crystals: also loss, draw)
    /series extend 15.09.2026
    /series [N]
"""

from __future__ import annotations

from datetime import date

from aiogram.filters import Command, CommandObject
from aiogram.types import BufferedInputFile, CallbackQuery, Message

from bot.deadlines import committed
from bot.errors import UserError
from bot.formats import day
from bot.numbers import is_whole
from bot.registry import Registry
from bot.roles import Role, Roles
from bot.series import MAX_DIGITS, SeriesService
from bot.series.buttons import SerAskCb
from bot.swiss import SwissService
from bot.texts import Html, Tr
from handlers import dates
from handlers.guard import permitted
from handlers.routes import Routes
from handlers.swiss.guard import named_player, organiser_press
from rules.series import Challenge

routes = Routes(__name__)

MAX_NAME = 60
#: the judge's words for a game against the Overlord deck (606.9.5)
RESULTS = {
    "win": Challenge.PLAYER,
    "победа": Challenge.PLAYER,
    "loss": Challenge.OVERLORD,
    "поражение": Challenge.OVERLORD,
    "draw": Challenge.DRAW,
    "ничья": Challenge.DRAW,
}


def parse_day(text: str) -> date:
    """A day as people write it (``handlers.dates``), or a refusal naming what was written."""
    found = dates.parse_day(text)
    if found is None:
        raise UserError("series.bad_day", text=text.strip())
    return found


@routes.message(Command("series"))
async def series_command(
    message: Message,
    command: CommandObject,
    t: Tr,
    roles: Roles,
    series: SeriesService,
    swiss: SwissService,
    registry: Registry,
) -> None:
    word, _, rest = (command.args or "").strip().partition(" ")
    match word.lower():
        case "new":
            await create(message, rest, t, roles, series, swiss, registry)
        case "result":
            await result(message, rest, t, roles, series)
        case "extend":
            await extend(message, rest, t, roles, series)
        case _:
            text, png = await series.shown(message.chat.id, word or None)
            await message.answer(text)
            if png is not None:
                photo = BufferedInputFile(png, filename="series.png")
                await message.answer_photo(photo, caption=t("series.picture_caption"))


async def organiser(message: Message, t: Tr, roles: Roles) -> int | None:
    assert message.from_user is not None
    if message.chat.type == "private":
        await message.reply(t("series.in_group"))
        return None
    if not await roles.is_organiser(message.from_user.id, message.chat.id):
        await message.reply(t("common.organisers_only"))
        return None
    return message.from_user.id


async def create(
    message: Message,
    rest: str,
    t: Tr,
    roles: Roles,
    series: SeriesService,
    swiss: SwissService,
    registry: Registry,
) -> None:
    if (actor := await organiser(message, t, roles)) is None:
        return
    parts = [part.strip() for part in rest.split(";")]
    if len(parts) != 5 or not all(parts) or max(len(p) for p in parts[:2]) > MAX_NAME:
        await message.reply(t("series.new_usage", max=MAX_NAME))
        return
    city, deck, start, end, who = parts
    period = parse_day(start), parse_day(end)
    overlord = await named_player(message, who, swiss, registry)
    if overlord is None:
        await message.reply(t("series.who_unknown", who=who))
        return
    sid = await series.create(message.chat.id, city, deck, overlord, period, actor)
    await message.answer(
        t(
            "series.created",
            id=sid,
            deck=deck,
            city=city,
            start=day(period[0]),
            end=day(period[1]),
            overlord=overlord.display_name,
        )
    )


async def result(
    message: Message,
    rest: str,
    t: Tr,
    roles: Roles,
    series: SeriesService,
) -> None:
    words = rest.split()
    if not 2 <= len(words) <= 3 or not is_whole(words[0]) or len(words[0]) > MAX_DIGITS:
        await message.reply(t("series.result_usage"))
        return
    used_word = words[2] if len(words) == 3 else "0"
    if words[1].lower() not in RESULTS or not is_whole(used_word) or len(used_word) > 4:
        await message.reply(t("series.result_usage"))
        return
    tournament = await series.tournament(int(words[0]))
    if tournament is None:
        raise UserError("series.no_duel", id=words[0])
    if (actor := await permitted(message, roles, tournament, Role.JUDGE, t)) is None:
        return
    outcome = RESULTS[words[1].lower()]
    found, after = await series.result(tournament.id, outcome, int(used_word), actor)
    await message.answer(
        t(f"series.recorded_{outcome.value}", deck=found.deck, used=int(used_word))
    )
    await committed(after)


async def extend(message: Message, rest: str, t: Tr, roles: Roles, series: SeriesService) -> None:
    if (actor := await organiser(message, t, roles)) is None:
        return
    if not rest.strip():
        await message.reply(t("series.extend_usage"))
        return
    found, official = await series.extend(message.chat.id, parse_day(rest), actor)
    await message.answer(
        t("series.extended", deck=found.deck, end=day(parse_day(rest)), official=day(official))
    )


@routes.callback_query(SerAskCb.filter())
async def ask(query: CallbackQuery, callback_data: SerAskCb, t: Tr, series: SeriesService) -> None:
    if (message := await organiser_press(query, t)) is None:
        return
    found, winner, overlord = await series.ask(callback_data.t, query.from_user.id)
    await query.answer()
    await message.edit_reply_markup(reply_markup=None)
    await message.answer(
        t(
            "series.asked",
            winner=Html(winner),
            overlord=Html(overlord),
            deck=found.deck,
            id=callback_data.t,
        )
    )
