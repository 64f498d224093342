"""Naming a semi-closed tournament's privileged players (402) and a closed one's guests (403).

The rules (who may enter, who wins which round without playing) are ``rules.admission``; this
keeps the organiser's lists in the tournament's settings. The privileged are fixed when the
tournament begins (``sw_begin`` stores them), so they are named during registration only, and a
privileged player is entered at once. Invitations may come until the Top: an invited player then
enters as anyone does (during the Swiss: a request the organiser accepts).
"""

from __future__ import annotations

import bot.swiss.registration as registration
from bot.swiss.core import SwissCore
from bot.swiss.settings import card
from db import players, tournaments
from rules.admission import TournamentKind, tournament_kind


async def privilege(core: SwissCore, tournament_id: int, player_id: int, actor: int) -> str:
    """``privileged`` (and entered) / ``already`` / ``not_semi`` (not a semi-closed one)."""
    async with core.db.transaction() as tx:
        tournament = await core.tournament(
            tx, tournament_id, ("registration",), "swiss.privilege_too_late"
        )
        if tournament_kind(card(tournament).kind) is not TournamentKind.SEMI_CLOSED:
            return "not_semi"
        settings = dict(tournament.settings)
        listed = list(card(tournament).privileged)
        if player_id in listed:
            return "already"
        settings["privileged"] = [*listed, player_id]
        await tournaments.update_settings(tx, tournament_id, settings)
        await core.audit(tx, tournament_id, actor, "privileged", {"player": player_id})
    await registration.join(core, tournament_id, player_id, actor=actor)
    return "privileged"


async def invite(core: SwissCore, tournament_id: int, player_id: int, actor: int) -> str:
    """``invited`` (and told so) / ``already`` / ``not_closed`` (not a closed tournament)."""
    async with core.db.transaction() as tx:
        tournament = await core.tournament(
            tx, tournament_id, ("registration", "running"), "swiss.not_open"
        )
        if tournament_kind(card(tournament).kind) is not TournamentKind.CLOSED:
            return "not_closed"
        settings = dict(tournament.settings)
        listed = list(card(tournament).invited)
        if player_id in listed:
            return "already"
        settings["invited"] = [*listed, player_id]
        await tournaments.update_settings(tx, tournament_id, settings)
        await core.audit(tx, tournament_id, actor, "invited", {"player": player_id})
        player = await players.by_id(tx, player_id)
    if player is not None and player.telegram_id is not None:
        t = core.t(await core.lang(player.telegram_id))
        await core.notifier.to_user(
            player.telegram_id,
            player.display_name,
            t("swiss.invitation", tournament=tournament.name),
            fallback_chat=tournament.chat_id,
        )
    return "invited"
