"""Sealed (603) and the Heroes tournament (609) around the Swiss rounds: what the wizard stores,
the registration summary, the checks and the news of ``/begin``, the champion at the end.

- **Sealed**: the wizard asks the product (setting ``sealed_product``, 603.2). At the start the
  group and each player privately are told the product, the deck of 30+ (603.6), the hand of
  15 (603.7) and that the pool is registered with ``/deck``, each card marked used or not
  (603.3). Nobody is seated (603.4); the Swiss runs as usual.
- **Heroes tournament**: the wizard asks whether it is a unifying one (setting ``unifying``,
  609.8) instead of the rounds and the Top: 3 rounds (a unifying one: as many as its field
  needs, known at the start) and no Top (609.7). ``/begin`` refuses any field but 8 (a unifying
  one: a multiple of 8), then deals the heroes (``bot.swiss.heroes``) before the draft is
  seated (``bot.swiss.pods``); round 1 is paired after the draft.

What the start tells is a durable job (``BEGIN_JOB``) stored with the start itself: each message
once by its outbox key, so a crash only delays them to the restart.
"""

from __future__ import annotations

from typing import Any

import bot.swiss.heroes as heroes
from bot.errors import UserError
from bot.swiss.core import SwissCore, SwissSnapshot, T
from db import deadlines, players, tournaments
from db.database import Tx
from db.models import Deadline
from db.tournaments import Tournament
from rules.card_formats import Format, format_of
from rules.limited import heroes as rules
from rules.limited import sealed
from rules.swiss import State

#: The durable job (``bot.deadlines``) that tells the group and the players about the start.
BEGIN_JOB = "job:limited_begin"


def limited_settings(data: dict[str, Any]) -> dict[str, Any]:
    """The settings a Limited format adds to the wizard's answers."""
    fmt = format_of(data.get("fmt"))
    if fmt is Format.SEALED:
        return {"sealed_product": sealed.sealed_product(data.get("product")).value}
    if fmt is Format.HEROES_TOURNAMENT:
        unifying = data.get("unify") == "yes"
        return {"unifying": unifying, "rounds": None if unifying else rules.ROUNDS, "top": 0}
    return {}


def summary_lines(t: T, options: dict[str, Any]) -> list[str]:
    """The lines the registration message adds for a Limited format."""
    fmt = format_of(options.get("format"))
    if fmt is Format.SEALED:
        product = product_text(t, options.get("sealed_product"))
        key, more = "heroes.summary_sealed", {"product": product, "hand": sealed.HAND}
        return [t(key, deck=sealed.DECK_MINIMUM, **more)]
    if fmt is Format.HEROES_TOURNAMENT:
        key = "heroes.summary_unifying" if options.get("unifying") else "heroes.summary_heroes"
        return [t(key, deck=rules.DECK_MINIMUM)]
    return []


def product_text(t: T, value: object) -> str:
    return t(f"swiss.wiz_product_{sealed.sealed_product(value).value}")


def fixed_sizes(tournament: Tournament, players: int) -> tuple[int, int] | None:
    """(Swiss rounds, Top) a format fixes whatever the settings say: a Heroes tournament's
    (609.7, 609.8); ``None`` for the others."""
    if format_of(tournament.settings.get("format")) is not Format.HEROES_TOURNAMENT:
        return None
    return rules.rounds_for(players, unifying=heroes.unifying(tournament)), 0


def check_field(tournament: Tournament, players: int) -> None:
    """Refuse (``UserError``) a field the format does not admit: a Heroes tournament's 8
    (609.2), a unifying one's multiple of 8 (609.8)."""
    if format_of(tournament.settings.get("format")) is not Format.HEROES_TOURNAMENT:
        return
    problem = rules.field_problem(players, unifying=heroes.unifying(tournament))
    if problem is not None:
        raise UserError(f"heroes.field_{problem}", count=players)


def check_top(tournament: Tournament) -> None:
    """Refuse (``UserError``) a Top where the format has none: a Heroes tournament (609.7;
    ``/top 0``, finishing on the standings, stays possible)."""
    if format_of(tournament.settings.get("format")) is Format.HEROES_TOURNAMENT:
        raise UserError("heroes.no_top")


async def at_begin(
    core: SwissCore, tx: Tx, tournament: Tournament, people: list[int], actor: int
) -> int | None:
    """At the start, in its transaction: deal a Heroes tournament's heroes, and store the job
    that tells about the start (its id: run it after the commit); ``None`` for the formats
    whose start tells nothing of its own."""
    fmt = format_of(tournament.settings.get("format"))
    if fmt is Format.HEROES_TOURNAMENT:
        await heroes.deal_heroes(core, tx, tournament, people, actor)
    elif fmt is not Format.SEALED:
        return None
    return await deadlines.add(tx, BEGIN_JOB, tournament.id, core.now())


async def begin_job(core: SwissCore, deadline: Deadline) -> None:
    """The durable job of the start: Sealed's product and sizes, or the heroes, told."""
    async with core.db.read() as tx:
        tournament = await tournaments.get(tx, deadline.ref_id)
    if tournament is None or tournament.status != "running":
        return
    fmt = format_of(tournament.settings.get("format"))
    if fmt is Format.SEALED:
        await tell_sealed(core, tournament)
    elif fmt is Format.HEROES_TOURNAMENT:
        await heroes.tell_heroes(core, tournament)


async def tell_sealed(core: SwissCore, tournament: Tournament) -> None:
    """The group, then each player privately (the group already has it: no mention there)."""
    values = {"deck": sealed.DECK_MINIMUM, "hand": sealed.HAND, "tournament": tournament.name}
    t = core.t()
    product = product_text(t, tournament.settings.get("sealed_product"))
    text = t("heroes.sealed_group", product=product, **values)
    await core.outbox.send_once(f"sw:{tournament.id}:sealed", tournament.chat_id, text)
    async with core.db.read() as tx:
        found = await players.many(tx, await core.active(tx, tournament.id))
    for pid, player in found.items():
        if player.telegram_id is None:
            continue
        t = core.t(await core.lang(player.telegram_id))
        product = product_text(t, tournament.settings.get("sealed_product"))
        text = t("heroes.sealed_private", product=product, **values)
        key = f"sw:{tournament.id}:sealed:p{pid}"
        await core.outbox.notify_once(
            key, player.telegram_id, player.display_name, text, fallback_chat=None
        )


def champion(tournament: Tournament, state: State) -> int | None:
    """The champion of a tournament without a Top: a Heroes tournament's player who won every
    round (609.7); ``None`` otherwise."""
    if format_of(tournament.settings.get("format")) is not Format.HEROES_TOURNAMENT:
        return None
    found = rules.champion(state.records(), state.total_rounds)
    return None if found is None else int(found)


def final_lines(t: T, snap: SwissSnapshot) -> list[str]:
    """What a Heroes tournament's final announcement adds: its champion (609.7), or that
    nobody won every round and the places are the standings."""
    fmt = format_of(snap.tournament.settings.get("format"))
    if fmt is not Format.HEROES_TOURNAMENT or snap.state.early or snap.state.seeds:
        return []
    if snap.state.champion is None:
        return [t("heroes.no_champion")]
    return [t("heroes.champion", player=snap.names[int(snap.state.champion)])]
