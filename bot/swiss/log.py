"""The card tournament's readable log (``/log``): every stored event with when and who.

Who: the organiser or judge who acted (his club name, else his Telegram name); for an event a
player caused himself, stored without an actor, that player (the reporter of a confirmed result,
the player who dropped); "bot" only for what the bot did on its own (a round's pairing after the
previous one, the finish after the final).
"""

from __future__ import annotations

from datetime import datetime

import bot.swiss.heroes as heroes
from bot import formats
from bot.swiss.core import SwissCore, T
from bot.swiss.replayed import EVENTS
from bot.swiss.views import Names
from db import players, reports, tournaments
from db.database import Tx
from db.tournaments import Event
from rules.results import Outcome
from rules.swiss import State
from rules.swiss.events import SwDrop, SwHeroes, SwJoin, SwPenalty, SwResult

WON = (Outcome.CLEAN_WIN, Outcome.TECHNICAL_WIN, Outcome.BYE)
LOST = (Outcome.LOSS, Outcome.TECHNICAL_LOSS)


async def log_text(core: SwissCore, tournament_id: int, lang: str, *, reasons: bool) -> str:
    """The log; a penalty's reason only with ``reasons`` (read in a private chat: the reason
    is between the judge and the player, ``bot.swiss.penalties``)."""
    t = core.t(lang)
    async with core.db.read() as tx:
        snap = await core.snapshot(tx, tournament_id)
        stored = await tournaments.events(tx, tournament_id)
        lines = [t("log.title", name=snap.tournament.name)]
        for event in stored:
            own = await own_name(tx, tournament_id, snap.state, event, snap.names)
            who = await actor_name(tx, event) or own
            known = event.kind == "sw_result" or core.texts.has(f"log.{event.kind}")
            what = describe(t, snap.state, event, snap.names, reasons) if known else event.kind
            when = formats.moment(datetime.fromisoformat(event.at), core.settings.zone)
            lines.append(t("log.line", at=when, id=event.id, who=who or t("log.bot"), what=what))
    return "\n".join(lines)


async def actor_name(tx: Tx, event: Event) -> str | None:
    if event.actor_id is None:
        return None
    player = await players.by_telegram(tx, event.actor_id)
    if player is not None and player.display_name:
        return player.display_name
    user = await players.tg_user(tx, event.actor_id)
    return user.full_name if user is not None else f"id {event.actor_id}"


async def own_name(
    tx: Tx, tournament_id: int, state: State, event: Event, names: Names
) -> str | None:
    """The player behind an event stored without an actor, if it was his own doing."""
    if event.actor_id is not None:
        return None
    typed = EVENTS.decode(event.kind, event.payload)
    if isinstance(typed, SwDrop):
        return names[typed.player]
    if not isinstance(typed, SwResult):
        return None
    rnd = next((r for r in reversed(state.rounds) if r.number == typed.round), None)
    if rnd is None:
        return None
    stored = await reports.for_game(tx, tournament_id, rnd.key(typed.table))
    confirmed = [r.reporter_id for r in stored if r.status == "confirmed"]
    return names[confirmed[0]] if confirmed else None


def describe(t: T, state: State, event: Event, names: Names, reasons: bool) -> str:
    """What the event did, in the reader's words (its kind has a ``log.`` text)."""
    p = event.payload
    typed = EVENTS.decode(event.kind, p)
    if isinstance(typed, SwResult):
        return result_text(t, state, typed, names)
    if isinstance(typed, SwHeroes):
        return heroes.log_line(t, p, names)
    if isinstance(typed, SwJoin | SwDrop):
        return t(f"log.{event.kind}", name=names[typed.player])
    if event.kind == "sw_deck_edit":  # bot.decks: not a replayed event
        return t("log.sw_deck_edit", name=names[int(p["player"])])
    if event.kind == "sw_lists_waived":  # 503 overridden at /begin (bot.swiss.rounds)
        return t("log.sw_lists_waived", names=", ".join(names[int(x)] for x in p["players"]))
    if isinstance(typed, SwPenalty):  # rules.penalties; its technical loss is its own line
        kind = t(f"penalties.kind_{typed.kind}")
        if not reasons:
            return t("log.sw_penalty_public", kind=kind, name=names[typed.player])
        return t("log.sw_penalty", kind=kind, name=names[typed.player], reason=typed.reason)
    return t(f"log.{event.kind}", round=p.get("round", ""), minutes=p.get("minutes", ""))


def result_text(t: T, state: State, stored: SwResult, names: Names) -> str:
    number, table = stored.round, stored.table
    rnd = next((r for r in reversed(state.rounds) if r.number == number), None)
    where = t("log.table", round=number, table=table)
    if rnd is None or not 1 <= table <= len(rnd.tables):
        return where
    a, b = (names[pid] for pid in rnd.tables[table - 1])
    if stored.outcome_a in WON:
        line = t("log.won", where=where, winner=a, loser=b)
    elif stored.outcome_a in LOST:
        line = t("log.won", where=where, winner=b, loser=a)
    else:
        line = t("log.draw", where=where, a=a, b=b)
    if stored.absent:  # a no-show (``rules.no_shows``): who did not come
        absent = ", ".join(names[pid] for pid in stored.absent)
        line += t("log.absent_both" if len(stored.absent) > 1 else "log.absent", names=absent)
    return line
