"""A card tournament's rating changes applied to its discipline's pool (section 3): each
player's change over every rated game (``rules.card_rating``), his first rated tournament
starting from the start value."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from db import players
from db.database import Tx
from db.tournaments import Tournament
from rules.card_rating import START_RATING_CENTS, rating_changes
from rules.results import MatchRecord, PlayerId


async def rate(
    tx: Tx,
    tournament: Tournament,
    ratings: Mapping[int, int],
    records: Iterable[MatchRecord],
    *,
    base_k: float,
    now: str,
) -> dict[int, int]:
    """Apply the changes of ``records`` to every player of ``ratings`` (his rating at the
    start, cents); the changes (cents) by club id."""
    starts: dict[PlayerId, float] = {p: cents / 100 for p, cents in ratings.items()}
    changes = rating_changes(starts, records, participants=len(starts), base_k=base_k)
    await apply(tx, tournament, changes, now)
    return {int(k): int(v) for k, v in changes.items()}


async def apply(tx: Tx, tournament: Tournament, changes: Mapping[PlayerId, int], now: str) -> None:
    """Each player's change (cents) added to his rating in the tournament's discipline pool
    (classic Berserk and Heroes are separate pools)."""
    pool = tournament.discipline
    for pid, delta in changes.items():
        current = await players.rating(tx, int(pid), pool)
        if current is None:  # his first rated tournament: the start value first
            current = START_RATING_CENTS
            await players.set_rating(tx, int(pid), pool, current, "start", now)
        await players.set_rating(
            tx, int(pid), pool, current + delta, "tournament", now, tournament.id
        )
