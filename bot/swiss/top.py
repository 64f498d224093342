"""The Top: seeding it from the final Swiss standings (its rounds: ``State.top_pairs``), the
judge's ``/top`` (end the Swiss at a round boundary and start the Top now), and what happens
when the players still in are fewer than the Top's size.

A Top that does not fit the players still in (drops) is never seeded short: the bot offers the
largest bracket that fits, or finishing on the Swiss standings (``TopDoesNotFit``, shown by the
handlers with one button each).
"""

from __future__ import annotations

import bot.swiss.pods as pods
from bot.errors import UserError
from bot.swiss.core import SwissCore
from db.database import Tx
from db.tournaments import Tournament
from rules.swiss import Round, State
from rules.swiss.events import (
    SwTop,
)
from rules.tournament_size import fitting_top


class TopDoesNotFit(Exception):
    """The Top of ``wanted`` players cannot be filled by the ``eligible`` players still in;
    ``fits`` is the largest Top they can fill (0: none)."""

    def __init__(self, tournament_id: int, wanted: int, eligible: int) -> None:
        super().__init__(f"a Top of {wanted} with {eligible} players still in")
        self.tournament_id = tournament_id
        self.wanted = wanted
        self.eligible = eligible
        self.fits = fitting_top(eligible)


async def eligible(core: SwissCore, tx: Tx, tournament: Tournament, state: State) -> list[int]:
    """The players who can still play, best of the Swiss standings first (not dropped)."""
    active = set(await core.active(tx, tournament.id))
    rows = core.standings(tournament, state, await core.everyone(tx, tournament.id))
    ranked = [int(row.player) for row in rows]
    return [pid for pid in ranked if pid in active and pid not in state.dropped]


async def seed(
    core: SwissCore, tx: Tx, tournament: Tournament, state: State, actor: int | None, size: int
) -> None:
    """Take the best ``size`` players still in (the ``sw_top`` event: the Top's size and first
    round are read from the log, never stored beside it); too few: ``TopDoesNotFit``."""
    ranked = await eligible(core, tx, tournament, state)
    if len(ranked) < size:
        raise TopDoesNotFit(tournament.id, size, len(ranked))
    seeds = pods.top_seeds(tournament, state, ranked, size)
    await core.record(tx, tournament.id, SwTop(tuple(seeds)), actor)
    state.seeds = seeds


def swiss_boundary(state: State, *, match: bool) -> None:
    """Refuse unless the Swiss is at a round boundary: a round played, none open, no Top yet
    (``match``: the tournament plays matches, whose results need their score)."""
    rnd = state.current
    if state.seeds is not None:
        raise UserError("swiss.top_already")
    if rnd is None:
        raise UserError("swiss.top_no_round")
    if not rnd.complete:
        raise round_open(rnd, match=match)


def round_open(rnd: Round, *, match: bool) -> UserError:
    """The refusal to go on while tables of ``rnd`` have no final result: which ones, and
    how the judge records them (a match's result with its score; no draw in the Top)."""
    tables = rnd.open_tables()
    codes = "a|b|draw" if rnd.draws_allowed else "a|b"
    key = "swiss.round_open_match" if match else "swiss.round_open"
    return UserError(key, tables=", ".join(map(str, tables)), count=len(tables), codes=codes)
