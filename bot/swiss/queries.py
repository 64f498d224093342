"""Read-only views of a tournament: the standings (the final places once the Top is seeded)
and the current (or, finished, the last) pairings."""

from __future__ import annotations

import bot.swiss.pods as pods
from bot.formats import Joined, Points
from bot.swiss.broadcast import round_end
from bot.swiss.core import SwissCore, SwissSnapshot, T
from bot.swiss.views import SHORT, fmt_value, render_board, round_pods, tie_breaks_of
from db import tournaments


def standings_text(core: SwissCore, t: T, snap: SwissSnapshot, limit: int | None = None) -> str:
    """The standings after the last complete round (a round still being played counts
    nothing); with ``limit``, its first rows and where the whole table is (a group's chat: 256
    lines would be four messages, read by everyone in it)."""
    state, names = snap.state, snap.names
    if not state.finished:  # finished early, the unfinished round's results count (808)
        state = state.complete_swiss()
    if not state.swiss_rounds():  # no round complete yet: nothing to rank by
        return t("swiss.standings_none")
    every = core.places(snap.tournament, state, snap.everyone)
    rows = every if limit is None else every[:limit]
    kinds = tie_breaks_of(snap.tournament)
    head = " · ".join(t(f"swiss.tb_{SHORT[k]}") for k in kinds)
    title = "swiss.standings_title"
    if state.seeds:
        title = "swiss.places_title" if state.finished else "swiss.places_live_title"
    lines = [t(title, rounds=len(state.swiss_rounds()), tie_breaks=head)]
    for row in rows:
        values = Joined([fmt_value(k, row.tie_breaks[k]) for k in kinds])
        mark = t("swiss.dropped_mark") if int(row.player) in state.dropped else ""
        if int(row.player) in state.disqualified:  # last, with no place (rules.places)
            mark = t("penalties.dq_mark")
        lines.append(
            t(
                "swiss.standings_line",
                rank=row.rank,
                name=names[int(row.player)],
                points=Points(row.points),
                values=values,
                mark=mark,
            )
        )
    if len(rows) < len(every):
        more = len(every) - len(rows)
        lines.append(t("swiss.standings_cut", count=more, id=snap.tournament.id))
        return "\n".join(lines)
    ranked = [int(row.player) for row in rows]
    lines += pods.standings_by_table(t, snap.tournament, state, ranked, names)
    return "\n".join(lines)


async def standings_view(
    core: SwissCore, tournament_id: int, lang: str, limit: int | None = None
) -> str:
    async with core.db.read() as tx:
        snap = await core.snapshot(tx, tournament_id)
    return standings_text(core, core.t(lang), snap, limit)


async def pairings_view(core: SwissCore, tournament_id: int, lang: str) -> str | None:
    async with core.db.read() as tx:
        tournament = await tournaments.get(tx, tournament_id)
        assert tournament is not None
        state = await core.state(tx, tournament_id)
        rnd = state.current
        if rnd is None:
            return None
        ids = [p for pair in rnd.tables for p in pair] + rnd.without_opponent()
        names = await core.names(tx, ids)
        unresolved = await core.unresolved_keys(tx, tournament_id)
    pending = {n for n in rnd.open_tables() if rnd.key(n) in unresolved}
    # The round's end while the tournament runs (once it is over, the time says nothing).
    ends = round_end(core, state, rnd) if tournament.status == "running" else ""
    pods_of = round_pods(state, rnd, in_pods=pods.in_pods(tournament))
    return render_board(core.t(lang), tournament, state, rnd, names, pending, ends, pods_of)
