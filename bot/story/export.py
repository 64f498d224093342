"""A Story tournament as a CSV file (``/export``): a row per player: his place (607.4.6), side,
points, whether he was put out, his Buchholz and clean wins, his rating change, his points in
607.4.6's round robin."""

from __future__ import annotations

import csv
import io

from bot.formats import Points, RatingChange
from bot.story.core import Snapshot

#: what a spreadsheet reads as the start of a formula (OWASP, CSV injection)
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def cell(text: str) -> str:
    """Text people typed, as a spreadsheet cell that is never evaluated."""
    return "'" + text if text.startswith(FORMULA_START) else text


def csv_text(snap: Snapshot, changes: dict[int, int]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    header = ["place", "player", "club_id", "side", "points", "out", "buchholz", "clean_wins"]
    writer.writerow([*header, "captain", "rating", "round_robin"])
    robin = snap.state.robin_points()
    captains = set(snap.state.captains.values())
    for row in snap.state.standings():
        writer.writerow(
            [
                row.place,
                cell(snap.name(row.player)),
                row.player,
                cell(snap.side_name(row.side)),
                Points(row.points).text("en"),
                int(row.defeated),
                Points(row.buchholz).text("en"),
                row.clean_wins,
                int(row.player in captains),
                RatingChange(changes.get(row.player, 0)).text("en"),
                # 607.4.6's round-robin points (win 1, draw 0.5); empty: he played none
                f"{robin[row.player] / 2:g}" if row.player in robin else "",
            ]
        )
    return out.getvalue()
