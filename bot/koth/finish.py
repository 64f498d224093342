"""The end of a King-of-the-Hill tournament: Elo of the rated games applied to base ratings, the
winner's +80 bonus, and the daily job that tells players their bonus expired."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

from bot.deadlines import AfterCommit
from bot.formats import Rating
from bot.koth.core import BONUS_CHECK, DISCIPLINE, KothCore, KothSnapshot
from bot.late import late_note
from bot.roles import vouchers
from bot.texts import Translate
from db import deadlines, players, tournaments
from db.database import Tx
from db.models import Deadline
from rules.koth import BONUS, bonus_expiry, effective_rating, tournament_elo_cents


@dataclass
class Finish:
    """What the end of a tournament did to ratings (for the private messages)."""

    fund: int
    changes: dict[int, tuple[int, int]] = field(default_factory=dict)  # before, after (cents)
    bonus_until: date | None = None
    #: no rating moved and no bonus was given (``bot.roles.vouchers``: another group's
    #: tournament whose every result its organiser entered)
    unrated: bool = False
    #: the players whose rating stayed as it was: in another group's tournament, they vouched
    #: for no result (``bot.roles.vouchers``)
    unmoved: list[int] = field(default_factory=list)

    def to_payload(self) -> dict[str, Any]:
        """As JSON (kept in the payload of the job that announces it)."""
        return {
            "fund": self.fund,
            "changes": [[pid, old, new] for pid, (old, new) in self.changes.items()],
            "bonus_until": self.bonus_until.isoformat() if self.bonus_until else None,
            "unrated": self.unrated,
            "unmoved": self.unmoved,
        }

    @classmethod
    def from_payload(cls, value: Any) -> Finish | None:
        if not isinstance(value, dict):
            return None
        until = value.get("bonus_until")
        return cls(
            fund=int(value["fund"]),
            changes={int(p): (int(old), int(new)) for p, old, new in value["changes"]},
            bonus_until=date.fromisoformat(until) if until else None,
            unrated=bool(value.get("unrated", False)),
            unmoved=[int(pid) for pid in value.get("unmoved", [])],
        )


class Finishing:
    """Applies the tournament's result to ratings and runs the bonus-expiry job."""

    def __init__(self, core: KothCore) -> None:
        self.core = core

    async def finish(self, tx: Tx, snap: KothSnapshot) -> Finish:
        """Ratings, the bonus and the status, in the transaction that stored the last event. A
        tournament of another group moves only the ratings of the players who vouched for a
        result (``bot.roles.vouchers``), and gives the bonus only to such a winner."""
        state = snap.state
        assert state is not None and state.winner is not None
        tid = snap.tournament.id
        now = self.core.now().isoformat()
        begun = snap.begun
        assert begun is not None
        start = {k: Decimal(v) / 100 for k, v in begun.ratings}
        k_factor = self.core.settings.koth_k
        deltas = tournament_elo_cents(start, state.games, state.rated, k_factor)
        result = Finish(fund=snap.fund)
        settings = self.core.settings
        who = await vouchers(tx, settings.organizer_ids, settings.club_groups, snap.tournament)
        for pid, delta in deltas.items():
            old = await players.rating(tx, pid, DISCIPLINE) or 0
            if who is not None and pid not in who:  # vouched for no result: as it was
                result.changes[pid] = (old, old)
                result.unmoved.append(pid)
                continue
            await players.set_rating(tx, pid, DISCIPLINE, old + delta, "koth", now, tid)
            result.changes[pid] = (old, old + delta)
        if who is None or state.winner in who:
            today = self.core.today()
            result.bonus_until = bonus_expiry(today)
            await players.add_bonus(
                tx, state.winner, DISCIPLINE, BONUS * 100, today, result.bonus_until, tid
            )
        moved = len(result.unmoved) < len(deltas) or result.bonus_until is not None
        result.unrated = who is not None and not moved
        await tournaments.set_status(tx, tid, "finished", now)
        return result

    async def ensure_bonus_job(self, tx: Tx) -> tuple[int, datetime] | None:
        """Store the daily bonus check unless one is pending; arm what this returns."""
        if await deadlines.pending_for(tx, 0, (BONUS_CHECK,)):
            return None
        due = self.next_midnight()
        return await deadlines.add(tx, BONUS_CHECK, 0, due), due

    def next_midnight(self) -> datetime:
        zone = self.core.settings.zone
        local = self.core.now().astimezone(zone)
        return datetime.combine(local.date() + timedelta(days=1), datetime.min.time(), zone)

    async def on_bonus_check(self, tx: Tx, deadline: Deadline) -> AfterCommit | None:
        """Daily: players whose bonus expired are told their effective rating changed."""
        today = self.core.today()
        expired = await players.expired_untold(tx, today)
        for bonus in expired:
            await players.mark_expiry_told(tx, bonus.id)
        again = None
        if await players.expired_untold(tx, date(9999, 12, 31)):
            due = self.next_midnight()
            again = (await deadlines.add(tx, BONUS_CHECK, 0, due), due)
        told = [(b.player_id, await self._effective(tx, b.player_id, today)) for b in expired]
        note = self._late_note(deadline)

        async def send() -> None:
            if again is not None:
                self.core.deadlines.schedule(*again)
            for pid, rating in told:
                await self.core.dm(
                    pid, "koth.bonus_expired", None, note=note, rating=rating, bonus=BONUS
                )

        return send

    def _late_note(self, deadline: Deadline) -> Callable[[Translate], str] | None:
        """Why the check comes late, when the bot was down at midnight (``bot.late``)."""
        overdue = self.core.deadlines.overdue(deadline.id)
        if overdue is None:
            return None
        zone = self.core.settings.zone

        def note(t: Translate) -> str:
            return late_note(t, overdue, zone, "koth.late_bonus")

        return note

    async def _effective(self, tx: Tx, player_id: int, today: date) -> Rating:
        cents = await players.rating(tx, player_id, DISCIPLINE) or 0
        grants = [b.granted_on for b in await players.bonuses(tx, player_id, DISCIPLINE)]
        return Rating.of(effective_rating(Decimal(cents) / 100, grants, today))
