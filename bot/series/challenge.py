"""The Overlord series' challenges and end: the winner's right to a game against the Overlord
deck and its button (606.3), the judge's record of that game (606.9.5, 606.8), the series' end
when the Overlord is beaten (606.7) or the period is over (606.10), and an extension (606.11).
Functions over ``bot.series.core.SeriesCore``."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, date

from aiogram.types import InlineKeyboardMarkup
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.deadlines import AfterCommit
from bot.errors import UserError
from bot.formats import day
from bot.notify import mention
from bot.series.buttons import SerAskCb
from bot.series.core import END, ENDED_JOB, SeriesCore, series_of
from bot.texts import Html, Translate, escape
from db import deadlines as stored_deadlines
from db import players, series, tournaments
from db.database import Tx
from db.models import Deadline, Player
from db.series import Series
from db.tournaments import Tournament
from rules.series import (
    Challenge,
    Ending,
    SerAsked,
    SerChallenge,
    SerEnded,
    SerExtended,
    SeriesError,
    after_challenge,
    at_period_end,
    check_used,
    end_moment,
    extended,
)


async def held_job(core: SeriesCore, deadline: Deadline) -> None:
    """The winner's right to his game against the Overlord deck, with its button."""
    async with core.db.read() as tx:
        tournament = await tournaments.get(tx, deadline.ref_id)
        sid = series_of(tournament) if tournament is not None else None
        if tournament is None or sid is None:
            return
        found = await core.get(tx, sid)
        state = await core.state(tx, found)
        duel = state.duels.get(tournament.id)
        if duel is None:
            return
        people = await players.many(tx, [duel.player, found.overlord])
    t = core.tr(core.group_lang())
    text = t(
        "series.challenge_offer",
        winner=Html(mention_of(people.get(duel.player))),
        overlord=Html(mention_of(people.get(found.overlord))),
        deck=found.deck,
        tournament=tournament.name,
        crystals=state.crystals.get(duel.player, 0),
        id=tournament.id,
    )
    key = f"ser:{sid}:t{tournament.id}:offer"
    await core.outbox.send_once(key, tournament.chat_id, text, ask_keyboard(t, tournament))


def mention_of(player: Player | None) -> str:
    if player is None:
        return "?"
    if player.telegram_id is None:
        return escape(player.display_name)
    return mention(player.telegram_id, player.display_name)


def ask_keyboard(t: Translate, tournament: Tournament) -> InlineKeyboardMarkup:
    builder = InlineKeyboardBuilder()
    builder.button(text=t("series.btn_ask"), callback_data=SerAskCb(t=tournament.id))
    return builder.as_markup()


async def ask(core: SeriesCore, tournament_id: int, user_id: int) -> tuple[Series, str, str]:
    """The winner or the Overlord's player opens the game (the button): who and whom."""
    async with core.db.transaction() as tx:
        found, duel_player = await open_duel(core, tx, tournament_id)
        people = await players.many(tx, [duel_player, found.overlord])
        allowed = {p.telegram_id for p in people.values()}
        if user_id not in allowed:
            raise UserError("series.not_yours")
        await core.record(tx, found.id, SerAsked(tournament_id), user_id)
    return (
        found,
        mention_of(people.get(duel_player)),
        mention_of(people.get(found.overlord)),
    )


async def open_duel(core: SeriesCore, tx: Tx, tournament_id: int) -> tuple[Series, int]:
    tournament = await tournaments.get(tx, tournament_id)
    sid = series_of(tournament) if tournament is not None else None
    if sid is None:
        raise UserError("series.no_duel", id=tournament_id)
    found = await core.get(tx, sid)
    state = await core.state(tx, found)
    if not state.running:
        raise UserError("series.over", deck=found.deck)
    duel = state.open_duel(tournament_id)
    if duel is None:
        raise UserError("series.no_duel", id=tournament_id)
    return found, duel.player


async def result(
    core: SeriesCore, tournament_id: int, outcome: Challenge, used: int, actor: int
) -> tuple[Series, AfterCommit | None]:
    """A judge records the game against the Overlord deck: a clean win of either side or a
    draw (606.9.5), the crystals the challenger spent (606.8: kept if he loses). The
    Overlord beaten ends the series at once (606.7)."""
    async with core.db.transaction() as tx:
        found, player = await open_duel(core, tx, tournament_id)
        state = await core.state(tx, found)
        try:
            check_used(used, state.crystals.get(player, 0))
        except SeriesError as exc:
            have = state.crystals.get(player, 0)
            raise UserError("series.too_many_crystals", used=used, have=have) from exc
        await core.record(tx, found.id, SerChallenge(tournament_id, outcome.value, used), actor)
        if after_challenge(outcome) is None:
            return found, None
        return found, await end(core, tx, found, Ending.BEATEN, player, actor)


async def end(
    core: SeriesCore, tx: Tx, found: Series, ending: Ending, winner: int | None, actor: int | None
) -> AfterCommit:
    await core.record(tx, found.id, SerEnded(ending.value, winner), actor)
    cancelled = await stored_deadlines.cancel_for(tx, found.id, (END,))
    # a durable job's ``ref_id`` is a tournament's (``bot.late`` tells its group when the
    # job runs late): the series is the payload's
    job = await stored_deadlines.add(tx, ENDED_JOB, 0, core.now(), {"series": found.id})

    async def after() -> None:
        core.deadlines.unschedule(cancelled)
        await core.deadlines.run(job)

    return after


async def period_over(core: SeriesCore, tx: Tx, deadline: Deadline) -> AfterCommit | None:
    found = await series.get(tx, deadline.ref_id)
    if found is None:
        return None
    state = await core.state(tx, found)
    if not state.running:
        return None
    return await end(core, tx, found, at_period_end(len(state.held)), None, None)


async def ended_job(core: SeriesCore, deadline: Deadline) -> None:
    sid = deadline.payload.get("series")
    if not isinstance(sid, int):
        return
    async with core.db.read() as tx:
        found = await series.get(tx, sid)
        if found is None:
            return
        state = await core.state(tx, found)
        names = await core.names(tx, [found.overlord, *([state.winner] if state.winner else [])])
    t = core.tr(core.group_lang())
    ending = state.ending or Ending.NOT_HELD
    values: Mapping[str, object] = {
        "deck": found.deck,
        "city": found.city,
        "winner": names.get(state.winner or 0, "?"),
        "overlord": names.get(found.overlord, "?"),
        "held": len(state.held),
    }
    text = t(f"series.ended_{ending.value}", **values)
    await core.outbox.send_once(f"ser:{found.id}:ended", found.chat_id, text)


async def extend(core: SeriesCore, chat_id: int, new_end: date, actor: int) -> tuple[Series, date]:
    """The period extended to ``new_end`` (606.11): its end deadline moves."""
    async with core.db.transaction() as tx:
        chats = await series.in_chat(tx, chat_id)
        running = [s for s in chats if (await core.state(tx, s)).running]
        if not running:
            raise UserError("series.none_running")
        found = running[0]
        state = await core.state(tx, found)
        try:
            extended(found.ends_on, state.ends_on, new_end)
        except SeriesError as exc:
            raise UserError("series.bad_extension", end=day(state.ends_on)) from exc
        await core.record(tx, found.id, SerExtended(new_end), actor)
        cancelled = await stored_deadlines.cancel_for(tx, found.id, (END,))
        due = end_moment(new_end, core.settings.zone).astimezone(UTC)
        end = await stored_deadlines.add(tx, END, found.id, due)
    core.deadlines.unschedule(cancelled)
    core.deadlines.schedule(end, due)
    return found, found.ends_on
