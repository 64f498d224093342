"""A team event as a CSV file (``/export``): a row per team (its place, players, points and
tie-breaks), then a row per player (his team, its place, his games, his rating change)."""

from __future__ import annotations

import csv
import io

from bot.formats import Points, RatingChange
from bot.teams.core import Snapshot
from rules.teams import DECIDING

#: what a spreadsheet reads as the start of a formula (OWASP, CSV injection)
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def text_cell(text: str) -> str:
    """Text people typed, as a spreadsheet cell that is never evaluated."""
    return "'" + text if text.startswith(FORMULA_START) else text


def csv_text(snap: Snapshot, changes: dict[int, int]) -> str:
    state = snap.state
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["place", "team", "first", "second", "points", "buchholz", "game_points"])
    places = state.team_places()  # with a Top: the bracket's places first
    rows = {row.team: row for row in state.standings()}
    for team in sorted(places, key=places.__getitem__):
        row = rows[team]
        first, second = state.teams[row.team].players
        writer.writerow(
            [
                places[team],
                text_cell(snap.team_name(row.team)),
                text_cell(snap.names.get(first, "?")),
                text_cell(snap.names.get(second, "?")),
                Points(row.points).text("en"),
                Points(row.buchholz).text("en"),
                Points(row.game_points).text("en"),
            ]
        )
    out.write("\n")
    writer.writerow(["player", "club_id", "team", "place", "games", "deciding_games", "rating"])
    played: dict[int, list[int]] = {}
    for game in state.player_games():
        played.setdefault(int(game.player), []).append(game.board)
    for pid, (place, team) in sorted(state.player_places().items(), key=lambda p: p[1][0]):
        boards = played.get(int(pid), [])
        writer.writerow(
            [
                text_cell(snap.names.get(pid, "?")),
                pid,
                text_cell(snap.team_name(team)),
                place,
                len(boards),
                boards.count(DECIDING),
                RatingChange(changes.get(int(pid), 0)).text("en"),
            ]
        )
    return out.getvalue()
