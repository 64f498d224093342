"""Entering a Swiss tournament that already runs: the player asks, an organiser decides.

Before the start anyone may join; afterwards a stranger pressing the old Join button (or the
deep link, or ``/join``) would be paired in the next round unseen. So his request goes to the
tournament's group with two buttons for its organisers (``SwEntryCb``, checked like every
button by ``bot.access``); "let in" takes the same path as the organiser's ``/add`` (a late
entrant from the next round), and the player is told the answer either way. The request is
posted once per player and tournament (the outbox's key), however often he asks; the
organiser who created the tournament gets the same request privately too (when he started the
bot), so one tap answers it wherever he is. A closed tournament (403) refuses an uninvited
player before any request (``bot.swiss.registration``).
"""

from __future__ import annotations

from aiogram.types import InlineKeyboardMarkup
from aiogram.utils.keyboard import InlineKeyboardBuilder

import bot.swiss.registration as registration
from bot.errors import UserError
from bot.swiss.buttons import SwEntryCb
from bot.swiss.core import SwissCore
from db import audit, players, tournaments
from db.models import Player
from db.tournaments import Tournament

STALE = "common.stale_button"


def request_key(tournament_id: int, player_id: int) -> str:
    return f"sw_entry:{tournament_id}:{player_id}"


def keyboard(
    core: SwissCore, tournament_id: int, player_id: int, lang: str | None = None
) -> InlineKeyboardMarkup:
    t = core.t(lang)
    builder = InlineKeyboardBuilder()
    for ok in (True, False):
        label = t("swiss.btn_entry_yes" if ok else "swiss.btn_entry_no")
        builder.button(text=label, callback_data=SwEntryCb(t=tournament_id, p=player_id, ok=ok))
    return builder.as_markup()


async def request(core: SwissCore, tournament_id: int, player: Player) -> bool:
    """Ask the tournament's group to let ``player`` in; False when he asked before."""
    key = request_key(tournament_id, player.id)
    if await core.outbox.sent(key) is not None:
        return False
    async with core.db.read() as tx:
        tournament = await tournaments.get(tx, tournament_id)
    if tournament is None:
        raise UserError("swiss.join_closed")
    # before the start only a held entry is a request (``bot.no_shows``): it says no more
    asked = "swiss.entry_request" if tournament.status == "running" else "swiss.entry_request_held"
    text = core.t()(asked, name=player.display_name, tournament=tournament.name)
    markup = keyboard(core, tournament_id, player.id)
    await core.outbox.send_once(key, tournament.chat_id, text, markup)
    organiser = tournament.created_by
    if await core.notifier.reachable(organiser):
        lang = await core.lang(organiser)
        private = core.t(lang)(asked, name=player.display_name, tournament=tournament.name)
        markup = keyboard(core, tournament_id, player.id, lang)
        await core.outbox.send_once(f"{key}:org", organiser, private, markup)
    return True


async def decide(
    core: SwissCore, tournament_id: int, player_id: int, organiser: int, ok: bool
) -> tuple[str, Player]:
    """The organiser's answer: the ``join`` status when he lets the player in (``late``...,
    ``already``, ``closed``), else ``declined`` (or ``already``: he is in by now). The player
    is told unless nothing changed for him."""
    async with core.db.read() as tx:
        player = await players.by_id(tx, player_id)
        tournament = await tournaments.get(tx, tournament_id)
    if player is None or tournament is None:
        raise UserError(STALE)
    if ok:  # asked to complete his registration only after he is told he is in
        status = await registration.join(
            core, tournament_id, player_id, actor=organiser, remind=False
        )
    else:
        status = await decline(core, tournament, player_id, organiser)
    await settle(core, tournament_id, player_id, status, ok)
    if status not in ("already", "declined_before"):
        await tell(core, tournament, player, status)
    if ok and registration.entered(status):
        await registration.remind_to_register(core, tournament_id, player_id)
    return status, player


def note_key(status: str, ok: bool) -> str:
    """The line that says how a request was decided (``decide``'s status)."""
    if status == "already":
        return "swiss.join_already_other"
    if status == "joined" and ok:  # a held entry accepted before the start
        return "swiss.entry_accepted_note"
    return f"swiss.join_{status}" if ok else "swiss.entry_declined_note"


async def settle(
    core: SwissCore, tournament_id: int, player_id: int, status: str, ok: bool
) -> None:
    """Both copies of a request (the group's and the organiser's) become one line saying how
    it was decided, whichever copy was used (or ``/add``): the group learns it, no button is
    left to press."""
    key = request_key(tournament_id, player_id)
    if await core.outbox.sent(key) is None:
        return  # no request was made
    async with core.db.read() as tx:
        player = await players.by_id(tx, player_id)
        tournament = await tournaments.get(tx, tournament_id)
    if player is None or tournament is None:
        return
    for copy, reader in ((key, None), (f"{key}:org", tournament.created_by)):
        found = await core.outbox.sent(copy)
        if found is None:
            continue
        lang = None if reader is None else await core.lang(reader)
        await core.outbox.edit(*found, core.t(lang)(note_key(status, ok), name=player.display_name))


async def decline(core: SwissCore, tournament: Tournament, player_id: int, organiser: int) -> str:
    """``declined``; ``already`` when he is in by now; ``declined_before`` when the request's
    other copy (in the group or the organiser's chat) was declined: he is told once."""
    async with core.db.transaction() as tx:
        if player_id in await core.everyone(tx, tournament.id):
            return "already"
        for _, action, details, _ in await audit.entries(tx, tournament.id):
            if action == "entry_declined" and details.get("player") == player_id:
                return "declined_before"
        await core.audit(tx, tournament.id, organiser, "entry_declined", {"player": player_id})
    return "declined"


async def tell(core: SwissCore, tournament: Tournament, player: Player, status: str) -> None:
    """The player learns the answer: privately, or with a mention in the group."""
    if player.telegram_id is None:
        return
    key = "swiss.entry_" + ("declined" if status == "declined" else "closed")
    if status.startswith("late"):
        key = "swiss.entry_accepted"
    elif status == "joined":  # a held entry, before the start
        key = "swiss.entry_accepted_joined"
    t = core.t(await core.lang(player.telegram_id))
    await core.notifier.to_user(
        player.telegram_id,
        player.display_name,
        t(key, tournament=tournament.name),
        fallback_chat=tournament.chat_id,
    )
