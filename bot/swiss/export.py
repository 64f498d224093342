"""``/export``: the standings and every result as CSV."""

from __future__ import annotations

import csv
import io

from bot.formats import Readable
from bot.swiss.core import Core, Snapshot
from bot.swiss.views import Names, fmt_value, tie_breaks_of
from db import tournaments
from db.tournaments import Tournament
from rules.swiss import State, points_text

STANDINGS_HEAD = ["rank", "club_id", "name", "points"]
RESULTS_HEAD = ["round", "stage", "table", "club_id_a", "name_a", "club_id_b", "name_b"]


async def export_csv(core: Core, tournament_id: int) -> str:
    async with core.db.read() as tx:
        snap = await core.snapshot(tx, tournament_id)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerows(standings_rows(core, snap))
    writer.writerow([])
    writer.writerows(result_rows(snap.state, snap.names))
    return out.getvalue()


def standings_rows(core: Core, snap: Snapshot) -> list[list[object]]:
    state, names = snap.state, snap.names
    kinds = tie_breaks_of(snap.tournament)
    rows: list[list[object]] = [
        [*STANDINGS_HEAD, *[k.value for k in kinds], "dropped", "rating_change"]
    ]
    for row in core.standings(snap.tournament, state, snap.everyone):
        pid = int(row.player)
        rows.append(
            [
                row.rank,
                pid,
                names[pid],
                points_text(row.points),
                *[spreadsheet(fmt_value(k, row.tie_breaks[k])) for k in kinds],
                int(pid in state.dropped),
                f"{state.changes.get(pid, 0) / 100:.2f}",
            ]
        )
    return rows


def result_rows(state: State, names: Names) -> list[list[object]]:
    rows: list[list[object]] = [[*RESULTS_HEAD, "result_a", "games"]]
    for rnd in state.rounds:
        for table, (a, b) in enumerate(rnd.tables, start=1):
            result = rnd.results.get(table)
            outcome = result.outcome_a.value if result else ""
            games = f"{result.games[0]}:{result.games[1]}" if result and result.games else ""
            rows.append([rnd.number, rnd.stage, table, a, names[a], b, names[b], outcome, games])
        if rnd.bye is not None:
            rows.append([rnd.number, rnd.stage, "", rnd.bye, names[rnd.bye], "", "", "bye", ""])
    for record in state.missed_records():
        player = int(record.player_a)
        outcome = record.outcome_a.value
        rows.append([record.round_number, "missed", "", player, names[player], "", "", outcome, ""])
    return rows


async def export_target(core: Core, chat_id: int, wanted: int | None) -> Tournament | None:
    """The Swiss tournament ``/export`` means: ``wanted`` by id, else the newest one of this chat
    (any, in a private chat); finished ones too."""
    async with core.db.read() as tx:
        if wanted is not None:
            found = await tournaments.get(tx, wanted)
        else:
            recent = await tournaments.recent(tx, 50)
            mine = [
                x for x in recent if x.kind == "swiss" and (chat_id > 0 or x.chat_id == chat_id)
            ]
            found = mine[0] if mine else None
    return found if found is not None and found.kind == "swiss" else None


def spreadsheet(value: Readable | str) -> str:
    """A value for a spreadsheet: a decimal dot, whatever the club's language."""
    return value if isinstance(value, str) else value.text("en")
