"""An Arena as a CSV file (``/export``): a row per player with a place (605.5): his total of
sectors over his entries, the entries, the prize cards, the games counted and won, his rating
change; then a row per game counted (the challenge, the players, the winner, the format)."""

from __future__ import annotations

import csv
import io

from bot.arena.core import Snapshot
from bot.formats import RatingChange
from bot.spreadsheet import text_cell
from rules.arena import Exit


def csv_text(snap: Snapshot) -> str:
    state = snap.state
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        [
            "place",
            "player",
            "club_id",
            "sectors",
            "entries",
            "prize_cards",
            "games",
            "won",
            "rating",
        ]
    )
    for place, player, total in state.places():
        entries = [e for e in state.entries if e.player == player]
        cards = sum(e.prize for e in entries if e.exit is not Exit.DISQUALIFIED)
        won, played = state.record_of(player)
        writer.writerow(
            [
                place,
                text_cell(snap.name(player)),
                player,
                total,
                len(entries),
                cards,
                played,
                won,
                RatingChange(state.changes.get(player, 0)).text("en"),
            ]
        )
    out.write("\n")
    writer.writerow(["challenge", "day", "first", "second", "winner", "format"])
    for game in state.games():
        writer.writerow(
            [
                game.id,
                (game.played_on or 0) + 1,
                text_cell(snap.name(game.challenger)),
                text_cell(snap.name(game.challenged)),
                text_cell(snap.name(game.winner)) if game.winner is not None else "draw",
                game.format,
            ]
        )
    return out.getvalue()
