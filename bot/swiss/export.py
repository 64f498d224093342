"""``/export``: the final places and every result as CSV.

``rank`` is the final place (``rules.places``: the Top first once there is one, then the Swiss
standings), what prizes and crystals go by (empty for a disqualified player, who has none);
``swiss_rank`` the rank in the Swiss standings. The judges' penalties follow the results; their
reasons only in the file a judge asks for privately: the group's file leaves them out (they are
between the judge and the player).

Every cell of text people typed (a name, a reason) that a spreadsheet would read as a formula
(it begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return) is written after an
apostrophe, OWASP's rule against CSV injection: a spreadsheet shows it as text."""

from __future__ import annotations

import csv
import io

from bot.formats import Readable
from bot.swiss.core import SwissCore, SwissSnapshot
from bot.swiss.registration import unregistered
from bot.swiss.views import Names, fmt_value, tie_breaks_of
from rules.swiss import State, points_text
from rules.swiss.state import single_game

STANDINGS_HEAD = ["rank", "club_id", "name", "points"]
MISSING = "registration_missing"
PENALTIES_HEAD: list[object] = ["penalty", "club_id", "name", "round", "table", "reason"]
RESULTS_HEAD = ["round", "stage", "table", "club_id_a", "name_a", "club_id_b", "name_b"]


async def export_csv(core: SwissCore, tournament_id: int, *, reasons: bool) -> str:
    """The file; ``reasons``: the penalties' reasons in it (a judge's private copy)."""
    async with core.db.read() as tx:
        snap = await core.snapshot(tx, tournament_id)
        lacking = await unregistered(tx, snap.everyone)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerows(standings_rows(core, snap, lacking))
    writer.writerow([])
    writer.writerows(result_rows(snap.state, snap.names))
    if snap.state.penalties:
        writer.writerow([])
        writer.writerows(penalty_rows(snap.state, snap.names, reasons=reasons))
    return out.getvalue()


def standings_rows(
    core: SwissCore, snap: SwissSnapshot, lacking: dict[int, list[str]] | None = None
) -> list[list[object]]:
    """The standings; ``registration_missing`` names the required fields (101.2) a player's
    registration still lacks (empty: complete)."""
    state, names, lacking = snap.state, snap.names, lacking or {}
    kinds = tie_breaks_of(snap.tournament)
    rows: list[list[object]] = [
        [
            *STANDINGS_HEAD,
            *[k.value for k in kinds],
            "dropped",
            "disqualified",
            "rating_change",
            "swiss_rank",
            MISSING,
        ]
    ]
    swiss_ranks = core.swiss_ranks(snap.tournament, state, snap.everyone)
    for row in core.places(snap.tournament, state, snap.everyone):
        pid = int(row.player)
        rows.append(
            [
                "" if pid in state.disqualified else row.rank,  # no place (rules.places)
                pid,
                text_cell(names[pid]),
                points_text(row.points),
                *[spreadsheet(fmt_value(k, row.tie_breaks[k])) for k in kinds],
                int(pid in state.dropped),
                int(pid in state.disqualified),
                f"{state.changes.get(pid, 0) / 100:.2f}",
                swiss_ranks[pid],
                " ".join(lacking.get(pid, [])),
            ]
        )
    return rows


def result_rows(state: State, names: Names) -> list[list[object]]:
    rows: list[list[object]] = [[*RESULTS_HEAD, "result_a", "games"]]
    for rnd in state.rounds:
        for table, (a, b) in enumerate(rnd.tables, start=1):
            result = rnd.results.get(table)
            outcome = result.outcome_a.value if result else ""
            score = (result.games or single_game(result.outcome_a)) if result else None
            games = f"{score[0]}:{score[1]}" if score else ""
            name_a, name_b = text_cell(names[a]), text_cell(names[b])
            rows.append([rnd.number, rnd.stage, table, a, name_a, b, name_b, outcome, games])
        for bye in rnd.byes:
            rows.append([rnd.number, rnd.stage, "", bye, text_cell(names[bye]), "", "", "bye", ""])
        for player in rnd.auto:
            name = text_cell(names[player])
            rows.append([rnd.number, rnd.stage, "", player, name, "", "", "auto_win", ""])
    for record in state.missed_records():
        player = int(record.player_a)
        name, outcome = text_cell(names[player]), record.outcome_a.value
        rows.append([record.round_number, "missed", "", player, name, "", "", outcome, ""])
    return rows


def penalty_rows(state: State, names: Names, *, reasons: bool) -> list[list[object]]:
    """The judges' penalties in the order given (``rules.penalties``); the round and table of
    the match a penalty landed on, empty without one; the reason only with ``reasons``. Each
    row starts with the kind, so no penalty line reads as a result line (those start with a
    round number)."""
    rows: list[list[object]] = [PENALTIES_HEAD if reasons else PENALTIES_HEAD[:-1]]
    for given in state.penalties:
        where = ["" if given.round is None else given.round, given.table or ""]
        row: list[object] = [given.kind, given.player, text_cell(names[given.player]), *where]
        rows.append([*row, text_cell(given.reason)] if reasons else row)
    return rows


#: what a spreadsheet reads as the start of a formula (OWASP, CSV injection)
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def text_cell(text: str) -> str:
    """Text people typed, as a spreadsheet cell that is never evaluated."""
    return "'" + text if text.startswith(FORMULA_START) else text


def spreadsheet(value: Readable | str) -> str:
    """A value for a spreadsheet: a decimal dot, whatever the club's language."""
    return value if isinstance(value, str) else value.text("en")
