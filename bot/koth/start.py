"""Before and at the start: norms (computed from effective ratings, changed by the organiser), the
draw of the order, and ``/begin`` — order, norms and ratings fixed, main time started."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from decimal import Decimal

from bot.errors import UserError
from bot.formats import Rating
from bot.koth.announce import Announcer
from bot.koth.core import DISCIPLINE, KothCore
from bot.koth.events import BEGIN, begin_payload, begun, pairs
from bot.koth.timers import Armed, Timers
from db import players, tournaments
from db.database import Tx
from db.tournaments import Tournament
from rules.koth import (
    KothError,
    average_display,
    check_participants,
    effective_rating,
    main_time,
    norms,
)
from rules.koth.events import Begun
from rules.koth.settings import KothSettings


def shuffled(ids: Sequence[int]) -> list[int]:
    """A random order drawn with a cryptographically sound generator."""
    order = list(ids)
    secrets.SystemRandom().shuffle(order)
    return order


class Preparation:
    def __init__(self, core: KothCore, timers: Timers, board: Announcer) -> None:
        self.core = core
        self.timers = timers
        self.board = board

    async def _registering(self, tx: Tx, tournament_id: int) -> Tournament:
        fresh = await self.core.tournament(tx, tournament_id)
        if fresh.status != "registration":
            raise UserError("koth.already_started")
        return fresh

    # --- norms ------------------------------------------------------------------------------------

    async def _effective(self, tx: Tx, ids: Sequence[int]) -> dict[int, Decimal]:
        out: dict[int, Decimal] = {}
        for pid in ids:
            cents = await players.rating(tx, pid, DISCIPLINE)
            if cents is None:
                raise UserError("koth.no_rating")
            grants = [b.granted_on for b in await players.bonuses(tx, pid, DISCIPLINE)]
            out[pid] = effective_rating(Decimal(cents) / 100, grants, self.core.today())
        return out

    async def norms_table(
        self, tx: Tx, tournament: Tournament
    ) -> tuple[str, dict[int, Decimal], dict[int, int]]:
        """(average with two decimals, effective ratings, norms with the organiser's changes):
        once begun, as ``/begin`` fixed them (its event)."""
        start = begun(await tournaments.events(tx, tournament.id))
        if start is not None:
            ratings = {k: Decimal(v) / 100 for k, v in start.ratings}
            return start.average, ratings, dict(start.norms)
        ids = await self.core.participant_ids(tx, tournament.id)
        if not ids:
            raise UserError("koth.nobody")
        ratings = await self._effective(tx, ids)
        _, computed = norms(ratings)
        overrides = dict(tournament.settings_as(KothSettings).norm_overrides)
        computed.update({k: v for k, v in overrides.items() if k in computed})
        return str(average_display(ratings.values())), ratings, computed

    async def norms_text(self, tournament_id: int, lang: str) -> str:
        async with self.core.db.read() as tx:
            snap = await self.core.snapshot(tx, tournament_id)
            average, ratings, values = await self.norms_table(tx, snap.tournament)
        t = self.core.tr(lang)
        average_text = Rating.of(Decimal(average))
        lines = [t("koth.norms_title", name=snap.tournament.name, average=average_text)]
        for pid, rating in ratings.items():
            name = snap.names.get(pid, f"#{pid}")
            lines.append(
                t(
                    "koth.norms_line",
                    name=name,
                    club_id=pid,
                    rating=Rating.of(rating),
                    norm=values[pid],
                )
            )
        return "\n".join(lines)

    async def set_norm(self, tournament: Tournament, actor: int, player_id: int, norm: int) -> None:
        if norm < 1:
            raise UserError("koth.norms_usage")
        async with self.core.db.transaction() as tx:
            fresh = await self.core.tournament(tx, tournament.id)
            if fresh.status != "registration":
                raise UserError("koth.norms_fixed")
            if player_id not in await self.core.participant_ids(tx, tournament.id):
                raise UserError("koth.not_participant", club_id=player_id)
            settings = dict(fresh.settings)
            overrides = dict(fresh.settings_as(KothSettings).norm_overrides)
            overrides[player_id] = norm
            settings["norm_overrides"] = pairs(overrides)
            await tournaments.update_settings(tx, tournament.id, settings)
            await self.core.audit(
                tx, tournament.id, actor, "koth_norm", player=player_id, norm=norm
            )

    # --- the draw -------------------------------------------------------------------------------

    async def draw(self, tournament: Tournament, actor: int, order: list[int] | None) -> list[str]:
        """The order p1…pn: random (a cryptographic RNG) or as the organiser typed it."""
        async with self.core.db.transaction() as tx:
            fresh = await self._registering(tx, tournament.id)
            ids = await self.core.participant_ids(tx, tournament.id)
            if order is None:
                order = shuffled(ids)
            elif sorted(order) != sorted(ids):
                raise UserError("koth.draw_mismatch")
            settings = dict(fresh.settings)
            settings["drawn"] = order
            await tournaments.update_settings(tx, tournament.id, settings)
            await tournaments.set_seats(tx, tournament.id, order)
            await self.core.audit(tx, tournament.id, actor, "koth_draw", order=order)
            found = await players.many(tx, order)
        return [found[pid].display_name for pid in order]

    # --- the start ------------------------------------------------------------------------------

    async def begin(self, tournament: Tournament, actor: int) -> None:
        """4–6 players: order, norms and ratings fixed, main time started, first pair called."""
        async with self.core.db.transaction() as tx:
            armed, job = await self._begin(tx, tournament.id, actor)
        self.timers.arm(armed)
        await self.core.deadlines.run(job)  # the start announced (``bot.koth.announce``)

    async def _begin(self, tx: Tx, tid: int, actor: int) -> tuple[Armed, int]:
        fresh = await self._registering(tx, tid)
        ids = await self.core.participant_ids(tx, tid)
        try:
            check_participants(len(ids))
        except KothError as exc:
            raise UserError("koth.count", count=len(ids)) from exc
        average, ratings, values = await self.norms_table(tx, fresh)
        order = list(fresh.settings_as(KothSettings).drawn)
        if sorted(order) != sorted(ids):
            order = shuffled(ids)
            await tournaments.set_seats(tx, tid, order)
        now = self.core.now()
        due = now + main_time(len(order))  # as ``bot.koth.events.main_due`` derives it
        cents = {k: int(v * 100) for k, v in ratings.items()}
        fixed = Begun(tuple(order), tuple(values.items()), tuple(cents.items()), average)
        payload = begin_payload(fixed)
        await tournaments.set_status(tx, tid, "running", now.isoformat())
        event = await tournaments.append_event(tx, tid, BEGIN, payload, actor, now.isoformat())
        await self.core.audit(tx, tid, actor, "koth_begin", order=order)
        return await self.timers.add(tx, tid, due), await self.board.store_job(tx, tid, event)
